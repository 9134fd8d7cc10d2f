import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// The point curve a clustered Kaplan–Meier keeps (`SurvivalCurve`) is
/// `KaplanMeier`'s estimate to the bit, at 16 bytes a step instead of 48.
@Suite("Kaplan–Meier point curve")
struct SurvivalCurveTests {
    /// Times on a coarse grid (many ties, events and censorings sharing a time) or continuous.
    static func observations(_ n: Int, tied: Bool, seed: UInt64) -> [SurvivalObservation] {
        var g = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            let t = tied ? Double(Int.random(in: 1...12, using: &g)) / 4 : Double.random(in: 0.01..<9, using: &g)
            return SurvivalObservation(time: t, event: Double.random(in: 0..<1, using: &g) < 0.8)
        }
    }

    @Test("steps, S(t), the median and the restricted mean equal KaplanMeier's, with and without ties", arguments: [false, true])
    func equalsKaplanMeier(tied: Bool) {
        for seed in UInt64(1)...40 {
            let obs = Self.observations(Int(seed % 7) * 23 + 1, tied: tied, seed: seed)
            let km = KaplanMeier(obs), curve = SurvivalCurve(obs)
            #expect(curve.times == km.steps.map(\.time))
            #expect(curve.survival == km.steps.map(\.survival))
            #expect(curve.count == km.count)
            #expect(curve.median == km.median.value)
            for t in [0, 0.25, 0.5, 1, 1.3, 2, 2.75, 3, 5, 9, 20] {
                #expect(curve.survival(at: t) == km.survival(at: t).value, "S(\(t))")
                #expect(curve.reached(by: t) == km.reached(by: t).value)
                #expect(curve.restrictedMean(tau: t) == km.restrictedMean(tau: t))
            }
        }
    }

    @Test("the order of the observations changes nothing")
    func orderFree() {
        let obs = Self.observations(200, tied: true, seed: 7)
        let a = SurvivalCurve(obs), b = SurvivalCurve(obs.reversed())
        #expect(a.times == b.times && a.survival == b.survival)
    }

    @Test("no events: no steps, S = 1, no median")
    func noEvents() {
        let curve = SurvivalCurve([SurvivalObservation(time: 2, event: false), SurvivalObservation(time: 3, event: false)])
        #expect(curve.times.isEmpty && curve.survival(at: 5) == 1 && curve.median == nil && curve.restrictedMean(tau: 4) == 4)
    }
}
