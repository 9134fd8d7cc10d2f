import ArgumentParser
import Foundation
import Harness
import Reports

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an experiment's HTML and Markdown report with gnuplot figures from its results database.",
        discussion: "The report reads only the database. Each figure keeps its .dat and .gp beside its PNG and SVG.")

    @Argument(help: "The experiment spec (YAML).")
    var spec: String

    @Option(help: "Results database (default: runs/<experiment>.sqlite).")
    var db: String?

    @Option(help: "Output folder (default: Reports/<experiment>).")
    var out: String?

    @Option(name: .customLong("run"), help: "Report this run id instead of the latest completed one.")
    var runID: Int64?

    func run() throws {
        try reportingErrors {
            let experiment = try SpecLoader.load(path: spec)
            let store = try RunStore(readingFrom: db ?? OutputPath.inside("runs", "\(experiment.name).sqlite"))
            let output = URL(fileURLWithPath: try out ?? OutputPath.inside("Reports", experiment.name))
            // A report killed half-way left its staging folder (and maybe the previous report, moved aside).
            announce(Leftovers.clean(for: output.path, hidden: true))
            do {
                let written = try ReportWriter.write(spec: experiment, store: store, runID: runID, to: output)
                print("\(experiment.name): report written to \(written.path)/index.html")
            } catch let e as ReportError {
                throw InputError(e.description)
            }
        }
    }
}
