import Foundation
import GRDB
import Harness
import Statistics

/// The file format of an exported trial table.
public enum ExportFormat: String, Sendable, Codable, CaseIterable {
    case csv, parquet

    /// The table's file name in the export folder.
    public var fileName: String { "trials.\(rawValue)" }
}

/// `refine export`: one run's wide trial table (TrialTable) as CSV or Parquet,
/// export.R beside it (RScript), and a README.txt on the columns. The folder is
/// built under a temporary name and swapped in at the end (StagedFolder). The
/// rows stream from the database to the file; what is kept while they pass is
/// per metric (its shape, to choose its model) and, for the lead metrics, per
/// factor level and pair of levels (the balanced-design estimates), never per trial.
public enum TrialExport {
    /// What was written, and Refine's own estimates to compare with R's.
    public struct Summary: Sendable, Codable {
        public var experiment: String
        public var runID: Int64
        public var folder: String
        public var table: String
        public var format: ExportFormat
        public var rows: Int
        public var columns: [String]
        public var bytes: Int
        public var models: ExportModels
        /// For lead metrics modelled by lmer: the balanced-design (method of moments) estimates.
        public var balanced: [BalancedEstimate]

        enum CodingKeys: String, CodingKey {
            case experiment, runID = "run_id", folder, table, format, rows, columns, bytes, models, balanced
        }
    }

    /// A lead metric's lmer model estimated by Refine itself (BalancedANOVA): with a
    /// balanced design and positive variances these equal lmer's REML estimates.
    public struct BalancedEstimate: Sendable, Codable, Hashable {
        public var metric: String
        /// "log" when the model is of log(metric), "identity" otherwise.
        public var scale: String
        public var estimate: BalancedANOVA.Result?
        /// Why there is no estimate (an unbalanced design, a variance at zero).
        public var note: String?
    }

