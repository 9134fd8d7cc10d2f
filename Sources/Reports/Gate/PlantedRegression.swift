import Foundation
import Harness
import Randomness
import Statistics
import UserModels

/// A known regression put into one strategy's metric, to measure whether the
/// gate catches it (`refine calibrate`, `refine power`): "this strategy made
/// 10% slower" is `PlantedRegression(strategy:metric:factor: 1.1)`.
///
/// Continuous values are multiplied by `factor`. A 0/1 metric stays 0/1: its
/// rate is multiplied by turning a seeded choice of successes into failures (or
/// failures into successes), so 0.9 turns 10% of the successes into failures.
public struct PlantedRegression: Sendable, Hashable {
    public var strategy: String
    public var metric: String
    public var factor: Double

    public init(strategy: String, metric: String, factor: Double) {
        self.strategy = strategy
        self.metric = metric
        self.factor = factor
    }

    /// A 10% regression of `tolerance`'s metric in its bad direction.
    public init(strategy: String, tenPercentWorse tolerance: MetricTolerance) {
        self.init(strategy: strategy, metric: tolerance.metric, factor: tolerance.worse == .higher ? 1.1 : 0.9)
    }

    /// `strategy:metric:×factor`.
    public var label: String { "\(strategy):\(metric):×\(factor)" }

    /// `v` with its statistic moved by `factor`.
    public func apply(to v: ParticipantValues, seed: UInt64) -> ParticipantValues {
        var out = v
        guard Comparisons.isRate(v.values, metric: metric) else {
            out.values = v.values.map { $0 * factor }
            return out
        }
        let successes = v.values.indices.filter { v.values[$0] == 1 },
            failures = v.values.indices.filter { v.values[$0] == 0 }
        let target = min(v.count, Int((Double(successes.count) * factor).rounded()))
        var g = SeededGenerator(seed: seed)
        if target < successes.count {
            for i in successes.shuffled(using: &g).prefix(successes.count - target) { out.values[i] = 0 }
        } else {
            for i in failures.shuffled(using: &g).prefix(target - successes.count) { out.values[i] = 1 }
        }
        return out
    }

    /// `change` (grouped as `Baseline.group` groups a run) with this regression planted
    /// into its strategy's metric; unchanged if it has none.
    public func planted(
        into change: [String: [String: ParticipantValues]], seed: UInt64
    ) -> [String: [String: ParticipantValues]] {
        guard let v = change[strategy]?[metric] else { return change }
        var changed = change
        changed[strategy]![metric] = apply(to: v, seed: Seed.derive(seed, "plant/\(strategy)/\(metric)"))
        return changed
    }

    /// Whether the gate flags this regression when it is planted into `change`
    /// and compared with `baseline`. `sameSeed`: the two runs hold the same people,
    /// so the gate pairs them.
    public func isCaught(
        baseline: [String: [String: ParticipantValues]], change: [String: [String: ParticipantValues]],
        gate: GateSettings, seed: UInt64, sameSeed: Bool
    ) throws -> Bool {
        try isFlagged(baseline: baseline, planted: planted(into: change, seed: seed), gate: gate, sameSeed: sameSeed)
    }

    /// Whether the gate calls this strategy's metric a regression in `planted` (a change this regression was planted
    /// into).
    public func isFlagged(
        baseline: [String: [String: ParticipantValues]], planted: [String: [String: ParticipantValues]],
        gate: GateSettings, sameSeed: Bool
    ) throws -> Bool {
        guard planted[strategy]?[metric] != nil else { return false }
        return try RegressionGate.evaluate(
            baseline: baseline, change: planted, settings: gate, sameSeed: sameSeed,
            only: (strategy, metric)
        )
        .contains { $0.verdict == .regression && $0.strategy == strategy && $0.metric == metric }
    }
}
