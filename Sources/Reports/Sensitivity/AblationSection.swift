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
        var rows: [[String]] = [], changed: [String] = [], missing: [String] = []
        for v in variants {
            guard let run = latest[v.label] else {
                missing.append(v.ablation.rawValue)
                continue
            }
            guard
                let variation = try variation(
                    v.ablation, run: run, spec: spec, metric: metric, store: store, best: best)
            else {
                continue
            }
            if !variation.holds { changed.append("\(v.ablation.rawValue) (\(variation.first) ranks first)") }
            rows.append([
                "\(v.ablation.rawValue): \(v.ablation.meaning)", v.ablation.settings, variation.first,
                AnswerRanking.text(variation.firstValue, definition), "\(variation.bestRank)",
                variation.bestMinusFirst.map { AnswerRanking.differenceText($0, definition) } ?? "–",
                variation.holds ? "holds" : "changes: \(best) is worse",
            ])
        }
        let participants = variants[0].spec.population.participants
        doc.add(
            .paragraph(
                "The experiment again with one mechanism of the simulated people switched off at a time (its "
                    + "parameters fixed for everyone where it does nothing; the same seed, so the same people but "
                    + "for it; \(participants) participants, the sweeps' number, so a change smaller than the "
                    + "intervals goes unseen), and the headline, \(best) first on \(definition.words), "
                    + "ranked again. It holds when \(best) still ranks first or is not measurably worse than the "
                    + "first. "
                    + (changed.isEmpty
                        ? "Switched off one at a time, no mechanism changes it."
                        : "It rests on \(AnswerSection.list(changed)): switched off, \(best) is measurably worse.")))
        let confidence = formatNumber(spec.report.confidence * 100)
        doc.add(
            .table(
                header: [
                    "switched off", "parameters fixed", "first", "value of the first", "rank of \(best)",
                    "\(best) minus the first [\(confidence)% CI]", "headline",
                ], rows: rows))
        if !missing.isEmpty { doc.add(.paragraph("Not run yet: \(missing.joined(separator: ", ")).")) }
    }

    /// The headline (`best` first on `metric`) ranked on the ablation run `run`.
    static func variation(
        _ ablation: Ablation, run: RunRecord, spec: ExperimentSpec, metric: String, store: RunStore, best: String
    ) throws -> HeadlineVariation? {
        var requests = SelectionRequests()
        HeadlineVariation.requests(spec: spec, metric: metric, tasks: nil, into: &requests)
        let reader = SelectionReader(requests)
        let head = try ResultSet.head(from: store, experiment: spec.name, runID: run.id)
        var results = try ResultSet.load(from: store, head: head, alongside: [reader])
        results.selections = reader.selected
        return HeadlineVariation.make(
            name: ablation.rawValue, tasks: nil, spec: spec, results: results, metric: metric, best: best)
    }
}
