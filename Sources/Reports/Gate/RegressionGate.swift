import Foundation
import Harness

/// The verdict on one strategy's metric.
public struct GateFinding: Sendable, Codable, Hashable {
    public enum Verdict: String, Sendable, Codable { case pass, regression, improvement }
    public var strategy: String
    public var metric: String
    public var statistic: String
    public var baseline: Double
    public var change: Double
    /// change − baseline, with its (Bonferroni-adjusted) interval.
    public var difference: Estimate
    /// The tolerated move in the bad direction.
    public var allowance: Double
    public var worse: WorseDirection
    public var verdict: Verdict
}

/// The regression gate (DESIGN §8): a metric regresses only when the whole
/// interval of its change lies beyond the tolerance in the bad direction, so
/// noise between seeds does not cry wolf and a real slowdown is still caught.
///
/// Intervals are normal approximations (Welch for means and rates,
/// McKean–Schrader for medians), Bonferroni-adjusted across strategies ×
/// metrics: the gate runs on thousands of trials, often (A/A calibration runs
/// it hundreds of times), and must be deterministic without a seed.
public enum RegressionGate {
    public static func evaluate(baseline: [String: [String: [Double]]], change: [String: [String: [Double]]],
                                settings: GateSettings) throws -> [GateFinding] {
        let strategies = baseline.keys.sorted()
        let missing = strategies.filter { change[$0] == nil }
        guard missing.isEmpty else {
            throw ReportError("the change has no trials of \(missing.joined(separator: ", ")), which the baseline has; update the baseline if the strategies changed")
        }
        let tests = strategies.count * settings.tolerances.count
        let level = 1 - (1 - settings.confidence) / Double(max(1, tests))
        var findings: [GateFinding] = []
        for strategy in strategies {
            for tolerance in settings.tolerances {
                guard let b = baseline[strategy]?[tolerance.metric], let c = change[strategy]?[tolerance.metric], !b.isEmpty, !c.isEmpty else {
                    throw ReportError("no values of '\(tolerance.metric)' for \(strategy) in the \(baseline[strategy]?[tolerance.metric] == nil ? "baseline" : "change"); update the baseline if the gate's metrics changed")
                }
                let statistic = Comparisons.isRate(b) && Comparisons.isRate(c) ? "rate" : tolerance.statistic
                let diff = statistic == "median"
                    ? Intervals.differenceOfMediansNormal(c, b, confidence: level)
                    : Intervals.differenceOfMeansNormal(c, b, confidence: level)
                let base = statistic == "median" ? Descriptive.median(b) : Descriptive.mean(b)
                let now = statistic == "median" ? Descriptive.median(c) : Descriptive.mean(c)
                let allowance = tolerance.allowance(baseline: base)
                let verdict: GateFinding.Verdict
                switch tolerance.worse {
                case .higher: verdict = diff.lower > allowance ? .regression : diff.upper < -allowance ? .improvement : .pass
                case .lower: verdict = diff.upper < -allowance ? .regression : diff.lower > allowance ? .improvement : .pass
                }
                findings.append(GateFinding(strategy: strategy, metric: tolerance.metric, statistic: statistic, baseline: base,
                                            change: now, difference: diff, allowance: allowance, worse: tolerance.worse, verdict: verdict))
            }
        }
        return findings
    }
}
