import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an experiment's HTML and Markdown report with gnuplot figures from its results database.",
        discussion: """
            The report reads only the database. Each figure keeps its .dat and .gp beside its PNG and SVG; the \
            report's answer is also saved alone as answer.json.

            With --index, writes Reports/index.html (and index.md, index.json) instead: every experiment (the specs \
            given, default every Experiments/*.yaml) with the answer of its report and its status against the gate \
            (its latest run in runs/<experiment>.sqlite checked against Data/baselines/<experiment>.json, as \
            `refine check` does). Run it after the reports.
            """)

    @Argument(
        help: """
            The experiment spec (YAML): its title, text and directions present the run, whose trials it must \
            define; without it (and with --db) the spec stored with the run. With --index, any number of specs \
            (default: Experiments/*.yaml).
            """)
    var specs: [String] = []

    @Option(help: "Results database (default: runs/<experiment>.sqlite).")
    var db: String?

    @Option(help: "Output folder (default: Reports/<experiment>).")
    var out: String?

    @Option(name: .customLong("run"), help: "Report this run id instead of the latest completed one.")
    var runID: Int64?

    @Flag(help: "Write the index of every experiment's report and gate status (Reports/index.html).")
    var index = false

    @Flag(
        help:
            ArgumentHelp(
                "Print what was written as JSON: the folder, the run and its trials, the seconds taken and the peak "
                + "resident memory (with --index: the index, every experiment's answer and gate status).")
    )
    var json = false

    @Option(help: "With --index: the folder holding the reports, where the index is written.")
    var reports = "Reports"

    @Option(help: "With --index: the folder of results databases.")
    var runs = "runs"

    @Option(help: "With --index: the folder of committed baselines.")
    var baselines = "Data/baselines"

    func validate() throws {
        if index {
            guard db == nil, out == nil, runID == nil else {
                throw ValidationError(
                    "--db, --out and --run report one experiment; with --index use --runs and --reports")
            }
        } else {
            guard specs.count == 1 || (specs.isEmpty && db != nil) else {
                throw ValidationError(
                    specs.isEmpty
                        ? "Missing expected argument '<spec>' (or --db DB to report a run with the spec it stored)"
                        : "one spec at a time (or --index for several)")
            }
        }
    }

    func run() throws {
        try reportingErrors {
            if index { return try writeIndex() }
            let experiment: ExperimentSpec, dbPath: String, store: RunStore
            if let path = specs.first {
                experiment = try SpecLoader.load(path: path, catalog: .standard)
                dbPath = try db ?? OutputPath.inside("runs", "\(experiment.name).sqlite")
                store = try RunStore(readingFrom: dbPath)
            } else {
                // No spec: the run is presented with the spec stored with it, and says so.
                dbPath = db!
                store = try RunStore(readingFrom: dbPath)
                experiment = try storedSpec(in: store, at: dbPath)
                notice(
                    "\(experiment.name): no spec given, so the run is presented with the one it stored "
                        + "(\(experiment.path))")
            }
            let output = URL(fileURLWithPath: try out ?? OutputPath.inside("Reports", experiment.name))
            try StagedFolder.claim(output, inputs: [dbPath] + specs)
            // A report killed half-way left its staging folder (and maybe the previous report, moved aside).
            announce(Leftovers.clean(for: output.path, hidden: true))
            do {
                let start = DispatchTime.now().uptimeNanoseconds
                let written = try ReportWriter.write(spec: experiment, store: store, runID: runID, to: output)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if json {
                    try printJSON(
                        Summary(
                            experiment: experiment.name, folder: written.folder.path, run: written.runID,
                            trials: written.trials,
                            seconds: (seconds * 1000).rounded() / 1000,
                            peakResidentMB: Double(PeakMemory.residentBytes >> 10) / 1024))
                } else {
                    print("\(experiment.name): report written to \(written.folder.path)/index.html")
                }
            } catch let e as ReportError {
                throw InputError(e.description)
            }
        }
    }

    /// The spec stored with --run, or with the only experiment's latest completed run.
    func storedSpec(in store: RunStore, at path: String) throws -> ExperimentSpec {
        // One read of the runs (each counts its trials).
        let runs = try store.runs()
        let experiments = Set(runs.filter { $0.variant.isEmpty }.map(\.experiment)).sorted()
        let experiment: String
        if let runID {
            guard let run = runs.first(where: { $0.id == runID }) else {
                throw InputError("\(path): no run \(runID)")
            }
            experiment = run.experiment
        } else {
            guard experiments.count == 1 else {
                throw InputError(
                    experiments.isEmpty
                        ? "\(path): holds no runs"
                        : "\(path): holds runs of \(experiments.joined(separator: ", ")); "
                            + "name the spec or the run (--run ID)")
            }
            experiment = experiments[0]
        }
        do {
            let head = try ResultSet.head(from: store, experiment: experiment, runID: runID)
            return try ResultSet.storedSpec(of: head.run, storedText: head.specText, catalog: .standard)
        } catch let e as ReportError { throw InputError(e.description) }
    }

    /// What `--json` prints of one report.
    struct Summary: Encodable {
        var experiment: String, folder: String, run: Int64, trials: Int
        /// Wall time of reading the run and writing the report.
        var seconds: Double
        /// The process's peak resident memory (`PeakMemory`), in MiB.
        var peakResidentMB: Double
    }

    func writeIndex() throws {
        var paths = specs
        if paths.isEmpty {
            paths = SpecLoader.specPaths(in: "Experiments")
            guard !paths.isEmpty else {
                throw InputError("Experiments/: no specs (*.yaml) here; name the specs to index")
            }
        }
        var entries: [IndexEntry] = []
        for path in paths {
            let spec = try SpecLoader.load(path: path, catalog: .standard)
            let folder = URL(fileURLWithPath: reports).appendingPathComponent(spec.name)
            let answer: Answer?
            do { answer = try ExperimentIndex.answer(inReport: folder) } catch let e as ReportError {
                throw InputError(e.description)
            }
            let (state, detail) = gateStatus(spec)
            entries.append(
                IndexEntry(
                    experiment: spec.name, title: spec.report.title, spec: path, report: spec.name,
                    answer: answer, gate: state, gateDetail: detail))
        }
        let validation: ValidationSummary?
        do {
            validation = try ValidationSummary.read(
                inReport: URL(fileURLWithPath: reports).appendingPathComponent("validation"))
        } catch let e as ReportError {
            throw InputError(e.description)
        }
        try ExperimentIndex.write(entries, validation: validation, to: URL(fileURLWithPath: reports))
        if json { return try printJSON(entries) }
        for e in entries {
            print(
                "\(e.experiment): "
                    + "gate \(e.gate.rawValue)\(e.gateDetail.isEmpty ? "" : " (\(e.gateDetail))")"
                        + "\(e.answer == nil ? "; no report yet" : "")"
            )
        }
        print("index written to \(reports)/index.html")
    }

    /// The spec's latest run against its committed baseline, as `refine check` judges it.
    func gateStatus(_ spec: ExperimentSpec) -> (IndexEntry.GateState, String) {
        guard let gate = spec.gate else { return (.noGate, "") }
        let baselinePath = "\(baselines)/\(spec.name).json", dbPath = "\(runs)/\(spec.name).sqlite"
        guard FileManager.default.fileExists(atPath: baselinePath) else { return (.noBaseline, "no \(baselinePath)") }
        guard FileManager.default.fileExists(atPath: dbPath) else { return (.noRun, "no \(dbPath)") }
        do {
            let base = try Baseline.load(baselinePath)
            guard base.experiment == spec.name else { return (.error, "\(baselinePath) is for '\(base.experiment)'") }
            // The run is read in one pass for the gated metrics (`RunSamples`), not loaded.
            let store = try RunStore(readingFrom: dbPath)
            let run = try ResultSet.selectRun(in: store, experiment: spec.name)
            let regressions = try RegressionGate.evaluate(
                baseline: base, store: store, runID: run.id, seed: run.seed, settings: gate
            )
            .filter { $0.verdict == .regression }
            return regressions.isEmpty
                ? (.pass, "run \(run.id)")
                : (
                    .regression,
                    "run \(run.id): " + regressions.map { "\($0.strategy) \($0.metric)" }.joined(separator: ", ")
                )
        } catch {
            return (.error, "\(error)")
        }
    }
}
