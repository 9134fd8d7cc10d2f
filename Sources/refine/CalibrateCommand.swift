import ArgumentParser
import Foundation
import Harness
import Questions
import Reports
import UserModels

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract:
            "A/A calibration of the regression gate: how often it cries wolf, and whether it catches a planted "
                + "regression.",
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

    @Argument(help: "The experiment spec (YAML) with a `gate` section (not with --status or --ci).")
    var spec: String?

    @Option(help: "Number of A/A pairs.")
    var pairs: Int = 20

    @Option(
        help:
            ArgumentHelp(
                "A planted regression STRATEGY:METRIC:FACTOR (default: the first strategy's first gated metric made "
                + "10% worse).")
    )
    var plant: String?

    @Option(help: "The share of pairs in which the planted regression must be caught.")
    var power: Double = 0.8

    enum PlantTarget: String, ExpressibleByArgument, CaseIterable {
        case otherSeed = "other-seed", sameSeed = "same-seed"
    }

    @Option(
        help:
            ArgumentHelp(
                "Which catch rate must reach --power: the regression planted into a run of other people "
                + "(other-seed, unpaired) or of the same people (same-seed, paired).")
    )
    var plantIn: PlantTarget = .sameSeed

    @Flag(
        help: """
            Keep the result beside the baseline (NAME.calibration.json), with the SHA-256 of the spec and the baseline.
            """)
    var record = false

    @Option(help: "The baseline the record belongs to (default: <baselines>/<experiment>.json).")
    var baseline: String?

    @Flag(help: "List every gated spec's calibration record and whether it is fresh, missing, stale or below the bar.")
    var status = false

    @Flag(
        help: """
            CI: recalibrate every spec whose record is missing or stale, re-prove one fresh record (chosen by \
            --reprove), and exit 1 if any record is missing, stale, below the bar or disagrees with its re-proof.
            """)
    var ci = false

    @Option(
        help: """
            With --ci: a key (the commit hash) choosing which fresh record to re-prove; every record is re-proved \
            over time.
            """)
    var reprove: String?

    @Option(help: "With --status or --ci: the folder of specs.")
    var experiments = "Experiments"

    @Option(help: "With --status, --ci or --record: the folder of baselines and their calibration records.")
    var baselines = "Data/baselines"

    @OptionGroup var workers: JobsOption
    var jobs: Int { workers.jobs }

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if status || ci {
            guard spec == nil, !(status && ci) else {
                throw ValidationError("--status and --ci look at every gated spec; give neither a spec nor both")
            }
            guard !record, baseline == nil else {
                throw ValidationError("--record and --baseline calibrate one spec; drop --status/--ci")
            }
        } else {
            guard spec != nil else { throw ValidationError("Missing expected argument '<spec>' (or --status, --ci)") }
            guard reprove == nil else { throw ValidationError("--reprove goes with --ci") }
        }
    }

    func run() throws {
        try reportingErrors {
            guard pairs >= 1 else { throw InputError("--pairs: expected at least 1") }
            guard power >= 0 && power <= 1 else {
                throw InputError("--power: expected a share between 0 and 1, got \(power)")
            }
            if status { return try printStatus() }
            if ci { return try checkRecords() }
            let base = try SpecLoader.load(path: spec!, catalog: .standard)
            let result = try calibrate(base, plant: plant, pairs: pairs, power: power, requiredFor: plantIn.rawValue)
            if json {
                try printJSON(result.calibration)
            } else {
                printCalibration(result.calibration, each: result.each)
            }
            if record {
                let path = try baseline ?? OutputPath.inside(baselines, "\(base.name).json")
                guard FileManager.default.fileExists(atPath: path) else {
                    throw InputError(
                        "\(path): no baseline to keep the calibration beside; write it with "
                            + "`refine baseline update \(spec!) -o \(path)`")
                }
                let kept = CalibrationRecord(
                    experiment: base.name, spec_sha256: base.sha256,
                    baseline_sha256: try CalibrationRecord.fileSHA256(path),
                    calibration: result.calibration, plant: result.plant,
                    command: "refine calibrate \(spec!) --pairs \(pairs) --record")
                let recordPath = CalibrationRecord.path(forBaseline: path)
                try kept.write(to: recordPath)
                if !json { print("record written to \(recordPath)") }
            }
            if !result.calibration.passes { throw ExitCode(ExitCodes.checkFailed) }
        }
    }

    /// Calibrates `base` with the planted regression `plant` (default: 10% worse), printing progress.
    func calibrate(
        _ base: ExperimentSpec, plant: String?, pairs: Int, power: Double,
        requiredFor: String
    ) throws -> (
        calibration: GateCalibration, each: [PlantedRegression],
        plant: String
    ) {
        let gate = try gateSettings(base)
        let planted = try parsePlant(plant, spec: base, gate: gate)
        let calibration = try GateCalibration.run(
            spec: base, gate: gate, planted: planted, pairs: pairs, power: power,
            requiredFor: requiredFor, jobs: jobs
        ) { done in
            if !json { FileHandle.standardError.write(Data("calibrate \(base.name): pair \(done)/\(pairs)\n".utf8)) }
        }
        let each = gate.tolerances.map { PlantedRegression(strategy: planted.strategy, tenPercentWorse: $0) }
        return (calibration, each, "\(planted.strategy):\(planted.metric):\(planted.factor)")
    }

    func printCalibration(_ c: GateCalibration, each: [PlantedRegression]) {
        func percent(_ share: Double, _ digits: Int) -> String { formatNumber(share * 100, digits: digits) + "%" }
        print(
            "A/A false alarms: \(c.false_alarms)/\(c.pairs) = \(percent(c.false_alarm_rate, 1)) "
                + "(allowed ≤ \(percent(c.allowed_rate, 1)))")
        let required = " (required ≥ \(percent(c.required_catch_rate, 0)))"
        let other = c.required_for == "other-seed"
        print(
            "planted regression \(c.planted): caught \(c.planted_caught)/\(c.pairs) in other people (unpaired)"
                + (other ? required : "")
                + ", \(c.planted_paired_caught)/\(c.pairs) in the same people (paired)" + (other ? "" : required))
        for p in each {
            let unpaired = c.planted_each_metric[p.metric] ?? 0, paired = c.planted_each_metric_paired[p.metric] ?? 0
            print(
                "  10% regression of \(p.strategy):\(p.metric): caught \(unpaired)/\(c.pairs) unpaired, "
                    + "\(paired)/\(c.pairs) paired")
        }
    }

    /// Every gated spec under --experiments with a baseline under --baselines, with its record's state.
    func statuses() throws -> [(spec: ExperimentSpec, status: CalibrationRecord.Status)] {
        let paths = SpecLoader.specPaths(in: experiments)
        guard !paths.isEmpty else {
            throw InputError("\(experiments): no specs (*.yaml) here; name the folder with --experiments")
        }
        return try paths.compactMap { path in
            let spec = try SpecLoader.load(path: path, catalog: .standard)
            let baseline = "\(baselines)/\(spec.name).json"
            guard spec.gate != nil, FileManager.default.fileExists(atPath: baseline) else { return nil }
            return (spec, try CalibrationRecord.status(spec: spec, baseline: baseline))
        }
    }

    func printStatus() throws {
        let all = try statuses().map(\.status)
        if json { return try printJSON(all) }
        for s in all {
            let name = s.experiment.padding(toLength: 18, withPad: " ", startingAt: 0)
            print("\(name) \(s.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(s.detail)")
        }
    }

    /// CI's calibration step (issue 44): records kept, not redone, yet proved.
    func checkRecords() throws {
        let all = try statuses()
        var problems: [String] = []
        for (spec, s) in all where s.state != .fresh {
            problems.append("\(s.experiment): \(s.state.rawValue) (\(s.detail))")
            print("calibrate: \(s.experiment): record \(s.state.rawValue): \(s.detail)")
            guard s.state != .belowBar else { continue }
            // Recalibrated here so the log shows what the record would say.
            let fresh = try calibrate(spec, plant: nil, pairs: pairs, power: power, requiredFor: plantIn.rawValue)
            print(
                "calibrate: \(s.experiment): now \(fresh.calibration.summaryLine); "
                    + "keep it with `refine calibrate \(spec.path) --pairs \(pairs) --record`")
        }
        let fresh = all.filter { $0.status.state == .fresh }
        if let key = reprove, !fresh.isEmpty {
            let (spec, s) = fresh[Self.index(of: key, count: fresh.count)]
            guard let kept = try CalibrationRecord.load(s.record) else {
                throw InputError("\(s.record): vanished while CI read it")
            }
            let again = try calibrate(
                spec, plant: kept.plant, pairs: kept.calibration.pairs,
                power: kept.calibration.required_catch_rate,
                requiredFor: kept.calibration.required_for)
            let agrees = kept.calibration.agrees(with: again.calibration)
            print(
                "calibrate: re-proved \(spec.name): \(again.calibration.summaryLine) "
                    + "against the record's \(kept.calibration.summaryLine)"
                    + (agrees ? "" : ": DISAGREES beyond its noise"))
            if !agrees { problems.append("\(spec.name): the re-proof disagrees with its record") }
            if !again.calibration.passes { problems.append("\(spec.name): the re-proof is below the bar") }
        }
        print("calibrate: \(all.count) gated specs, \(fresh.count) records fresh, \(problems.count) problem(s)")
        if !problems.isEmpty {
            FileHandle.standardError.write(Data("refine: calibration: \(problems.joined(separator: "; "))\n".utf8))
            throw ExitCode(ExitCodes.checkFailed)
        }
    }

    /// A stable index in 0..<count from a key: its first 15 hex digits (a commit hash), else its SHA-256's.
    static func index(of key: String, count: Int) -> Int {
        let hex = key.allSatisfy(\.isHexDigit) && !key.isEmpty ? key : SHA256.hex(key)
        return Int(UInt64(hex.prefix(15), radix: 16)! % UInt64(count))
    }
}
