import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// Issue 17's memory test for the rates: a report's rates read per-participant
/// tallies (`ParticipantTally`), which are the same sample the per-trial path
/// made and do not grow with the trials at fixed participants; and the
/// factor-code selections (`ResultSet.trials(strategy:device:)`, `filter`)
/// are the rows filtering by name gives.
@Suite("Per-participant tallies")
struct ParticipantTallyTests {
    /// Two strategies × two devices × `people` participants × `replications`
    /// trials of two tasks, in key order, with a 0/1 flag that a tenth of the
    /// trials do not record and that succeeds at a per-person rate.
    static func results(people: Int, replications: Int, seed: UInt64) -> Rows {
        let table = TrialColumns(metricNames: ["landed_intended", "time_to_effect_s"])
        var g = SeededGenerator(seed: seed)
        let skill = (0..<people).map { _ in Double.random(in: 0.2..<0.9, using: &g) }
        for s in ["nearest", "projected"] {
            for d in ["phone", "tablet"] {
                for p in 0..<people {
                    let id = String(format: "p%04d", p)
                    for task in ["t01", "t02"] {
                        for r in 0..<replications {
                            let factors = [s, d, id, p % 3 == 0 ? "expert" : "novice", task, "corner"]
                            let landed: Double? = Double.random(in: 0..<1, using: &g) < 0.1 ? nil
                                : Double.random(in: 0..<1, using: &g) < skill[p] ? 1 : 0
                            let time = Double.random(in: 0.5..<4, using: &g)
                            table.append(key: Array("pip/\(s)/\(d)/\(id)/\(task)/r\(r)".utf8), factor: { factors[$0] },
                                         factorMatches: { factors[$0] == $1 }, metric: { $0 == 0 ? landed : time })
                        }
                    }
                }
            }
        }
        return Rows(trials: (0..<table.count).map { TrialRow(table: table, index: $0) })
    }

    /// A run's trials with `ResultSet`'s selections.
    struct Rows {
        let trials: [TrialRow]
        func trials(strategy: String, device: String? = nil) -> [TrialRow] { ResultSet.trials(strategy: strategy, device: device, trials) }
    }

    /// The sample the per-trial path made: every value with its participant, then sums and counts.
    static func perTrialSample(_ rows: [TrialRow], _ metric: String) -> ClusteredSample {
        var v = ParticipantValues()
        for row in rows { if let x = row[metric] { v.append(x == 1 ? 1 : 0, participant: row.participant) } }
        return ClusteredSample(v, ordered: false)
    }

    @Test("a tally is the sample of the per-trial values: the same participants, sums, counts and statistic")
    func tallyIsPerTrialSample() {
        let results = Self.results(people: 15, replications: 7, seed: 4)
        for (selection, rows) in [("all", results.trials), ("nearest/tablet", results.trials(strategy: "nearest", device: "tablet")),
                                  ("t02", results.trials.filter { $0.task == "t02" }), ("none", [])] {
            let tally = ParticipantTally("landed_intended", rows), old = Self.perTrialSample(rows, "landed_intended")
            let new = tally.sample
            #expect(new.participants == old.participants, "\(selection)")
            #expect(new.sums == old.sums && new.counts == old.counts && new.trialCount == old.trialCount, "\(selection)")
            #expect(tally.count == old.trialCount && tally.successCount == Int(old.sums.reduce(0, +)), "\(selection)")
            if old.trialCount > 0 { #expect(new.statistic(.mean) == old.statistic(.mean), "\(selection)") }
        }
        // Rows of several tables (free-standing trials) are tallied by participant name.
        let loose = [TrialRow(key: "a", strategy: "s", device: "d", participant: "p1", group: "novice", task: "t", taskLabel: "t", metrics: ["m": 1]),
                     TrialRow(key: "b", strategy: "s", device: "d", participant: "p1", group: "novice", task: "t", taskLabel: "t", metrics: ["m": 0]),
                     TrialRow(key: "c", strategy: "s", device: "d", participant: "p0", group: "novice", task: "t", taskLabel: "t", metrics: [:])]
        let t = ParticipantTally("m", loose)
        #expect(t.participants == ["p1"] && t.valued == [2] && t.successes == [1] && !t.oneValuePerParticipant)
    }

    @Test("a baseline's values, grouped by column and participant code, are the ones asking each trial by name gives")
    func baselineGroups() {
        let results = Self.results(people: 7, replications: 3, seed: 8)
        // Rows of a second table (free-standing trials), one with a strategy of its own.
        let loose = [TrialRow(key: "a", strategy: "nearest", device: "d", participant: "p9", group: "novice", task: "t", taskLabel: "t", metrics: ["landed_intended": 1]),
                     TrialRow(key: "b", strategy: "other", device: "d", participant: "p1", group: "novice", task: "t", taskLabel: "t", metrics: [:])]
        let subset = results.trials.filter { $0.task == "t02" }
        for rows in [results.trials, subset, results.trials + loose] {
            let metrics = ["time_to_effect_s", "landed_intended", "never_recorded", "landed_intended"]
            var naive: [String: [String: ParticipantValues]] = [:]
            for t in rows {
                for m in Set(metrics) {
                    if let v = t[m] { naive[t.strategy, default: [:]][m, default: ParticipantValues()].append(v, participant: t.participant) }
                }
            }
            #expect(Baseline.group(rows, metrics: metrics) == naive)
        }
    }

    @Test("selections by factor code are the rows filtering by name gives, in order")
    func selectionsByCode() {
        let results = Self.results(people: 9, replications: 3, seed: 5)
        for s in ["nearest", "projected", "absent"] {
            #expect(results.trials(strategy: s).map(\.index) == results.trials.filter { $0.strategy == s }.map(\.index))
            for d in ["phone", "tablet", "absent"] {
                #expect(results.trials(strategy: s, device: d).map(\.index)
                        == results.trials.filter { $0.strategy == s && $0.device == d }.map(\.index))
            }
        }
        // The counted filter keeps the rows `filter` keeps, in order.
        #expect(results.trials.filterCounted { $0.task == "t02" }.map(\.index) == results.trials.filter { $0.task == "t02" }.map(\.index))
        #expect(results.trials.filter(.device) { $0 == "tablet" }.map(\.index) == results.trials.filter { $0.device == "tablet" }.map(\.index))
    }

