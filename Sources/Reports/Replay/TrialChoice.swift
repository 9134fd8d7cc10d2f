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
        // Each row's rank computed once (not at every comparison); keys only on ties.
        let ranked = rows.filter { $0["reached_effect"] != nil }.map { (rank($0), $0) }
        return ranked.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.key < b.1.key }.map(\.1)
    }

    static func rank(_ t: TrialRow) -> (Double, Double) {
        if t["reached_effect"] == 1, let time = t["time_to_effect_s"] { return (0, time) }
        return (1, t["time_to_done_s"] ?? .infinity)
    }

    /// This choice among `rows` (one strategy's trials), or nil when none had a goal.
    public func pick(_ rows: [TrialRow]) -> TrialRow? {
        let r = Self.ranked(rows)
        guard !r.isEmpty else { return nil }
        switch self {
        case .typical: return r[(r.count - 1) / 2]
        case .worst: return r[r.count - 1]
        }
    }

    /// How the chosen trial went, in a few words.
    public static func outcome(_ t: TrialRow) -> String {
        if t["reached_effect"] == 1, let time = t["time_to_effect_s"] { return "reached the goal at \(formatNumber(time, digits: 2)) s" }
        return "did not reach the goal; stopped at \(formatNumber(t["time_to_done_s"] ?? .nan, digits: 2)) s"
    }
}
