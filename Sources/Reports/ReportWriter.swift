import Foundation
import Harness
import Randomness
import Statistics
import UserModels

/// Writes `Reports/<experiment>/`: `index.html`, its Markdown twin `report.md`,
/// and every figure with its data and gnuplot script. The folder is built under
/// a temporary name and swapped in at the end, so a failure never leaves a
/// half-written report (and the previous one stays in place).
public enum ReportWriter {
    /// What was reported: the folder written, and the run and its number of trials.
    public struct Written: Sendable {
        public var folder: URL
        public var runID: Int64
        public var trials: Int
    }

    /// Builds and writes the report.
    @discardableResult
    public static func write(
        spec current: ExperimentSpec, store: RunStore, runID: Int64? = nil, to output: URL
    ) throws -> Written {
        let head = try ResultSet.head(from: store, experiment: current.name, runID: runID)
        // Report the run with the spec it was made from, even if the file has changed since.
        let spec = try ResultSet.spec(of: head.run, storedText: head.specText, current: current)
        // Summaries sections read instead of the trials come from the same pass as the trials.
        let headline = AnswerSection.reader(spec: spec)
        let ceilings = try CeilingSection.reader(spec: spec)
        let setup = Sections.SetupCounts(), chosen = ReplaySection.reader(spec: spec)
        let screened = try ScreeningAnalysis.reader(spec: spec, store: store)
        let learning = LearningSection.reader(spec: spec)
        // The selections the answer and the question's sections read, summarised in the same pass.
        var requests = spec.reportedQuestion?.reportSections.requests(spec) ?? SelectionRequests()
        AnswerSection.requests(spec: spec, ceilings: ceilings?.ceilings ?? [], into: &requests)
        let selections = SelectionReader(requests)
        var results = try ResultSet.load(
            from: store, head: head,
            alongside: [setup, chosen, learning, selections, headline as (any RunReader)?, ceilings, screened]
                .compactMap { $0 })
        results.selections = selections.selected
        let folder = try StagedFolder.write(to: output) { staging in
            let screening = try ScreeningAnalysis.load(spec: spec, store: store, main: screened?.samples)
            var report = QuestionReport(
                spec: spec, results: results, screening: screening, folder: staging,
                document: ReportDocument(title: spec.report.title), figures: [])
            let answer = AnswerSection.build(
                spec: spec, results: results, samples: headline?.samples,
                screening: screening, trials: setup.trials, ceilings: ceilings?.ceilings ?? [],
                into: &report.document)
            // The answer alone, for `refine report --index` and for scripts.
            try JSONFiles.write(answer, to: staging.appendingPathComponent("answer.json"))
            Sections.introduction(
                spec: spec, run: results.run, counts: setup,
                limits: AnswerSection.limitShares(
                    spec: spec, results: results, samples: headline?.samples, metric: answer.metric),
                bucketed: results.selections.values.contains(where: \.hasBucketedValues), into: &report.document)
            if let question = spec.reportedQuestion {
                try question.reportSections.build(&report)
            } else {
                report.document.add(.paragraph("No question-specific sections for '\(spec.question)'."))
            }
            CeilingSection.build(spec: spec, reader: ceilings, into: &report.document)
            LearningSection(kit: ReportKit(spec: spec, results: results), positions: learning.positions).build(
                into: &report.document, figures: &report.figures)
            ReplaySection.build(
                spec: spec, results: results, chosen: chosen, store: store, into: &report.document, folder: staging)
            try TuningSection.build(spec: spec, store: store, into: &report.document, figures: &report.figures)
            try SensitivitySection.build(
                spec: spec, store: store, screening: screening, into: &report.document, figures: &report.figures)
            try AblationSection.build(spec: spec, store: store, answer: answer, into: &report.document)
            Sections.provenance(spec: spec, results: results, into: &report.document)
            let document = report.document
            for figure in report.figures { try Gnuplot.render(figure, in: staging) }
            try document.html.write(to: staging.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            try document.markdown.write(
                to: staging.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        }
        return Written(folder: folder, runID: results.run.id, trials: setup.trials)
    }
}

/// Sections every experiment's report has.
package enum Sections {
    /// `bucketed`: some selection's values were counted in buckets (said in the set-up).
    /// `limits`: how much of a strategy's trials each limit stopped at most (`AnswerSection.limitShares`).
    static func introduction(
        spec: ExperimentSpec, run: RunRecord, counts: SetupCounts, limits: String? = nil, bucketed: Bool = false,
        into doc: inout ReportDocument
    ) {
        doc.add(.heading(level: 2, text: "The question"))
        for para in spec.description.split(separator: "\n\n") {
            doc.add(.paragraph(para.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)))
        }
        let groups = counts.participantsByGroup
        doc.add(.heading(level: 2, text: "Set-up"))
        var setUp: [String?] = []
        setUp.append(
            "Run \(run.id) of \(spec.name) (\(run.effectiveStatus)), seed \(spec.seed): \(counts.trials) "
            + "trials.")
        setUp.append(
            "Devices: \(spec.devices.map(\.name).joined(separator: ", ")).")
        setUp.append(
            "Participants: \(spec.population.participants) (\(groups["novice"] ?? 0) "
            + "novices, \(groups["expert"] ?? 0) experts), each the same simulated person under every "
            + "strategy and device.")
        setUp.append(
            "Tasks: \(spec.tasks.count) "
            + "(\(spec.tasks.map(\.label).joined(separator: "; "))), \(spec.replications) replication(s).")
        setUp.append(
            "Limits: \(formatNumber(spec.limits.timeLimit)) s or \(spec.limits.maxAttempts) attempts per "
            + "trial\(limits.map { "; " + $0 } ?? "").")
        setUp.append(
            bucketed
            ? "Large selections: where a table cell or curve reads more than \(PooledSketch.exactLimit) "
                + "trials, or more than \(ValueSketch.exactLimit) from one person, its medians, quantiles "
                + "and distribution curves come from log buckets "
                + "of \(formatNumber(ValueBuckets.relativeWidth * 100, digits: 2))% (each read as the "
                + "bucket's smallest value: at most that much low); counts, rates and means are exact."
            : nil)
        setUp.append(
            "Intervals: \(formatNumber(spec.report.confidence * 100))% — times to effect as Kaplan–Meier "
            + "curves (failures censored when the person stopped) with their medians, bands and "
            + "reached-by shares, and per-strategy rates and medians, all from a seeded percentile "
            + "bootstrap over participants (\(spec.report.bootstrapResamples) resamples, at most 1000 for "
            + "the curves; a participant's trials are resampled together), Wilson for rates where each "
            + "participant gave one trial.")
        doc.add(.bullets(setUp.compactMap { $0 }))
        if !spec.population.overrides.isEmpty {
            doc.add(
                .paragraph(
                    "User-model parameters overridden by the spec: "
                        + spec.population.overrides.keys.sorted().map { "\($0) = \(spec.population.overrides[$0]!)" }
                        .joined(separator: "; ") + "."))
        }
    }

    static func provenance(spec: ExperimentSpec, results: ResultSet, into doc: inout ReportDocument) {
        doc.add(.heading(level: 2, text: "Provenance"))
        doc.add(
            .paragraph(
                "Everything needed to rerun this report: `refine run \(spec.path) --db DB` with the spec below "
                    + "reproduces every number bit for bit."
            ))
        doc.add(.table(header: ["field", "value"], rows: results.provenance.map { [$0.0, $0.1] }))
        if !results.dataFiles.isEmpty {
            doc.add(.table(header: ["data file", "SHA-256"], rows: results.dataFiles.map { [$0.0, $0.1] }))
        }
        doc.add(.paragraph("Spec (SHA-256 \(spec.sha256)):"))
        doc.add(.code(spec.text))
    }

    /// A seed for a report statistic, stable across runs of the report.
    package static func seed(_ spec: ExperimentSpec, _ label: String) -> UInt64 {
        Seed.derive(spec.seed, "report/\(label)")
    }
}
