import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// The large-run fast paths give exactly the numbers of the plain computations
/// they replace, and the trial store's memory per trial stays bounded (issue 17).
@Suite("Reports at scale")
struct ScaleTests {
    /// Clustered survival data with ties and censoring: `people` participants with `each` trials.
    static func survivalSample(people: Int, each: Int, seed: UInt64) -> ParticipantValues {
        var g = SeededGenerator(seed: seed)
        var v = ParticipantValues()
        for p in 0..<people {
            let speed = 0.5 + Double(g.next() % 100) / 50
            for _ in 0..<each {
                // Times on a 0.1 s grid so that ties (between and within people) occur.
                let t = (speed * Double(1 + g.next() % 60) / 10 * 10).rounded() / 10
                v.append(g.next() % 5 == 0 ? -t : t, participant: String(format: "p%04d", p))
            }
        }
        return v
    }

    @Test("the weighted restricted-mean bootstrap equals gathering and re-sorting every resample, to the bit")
    func weightedRestrictedMean() {
        let va = Self.survivalSample(people: 30, each: 12, seed: 1), vb = Self.survivalSample(people: 30, each: 12, seed: 2)
        let sa = ClusteredSample(va), sb = ClusteredSample(vb)
        let tau = 4.0
        let rmst = { (x: [Double]) in KaplanMeier(x.map(SurvivalObservation.init(encoded:))).restrictedMean(tau: tau) }
        let survivalA = ClusteredSurvival(va, indexedAs: sa), survivalB = ClusteredSurvival(vb, indexedAs: sb)
        for paired in [true, false] {
            let gathered = ClusterBootstrap.twoGroup(sb, sa, paired: paired, confidence: 0.95, resamples: 300, seed: 7) { rmst($0) - rmst($1) }
            let weighted = ClusterBootstrap.twoGroup(sb, sa, paired: paired, confidence: 0.95, resamples: 300, seed: 7) { wb, wa in
                survivalB.restrictedMean(tau: tau, weights: wb) - survivalA.restrictedMean(tau: tau, weights: wa)
            }
            #expect(gathered.value == weighted.value)
            #expect(gathered.lower == weighted.lower)
            #expect(gathered.upper == weighted.upper)
        }
    }

    /// `people` participants with `each` values on a coarse grid (ties within and between people).
    static func tiedSample(people: Int, each: Int, seed: UInt64) -> ParticipantValues {
        var g = SeededGenerator(seed: seed)
        var v = ParticipantValues()
        for p in 0..<people {
            let level = Double(g.next() % 20)
            for _ in 0..<each { v.append(level + Double(g.next() % 40) / 4, participant: String(format: "p%04d", p)) }
        }
        return v
    }

    @Test("a resampled median found by bisecting the runs of ranks equals the median of the gathered resample, to the bit")
    func bucketedMedian() {
        for (people, each) in [(30, 200), (7, 3), (100, 1), (3, 500)] {
            let x = ClusteredSample(Self.tiedSample(people: people, each: each, seed: UInt64(people * each)))
            var g = SeededGenerator(seed: 11)
            var w = [Int32](repeating: 0, count: x.clusterCount), buffer: [Double] = []
            for _ in 0..<200 {
                ClusterBootstrap.draw(&w, &g)
                x.gather(weights: w, into: &buffer)
                #expect(x.statistic(.median, weights: w) == Descriptive.median(buffer))
            }
        }
    }

    @Test("Cliff's delta of a weighted merge equals Cliff's delta of the gathered resamples, to the bit, paired and unpaired")
    func weightedCliffsDelta() {
        let a = ClusteredSample(Self.tiedSample(people: 25, each: 40, seed: 5)), b = ClusteredSample(Self.tiedSample(people: 25, each: 30, seed: 6))
        let c = ClusteredSample(Self.tiedSample(people: 9, each: 50, seed: 8))
        for (other, paired) in [(b, true), (c, false)] {
            let gathered = ClusterBootstrap.twoGroup(a, other, paired: paired, confidence: 0.95, resamples: 300, seed: 3, statistic: RankTests.cliffsDelta)
            let merged = ClusterBootstrap.cliffsDelta(a, other, paired: paired, confidence: 0.95, resamples: 300, seed: 3)
            #expect(gathered.value == merged.value)
            #expect(gathered.lower == merged.lower)
            #expect(gathered.upper == merged.upper)
        }
    }

    @Test("the one-pass log-rank test equals the scan of every observation at each event time")
    func logRankOnePass() {
        let a = Self.survivalSample(people: 20, each: 15, seed: 3).values.map(SurvivalObservation.init(encoded:))
        let b = Self.survivalSample(people: 20, each: 15, seed: 4).values.map(SurvivalObservation.init(encoded:))
        // The textbook form, quadratic: at each distinct event time, count who is at risk and who had the event.
        let times = Set((a + b).filter(\.event).map(\.time)).sorted()
        var o = 0.0, e = 0.0, v = 0.0
        for t in times {
            let na = Double(a.filter { $0.time >= t }.count), nb = Double(b.filter { $0.time >= t }.count)
            let da = Double(a.filter { $0.time == t && $0.event }.count), db = Double(b.filter { $0.time == t && $0.event }.count)
            let n = na + nb, d = da + db
            guard n > 1 else { continue }
            o += da
            e += d * na / n
            v += d * (na / n) * (nb / n) * (n - d) / (n - 1)
        }
        let chi = (o - e) * (o - e) / v
        #expect(LogRank.test(a, b).chiSquare == chi)
    }

    /// A run of `participants` people, each with `replications` trials of each of
    /// two strategies, held by column as a report holds it.
    static func columns(participants: Int, replications: Int) -> TrialColumns {
        let names = ["time_to_effect_s", "landed_intended", "corrections"]
        let table = TrialColumns(metricNames: names)
        var g = SeededGenerator(seed: 9)
        for s in ["nearest", "projected"] {
            for p in 0..<participants {
                for r in 1...replications {
                    let factors = [s, "phone", String(format: "p%04d", p), p % 2 == 0 ? "novice" : "expert", "t01", "corner"]
                    let key = "pip/\(s)/phone/\(factors[2])/t01/r\(r)"
                    table.append(key: Array(key.utf8), factor: { factors[$0] }, factorMatches: { factors[$0] == $1 },
                                 metric: { _ in Double(g.next() % 1000) / 100 })
                }
            }
        }
        return table
    }

    @Test("a report's trial store costs the same bytes per trial at 20 and 200 replications (linear in trials, no per-trial objects)")
    func trialStorePerTrial() {
        let small = Self.columns(participants: 20, replications: 20), large = Self.columns(participants: 20, replications: 200)
        let perSmall = Double(small.heldBytes) / Double(small.count), perLarge = Double(large.heldBytes) / Double(large.count)
        // 3 metrics × 8 + 6 factors × 1–4 + 8 (key end) + the key's ~30 bytes.
        let bound: Double = 3 * 8 + 6 * 4 + 8 + 40
        #expect(perLarge <= bound)
        #expect(abs(perLarge - perSmall) <= 1.5)
        #expect(large.names(of: .participant).count == 20)   // the distinct participants, not one per trial
    }
}
