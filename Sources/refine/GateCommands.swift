import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

/// Where a gate command gets its results: a database's run, or a fresh run of the spec.
struct ResultSource: ParsableArguments {
    @Option(help: "Results database to read (default: run the spec now into a temporary database).")
    var db: String?

    @Option(name: .customLong("run"), help: "Run id in --db (default: the latest completed run of the experiment).")
    var runID: Int64?

    @OptionGroup var workers: JobsOption
    var jobs: Int { workers.jobs }

    /// `body` of the store and the run to read: --db's (--run or the latest
    /// completed run of `spec`), or `spec` run now into a temporary database.
    func withRun<T>(for spec: ExperimentSpec, _ body: (RunStore, RunRecord) throws -> T) throws -> T {
        if let db {
            let store = try RunStore(readingFrom: db)
            return try body(store, try ResultSet.selectRun(in: store, experiment: spec.name, runID: runID))
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "refine-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try RunStore(path: dir.appendingPathComponent("run.sqlite").path)
        defer { try? store.close() }
        _ = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: jobs))
        let result = try body(store, try ResultSet.selectRun(in: store, experiment: spec.name))
        try store.close()
        return result
    }
}

func gateSettings(_ spec: ExperimentSpec) throws -> GateSettings {
    guard let gate = spec.gate else {
        throw InputError(
            "\(spec.path): no `gate` section; add one with the metrics to gate, e.g. `gate: {metrics: "
                + "{time_to_effect_s: {worse: higher, relative: 0.05}}}`"
        )
    }
    return gate
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail if a metric got worse than the committed baseline allows.",
        discussion: """
            For each strategy and each metric in the spec's `gate` section, the change (this run) is compared with \
            the baseline: medians (or means, `statistic: mean`) for continuous metrics, rates for 0/1 metrics, with \
            an interval of the difference from a seeded bootstrap over participants (Bonferroni-adjusted across \
            strategies × metrics). Baseline and run are paired when they share the seed, hence the people. A metric \
            regresses only when the whole interval lies beyond its tolerance in the bad direction.

            Exit codes: 0 pass, 1 regression, 2 invalid input (bad spec, missing or mismatched baseline), \
            3 internal error.
            """)

    @Argument(help: "The experiment spec (YAML) with a `gate` section.")
    var spec: String

    @Option(help: "The baseline file, e.g. Data/baselines/pip.json.")
    var baseline: String

    @OptionGroup var source: ResultSource

    @Flag(
        help: """
            Print the whole check as JSON: the verdict, both sides' runs, seeds and people, paired or not, warnings, \
            every finding and the command that accepts the change.
            """)
    var json = false

    @Option(help: "Also write the findings as JUnit XML to this file (one test case per strategy and metric).")
    var junit: String?

    @Option(
        help: """
            Also write a Markdown summary to this file (failures first, each with its size and interval, and the \
            command that accepts the change), e.g. for $GITHUB_STEP_SUMMARY.
            """)
    var summary: String?

    func run() throws {
        try reportingErrors {
            let experiment = try SpecLoader.load(path: spec, catalog: .standard)
            let gate = try gateSettings(experiment)
            let base: Baseline
            do { base = try Baseline.load(baseline) } catch let e as ReportError {
                // Name the spec in hand in the command that rewrites the baseline.
                throw InputError(
                    e.description.replacingOccurrences(of: "baseline update SPEC", with: "baseline update \(spec)"))
            }
            guard base.experiment == experiment.name else {
                throw InputError(
                    "\(baseline): the baseline is for experiment '\(base.experiment)', not '\(experiment.name)'")
            }
            // Read in one pass, without loading the run's trials.
            let report: CheckReport = try source.withRun(for: experiment) { store, run in
                let findings: [GateFinding]
                do {
                    findings = try RegressionGate.evaluate(
                        baseline: base, store: store, runID: run.id, seed: run.seed,
                        settings: gate)
                } catch let e as ReportError { throw InputError("\(baseline): \(e.description)") }
                let head = try ResultSet.head(from: store, experiment: experiment.name, runID: run.id)
                let people =
                    (try? ResultSet.storedSpec(of: run, storedText: head.specText, catalog: .standard))?.population
                    .participants
                    ?? experiment.population.participants
                let from = source.db.map { " --db \($0) --run \(run.id)" } ?? ""
                return CheckReport(
                    experiment: experiment, specPath: spec, baselineFile: baseline, base: base, run: run,
                    runParticipants: people, findings: findings,
                    accept: "refine baseline update \(spec) -o \(baseline)\(from)")
            }
            if let junit { try OwnedFile.write(report.junit, to: junit, marker: "<!-- written by refine check -->") }
            if let summary {
                try OwnedFile.write(report.markdown, to: summary, marker: "<!-- refine check summary -->")
            }
            if json {
                try printJSON(report)
            } else {
                for line in report.lines { print(line) }
            }
            if report.regressions > 0 { throw ExitCode(ExitCodes.checkFailed) }
        }
    }
}

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Manage committed baselines for `refine check`.",
        subcommands: [Update.self])

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Write the baseline of an experiment from a run (default: run the spec now).")

        @Argument(help: "The experiment spec (YAML) with a `gate` section.")
        var spec: String

        @Option(name: [.short, .long], help: "Baseline file to write (default: Data/baselines/<experiment>.json).")
        var output: String?

        @OptionGroup var source: ResultSource

        func run() throws {
            try reportingErrors {
                let experiment = try SpecLoader.load(path: spec, catalog: .standard)
                let gate = try gateSettings(experiment)
                let path = try output ?? OutputPath.inside("Data/baselines", "\(experiment.name).json")
                // Read in one pass, without loading the run's trials.
                let (run, trials) = try source.withRun(for: experiment) { store, run in
                    let head = try ResultSet.head(from: store, experiment: experiment.name, runID: run.id)
                    let read = try Baseline.samples(from: store, runID: run.id, metrics: gate.tolerances.map(\.metric))
                    try Baseline(run: run, provenance: head.provenance, spec: experiment, values: read.samples).write(
                        to: path)
                    return (run, read.trials)
                }
                print("baseline for \(experiment.name) written to \(path) (run \(run.id), \(trials) trials)")
                let kept = try CalibrationRecord.status(spec: experiment, baseline: path)
                if kept.state == .stale {
                    print(
                        "\(kept.record) is now stale: commit a fresh one with `refine calibrate \(spec) --record` "
                            + "(CI fails on a stale record)")
                }
            }
        }
    }
}
