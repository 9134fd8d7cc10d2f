import Harness

/// Which trial of a strategy to watch: a typical one and the worst one.
///
/// Trials are ranked by how things went, on the lead outcome every question
/// shares, time to effect (DESIGN §6): first the trials that reached the goal,
/// sooner first; then those that did not, the ones that gave up sooner first
/// (by time to done). Ties go by key. Only trials with a goal count (an effects
/// browsing task records no `reached_effect`).
/// - **typical**: the trial at the median of that ranking (the lower median), the
///   one whose time to effect, failures counted as longest, is the strategy's
///   median — a failure when more than half of the trials failed;
/// - **worst**: the last of the ranking: the failure that took longest, or the
///   slowest success when none failed.
public enum TrialChoice: String, Sendable, CaseIterable {
    case typical, worst

    /// The ranking described above, of `rows`.
    public static func ranked(_ rows: [TrialRow]) -> [TrialRow] {
        let (ranks, candidates) = rankedCandidates(rows)
        return zip(ranks, candidates).sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.key < b.1.key }.map(\.1)
    }

    /// The rows with a goal and each one's rank (computed once, not at every comparison).
    private static func rankedCandidates(_ rows: [TrialRow]) -> ([Rank], [TrialRow]) {
        var reached = MetricReader("reached_effect"), effect = MetricReader("time_to_effect_s"), done = MetricReader("time_to_done_s")
        var ranks: [Rank] = [], candidates: [TrialRow] = []
        for row in rows {
            guard let r = reached(row) else { continue }
            if r == 1, let time = effect(row) { ranks.append(Rank(failed: false, time: time)) } else {
                ranks.append(Rank(failed: true, time: done(row) ?? .infinity))
            }
            candidates.append(row)
        }
        return (ranks, candidates)
    }

    /// Successes before failures, then by time.
    struct Rank: Comparable {
        var failed: Bool, time: Double
        static func < (a: Rank, b: Rank) -> Bool { a.failed != b.failed ? !a.failed : a.time < b.time }
    }

    /// This choice among `rows` (one strategy's trials), or nil when none had a goal:
    /// `ranked(rows)[k]`, found by selecting the k-th rank (no sort of every
    /// trial) and ordering by key only the trials tied at it.
    public func pick(_ rows: [TrialRow]) -> TrialRow? {
        let (ranks, candidates) = Self.rankedCandidates(rows)
        guard !ranks.isEmpty else { return nil }
        let k = self == .typical ? (ranks.count - 1) / 2 : ranks.count - 1
        var scratch = ranks
        let at = Descriptive.select(&scratch, k)
        let before = ranks.reduce(0) { $0 + ($1 < at ? 1 : 0) }
        let tied = zip(ranks, candidates).filter { $0.0 == at }.map(\.1).sorted { $0.key < $1.key }
        return tied[k - before]
    }

    /// How the chosen trial went, in a few words.
    public static func outcome(_ t: TrialRow) -> String {
        if t["reached_effect"] == 1, let time = t["time_to_effect_s"] { return "reached the goal at \(formatNumber(time, digits: 2)) s" }
        return "did not reach the goal; stopped at \(formatNumber(t["time_to_done_s"] ?? .nan, digits: 2)) s"
    }
}
