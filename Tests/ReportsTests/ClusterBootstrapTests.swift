import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// The cluster bootstrap's properties (its values against numpy and scipy are in ReferenceTests).
@Suite("Cluster bootstrap")
struct ClusterBootstrapTests {
    /// Participants with a person effect shared by both conditions, so pairs are positively correlated.
    static func correlatedPairs(people: Int, seed: UInt64, shift: Double = 0.2) -> (ParticipantValues, ParticipantValues) {
        var g = SeededGenerator(seed: seed)
        func u() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        var a = ParticipantValues(), b = ParticipantValues()
        for p in 0..<people {
            let id = String(format: "p%04d", p), person = 3 * (u() - 0.5)
            for _ in 0..<(2 + Int(g.next() % 8)) { a.append(person + u() - 0.5, participant: id) }
            for _ in 0..<(2 + Int(g.next() % 8)) { b.append(person + shift + u() - 0.5, participant: id) }
        }
        return (a, b)
    }

    @Test("intervals contain the estimate, are seeded, and pairing narrows correlated differences")
    func properties() {
        let (va, vb) = Self.correlatedPairs(people: 30, seed: 7)
        let a = ClusteredSample(va), b = ClusteredSample(vb)
        for s in [ClusterStatistic.mean, .median] {
            let one = ClusterBootstrap.estimate(a, s, confidence: 0.95, resamples: 1000, seed: 11)
            #expect(one.lower <= one.value && one.value <= one.upper && one.lower < one.upper)
            #expect(one == ClusterBootstrap.estimate(a, s, confidence: 0.95, resamples: 1000, seed: 11))
            #expect(one != ClusterBootstrap.estimate(a, s, confidence: 0.95, resamples: 1000, seed: 12))
            let paired = ClusterBootstrap.difference(b, a, s, paired: true, confidence: 0.95, resamples: 1000, seed: 13)
            let unpaired = ClusterBootstrap.difference(b, a, s, paired: false, confidence: 0.95, resamples: 1000, seed: 13)
            for e in [paired, unpaired] { #expect(e.lower <= e.value && e.value <= e.upper) }
            #expect(paired.upper - paired.lower < 0.6 * (unpaired.upper - unpaired.lower), "\(s): \(paired) vs \(unpaired)")
            #expect(paired == ClusterBootstrap.difference(b, a, s, paired: true, confidence: 0.95, resamples: 1000, seed: 13))
        }
        // Pairing needs the same people: different participants fall back to unpaired resampling.
        let (vc, _) = Self.correlatedPairs(people: 29, seed: 8)
        let c = ClusteredSample(vc)
        #expect(ClusterBootstrap.difference(c, a, .mean, paired: true, confidence: 0.95, resamples: 500, seed: 3)
                == ClusterBootstrap.difference(c, a, .mean, paired: false, confidence: 0.95, resamples: 500, seed: 3))
    }

    @Test("a participant's trials count together: clustered intervals are wider than trial-level ones")
    func clusteringWidens() {
        let (va, _) = Self.correlatedPairs(people: 30, seed: 9)
        let clustered = ClusterBootstrap.estimate(ClusteredSample(va), .mean, confidence: 0.95, resamples: 2000, seed: 1, expanded: false)
        // Every trial its own participant: the ordinary bootstrap.
        let trials = ParticipantValues(values: va.values, participants: va.values.indices.map { String(format: "t%05d", $0) })
        let independent = ClusterBootstrap.estimate(ClusteredSample(trials), .mean, confidence: 0.95, resamples: 2000, seed: 1, expanded: false)
        #expect(abs(clustered.value - independent.value) < 1e-12)
        #expect(clustered.upper - clustered.lower > 2 * (independent.upper - independent.lower))
    }

    @Test("the weighted-scan median equals the median of the gathered resample")
    func medianScan() {
        let (va, _) = Self.correlatedPairs(people: 17, seed: 4)
        let x = ClusteredSample(va)
        var g = SeededGenerator(seed: 5)
        var w = [Int32](repeating: 0, count: x.clusterCount)
        var buffer: [Double] = []
        for _ in 0..<200 {
            ClusterBootstrap.draw(&w, &g)
            x.gather(weights: w, into: &buffer)
            #expect(x.statistic(.median, weights: w) == Descriptive.median(buffer))
            #expect(abs(x.statistic(.mean, weights: w) - Descriptive.mean(buffer)) < 1e-12)
        }
        #expect(x.statistic(.median) == Descriptive.median(va.values))
    }
}
