import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// The trial a replay shows (`TrialChoice.Picks`, read as a run's rows go by)
/// is the one the full ranking (`ranked`, sorting every trial) puts there.
@Suite("Choosing the trial to replay")
struct TrialChoiceTests {
    /// Trials with coarse times (many ties, broken by key), failures, and some
    /// without a goal; `jitter` moves each time by under 0.07 %, so distinct
    /// times share a histogram bucket.
    static func rows(_ n: Int, seed: UInt64, jitter: Bool = false) -> [TrialRow] {
        var g = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            var metrics: [String: Double] = [:]
            switch g.next() % 5 {
            case 0: break  // no goal: not ranked
            case 1: metrics = ["reached_effect": 0, "time_to_done_s": Double(g.next() % 4)]
            case 2: metrics = ["reached_effect": 0]
            default: metrics = ["reached_effect": 1, "time_to_effect_s": Double(g.next() % 6) / 2 * (jitter ? 1 + 1e-4 * Double(i % 7) : 1),
                                "time_to_done_s": 9]
            }
            return TrialRow(key: "q/s/d/p\(g.next() % 1000)/t/r\(i)", strategy: "s", device: "d", participant: "p", group: "g",
                            task: "t", taskLabel: "t", metrics: metrics)
        }
    }

    @Test("successes come first, sooner first; then failures, those that stopped sooner first")
    func rankingOrder() {
        let rows = [("a", ["reached_effect": 0.0, "time_to_done_s": 3]), ("b", ["reached_effect": 1, "time_to_effect_s": 2]),
                    ("c", ["reached_effect": 0, "time_to_done_s": 1]), ("d", ["reached_effect": 1, "time_to_effect_s": 1]),
                    ("e", ["time_to_done_s": 1])].map {
            TrialRow(key: $0.0, strategy: "s", device: "d", participant: "p", group: "g", task: "t", taskLabel: "t", metrics: $0.1)
        }
        #expect(Self.ranked(rows).map(\.key) == ["d", "b", "c", "a"])
        #expect(Self.picks(rows).pick(.typical)?.key == "b" && Self.picks(rows).pick(.worst)?.key == "a")
    }

    /// `rows` fed to a `Picks` in order, each with its rank and key.
    /// The metrics a pick keeps in these tests.
    static let kept = ["reached_effect", "time_to_effect_s", "time_to_done_s"]

    static func picks(_ rows: [TrialRow], exactLimit: Int = TrialChoice.Picks.exactLimit) -> TrialChoice.Picks {
        var picks = TrialChoice.Picks(metricCount: kept.count, exactLimit: exactLimit)
        for row in rows {
            guard let r = row["reached_effect"] else { continue }
            var key = row.key
            key.withUTF8 { picks.add(rank(row, r), key: $0) { out in for m in kept { out.append(row[m] ?? .nan) } } }
        }
        return picks
    }

    /// The pick a ranked row makes: its key and kept metrics.
    static func pick(_ row: TrialRow?) -> TrialChoice.Picks.Pick? {
        row.map { row in TrialChoice.Picks.Pick(key: row.key, metrics: kept.map { row[$0] ?? .nan }) }
    }

    /// The ranking the choices are defined by (`TrialChoice`), by sorting every trial with a goal.
    static func ranked(_ rows: [TrialRow]) -> [TrialRow] {
        let ranked = rows.compactMap { row in row["reached_effect"].map { (rank(row, $0), row) } }
        return ranked.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.key.utf8.lexicographicallyPrecedes(b.1.key.utf8) }.map(\.1)
    }

    static func rank(_ row: TrialRow, _ reached: Double) -> TrialChoice.Rank {
        TrialChoice.Rank(reached: reached, timeToEffect: row["time_to_effect_s"], timeToDone: row["time_to_done_s"])
    }

    @Test("up to the exact limit, typical and worst are the ranking's lower median and last, ties by key")
    func streamedPicksExact() {
        for seed in UInt64(1)...60 {
            let rows = Self.rows(Int(seed % 13) * 7 + Int(seed % 3), seed: seed)
            let picks = Self.picks(rows), ranked = Self.ranked(rows)
            // The same trial, with its metrics (NaN never equals itself: compared by bits).
            #expect(picks.pick(.typical)?.bits == Self.pick(ranked.isEmpty ? nil : ranked[(ranked.count - 1) / 2])?.bits, "seed \(seed)")
            #expect(picks.pick(.worst)?.bits == Self.pick(ranked.last)?.bits, "seed \(seed)")
        }
    }

    @Test("past the exact limit: the worst is still exact; the typical is the first trial of the median's bucket")
    func streamedPicksBucketed() {
        var notTheMedian = 0
        for seed in UInt64(1)...40 {
            let rows = Self.rows(40 + Int(seed % 7) * 11, seed: seed, jitter: seed % 2 == 0)
            let picks = Self.picks(rows, exactLimit: 8)
            let ranked = Self.ranked(rows)
            #expect(picks.pick(.worst)?.bits == Self.pick(ranked.last)?.bits, "seed \(seed)")
            let rank: (TrialRow) -> TrialChoice.Rank = { Self.rank($0, $0["reached_effect"]!) }
            let bucket: (TrialChoice.Rank) -> [Int32] = { [$0.failed ? 1 : 0, ValueBuckets.ordinal($0.time)] }
            let median = rank(ranked[(ranked.count - 1) / 2])
            // The first of the rows, in the order they came, whose rank shares the median's bucket.
            let first = rows.first { $0["reached_effect"] != nil && bucket(rank($0)) == bucket(median) }
            #expect(picks.pick(.typical)?.bits == Self.pick(first)?.bits, "seed \(seed)")
            if first?.key != ranked[(ranked.count - 1) / 2].key { notTheMedian += 1 }
        }
        // The bucket's first trial is often not the median trial itself, so the cases above tell the two apart.
        #expect(notTheMedian >= 10)
    }

    @Test("a run's picks read in one pass over its stored rows are those of its loaded trials")
    func readerSameAsLoaded() throws {
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 2, batch: 3, seed: 17)
        defer { try? FileManager.default.removeItem(at: folder) }
        for id in ids {
            let loaded = try LoadedRun.load(from: store, experiment: "pip", runID: id)
            let strategies = Array(Set(loaded.trials.map(\.strategy))).sorted()
            try #require(strategies.count >= 2)
            // The report's pass, exact and (past 4 trials a strategy) bucketed.
            let reader = TrialChoice.Reader(), bucketed = TrialChoice.Reader(exactLimit: 4)
            try store.read(runID: id, into: [reader, bucketed])
            for s in strategies {
                let ranked = Self.ranked(loaded.trials(strategy: s))
                try #require(ranked.count > 4)
                for choice in TrialChoice.allCases {
                    let expected = ranked[choice == .typical ? (ranked.count - 1) / 2 : ranked.count - 1]
                    #expect(try choice.pick(strategy: s, store: store, runID: id) == expected.key, "\(s) \(choice)")
                    // The metrics the report's pass keeps are the stored trial's.
                    let picked = try #require(reader.pick(choice, strategy: s))
                    #expect(picked.key == expected.key && picked.metrics == expected.metrics)
                    // Bucketed: the worst is the same trial; the typical one's rank is the median's to a bucket.
                    let approximate = try #require(bucketed.pick(choice, strategy: s))
                    let stored = try #require(loaded.trials(strategy: s).first { $0.key == approximate.key })
                    #expect(approximate.metrics == stored.metrics)
                    let (a, e) = (Self.rank(stored, stored["reached_effect"]!), Self.rank(expected, expected["reached_effect"]!))
                    if choice == .worst { #expect(approximate.key == expected.key) }
                    #expect(a.failed == e.failed && ValueBuckets.ordinal(a.time) == ValueBuckets.ordinal(e.time), "\(s) \(choice)")
                }
            }
        }
    }
}

private extension TrialChoice.Picks.Pick {
    var bits: [String] { [key] + metrics.map { String($0.bitPattern) } }
}
