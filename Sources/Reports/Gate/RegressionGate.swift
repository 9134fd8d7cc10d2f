import Foundation
import Harness
import Randomness
import Statistics
import UserModels

/// The verdict on one strategy's metric.
public struct GateFinding: Sendable, Codable, Hashable {
    public enum Verdict: String, Sendable, Codable { case pass, regression, improvement }
    public var strategy: String
    public var metric: String
    public var statistic: String
    public var baseline: Double
    public var change: Double
    /// change − baseline, with its Bonferroni-adjusted interval (each end one-sided at (1 − confidence)/m).
    public var difference: Estimate
    /// The tolerated move in the bad direction.
    public var allowance: Double
    public var worse: WorseDirection
    /// True when baseline and change were resampled as pairs (the same people).
    public var paired: Bool
    public var verdict: Verdict

    /// In JSON the run's value is `current` (beside `baseline`); `difference` is current − baseline.
    enum CodingKeys: String, CodingKey {
        case strategy, metric, statistic, baseline, change = "current", difference, allowance, worse, paired, verdict
    }
}

/// The regression gate (DESIGN §8): a metric regresses only when the whole
/// interval of its change lies beyond the tolerance in the bad direction, so
/// noise between seeds does not cry wolf and a real slowdown is still caught.
///
/// Intervals come from the cluster bootstrap over participants
/// (`ClusterBootstrap`): a participant's trials in a session are correlated (one
/// person, who learns as they go), so trials are not independent evidence.
/// Baseline and change are paired when they come from the same seed and hold
/// the same participants — the usual `refine check` of a code change, where
/// every person meets the old and the new code — and unpaired otherwise (A/A
/// calibration pairs differ by seed, hence by people).
///
/// Family-wise error: Bonferroni across strategies × metrics, one-sided. A
/// regression is a one-sided claim (the lower end beyond the tolerance in the
/// bad direction), so each of the m bounds cuts (1 − confidence)/m from its side
/// — the reported interval is two-sided at 1 − 2(1 − confidence)/m — and the
/// chance of any false regression stays at most 1 − confidence (as with
/// improvements, read the same way from the other end). The m bounds share
/// participants and are positively dependent, where Bonferroni is conservative
/// but valid without modelling the dependence; Holm would gain little because a
/// verdict needs the interval beyond a tolerance, not just beyond zero. The bootstrap is seeded from the strategy and
/// metric names, so
/// the same two samples always get the same verdict; the number of resamples
/// grows with the adjusted level so the extreme percentiles rest on enough
/// replicates. `only` evaluates a single strategy × metric (still adjusted for
/// all m), for calibration, which asks about one planted regression at a time.
public enum RegressionGate {
    /// `refine check` of run `runID` in `store` (seed `seed`) against a committed
    /// baseline, paired when they share the seed (the same people); the run is
    /// read in one pass without loading its trials (`Baseline.samples(from:runID:metrics:)`).
    public static func evaluate(
        baseline: Baseline, store: RunStore, runID: Int64, seed: String, settings: GateSettings
    ) throws -> [GateFinding] {
        let change = try Baseline.samples(from: store, runID: runID, metrics: settings.tolerances.map(\.metric)).samples
        return try evaluate(
            baseline: baseline.values, change: change, settings: settings, sameSeed: baseline.seed == seed)
    }

    /// The gate over values with their participants (calibration, power: trials simulated in memory).
    public static func evaluate(
        baseline: [String: [String: ParticipantValues]], change: [String: [String: ParticipantValues]],
        settings: GateSettings, sameSeed: Bool,
        only: (strategy: String, metric: String)? = nil
    ) throws -> [GateFinding] {
        try evaluate(
            baseline: baseline.mapValues { $0.mapValues(BaselineSample.values) },
            change: change.mapValues { $0.mapValues(BaselineSample.values) },
            settings: settings, sameSeed: sameSeed, only: only)
    }

    public static func evaluate(
        baseline: [String: [String: BaselineSample]], change: [String: [String: BaselineSample]],
        settings: GateSettings, sameSeed: Bool,
        only: (strategy: String, metric: String)? = nil
    ) throws -> [GateFinding] {
        let strategies = baseline.keys.sorted()
        let missing = strategies.filter { change[$0] == nil }
        guard missing.isEmpty else {
            throw ReportError(
                "the change has no trials of \(missing.joined(separator: ", ")), which the baseline has; update the "
                    + "baseline if the strategies changed"
            )
        }
        let tests = strategies.count * settings.tolerances.count
        let level = 1 - 2 * (1 - settings.confidence) / Double(max(1, tests))
        var findings: [GateFinding] = []
        for strategy in strategies {
            for tolerance in settings.tolerances
            where only.map({ $0.strategy == strategy && $0.metric == tolerance.metric }) ?? true {
                guard let bv = baseline[strategy]?[tolerance.metric], let cv = change[strategy]?[tolerance.metric],
                    !bv.isEmpty, !cv.isEmpty
                else {
                    throw ReportError(
                        "no values of '\(tolerance.metric)' for \(strategy) in "
                            + "the \(baseline[strategy]?[tolerance.metric] == nil ? "baseline" : "change"); update "
                            + "the baseline if the gate's metrics changed"
                    )
                }
                // The one contrast (`Contrast`) at the gate's level, on the values a baseline keeps (no censoring),
                // with as many resamples as the level's tail needs.
                let b = bv.clustered, c = cv.clustered
                let paired = sameSeed && ClusterBootstrap.canPair(b, c)
                let tail = ClusterBootstrap.differenceTail(c, b, paired: paired, confidence: level, expanded: true)
                let settings = Contrast.Settings(
                    confidence: level,
                    resamples: ClusterBootstrap.resamples(forTail: tail),
                    timeLimit: .infinity)
                let contrast = Contrast.make(
                    tolerance.metric, base: ContrastSide(sample: b),
                    other: ContrastSide(sample: c), names: (strategy, strategy),
                    paired: sameSeed, settings: settings,
                    median: tolerance.statistic == "median", censored: false,
                    seed: Seed.derive(0x6761_7465, "gate/\(strategy)/\(tolerance.metric)"),
                    fewest: 1)!
                let statistic = contrast.statistic == .rate ? "rate" : tolerance.statistic
                let diff = contrast.difference
                let kind: ClusterStatistic = contrast.statistic == .median ? .median : .mean
                let base = b.statistic(kind), now = c.statistic(kind)
                let allowance = tolerance.allowance(baseline: base)
                let verdict: GateFinding.Verdict
                switch tolerance.worse {
                case .higher:
                    verdict = diff.lower > allowance ? .regression : diff.upper < -allowance ? .improvement : .pass
                case .lower:
                    verdict = diff.upper < -allowance ? .regression : diff.lower > allowance ? .improvement : .pass
                }
                findings.append(
                    GateFinding(
                        strategy: strategy, metric: tolerance.metric, statistic: statistic, baseline: base,
                        change: now, difference: diff, allowance: allowance, worse: tolerance.worse,
                        paired: paired, verdict: verdict))
            }
        }
        return findings
    }
}
