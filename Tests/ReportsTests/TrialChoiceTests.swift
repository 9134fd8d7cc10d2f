import Foundation
import Testing
import UserModels
@testable import Reports

/// The trial a replay shows (`TrialChoice.pick`) is the one the full ranking
/// puts there, though pick selects instead of sorting every trial.
@Suite("Choosing the trial to replay")
struct TrialChoiceTests {
    /// Trials with coarse times (many ties, broken by key), failures, and some without a goal.
    static func rows(_ n: Int, seed: UInt64) -> [TrialRow] {
        var g = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            var metrics: [String: Double] = [:]
            switch g.next() % 5 {
            case 0: break  // no goal: not ranked
            case 1: metrics = ["reached_effect": 0, "time_to_done_s": Double(g.next() % 4)]
            case 2: metrics = ["reached_effect": 0]
            default: metrics = ["reached_effect": 1, "time_to_effect_s": Double(g.next() % 6) / 2, "time_to_done_s": 9]
            }
            return TrialRow(key: "q/s/d/p\(g.next() % 1000)/t/r\(i)", strategy: "s", device: "d", participant: "p", group: "g",
                            task: "t", taskLabel: "t", metrics: metrics)
        }
    }

    @Test("typical and worst are the ranking's lower median and last, ties by key")
    func pickIsRanked() {
        for seed in UInt64(1)...60 {
            let rows = Self.rows(Int(seed % 13) * 7 + Int(seed % 3), seed: seed)
            let ranked = TrialChoice.ranked(rows)
            #expect(TrialChoice.typical.pick(rows)?.key == (ranked.isEmpty ? nil : ranked[(ranked.count - 1) / 2].key))
            #expect(TrialChoice.worst.pick(rows)?.key == ranked.last?.key)
        }
    }

    @Test("successes come first, sooner first; then failures, those that stopped sooner first")
    func rankingOrder() {
        let rows = [("a", ["reached_effect": 0.0, "time_to_done_s": 3]), ("b", ["reached_effect": 1, "time_to_effect_s": 2]),
                    ("c", ["reached_effect": 0, "time_to_done_s": 1]), ("d", ["reached_effect": 1, "time_to_effect_s": 1]),
                    ("e", ["time_to_done_s": 1])].map {
            TrialRow(key: $0.0, strategy: "s", device: "d", participant: "p", group: "g", task: "t", taskLabel: "t", metrics: $0.1)
        }
        #expect(TrialChoice.ranked(rows).map(\.key) == ["d", "b", "c", "a"])
        #expect(TrialChoice.typical.pick(rows)?.key == "b" && TrialChoice.worst.pick(rows)?.key == "a")
    }
}
