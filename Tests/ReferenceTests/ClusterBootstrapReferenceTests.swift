import Foundation
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// The cluster bootstrap over participants against numpy/scipy
/// (Fixtures/make_cluster_reference.py); its properties are in ReportsTests.
@Suite("Cluster bootstrap against numpy and scipy")
struct ClusterBootstrapReferenceTests {
    struct Reference: Decodable {
        struct Sample: Decodable {
            var values: [Double]
            var participants: [String]
            var clustered: ClusteredSample { ClusteredSample(ParticipantValues(values: values, participants: participants)) }
        }
        struct Case: Decodable {
            var statistic: String
            var kind: String
            var replicates: [Double]
            var interval: [Double]
        }
        struct SE: Decodable { var one: Double, paired: Double, unpaired: Double }
        struct Expansion: Decodable { var confidence: Double, clusters: Int, df: Int, t: Double, tail: Double }
        struct Central: Decodable { var t: Double, df: Int, p: Double }
        var tail: Double
        var a: Sample, b: Sample, c: Sample, r: Sample
        var draws: [[Int]], draws_c: [[Int]]
        var cases: [Case]
        var x: Sample, y: Sample, z: Sample
        var cr0_se: SE, bootstrap_se: SE
        var expansion: [Expansion]
        var t_central: [Central]
    }

    let reference: Reference = {
        let url = Bundle.module.url(forResource: "Fixtures/cluster_reference", withExtension: "json")!
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    static func close(_ x: Double, _ y: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(x - y) <= tolerance * max(1, abs(y))
    }

    @Test("replicates and percentile intervals match numpy for the same participant draws")
    func replicatesMatchNumpy() {
        let r = reference
        let a = r.a.clustered, b = r.b.clustered, c = r.c.clustered, rate = r.r.clustered
        #expect(a.clusterCount == 12 && c.clusterCount == 9 && ClusterBootstrap.canPair(a, b) && !ClusterBootstrap.canPair(a, c))
        for k in r.cases {
            let s = ClusterStatistic(rawValue: k.statistic)!
            var mine: [Double]
            let value: Double
            switch k.kind {
            case "one": mine = ClusterBootstrap.replicates(a, s, draws: r.draws); value = a.statistic(s)
            case "paired": mine = ClusterBootstrap.replicates(a, minus: b, s, draws: r.draws); value = a.statistic(s) - b.statistic(s)
            case "unpaired": mine = ClusterBootstrap.replicates(a, minus: c, s, draws: r.draws, drawsB: r.draws_c); value = a.statistic(s) - c.statistic(s)
            default: mine = ClusterBootstrap.replicates(rate, s, draws: r.draws); value = rate.statistic(s)
            }
            #expect(mine.count == k.replicates.count)
            #expect(zip(mine, k.replicates).allSatisfy { Self.close($0, $1) }, "\(k.statistic) \(k.kind)")
            let e = ClusterBootstrap.interval(value: value, replicates: &mine, tail: r.tail)
            #expect(Self.close(e.value, k.interval[0]) && Self.close(e.lower, k.interval[1]) && Self.close(e.upper, k.interval[2]),
                    "\(k.statistic) \(k.kind): \(e) vs \(k.interval)")
        }
    }

    @Test("the bootstrap SE of a clustered mean approaches numpy's and the cluster-robust CR0 SE")
    func standardErrors() {
        let r = reference
        let x = r.x.clustered, y = r.y.clustered, z = r.z.clustered
        func sd(_ v: [Double]) -> Double {
            let m = v.reduce(0, +) / Double(v.count)
            return (v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(v.count)).squareRoot()
        }
        let n = 40_000
        let mine = (one: sd(ClusterBootstrap.replicates(x, .mean, resamples: n, seed: 1)),
                    paired: sd(ClusterBootstrap.replicates(x, y, .mean, paired: true, resamples: n, seed: 2)),
                    unpaired: sd(ClusterBootstrap.replicates(x, z, .mean, paired: false, resamples: n, seed: 3)))
        // Monte Carlo error of an SD from 40 000 replicates is about 0.4%.
        for (m, boot, cr0) in [(mine.one, r.bootstrap_se.one, r.cr0_se.one), (mine.paired, r.bootstrap_se.paired, r.cr0_se.paired),
                               (mine.unpaired, r.bootstrap_se.unpaired, r.cr0_se.unpaired)] {
            #expect(abs(m / boot - 1) < 0.02, "\(m) vs numpy bootstrap \(boot)")
            #expect(abs(m / cr0 - 1) < 0.03, "\(m) vs CR0 \(cr0)")
        }
        #expect(mine.paired < mine.unpaired)
    }

    @Test("Student t probabilities and the expanded tail match scipy")
    func studentT() {
        for c in reference.t_central {
            #expect(abs(StudentT.centralProbability(c.t, df: c.df) - c.p) < 1e-10, "t \(c.t) df \(c.df)")
        }
        for e in reference.expansion {
            let tail = (1 - e.confidence) / 2
            #expect(abs(StudentT.upperQuantile(tail: tail, df: e.df) - e.t) < 1e-8 * e.t, "df \(e.df)")
            let mine = ClusterBootstrap.tailProbability(confidence: e.confidence, clusters: e.clusters, df: e.df, expanded: true)
            #expect(abs(mine / e.tail - 1) < 1e-7, "\(mine) vs \(e.tail)")
        }
        #expect(abs(ClusterBootstrap.tailProbability(confidence: 0.9, clusters: 20, df: 19, expanded: false) - 0.05) < 1e-12)
    }
}
