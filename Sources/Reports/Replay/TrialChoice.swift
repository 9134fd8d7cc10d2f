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
///
/// They are picked as a run's rows go by (`Picks`, `Reader`): exactly while a
/// strategy has at most 8,192 trials with a goal, the typical one within a
/// log bucket's width (0.27 %) of the median past that.
public enum TrialChoice: String, Sendable, CaseIterable {
    case typical, worst

    /// Successes before failures, then by time.
    struct Rank: Comparable {
        var failed: Bool, time: Double
        static func < (a: Rank, b: Rank) -> Bool { a.failed != b.failed ? !a.failed : a.time < b.time }
    }

    /// How the chosen trial went, in a few words, from its stored metrics.
    public static func outcome(_ metrics: [String: Double]) -> String {
        if metrics["reached_effect"] == 1, let time = metrics["time_to_effect_s"] {
            return "reached the goal at \(formatNumber(time, digits: 2)) s"
        }
        return "did not reach the goal; stopped at \(formatNumber(metrics["time_to_done_s"] ?? .nan, digits: 2)) s"
    }
}

extension TrialChoice.Rank {
    /// The rank of a trial with a goal: reached (`reached` 1, with a time to
    /// effect) at that time, else failed at its time to done (never stopped: last).
    init(reached: Double, timeToEffect: Double?, timeToDone: Double?) {
        if reached == 1, let time = timeToEffect {
            self.init(failed: false, time: time)
        } else {
            self.init(failed: true, time: timeToDone ?? .infinity)
        }
    }
}
