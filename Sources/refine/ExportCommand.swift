import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a run's trials as one wide table (CSV or Parquet) with an R script of mixed-effects models.",
        discussion: """
            Writes into the output folder, built under a temporary name and swapped in whole: trials.csv or \
            trials.parquet, one row per trial (run_id, key, question, strategy, design and its parameters, device, \
            participant, group, task, task_label, the photo for photo tasks, the question's task factors, replication, \
            session_trial, then one column per metric stored in the run, sorted, missing where a trial did not record \
            it); export.R, lme4 and survival models of the spec's lead metrics with participant and photo (or task) as \
            random intercepts (lmer of log times, glmer for 0/1 outcomes and counts, a Cox model of time to effect), \
            which `Rscript export.R` fits, printing a tidy table and writing models.csv and design.csv; and \
            README.txt, what each column holds.

            The run is the latest completed one of the spec (sensitivity variants excluded) unless --run names one, \
            read with the spec it was made from. --json prints what was written and, for lead metrics that export.R \
            fits with lmer on a balanced design, Refine's own estimates (marginal-mean contrasts and ANOVA variance \
            components, equal to lmer's REML estimates when positive).
            """)

    @Argument(help: "The experiment spec (YAML).")
    var spec: String

    @Option(help: "Results database (default: runs/<experiment>.sqlite).")
    var db: String?

    @Option(name: .customLong("run"), help: "Export this run id instead of the latest completed one.")
    var runID: Int64?

    @Option(help: "Table format: csv or parquet.")
    var format: ExportFormat = .csv

    @Option(help: "Parquet only: rows per row group (the rows of one group are held in memory while it is written).")
    var rowGroupRows = 131_072

    @Option(
        help: """
            Output folder (default: runs/<experiment>-export, beside the default database; replaced whole when Refine \
            wrote it, else refused).
            """)
    var out: String?

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard rowGroupRows > 0 else {
                throw InputError("--row-group-rows: expected a positive number of rows, got \(rowGroupRows)")
            }
            let experiment = try SpecLoader.load(path: spec, catalog: .standard)
            let dbPath = try db ?? OutputPath.inside("runs", "\(experiment.name).sqlite")
            let output = URL(fileURLWithPath: try out ?? OutputPath.inside("runs", "\(experiment.name)-export"))
            try StagedFolder.claim(output, inputs: [dbPath, spec])
            let store = try RunStore(readingFrom: dbPath)
            // An export killed half-way left its staging folder (and maybe the previous export, moved aside).
            announce(Leftovers.clean(for: output.path, hidden: true))
            let summary: TrialExport.Summary
            do {
                summary = try TrialExport.write(
                    spec: experiment, store: store, runID: runID, format: format,
                    rowGroupRows: rowGroupRows, to: output)
            } catch let e as ReportError {
                throw InputError(e.description)
            }
            if json { try printJSON(summary); return }
            print(
                "\(summary.experiment): run \(summary.runID), \(summary.rows) trials × \(summary.columns.count) "
                    + "columns → \(summary.folder)/\(summary.table) (\(summary.bytes) bytes), export.R, README.txt"
            )
        }
    }
}