    @Test("a rate's summary does not grow with trials at fixed participants (20 vs 200 replications)")
    func tallyFlatInTrials() {
        let small = Self.results(people: 20, replications: 20, seed: 6), large = Self.results(people: 20, replications: 200, seed: 6)
        #expect(large.trials.count == 10 * small.trials.count)
        for (s, d) in [("nearest", "phone"), ("projected", "tablet")] {
            let a = ParticipantTally("landed_intended", small.trials(strategy: s, device: d))
            let b = ParticipantTally("landed_intended", large.trials(strategy: s, device: d))
            #expect(a.people == 20 && b.people == 20)
            #expect(b.heldBytes == a.heldBytes, "\(a.heldBytes) → \(b.heldBytes) bytes for 10× the trials")
            #expect(b.count > 9 * a.count)
        }
        // The whole run's tally: the same bytes for 10× the trials.
        #expect(ParticipantTally("landed_intended", large.trials).heldBytes == ParticipantTally("landed_intended", small.trials).heldBytes)
    }
}

/// Figures of large runs draw their staircases thinned (`Descriptive.thinnedSteps`):
/// within 1/resolution of the full curve everywhere, with a bounded number of points.
@Suite("Thinned staircases")
struct ThinnedStepsTests {
    /// The staircase's value at x (0 before its first point).
    static func value(_ points: [(x: Double, y: Double)], at x: Double) -> Double {
        points.last { $0.x <= x }?.y ?? 0
    }

    @Test("a thinned ECDF is below the full one by less than 1/resolution, keeps its ends, and has at most resolution + 1 points",
          arguments: [(500, 100), (5_000, 100), (20_000, 1_000), (3_000, 3_000)])
    func withinResolution(n: Int, resolution: Int) {
        var g = SeededGenerator(seed: UInt64(n * 31 + resolution))
        // Ties on a coarse grid and a long tail, as times are.
        let values = (0..<n).map { _ in (Double.random(in: 0..<1, using: &g) * Double.random(in: 0..<1, using: &g) * 300).rounded() / 10 }
        let full = Descriptive.ecdf(values, total: n + n / 10)
        let thin = Descriptive.thinnedSteps(full, resolution: resolution)
        #expect(thin.count <= resolution + 1)
        if full.count <= resolution { #expect(thin.count == full.count) }
        #expect(thin.first?.x == full.first?.x && thin.last?.x == full.last?.x && thin.last?.y == full.last?.y)
        let fullX = Set(full.map(\.x))
        #expect(thin.allSatisfy { fullX.contains($0.x) })
        for p in full {
            let gap = p.y - Self.value(thin, at: p.x)
            #expect(gap >= 0 && gap < 1 / Double(resolution), "at \(p.x): \(gap)")
        }
    }
}