    /// Exports run `runID` (default: the latest completed run of `current`) to `output`;
    /// a Parquet table gets a row group per `rowGroupRows` rows.
    @discardableResult
    public static func write(
        spec current: ExperimentSpec, store: RunStore, runID: Int64? = nil,
        format: ExportFormat, rowGroupRows: Int = 131_072, to output: URL
    ) throws -> Summary {
        let run = try ResultSet.selectRun(in: store, experiment: current.name, runID: runID)
        let specText =
            try store.reader.read { db in
                try String.fetchOne(db, sql: "SELECT spec_text FROM run WHERE id = ?", arguments: [run.id])
            } ?? ""
        let spec = try ResultSet.spec(of: run, storedText: specText, current: current)
        let table = try TrialTable(store: store, run: run, spec: spec)
        let metricColumns = Array(table.columns.suffix(table.metrics.count))
        let index = Dictionary(
            table.columns.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var observer = Observer(table: table, index: index, terms: ExportModels.terms(spec: spec, photos: table.photos))

        var summary: Summary?
        try StagedFolder.write(to: output) { staging in
            let url = staging.appendingPathComponent(format.fileName)
            let writer: any TableWriter
            switch format {
            case .csv: writer = try CSVWriter(columns: table.columns, to: url)
            case .parquet:
                writer = try ParquetWriter(
                    columns: table.columns, to: url,
                    keyValues: [
                        ("refine.experiment", spec.name), ("refine.run_id", String(run.id)),
                        ("refine.spec_sha256", run.specSHA256), ("refine.seed", run.seed)
                    ], rowGroupRows: rowGroupRows)
            }
            let rows = try table.forEachRow(in: store) { row in
                try writer.append(row)
                observer.observe(row)
            }
            let bytes = try writer.finish()
            let models = ExportModels(spec: spec, photos: table.photos, shapes: observer.shapes)
            let balanced = observer.balanced(
                models: models, rows: rows,
                reference: [
                    "strategy": spec.strategies.first?.label ?? "", "device": spec.devices.first?.name ?? ""
                ])
            let script = RScript.text(
                spec: spec, run: run, table: format.fileName, format: format,
                metrics: metricColumns.map(\.name), models: models)
            try script.write(to: staging.appendingPathComponent("export.R"), atomically: false, encoding: .utf8)
            let readme = ExportReadme.text(
                spec: spec, run: run, table: table, format: format, rows: rows,
                models: models, balanced: balanced)
            try readme.write(to: staging.appendingPathComponent("README.txt"), atomically: false, encoding: .utf8)
            summary = Summary(
                experiment: spec.name, runID: run.id, folder: output.path, table: format.fileName, format: format,
                rows: rows, columns: table.columns.map(\.name), bytes: bytes, models: models, balanced: balanced)
        }
        return summary!
    }

    /// What the export keeps while rows pass: each metric's shape, and for the lead
    /// metrics the sums a balanced-design estimate needs (raw and, for times, log).
    struct Observer {
        let metricNames: [(name: String, column: Int)]
        let factorColumns: [Int]
        let factors: (fixed: [String], random: [String])
        var shapes: [String: MetricShape] = [:]
        var raw: [String: BalancedANOVA] = [:]
        var log: [String: BalancedANOVA] = [:]
        /// Why the design admits no balanced estimate, if it does not.
        let unsupported: String?

        init(table: TrialTable, index: [String: Int], terms: (fixed: [String], random: [String])) {
            let first = table.columns.count - table.metrics.count
            metricNames = table.metrics.enumerated().map { ($0.element, first + $0.offset) }
            factors = terms
            // The estimate needs crossed random factors: tasks nested in photos are left to R.
            let names = terms.fixed + terms.random
            factorColumns = names.compactMap { index[$0] }
            unsupported =
                terms.random.isEmpty
                ? "there is no random factor (one participant, one task)"
                : terms.random.contains("photo") && terms.random.contains("task")
                    ? "tasks are nested in photos (only crossed factors are estimated here)"
                    : factorColumns.count < names.count ? "a factor column is missing" : nil
            if unsupported == nil {
                for metric in Set(table.spec.metrics)
                where metric != "time_to_effect_s" && table.metrics.contains(metric) {
                    raw[metric] = BalancedANOVA(fixed: terms.fixed, random: terms.random)
                    if ExportModels.isSeconds(metric) {
                        log[metric] = BalancedANOVA(fixed: terms.fixed, random: terms.random)
                    }
                }
            }
        }

        mutating func observe(_ row: [TableValue]) {
            var levels: [String]?
            for (name, column) in metricNames {
                guard case .double(let x) = row[column] else { continue }
                shapes[name, default: MetricShape()].add(x)
                guard raw[name] != nil else { continue }
                if levels == nil {
                    levels = factorColumns.map { if case .string(let s) = row[$0] { s } else { "" } }
                }
                raw[name]!.add(x, levels: levels!)
                if x > 0 { log[name]?.add(Foundation.log(x), levels: levels!) }
            }
        }

        /// The balanced-design estimates of the lead metrics export.R fits with lmer.
        func balanced(models: ExportModels, rows: Int, reference: [String: String]) -> [BalancedEstimate] {
            models.leads.compactMap { lead in
                guard lead.kind == .logTime || lead.kind == .continuous else { return nil }
                let scale = lead.kind == .logTime ? "log" : "identity"
                guard let anova = lead.kind == .logTime ? log[lead.metric] : raw[lead.metric] else {
                    return BalancedEstimate(
                        metric: lead.metric, scale: scale, estimate: nil,
                        note: "not estimated: \(unsupported ?? "not a lead metric")")
                }
                guard shapes[lead.metric]?.count == rows else {
                    return BalancedEstimate(
                        metric: lead.metric, scale: scale, estimate: nil,
                        note:
                            "not estimated: \(shapes[lead.metric]?.count ?? 0) of the \(rows) trials recorded it "
                                + "(unbalanced)"
                    )
                }
                switch anova.estimate(reference: reference) {
                case .success(let r): return BalancedEstimate(metric: lead.metric, scale: scale, estimate: r, note: nil)
                case .failure(let why):
                    return BalancedEstimate(
                        metric: lead.metric, scale: scale, estimate: nil, note: "not estimated: \(why)")
                }
            }
        }
    }
}
