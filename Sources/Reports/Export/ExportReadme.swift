import Foundation
import Harness

/// README.txt of an export folder: the files, where the rows come from, what
/// each column holds, the models export.R fits, and Refine's own estimates.
enum ExportReadme {
    static func text(
        spec: ExperimentSpec, run: RunRecord, table: TrialTable, format: ExportFormat, rows: Int,
        models: ExportModels, balanced: [TrialExport.BalancedEstimate]
    ) -> String {
        let width = max(14, (table.columns.map(\.name.count).max() ?? 0) + 2)
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(1, width - s.count)) }
        let encoding =
            format == .csv
            ? "CSV (RFC 4180): UTF-8, a header row, CRLF line ends, fields with commas, quotes or line breaks in "
                + "double quotes; a missing value is an empty field"
            : "Apache Parquet: one column chunk per column, PLAIN encoding, uncompressed; a missing value is null"
        var lines = [
            "\(spec.name): the trials of run \(run.id), exported by `refine export`",
            "",
            "Files",
            "  \(pad(format.fileName))one row per trial (\(rows) rows, \(table.columns.count) columns), in key "
                + "order. \(encoding).",
            "  \(pad("export.R"))mixed-effects models of the spec's lead metrics: `Rscript export.R` (needs lme4 and "
                + "survival\(format == .parquet ? ", and arrow" : "")).",
            "  \(pad(""))It writes models.csv (the estimates) and design.csv (trials per level of each factor, as R "
                + "read them).",
            "  \(pad("README.txt"))this file.",
            "",
            "The run: \(run.experiment), run \(run.id) (\(run.effectiveStatus)), seed \(run.seed), "
                + "spec \(run.specPath) (SHA-256 \(run.specSHA256)),",
            "started \(run.startedAt), finished \(run.finishedAt ?? "–"). `refine show --db DB` lists the database's "
                + "runs; the spec",
            "and every other piece of provenance are in its `run` table.",
            "",
            "Columns"
        ]
        for c in table.columns {
            let kind =
                switch c.kind {
                case .string: "text";
                case .int64: "integer";
                case .double: "number"
                }
            lines.append("  \(pad(c.name))(\(kind)\(c.optional ? ", may be missing" : "")) \(c.meaning)")
        }
        let random =
            models.random.isEmpty ? "no random effects" : RScript.listing(models.random) + " as random intercepts"
        lines += [
            "",
            "Models (export.R; "
                + "\(random)"
                + ", strategy reference \(spec.strategies.first?.label ?? "–"))"
        ]
        for lead in models.leads {
            lines.append("  \(pad(lead.metric))\(lead.kind == .none ? "not fitted: \(lead.note ?? "")" : lead.formula)")
        }
        if models.leads.contains(where: { $0.kind == .survival }) {
            lines.append(
                "  time to effect: reached at time_to_effect_s, or censored at time_to_done_s when the person "
                    + "stopped; tasks with a goal only."
            )
        }
        if !balanced.isEmpty {
            lines += [
                "",
                "Refine's own estimates of the lmer models (a balanced design: marginal-mean contrasts, ANOVA variance",
                "components, equal to lmer's REML estimates when positive); compare with models.csv:"
            ]
            for b in balanced {
                guard let e = b.estimate else { lines.append("  \(pad(b.metric))\(b.note ?? "")"); continue }
                var parts: [String] = []
                for (factor, contrasts) in e.contrasts.sorted(by: { $0.key > $1.key }) {
                    for (level, value) in contrasts.sorted(by: { $0.key < $1.key }) {
                        parts.append("\(factor)\(level) \(format6(value))")
                    }
                }
                parts.append("(Intercept) \(format6(e.intercept))")
                for (factor, value) in e.variances.sorted(by: { $0.key < $1.key }) {
                    parts.append("var(\(factor)) \(format6(value))")
                }
                lines.append("  \(pad(b.metric + (b.scale == "log" ? " (log)" : "")))" + parts.joined(separator: "; "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format6(_ x: Double) -> String { String(format: "%.6g", x) }
}
