import Foundation
import Harness
import Statistics

/// Whether the headline survives the task mix (issue 46): a spec's tasks are a choice, and a headline that one
/// task or one class of tasks decides is about that choice, not about the designs. The Answer's best strategy is
/// ranked again with each task left out in turn, and with each class of tasks alone (the tasks that share the
/// value of one of their fields, `intent: cancel`). The headline holds in a variation when the best still ranks
/// first there, or the one that ranks first instead is not measurably better (the one contrast, `Contrast`).
///
/// Every reweighting of a field's classes is covered by the classes alone: the people meet every task equally
/// often, so under any weights a difference of means is a weighted average of the classes' differences, and it
/// keeps its sign when each class's does (for a restricted mean time, nearly so).
public struct TaskMix: Sendable, Codable, Hashable {
    public typealias Variation = HeadlineVariation

    /// The headline's best strategy (the Answer ranking's first).
    public var best: String
    /// The fields whose values class the tasks.
    public var fields: [String]
    public var variations: [Variation]
    /// Goals some designs cannot express (their ceiling is at or above the task's tolerance): task id → those.
    public var inexpressible: [String: [String]] = [:]

    public var holds: Bool { variations.allSatisfy(\.holds) }

    /// The name of the subset of the tasks every design can express.
    static let expressibleName = "only the tasks every design can express"

    /// The tasks every strategy can express, when some cannot (`CeilingSection`): there the headline compares
    /// what people do with the designs, not which goals a design's controls contain.
    static func expressibleSubset(_ tasks: [TaskSpec], ceilings: [DesignCeiling]) -> (name: String, tasks: [String])? {
        let out = Set(ceilings.filter { !$0.expressible && !$0.deltaE.isNaN }.map(\.task))
        let common = tasks.map(\.id).filter { !out.contains($0) }
        guard !out.isEmpty, !common.isEmpty else { return nil }
        return ("\(expressibleName) (\(common.joined(separator: ", ")))", common)
    }

    /// The subsets of the tasks a spec's headline is ranked on: the tasks every design can express (when some
    /// cannot), each task left out (when there are at least two)
    /// and, for each field that parts the tasks into classes (every task has it, and not every task the same or
    /// a value of its own), each class alone.
    static func subsets(_ tasks: [TaskSpec], ceilings: [DesignCeiling] = []) -> [(name: String, tasks: [String])] {
        guard tasks.count > 1 else { return [] }
        let ids = tasks.map(\.id)
        var out = expressibleSubset(tasks, ceilings: ceilings).map { [$0] } ?? []
        out += tasks.map { t in ("without \(t.id) (\(t.label))", ids.filter { $0 != t.id }) }
        for field in classingFields(tasks) {
            var values: [String] = []
            for t in tasks where !values.contains(t.fields[field]!) { values.append(t.fields[field]!) }
            for value in values {
                let members = tasks.filter { $0.fields[field] == value }.map(\.id)
                let count = members.count == 1 ? "1 task" : "\(members.count) tasks"
                out.append(("only \(field): \(value) (\(count))", members))
            }
        }
        return out
    }

    /// The fields, sorted, whose values part the tasks into at least two classes, one of them of several tasks.
    static func classingFields(_ tasks: [TaskSpec]) -> [String] {
        let keys = Set(tasks.flatMap(\.fields.keys)).sorted()
        return keys.filter { key in
            let values = tasks.compactMap { $0.fields[key] }
            let distinct = Set(values).count
            return values.count == tasks.count && distinct > 1 && distinct < tasks.count
        }
    }

    /// What the check reads of the run: each strategy's headline metric on each subset, by participant.
    static func requests(
        spec: ExperimentSpec, metric: String, ceilings: [DesignCeiling], into r: inout SelectionRequests
    ) {
        guard !metric.isEmpty, spec.better(metric) != .neither else { return }
        for subset in subsets(spec.tasks, ceilings: ceilings) {
            HeadlineVariation.requests(spec: spec, metric: metric, tasks: subset.tasks, into: &r)
        }
    }

