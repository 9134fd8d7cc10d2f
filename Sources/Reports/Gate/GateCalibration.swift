import Foundation
import Harness
import Randomness
import UserModels

/// A gate's A/A calibration: pairs of runs that differ only by their seed (other people,
/// compared unpaired) say how often the gate cries wolf; a regression planted into the second
/// run (other people) and into a copy of the first (the same people, as `refine check` sees a
/// code change) says how often it is caught. Seeded, so the same spec gives the same counts.
public struct GateCalibration: Sendable, Codable, Hashable {
    public var pairs: Int
    public var false_alarms: Int
    public var false_alarm_rate: Double
    public var allowed_rate: Double
    public var planted: String
    /// Pairs in which the regression planted into the second run (other people, unpaired) was caught.
    public var planted_caught: Int
    public var planted_catch_rate: Double
    /// Pairs in which the regression planted into a copy of the first run (the same people, paired) was caught.
    public var planted_paired_caught: Int
    public var planted_paired_catch_rate: Double
    public var required_catch_rate: Double
    /// "same-seed" or "other-seed": which catch rate must reach `required_catch_rate`.
    public var required_for: String
    /// metric → pairs in which a 10% regression of the planted strategy's metric was caught (other people).
    public var planted_each_metric: [String: Int]
    /// The same, planted into the first run's people (paired).
    public var planted_each_metric_paired: [String: Int]

    /// The catch rate the bar is judged on.
    public var judgedCatchRate: Double { required_for == "other-seed" ? planted_catch_rate : planted_paired_catch_rate }

    /// A/A false alarms at most the allowed rate, and the planted regression caught often enough.
    public var passes: Bool { false_alarm_rate <= allowed_rate && judgedCatchRate >= required_catch_rate }

    /// Runs `pairs` A/A pairs of `spec` (in memory) and applies its gate to each.
    public static func run(spec base: ExperimentSpec, gate: GateSettings, planted: PlantedRegression, pairs: Int,
                           power: Double, requiredFor: String, jobs: Int,
                           progress: (Int) -> Void = { _ in }) throws -> GateCalibration {
        let metrics = gate.tolerances.map(\.metric)
        let each = gate.tolerances.map { PlantedRegression(strategy: planted.strategy, tenPercentWorse: $0) }
        var falseAlarms = 0, caught = 0, caughtPaired = 0
        var caughtEach = [String: Int](uniqueKeysWithValues: metrics.map { ($0, 0) }), caughtEachPaired = caughtEach
        for i in 0..<pairs {
            var a = base, b = base
            a.seed = Seed.derive(base.seed, "calibration/\(i)/a")
            b.seed = Seed.derive(base.seed, "calibration/\(i)/b")
            let ga = Baseline.group(try ExperimentRunner.simulate(spec: a, jobs: jobs), metrics: metrics)
            let gb = Baseline.group(try ExperimentRunner.simulate(spec: b, jobs: jobs), metrics: metrics)
            let aa = try RegressionGate.evaluate(baseline: ga, change: gb, settings: gate, sameSeed: false)
            if aa.contains(where: { $0.verdict == .regression }) { falseAlarms += 1 }
            if try planted.isCaught(baseline: ga, change: gb, gate: gate, seed: b.seed, sameSeed: false) { caught += 1 }
            for p in each where try p.isCaught(baseline: ga, change: gb, gate: gate, seed: b.seed, sameSeed: false) {
                caughtEach[p.metric]! += 1
            }
            // The same people: the change is a planted copy of the baseline run itself.
            if try planted.isCaught(baseline: ga, change: ga, gate: gate, seed: b.seed, sameSeed: true) {
                caughtPaired += 1
            }
            for p in each where try p.isCaught(baseline: ga, change: ga, gate: gate, seed: b.seed, sameSeed: true) {
                caughtEachPaired[p.metric]! += 1
            }
            progress(i + 1)
        }
        let n = Double(pairs)
        return GateCalibration(pairs: pairs, false_alarms: falseAlarms, false_alarm_rate: Double(falseAlarms) / n,
                               allowed_rate: 1 - gate.confidence, planted: planted.label,
                               planted_caught: caught, planted_catch_rate: Double(caught) / n,
                               planted_paired_caught: caughtPaired, planted_paired_catch_rate: Double(caughtPaired) / n,
                               required_catch_rate: power, required_for: requiredFor,
                               planted_each_metric: caughtEach, planted_each_metric_paired: caughtEachPaired)
    }

    /// Whether `other` (a fresh calibration of the same spec and baseline) tells the same story:
    /// every count within the binomial noise of this one's rate (two standard errors, and at
    /// least one pair). The runs are seeded, so on unchanged code they agree exactly.
    public func agrees(with other: GateCalibration) -> Bool {
        guard other.pairs == pairs else { return false }
        func close(_ a: Int, _ b: Int) -> Bool {
            let p = Double(a) / Double(pairs)
            return Double(abs(a - b)) <= max(1, 2 * (Double(pairs) * p * (1 - p)).squareRoot())
        }
        return close(false_alarms, other.false_alarms) && close(planted_caught, other.planted_caught)
            && close(planted_paired_caught, other.planted_paired_caught)
    }
}
