import Foundation
import Harness
import Statistics
import UserModels

/// Which headline rests on which mechanism of the simulated people (issue 46): the run again with each mechanism
/// switched off in turn (`refine sensitivity --ablate`, `Ablation`), the headline ranked again in each, and the
/// Answer's best against whoever ranks first there.
enum AblationSection {
    static func build(spec: ExperimentSpec, store: RunStore, answer: Answer, into doc: inout ReportDocument) throws {
        let metric = answer.metric, variants = spec.ablationVariants()
        guard let best = answer.ranking.first?.strategy, spec.better(metric) != .neither, !variants.isEmpty else {
            return
        }
        doc.add(.heading(level: 3, text: "Mechanisms switched off"))
        let latest = try ResultSet.latestVariantRuns(of: spec, in: store) { $0.hasPrefix("ablate=") }
        guard !latest.isEmpty else {
            doc.add(
                .paragraph(
                    "No ablation runs of this spec in the database yet: run `refine sensitivity \(spec.path) "
                        + "--ablate` with the same --db, then report again."))
            return
        }
        let definition = MetricCatalog.definition(metric)
        // The same people with every mechanism on: what each ablation is compared with (absent in runs made
        // before the reference existed; then the Answer's ranking stands in for it).
        let reference = try latest[ExperimentSpec.ablationReferenceLabel].flatMap {
            try variation("every mechanism on", run: $0, spec: spec, metric: metric, store: store, best: best)
        }
        var rows: [[String]] = [], changed: [String] = [], missing: [String] = []
        if let reference {
            rows.append(
                row("none (every mechanism on)", "–", reference, definition,
                    verdict: reference.holds ? "holds" : "\(best) is worse"))
        }
        for v in variants {
            guard let ablation = v.ablation else { continue }
            guard let run = latest[v.label] else {
                missing.append(ablation.rawValue)
                continue
            }
            guard
                let variation = try variation(
                    ablation.rawValue, run: run, spec: spec, metric: metric, store: store, best: best)
            else {
                continue
            }
            let verdict = Self.verdict(variation, against: reference, best: best)
            if verdict.restsOn { changed.append("\(ablation.rawValue) (\(variation.first) ranks first)") }
            rows.append(
                row("\(ablation.rawValue): \(ablation.meaning)", ablation.settings, variation, definition,
                    verdict: verdict.words))
        }
        let participants = variants[0].spec.population.participants
        var text =
            "The experiment again with one mechanism of the simulated people switched off at a time (its "
            + "parameters fixed for everyone where it does nothing; the same seed, so the same people but "
            + "for it; \(participants) participants, the sweeps' number, so a change smaller than the "
            + "intervals goes unseen), and the headline, \(best) first on \(definition.words), "
            + "ranked again. It holds when \(best) still ranks first or is not measurably worse than the "
            + "first. "
        if let reference {
            text +=
                "Each is compared with the same people with every mechanism on (the first row)"
                + (reference.holds
                    ? ". "
                    : ", where the headline already does not hold at this size (\(reference.first) ranks first and "
                        + "\(best) is measurably worse; the Answer's \(spec.population.participants) people rank them "
                        + "otherwise): a mechanism is said to carry the headline only where switching it off changes "
                        + "that. ")
        } else {
            text += "(No reference run with every mechanism on: run `refine sensitivity --ablate` again.) "
        }
        text +=
            changed.isEmpty
            ? "Switched off one at a time, no mechanism changes it."
            : "It rests on \(AnswerSection.list(changed)): switched off, \(best) is measurably worse."
        doc.add(.paragraph(text))
        let confidence = formatNumber(spec.report.confidence * 100)
        doc.add(
            .table(
                header: [
                    "switched off", "parameters fixed", "first", "value of the first", "rank of \(best)",
                    "\(best) minus the first [\(confidence)% CI]", "headline",
                ], rows: rows))
        if !missing.isEmpty { doc.add(.paragraph("Not run yet: \(missing.joined(separator: ", ")).")) }
    }

    /// What switching a mechanism off did to the headline, against the reference run (nil: none was run, so
    /// against the Answer): whether the headline rests on it, and the table's words.
    static func verdict(
        _ v: HeadlineVariation, against reference: HeadlineVariation?, best: String
    ) -> (restsOn: Bool, words: String) {
        guard let reference else { return (!v.holds, v.holds ? "holds" : "changes: \(best) is worse") }
        if v.first == reference.first && v.firstValue == reference.firstValue && v.bestValue == reference.bestValue {
            return (false, "as with every mechanism on")
        }
        switch (reference.holds, v.holds) {
        case (true, true): return (false, "holds")
        case (true, false): return (true, "changes: \(best) is worse")
        case (false, true): return (false, "\(best) no longer worse")
        case (false, false): return (false, "still does not hold")
        }
    }

    /// One row of the table: what was switched off, the ranking on its run, and `verdict`.
    static func row(
        _ name: String, _ settings: String, _ v: HeadlineVariation, _ definition: MetricDefinition, verdict: String
    ) -> [String] {
        [
            name, settings, v.first, AnswerRanking.text(v.firstValue, definition), "\(v.bestRank)",
            v.bestMinusFirst.map { AnswerRanking.differenceText($0, definition) } ?? "–", verdict,
        ]
    }

    /// The headline (`best` first on `metric`) ranked on the ablation run `run`.
    static func variation(
        _ name: String, run: RunRecord, spec: ExperimentSpec, metric: String, store: RunStore, best: String
    ) throws -> HeadlineVariation? {
        var requests = SelectionRequests()
        HeadlineVariation.requests(spec: spec, metric: metric, tasks: nil, into: &requests)
        let reader = SelectionReader(requests)
        let head = try ResultSet.head(from: store, experiment: spec.name, runID: run.id)
        var results = try ResultSet.load(from: store, head: head, alongside: [reader])
        results.selections = reader.selected
        return HeadlineVariation.make(
            name: name, tasks: nil, spec: spec, results: results, metric: metric, best: best)
    }
}
