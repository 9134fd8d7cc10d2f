import Foundation
@testable import Reports
@testable import Statistics
import Testing

/// Statistics against values computed with scipy (Fixtures/make_reference.py).
@Suite("Statistics against scipy")
struct ScipyReferenceTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            var name: String
            var a: [Double], b: [Double]
            var u: Double, p: Double
            var cliffs_delta: Double
            var median_a: Double, median_b: Double
            var quantiles_a: [Double]
        }
        var mann_whitney: [Case]
        struct SignedCase: Decodable { var name: String; var d: [Double]; var w: Double; var p: Double }
        var signed_rank: [SignedCase]
        var pvalues: [Double], holm: [Double], benjamini_hochberg: [Double]
    }

    let reference: Reference = {
        let url = Bundle.module.url(forResource: "Fixtures/scipy_reference", withExtension: "json")!
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    @Test("Mann–Whitney U and p match scipy.stats.mannwhitneyu (asymptotic)")
    func mannWhitney() {
        for c in reference.mann_whitney {
            let r = RankTests.mannWhitney(c.a, c.b)
            #expect(abs(r.u - c.u) < 1e-9, "\(c.name)")
            #expect(abs(r.p - c.p) < 1e-9 * max(1, c.p) + 1e-12, "\(c.name): \(r.p) vs \(c.p)")
        }
    }

    @Test("Wilcoxon signed-rank W and p match scipy.stats.wilcoxon (zeros dropped, approximate, corrected)")
    func signedRank() {
        for c in reference.signed_rank {
            let r = RankTests.wilcoxonSignedRank(c.d)
            #expect(abs(r.w - c.w) < 1e-9, "\(c.name)")
            #expect(abs(r.p - c.p) < 1e-9 * max(1, c.p) + 1e-12, "\(c.name): \(r.p) vs \(c.p)")
        }
        #expect(RankTests.wilcoxonSignedRank([0, 0]).p == 1)
    }

    @Test("Cliff's delta, medians and quantiles match numpy")
    func cliffAndQuantiles() {
        for c in reference.mann_whitney {
            #expect(abs(RankTests.cliffsDelta(c.a, c.b) - c.cliffs_delta) < 1e-12, "\(c.name)")
            #expect(Descriptive.median(c.a) == c.median_a && Descriptive.median(c.b) == c.median_b, "\(c.name)")
            let sorted = c.a.sorted()
            for (q, expected) in zip([0.1, 0.25, 0.75, 0.9], c.quantiles_a) {
                #expect(abs(Descriptive.quantile(sorted: sorted, q) - expected) < 1e-12, "\(c.name) q\(q)")
            }
        }
    }

    @Test("Holm and Benjamini–Hochberg adjustments match the references")
    func corrections() {
        let holm = MultipleTesting.holm(reference.pvalues)
        let bh = MultipleTesting.benjaminiHochberg(reference.pvalues)
        for i in reference.pvalues.indices {
            #expect(abs(holm[i] - reference.holm[i]) < 1e-12)
            #expect(abs(bh[i] - reference.benjamini_hochberg[i]) < 1e-12)
        }
    }

    @Test("intervals of effect sizes cover the estimate and are seeded")
    func effectIntervals() {
        let c = reference.mann_whitney[0]
        let d = RankTests.cliffsDelta(c.a, c.b, confidence: 0.95, resamples: 500, seed: 3)
        #expect(d.lower <= d.value && d.value <= d.upper)
        #expect(d == RankTests.cliffsDelta(c.a, c.b, confidence: 0.95, resamples: 500, seed: 3))
        let m = Intervals.bootstrapTwoSample(c.a, c.b, confidence: 0.95, resamples: 500, seed: 3) {
            Descriptive.median($0) - Descriptive.median($1)
        }
        #expect(abs(m.value - (c.median_a - c.median_b)) < 1e-12 && m.lower <= m.value && m.value <= m.upper)
    }
}
