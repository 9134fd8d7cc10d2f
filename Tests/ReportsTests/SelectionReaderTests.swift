import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// Selections summarised in the report's pass (`SelectionReader`) against the
/// loaded trials they replace, and survival estimators of observations with
/// multiplicities against the same observations one by one.
@Suite("Selections read in the pass")
struct SelectionReaderTests {
    /// The loaded rows a selection names, in key order.
    static func rows(_ s: TrialSelection, _ trials: [TrialRow]) -> [TrialRow] {
        trials.filter { t in
            s.strategies.contains(t.strategy) && (s.device.map { $0 == t.device } ?? true) && (s.tasks.map { $0.contains(t.task) } ?? true)
                && (s.group.map { $0 == t.group } ?? true) && s.conditions.allSatisfy { $0.holds(t[$0.metric]) }
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
                           TrialSelection(strategy: s, where: [.recorded("time_to_effect_s")]),
                           TrialSelection(strategy: s, group: "novice", tasks: ["t01", "t02", "t07"]),
                           TrialSelection(strategies: Set(strategies), where: [.equals("session_trial", 3)])]
        }
        for s in selections {
            requests.add(s, byParticipant: metrics, survival: true)
            requests.add(s, metrics: [Self.perCorrection.name])
            requests.add(s, typicalBy: "first_travel_pt", keeping: ["time_to_effect_s", "corrections"])
        }
        requests.derive(Self.perCorrection)
        let reader = SelectionReader(requests)
        let results = try LoadedRun.load(from: store, head: head, alongside: [reader])
        var nonEmpty = 0
        for s in selections {
            let rows = Self.rows(s, results.trials), got = try #require(reader.selected[s])
            #expect(got.count == rows.count, "\(s)")
            #expect(got.firstKey == rows.first?.key, "\(s)")
            guard !rows.isEmpty else { continue }
            nonEmpty += 1
            // The first trial's values, a derived value, rates of values above 0, and the typical trial (ties in key order).
            #expect(got.firstTrialValue("corrections") == rows[0]["corrections"])
            let derived = rows.compactMap { r in Self.perCorrection.value(Self.perCorrection.sources.map { r[$0] }) }
            #expect(got.pooled(Self.perCorrection.name).exact == derived)
            #expect(got.tally("corrections", success: .positive).successCount == rows.filter { ($0["corrections"] ?? 0) > 0 }.count)
            let typical = rows.sorted { ($0["first_travel_pt"] ?? 0) < ($1["first_travel_pt"] ?? 0) }[rows.count / 2]
            let picked = try #require(got.typicalTrial())
            #expect(picked["time_to_effect_s"]! == typical["time_to_effect_s"] && picked["corrections"]! == typical["corrections"], "\(s)")
            for m in metrics {
                let values = ResultSet.values(m, in: rows)
                #expect(got.valueCount(m) == values.count)
                let tally = got.tally(m), naive = ParticipantTally(m, rows)
                #expect(tally.count == naive.count && tally.successCount == naive.successCount && tally.people == naive.people)
                #expect(got.pooled(m).median == (values.isEmpty ? nil : Descriptive.median(values)), "\(s) \(m)")
                // Put in key order at the end of the pass: the same values in the same order, so sums are the same to the bit.
                #expect(got.pooled(m).exact == values, "\(s) \(m)")
                #expect(got.pooled(m).smallest == values.min())
                if !values.isEmpty {
                    #expect(got.pooled(m).mean.bitPattern == Descriptive.mean(values).bitPattern)
                    let sample = try #require(got.sample(m)), naiveSample = ClusteredSample(OwnedValues(m, of: rows))
                    #expect(sample.participants == naiveSample.participants && sample.trialCount == naiveSample.trialCount)
                    #expect(sample.statistic(.median) == naiveSample.statistic(.median))
                    #expect(sample.statistic(.mean).bitPattern == naiveSample.statistic(.mean).bitPattern)
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

    /// Time to effect per correction (a derived value of two metrics of one trial).
    static let perCorrection = DerivedMetric(name: "seconds_per_correction", sources: ["time_to_effect_s", "corrections"]) { v in
        guard let t = v[0], let c = v[1], c > 0 else { return nil }
        return t / c
    }

    @Test("a typical trial past the exact limit is a bucket's first trial, within a bucket's width of the median")
    func typicalBucketed() {
        var g = SeededGenerator(seed: 12)
        let values = (0..<5000).map { _ in 1 + Double(g.next() % 100_000) / 1000 }
        var exact = TypicalTrial(), bucketed = TypicalTrial(exactLimit: 64)
        for (i, v) in values.enumerated() {
            exact.add(v, position: Int32(i), kept: [v])
            bucketed.add(v, position: Int32(i), kept: [v])
        }
        let rank = (0..<Int32(values.count)).map { $0 }
        exact.finish(rank: rank)
        bucketed.finish(rank: rank)
        let median = values.sorted()[values.count / 2]
        #expect(exact.pick?[0] == median)
        let pick = bucketed.pick?[0] ?? .nan
        #expect(ValueBuckets.ordinal(pick) == ValueBuckets.ordinal(median), "the pick shares the median's bucket")
        #expect(abs(pick - median) <= ValueBuckets.relativeWidth * median)
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
