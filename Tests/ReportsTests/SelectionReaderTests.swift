import Foundation
import Testing
import UserModels
@testable import Reports

/// Selections summarised in the report's pass (`SelectionReader`) against the
/// loaded trials they replace, and survival estimators of observations with
/// multiplicities against the same observations one by one.
@Suite("Selections read in the pass")
struct SelectionReaderTests {
    /// The loaded rows a selection names, in key order.
    static func rows(_ s: TrialSelection, _ trials: [TrialRow]) -> [TrialRow] {
        trials.filter { t in
            t.strategy == s.strategy && (s.device.map { $0 == t.device } ?? true) && (s.tasks.map { $0.contains(t.task) } ?? true)
                && s.conditions.allSatisfy { $0.holds(t[$0.metric]) }
        }
    }

    @Test("counts, first keys, tallies, medians, means, samples and Kaplan–Meier curves are the loaded trials'")
    func sameAsLoaded() throws {
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 1, batch: 4, seed: 5, replications: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metrics = ["time_to_effect_s", "landed_intended", "corrections", "first_travel_pt"]
        var requests = SelectionRequests()
        let head = try ResultSet.head(from: store, experiment: "pip", runID: ids[0])
        let strategies = ["nearest-corner", "projected-momentum"]
        var selections: [TrialSelection] = []
        for s in strategies {
            selections += [TrialSelection(strategy: s), TrialSelection(strategy: s, device: "iphone-15-portrait"),
                           TrialSelection(strategy: s, where: [.equals("first_throw_flick", 1)]),
                           TrialSelection(strategy: s, where: [.differs("landed_intended", 1), .above("corrections", 0)]),
                           TrialSelection(strategy: s, where: [.within("release_speed_pt_s", 0, 1000)]),
                           TrialSelection(strategy: s, where: [.recorded("time_to_effect_s")])]
        }
        for s in selections { requests.add(s, byParticipant: metrics, survival: true) }
        let reader = SelectionReader(requests)
        let results = try ResultSet.load(from: store, head: head, alongside: [reader])
        var nonEmpty = 0
        for s in selections {
            let rows = Self.rows(s, results.trials), got = try #require(reader.selected[s])
            #expect(got.count == rows.count, "\(s)")
            #expect(got.firstKey == rows.first?.key, "\(s)")
            guard !rows.isEmpty else { continue }
            nonEmpty += 1
            for m in metrics {
                let values = ResultSet.values(m, in: rows)
                #expect(got.valueCount(m) == values.count)
                let tally = got.tally(m), naive = ParticipantTally(m, rows)
                #expect(tally.count == naive.count && tally.successCount == naive.successCount && tally.people == naive.people)
                #expect(got.pooled(m).median == (values.isEmpty ? nil : Descriptive.median(values)), "\(s) \(m)")
                #expect(got.pooled(m).smallest == values.min())
                if !values.isEmpty {
                    #expect(abs(got.pooled(m).mean - Descriptive.mean(values)) <= 1e-12 * abs(Descriptive.mean(values)))
                    let sample = try #require(got.sample(m)), naiveSample = ClusteredSample(OwnedValues(m, of: rows))
                    #expect(sample.participants == naiveSample.participants && sample.trialCount == naiveSample.trialCount)
                    #expect(sample.statistic(.median) == naiveSample.statistic(.median))
                }
            }
            let a = SurvivalData(got), b = SurvivalData(rows)
            #expect(a.trials == b.trials && a.firstKey == b.firstKey && a.sample.participants == b.sample.participants)
            #expect(a.curve.times == b.curve.times && a.curve.survival == b.curve.survival)
            let longest = rows.compactMap { $0["time_to_effect_s"] ?? $0["time_to_done_s"] }.max()
            #expect(got.longest == longest)
        }
        #expect(nonEmpty >= 8, "the selections hold trials")
    }

    /// Random survival observations of `people` participants, some repeated.
    static func observations(_ seed: UInt64, people: Int, count: Int) -> (values: [Double], owners: [Int32]) {
        var g = SeededGenerator(seed: seed)
        var values: [Double] = [], owners: [Int32] = []
        for _ in 0..<count {
            // Times on a coarse grid so that ties (shared times, within and across people) are common.
            let t = Double(1 + g.next() % 40) / 4, event = g.next() % 4 != 0
            values.append(event ? t : -t)
            owners.append(Int32(g.next() % UInt64(people)))
        }
        return (values, owners)
    }

    @Test("an entry of count k is k observations: the same curve, resampled means and log-rank test to the bit", arguments: [1, 2, 3] as [UInt64])
    func multiplicities(seed: UInt64) {
        let people = 7
        let (values, owners) = Self.observations(seed, people: people, count: 400)
        // The same observations folded: one entry per participant and value, with its count.
        var folded: [String: (Double, Int32, Int32)] = [:]
        for (v, o) in zip(values, owners) { folded["\(o)/\(v)", default: (v, o, 0)].2 += 1 }
        let entries = folded.values.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        let weighted = SurvivalEntries(values: entries.map(\.0), owners: entries.map(\.1), counts: entries.map(\.2))
        let single = SurvivalEntries(values: values, owners: owners)
        #expect(weighted.observationCount == values.count && entries.count < values.count)
        let a = ClusteredKaplanMeier(weighted, clusters: people, resamples: 200, seed: 4)
        let b = ClusteredKaplanMeier(single, clusters: people, resamples: 200, seed: 4)
        #expect(a.curve.times == b.curve.times && a.curve.survival == b.curve.survival && a.curve.count == b.curve.count)
        #expect(a.median.value == b.median.value && a.median.lower == b.median.lower && a.median.upper == b.median.upper)
        let w = (0..<Int32(people)).map { 1 + $0 % 3 }
        #expect(ClusteredSurvival(weighted, clusters: people).restrictedMean(tau: 8, weights: w)
                == ClusteredSurvival(single, clusters: people).restrictedMean(tau: 8, weights: w))
        let (other, otherOwners) = Self.observations(seed + 10, people: people, count: 300)
        let second = SurvivalEntries(values: other, owners: otherOwners)
        #expect(LogRank.test(weighted, second).chiSquare == LogRank.test(encoded: values, other).chiSquare)
        #expect(LogRank.test(single, second).p == LogRank.test(encoded: values, other).p)
    }
}
