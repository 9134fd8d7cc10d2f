import ArgumentParser
import Foundation
import Harness
import Reports
import UserModels

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "A/A calibration of the regression gate: how often it cries wolf, and whether it catches a planted regression.",
        discussion: """
            Runs pairs of runs that differ only by their seed (A/A) and applies the spec's gate to each pair; the
            false-alarm rate must stay at or under 1 − gate.confidence. Then plants a known regression in the
            second run of each pair (--plant STRATEGY:METRIC:FACTOR multiplies that metric's values, e.g. a strategy
            made 10% slower) and counts how often the gate catches it. Runs are simulated in memory.
            """)

    @Argument(help: "The experiment spec (YAML) with a `gate` section.")
    var spec: String

    @Option(help: "Number of A/A pairs.")
    var pairs: Int = 20

    @Option(help: "A planted regression STRATEGY:METRIC:FACTOR (default: the first strategy's first gated metric made 10% worse).")
    var plant: String?

    @OptionGroup var workers: JobsOption
    var jobs: Int { workers.jobs }

    @Flag(help: "Print JSON.")
    var json = false

    struct Summary: Encodable {
        var pairs: Int
        var false_alarms: Int
        var false_alarm_rate: Double
        var allowed_rate: Double
        var planted: String
        var planted_caught: Int
        var planted_catch_rate: Double
    }

    func run() throws {
        try reportingErrors {
            let base = try SpecLoader.load(path: spec)
            let gate = try gateSettings(base)
            guard pairs >= 1 else { throw InputError("--pairs: expected at least 1") }
            let metrics = gate.tolerances.map(\.metric)
            let planted = try parsePlant(base, gate)
            var falseAlarms = 0, caught = 0
            for i in 0..<pairs {
                var a = base, b = base
                a.seed = Seed.derive(base.seed, "calibration/\(i)/a")
                b.seed = Seed.derive(base.seed, "calibration/\(i)/b")
                let ga = Baseline.group(try ExperimentRunner.simulate(spec: a, jobs: jobs), metrics: metrics)
                var gb = Baseline.group(try ExperimentRunner.simulate(spec: b, jobs: jobs), metrics: metrics)
                let aa = try RegressionGate.evaluate(baseline: ga, change: gb, settings: gate)
                if aa.contains(where: { $0.verdict == .regression }) { falseAlarms += 1 }
                gb[planted.strategy]![planted.metric] = gb[planted.strategy]![planted.metric]!.map { $0 * planted.factor }
                let ab = try RegressionGate.evaluate(baseline: ga, change: gb, settings: gate)
                if ab.contains(where: { $0.verdict == .regression && $0.strategy == planted.strategy && $0.metric == planted.metric }) { caught += 1 }
                if !json { FileHandle.standardError.write(Data("calibrate: pair \(i + 1)/\(pairs)\n".utf8)) }
            }
            let summary = Summary(pairs: pairs, false_alarms: falseAlarms, false_alarm_rate: Double(falseAlarms) / Double(pairs),
                                  allowed_rate: 1 - gate.confidence, planted: "\(planted.strategy):\(planted.metric):×\(planted.factor)",
                                  planted_caught: caught, planted_catch_rate: Double(caught) / Double(pairs))
            if json { try printJSON(summary) } else {
                print("A/A false alarms: \(falseAlarms)/\(pairs) = \(formatNumber(summary.false_alarm_rate * 100, digits: 1))% (allowed ≤ \(formatNumber(summary.allowed_rate * 100, digits: 1))%)")
                print("planted regression \(summary.planted): caught \(caught)/\(pairs)")
            }
            if summary.false_alarm_rate > summary.allowed_rate || caught < pairs { throw ExitCode(ExitCodes.checkFailed) }
        }
    }

    func parsePlant(_ spec: ExperimentSpec, _ gate: GateSettings) throws -> (strategy: String, metric: String, factor: Double) {
        guard let plant else {
            let t = gate.tolerances[0]
            return (spec.strategies[0].label, t.metric, t.worse == .higher ? 1.1 : 0.9)
        }
        let parts = plant.split(separator: ":").map(String.init)
        guard parts.count == 3, let factor = Double(parts[2]), factor > 0 else {
            throw InputError("--plant: expected STRATEGY:METRIC:FACTOR, e.g. nearest-corner:time_to_effect_s:1.1; got '\(plant)'")
        }
        guard spec.strategies.contains(where: { $0.label == parts[0] }) else {
            throw InputError("--plant: no strategy '\(parts[0])' in \(spec.path)")
        }
        guard gate.tolerances.contains(where: { $0.metric == parts[1] }) else {
            throw InputError("--plant: '\(parts[1])' is not a gated metric (gate.metrics: \(gate.tolerances.map(\.metric).joined(separator: ", ")))")
        }
        return (parts[0], parts[1], factor)
    }
}