    /// The check of `best`, the Answer's first on `metric`; nil when the spec has one task or no better way.
    static func check(
        spec: ExperimentSpec, results: ResultSet, metric: String, best: String, ceilings: [DesignCeiling] = []
    ) -> TaskMix? {
        let subsets = subsets(spec.tasks, ceilings: ceilings)
        guard spec.better(metric) != .neither, !subsets.isEmpty else { return nil }
        let variations = subsets.compactMap { subset in
            HeadlineVariation.make(
                name: subset.name, tasks: subset.tasks, spec: spec, results: results, metric: metric, best: best)
        }
        guard !variations.isEmpty else { return nil }
        var mix = TaskMix(best: best, fields: classingFields(spec.tasks), variations: variations)
        for c in ceilings where !c.expressible && !c.deltaE.isNaN {
            mix.inexpressible[c.task, default: []].append(c.strategy)
        }
        return mix
    }

    /// The Answer's sentence: whether the headline holds, and where first it does not.
    func sentence(_ definition: MetricDefinition) -> String {
        let parts =
            ["each task left out"]
            + (fields.isEmpty ? [] : ["each class of tasks (\(fields.joined(separator: ", "))) alone"])
            + (inexpressible.isEmpty ? [] : ["on the tasks every design can express"])
        guard let broken = variations.first(where: { !$0.holds }) else {
            return "Task mix: \(best) stays first, or tied with the first, with \(AnswerSection.list(parts))."
        }
        let others = variations.filter { !$0.holds }.count - 1
        let by = broken.bestMinusFirst.map { " (\(best) minus it: \(AnswerRanking.differenceText($0, definition)))" }
        return "The task mix decides: \(broken.name), \(broken.first) ranks first\(by ?? "")"
            + (others > 0 ? "; likewise in \(others) other subset\(others == 1 ? "" : "s") of the tasks." : ".")
    }

    /// The folded table: every variation, the one ranked first, the best's rank and difference, the verdict.
    func add(to doc: inout ReportDocument, definition: MetricDefinition, confidence: Double) {
        doc.add(.foldStart(summary: "The task mix: \(best) ranked again on \(variations.count) subsets of the tasks"))
        let classes =
            fields.isEmpty
            ? " (no field of the tasks parts them into classes)."
            : ", and each class of tasks (the tasks that share a value of \(fields.joined(separator: ", "))) alone. "
                + "People meet every task equally often, so under any weighting of a field's classes a difference "
                + "of means lies between the classes' own differences: when \(best) holds in each class alone, it "
                + "holds under every weighting of them (for restricted mean times, nearly so)."
        doc.add(.paragraph("Each task left out in turn" + classes))
        if !inexpressible.isEmpty {
            let goals = inexpressible.keys.sorted().map { "\($0) (\(AnswerSection.list(inexpressible[$0]!)))" }
            doc.add(
                .paragraph(
                    "Goals some designs cannot express (their ceiling is at or above the task's tolerance; see "
                        + "the ceilings below): \(goals.joined(separator: "; ")). The first row compares the "
                        + "designs on the tasks every one of them can express."))
        }
        let header = [
            "tasks", "first", "value of the first", "rank of \(best)",
            "\(best) minus the first [\(formatNumber(confidence * 100))% CI]", "holds",
        ]
        let rows = variations.map { v -> [String] in
            [
                v.name, v.first, AnswerRanking.text(v.firstValue, definition, withUnit: true), "\(v.bestRank)",
                v.bestMinusFirst.map { AnswerRanking.differenceText($0, definition) } ?? "–",
                v.holds ? "yes" : "no (\(best) is worse)",
            ]
        }
        doc.add(.table(header: header, rows: rows))
        doc.add(.foldEnd)
    }
}
