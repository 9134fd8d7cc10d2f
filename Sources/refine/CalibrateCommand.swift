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
            Runs pairs of runs that differ only by their seed (A/A: different simulated people, so the gate compares \
            them unpaired) and applies the spec's gate to each pair; the false-alarm rate must stay at or under \
            1 − gate.confidence. Then plants a known regression in the second run of each pair (--plant \
            STRATEGY:METRIC:FACTOR multiplies that metric's values, e.g. a strategy made 10% slower; for a 0/1 \
            metric it multiplies the rate by turning a seeded choice of successes into failures, or failures into \
            successes) and counts how often the gate catches it.

            The regression is planted twice: into the second run (other people: the gate resamples baseline and \
            change independently, the hardest case) and into a copy of the first run (the same people: paired, as \
            `refine check` sees a code change against a baseline of the same seed). --plant-in chooses which catch \
            rate must reach --power; by default the same people's, because that is what `refine check` sees in CI (a \
            change run with the baseline's seed). The unpaired rate is printed beside it; `refine power --in \
            other-people` says how many participants it would need. The same 10% regression planted in each gated \
            metric of that strategy is reported too. Runs are simulated in memory.
            """)

    @Argument(help: "The experiment spec (YAML) with a `gate` section.")
    var spec: String

    @Option(help: "Number of A/A pairs.")
    var pairs: Int = 20

    @Option(help: "A planted regression STRATEGY:METRIC:FACTOR (default: the first strategy's first gated metric made 10% worse).")
    var plant: String?

    @Option(help: "The share of pairs in which the planted regression must be caught.")
    var power: Double = 0.8

    enum PlantTarget: String, ExpressibleByArgument, CaseIterable {
        case otherSeed = "other-seed", sameSeed = "same-seed"
    }

    @Option(help: "Which catch rate must reach --power: the regression planted into a run of other people (other-seed, unpaired) or of the same people (same-seed, paired).")
    var plantIn: PlantTarget = .sameSeed

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
        /// Pairs in which the regression planted into the second run (other people, unpaired) was caught.
        var planted_caught: Int
        var planted_catch_rate: Double
        /// Pairs in which the regression planted into a copy of the first run (the same people, paired) was caught.
        var planted_paired_caught: Int
        var planted_paired_catch_rate: Double
        var required_catch_rate: Double
        var required_for: String
        /// metric → pairs in which a 10% regression of the planted strategy's metric was caught (other people).
        var planted_each_metric: [String: Int]
        /// The same, planted into the first run's people (paired).
        var planted_each_metric_paired: [String: Int]
    }

    func run() throws {
        try reportingErrors {
            let base = try SpecLoader.load(path: spec, catalog: .standard)
            let gate = try gateSettings(base)
            guard pairs >= 1 else { throw InputError("--pairs: expected at least 1") }
            guard power >= 0 && power <= 1 else { throw InputError("--power: expected a share between 0 and 1, got \(power)") }
            let metrics = gate.tolerances.map(\.metric)
            let planted = try parsePlant(plant, spec: base, gate: gate)
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
                for p in each where try p.isCaught(baseline: ga, change: gb, gate: gate, seed: b.seed, sameSeed: false) { caughtEach[p.metric]! += 1 }
                // The same people: the change is a planted copy of the baseline run itself.
                if try planted.isCaught(baseline: ga, change: ga, gate: gate, seed: b.seed, sameSeed: true) { caughtPaired += 1 }
                for p in each where try p.isCaught(baseline: ga, change: ga, gate: gate, seed: b.seed, sameSeed: true) { caughtEachPaired[p.metric]! += 1 }
                if !json { FileHandle.standardError.write(Data("calibrate: pair \(i + 1)/\(pairs)\n".utf8)) }
            }
            let summary = Summary(pairs: pairs, false_alarms: falseAlarms, false_alarm_rate: Double(falseAlarms) / Double(pairs),
                                  allowed_rate: 1 - gate.confidence, planted: planted.label,
                                  planted_caught: caught, planted_catch_rate: Double(caught) / Double(pairs),
                                  planted_paired_caught: caughtPaired, planted_paired_catch_rate: Double(caughtPaired) / Double(pairs),
                                  required_catch_rate: power, required_for: plantIn.rawValue,
                                  planted_each_metric: caughtEach, planted_each_metric_paired: caughtEachPaired)
            if json { try printJSON(summary) } else {
                print("A/A false alarms: \(falseAlarms)/\(pairs) = \(formatNumber(summary.false_alarm_rate * 100, digits: 1))% (allowed ≤ \(formatNumber(summary.allowed_rate * 100, digits: 1))%)")
                let required = "(required ≥ \(formatNumber(power * 100, digits: 0))%)"
                print("planted regression \(summary.planted): caught \(caught)/\(pairs) in other people (unpaired)\(plantIn == .otherSeed ? " " + required : ""), \(caughtPaired)/\(pairs) in the same people (paired)\(plantIn == .sameSeed ? " " + required : "")")
                for p in each {
                    print("  10% regression of \(p.strategy):\(p.metric): caught \(caughtEach[p.metric]!)/\(pairs) unpaired, \(caughtEachPaired[p.metric]!)/\(pairs) paired")
                }
            }
            let catchRate = plantIn == .otherSeed ? summary.planted_catch_rate : summary.planted_paired_catch_rate
            if summary.false_alarm_rate > summary.allowed_rate || catchRate < power { throw ExitCode(ExitCodes.checkFailed) }
        }
    }
}
