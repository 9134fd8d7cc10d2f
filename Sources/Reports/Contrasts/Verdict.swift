import Harness
import Statistics

/// The one rule every comparison in Refine ends with: the Answer's comparisons and ranking and
/// `refine compare` call it with the difference `other − base` and its interval (paired over people
/// where the people are the same). A difference is *better* or *worse* when its interval excludes no
/// difference on that side; *equivalent* when the whole interval lies within the smallest difference
/// that matters (the spec's `practical:` margin for the metric); else *inconclusive*. A metric neither
/// way is better on is *higher*, *lower*, equivalent or inconclusive.
public enum Verdict: String, Sendable, Codable, Hashable {
    case better, worse, equivalent, inconclusive, higher, lower

    public static func judge(_ d: Estimate, better: MetricDefinition.Better, margin: Double? = nil) -> Verdict {
        if let margin, margin > 0, d.lower > -margin, d.upper < margin { return .equivalent }
        let up = d.lower > 0, down = d.upper < 0
        guard up || down else { return .inconclusive }
        switch better {
        case .lower: return down ? .better : .worse
        case .higher: return up ? .better : .worse
        case .neither: return up ? .higher : .lower
        }
    }

    /// The verdict of `other` against `base` in words: "other is better", "base is better",
    /// "equivalent within ±0.2", "no clear difference".
    public func sentence(other: String, base: String, margin: Double?) -> String {
        switch self {
        case .better: "\(other) is better"
        case .worse: "\(base) is better"
        case .higher: "\(other) is higher (neither way is better)"
        case .lower: "\(base) is higher (neither way is better)"
        case .equivalent: "equivalent (within the ±\(formatNumber(margin ?? 0)) that matters)"
        case .inconclusive:
            "no clear difference" + (margin.map { " (nor shown to be within ±\(formatNumber($0)))" } ?? "")
        }
    }
}
