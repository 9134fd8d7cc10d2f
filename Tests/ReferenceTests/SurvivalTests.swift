import Foundation
@testable import Reports
@testable import Statistics
import Testing
@testable import TestSupport

/// Kaplan–Meier, its median and bands, the restricted mean and the log-rank test
/// against lifelines (Fixtures/make_survival_reference.py).
@Suite("Time to effect as a survival outcome")
struct SurvivalTests {
    struct Group: Decodable {
        struct Step: Decodable { var time, survival, lower, upper: Double }
        var time: [Double]
        var event: [Bool]
        var steps: [Step]
        var median: Double
        var median_ci: [Double]
        var rmst_20: Double
        var observations: [SurvivalObservation] { zip(time, event).map { SurvivalObservation(time: $0, event: $1) } }
    }
    struct Reference: Decodable {
        struct LogRankResult: Decodable { var chi_square, p: Double }
        var a, b: Group
        var logrank: LogRankResult
    }

    static let reference: Reference = {
        let url = Bundle.module.url(forResource: "Fixtures/survival_reference", withExtension: "json")!
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    @Test("Kaplan–Meier steps, log-log bands, median with its interval and restricted mean match lifelines", arguments: ["a", "b"])
    func kaplanMeier(group: String) {
        let g = group == "a" ? Self.reference.a : Self.reference.b
        let km = KaplanMeier(g.observations)
        #expect(km.steps.count == g.steps.count)
        for (mine, theirs) in zip(km.steps, g.steps) {
            #expect(abs(mine.time - theirs.time) < 1e-12)
            #expect(abs(mine.survival - theirs.survival) < 1e-12)
            #expect(abs(mine.lower - theirs.lower) < 1e-9 && abs(mine.upper - theirs.upper) < 1e-9, "at \(mine.time)")
        }
        #expect(km.median.value == g.median)
        #expect(km.median.lower == g.median_ci[0] && km.median.upper == g.median_ci[1])
        #expect(abs(km.restrictedMean(tau: 20) - g.rmst_20) < 1e-9)
    }

    @Test("the log-rank test matches lifelines")
    func logRank() {
        let r = LogRank.test(Self.reference.a.observations, Self.reference.b.observations)
        #expect(abs(r.chiSquare - Self.reference.logrank.chi_square) < 1e-9)
        #expect(abs(r.p - Self.reference.logrank.p) < 1e-9)
    }

    @Test("with no censoring the curve is one minus the ECDF, and reached-by-t reads it")
    func noCensoring() {
        let times = [1.0, 2, 2, 3, 5, 8]
        let km = KaplanMeier(times.map { SurvivalObservation(time: $0, event: true) })
        for (x, y) in Descriptive.ecdf(times) { #expect(abs(km.reached(by: x).value - y) < 1e-12) }
        #expect(km.reached(by: 0.5).value == 0 && km.median.value == 2)
        #expect(SurvivalObservation(encoded: SurvivalObservation(time: 4, event: false).encoded) == SurvivalObservation(time: 4, event: false))
    }
}
