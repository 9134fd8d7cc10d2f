import ArgumentParser
import Foundation
import Harness
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

    @Argument(help: "The experiment spec (YAML); with --index, any number of specs (default: Experiments/*.yaml).")
    var specs: [String] = []

    @Option(help: "Results database (default: runs/<experiment>.sqlite).")
    var db: String?

    @Option(help: "Output folder (default: Reports/<experiment>).")
    var out: String?

    @Option(name: .customLong("run"), help: "Report this run id instead of the latest completed one.")
    var runID: Int64?

    @Flag(help: "Write the index of every experiment's report and gate status (Reports/index.html).")
    var index = false

    @Flag(help: "Print what was written as JSON: the folder, the run and its trials, the seconds taken and the peak resident memory (with --index: the index, every experiment's answer and gate status).")
    var json = false

    @Option(help: "With --index: the folder holding the reports, where the index is written.")
    var reports = "Reports"

    @Option(help: "With --index: the folder of results databases.")
    var runs = "runs"

    @Option(help: "With --index: the folder of committed baselines.")
    var baselines = "Data/baselines"

    func validate() throws {
        if index {
            guard db == nil, out == nil, runID == nil else { throw ValidationError("--db, --out and --run report one experiment; with --index use --runs and --reports") }
        } else {
            guard specs.count == 1 else { throw ValidationError(specs.isEmpty ? "Missing expected argument '<spec>'" : "one spec at a time (or --index for several)") }
        }
    }

    func run() throws {
        try reportingErrors {
            if index { return try writeIndex() }
            let experiment = try SpecLoader.load(path: specs[0], catalog: .standard)
            let dbPath = try db ?? OutputPath.inside("runs", "\(experiment.name).sqlite")
            let output = URL(fileURLWithPath: try out ?? OutputPath.inside("Reports", experiment.name))
            try StagedFolder.claim(output, inputs: [dbPath, specs[0]])
            let store = try RunStore(readingFrom: dbPath)
            // A report killed half-way left its staging folder (and maybe the previous report, moved aside).
            announce(Leftovers.clean(for: output.path, hidden: true))
            do {
                let start = DispatchTime.now().uptimeNanoseconds
                let written = try ReportWriter.write(spec: experiment, store: store, runID: runID, to: output)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if json {
                    try printJSON(Summary(experiment: experiment.name, folder: written.folder.path, run: written.runID, trials: written.trials,
                                          seconds: (seconds * 1000).rounded() / 1000, peakResidentMB: Double(PeakMemory.residentBytes >> 10) / 1024))
                } else {
                    print("\(experiment.name): report written to \(written.folder.path)/index.html")
                }
            } catch let e as ReportError {
                throw InputError(e.description)
            }
        }
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
            guard !paths.isEmpty else { throw InputError("Experiments/: no specs (*.yaml) here; name the specs to index") }
        }
        var entries: [IndexEntry] = []
        for path in paths {
            let spec = try SpecLoader.load(path: path, catalog: .standard)
            let folder = URL(fileURLWithPath: reports).appendingPathComponent(spec.name)
            let answer: Answer?
            do { answer = try ExperimentIndex.answer(inReport: folder) } catch let e as ReportError { throw InputError(e.description) }
            let (state, detail) = gateStatus(spec)
            entries.append(IndexEntry(experiment: spec.name, title: spec.report.title, spec: path, report: spec.name,
                                      answer: answer, gate: state, gateDetail: detail))
        }
        try ExperimentIndex.write(entries, to: URL(fileURLWithPath: reports))
        if json { return try printJSON(entries) }
        for e in entries { print("\(e.experiment): gate \(e.gate.rawValue)\(e.gateDetail.isEmpty ? "" : " (\(e.gateDetail))")\(e.answer == nil ? "; no report yet" : "")") }
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
            let regressions = try RegressionGate.evaluate(baseline: base, store: store, runID: run.id, seed: run.seed, settings: gate)
                .filter { $0.verdict == .regression }
            return regressions.isEmpty ? (.pass, "run \(run.id)")
                : (.regression, "run \(run.id): " + regressions.map { "\($0.strategy) \($0.metric)" }.joined(separator: ", "))
        } catch {
            return (.error, "\(error)")
        }
    }
}
