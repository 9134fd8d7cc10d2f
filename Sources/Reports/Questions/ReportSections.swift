import Designs
import Foundation
import Harness

/// Sections most question reports write the same way: the strategies with
/// their designs' summaries, the figures with their sources, and the paired
/// differences of "Why they differ".
package extension ReportKit {
    /// "Strategies": each of the spec's strategies with its design's summary and
    /// the parameters the spec sets (or `unparameterised` when it sets none), or what `describe` says of them.
    func addStrategies(
        _ question: DesignQuestion, unparameterised: String = "", to doc: inout ReportDocument,
        describe: ((StrategySpec) -> String)? = nil
    ) {
        doc.add(.heading(level: 2, text: "Strategies"))
        doc.add(
            .bullets(
                spec.strategies.map { s in
                    let summary = s.summary(in: question)
                    if let describe { return "\(s.label): \(summary)" + describe(s) }
                    let params = s.parameters.keys.sorted().map { "\($0) = \(s.parameters[$0]!)" }.joined(
                        separator: ", ")
                    return "\(s.label): \(summary)" + (params.isEmpty ? unparameterised : " Parameters: \(params).")
                }))
    }

    /// "Results by strategy": a table with one row a strategy, its label first and `cells` after it, the
    /// `header` naming the cells, and `note` (how to read the table) below it.
    func addResultsByStrategy(
        _ header: [String], note: String? = nil, to doc: inout ReportDocument, cells: (String) -> [String]
    ) {
        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.table(header: ["strategy"] + header, rows: strategies.map { [$0] + cells($0) }))
        if let note { doc.add(.paragraph(note)) }
    }

    /// "Figures": each figure's PNG, linked to its SVG, gnuplot script and data.
    static func addFigures(_ figures: [GnuplotFigure], to doc: inout ReportDocument) {
        doc.add(.heading(level: 2, text: "Figures"))
        for f in figures {
            doc.add(
                .figure(
                    file: "\(f.name).png", caption: f.title,
                    links: ["\(f.name).svg", "\(f.name).gp"] + f.data.map(\.file)))
        }
    }

    /// One bullet of "Why they differ": `other − base` on `metric` over the same
    /// participants (paired bootstrap), or nil when either side has fewer than
    /// three values. `seedKey` names the comparison in the report's seed;
    /// `metric` must be asked for by participant.
    func pairedDifference(
        _ metric: String, what: String, base: (label: String, trials: SelectedTrials),
        other: (label: String, trials: SelectedTrials),
        seedKey: String, prefix: String = "", digits: Int = 3
    ) -> String? {
        guard base.trials.valueCount(metric) >= 3, other.trials.valueCount(metric) >= 3,
            let a = base.trials.comparable(metric), let b = other.trials.comparable(metric)
        else { return nil }
        let (stat, d) = Comparisons.difference(
            a, b, metric: metric, paired: true, confidence: confidence,
            resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, seedKey))
        let s = other.label
        let verdict = d.lower > 0 ? "\(s) is higher" : d.upper < 0 ? "\(s) is lower" : "not distinguishable"
        let c = formatNumber(confidence * 100)
        return
            "\(prefix)\(s) − \(base.label), \(what): \(stat) difference \(formatEstimate(d, digits: digits)) (\(c)% "
                + "paired bootstrap over participants): \(verdict)."
    }

    /// "Why they differ": each strategy after the first against the first, on
    /// each of `metrics` in turn (strategy by strategy), read from the trials
    /// `rows` selects for the metric's part of the task set. `seedKey` names each
    /// comparison in the report's seed, as `pairedDifference` says.
    func differencesFromFirst<Part>(
        _ strategies: [String], _ metrics: [(metric: String, what: String, part: Part)],
        rows: (String, Part) -> SelectedTrials, seedKey: (_ metric: String, _ strategy: String, Part) -> String,
        prefix: (Part) -> String = { _ in "" }, digits: Int = 3
    ) -> [String] {
        guard let base = strategies.first else { return [] }
        return strategies.dropFirst().flatMap { s in
            metrics.compactMap { m in
                pairedDifference(
                    m.metric, what: m.what, base: (base, rows(base, m.part)), other: (s, rows(s, m.part)),
                    seedKey: seedKey(m.metric, s, m.part), prefix: prefix(m.part), digits: digits)
            }
        }
    }

    /// The same over every trial of each strategy, each comparison seeded as
    /// `<seedPrefix>/<metric>/<strategy>`.
    func differencesFromFirst(
        _ strategies: [String], _ metrics: [(metric: String, what: String)], rows: (String) -> SelectedTrials,
        seedPrefix: String, digits: Int = 3
    ) -> [String] {
        differencesFromFirst(
            strategies, metrics.map { ($0.metric, $0.what, ()) }, rows: { s, _ in rows(s) },
            seedKey: { metric, s, _ in "\(seedPrefix)/\(metric)/\(s)" }, digits: digits)
    }

    /// The question-defined task of type `T` with this id, if the spec has one.
    func customTask<T: QuestionTaskGoal>(_ id: String, as type: T.Type = T.self) -> T? {
        spec.tasks.first { $0.id == id }?.custom(type)
    }

    /// The ids of the spec's question-defined tasks of type `T` that `keep`
    /// accepts: a task class as a selection's task set (`TrialSelection.tasks`).
    static func customTaskIDs<T: QuestionTaskGoal>(
        _ spec: ExperimentSpec, as type: T.Type, where keep: (T) -> Bool
    ) -> Set<String> {
        Set(spec.tasks.filter { $0.custom(type).map(keep) ?? false }.map(\.id))
    }

    /// The distinct values `level` reads off the spec's question-defined tasks of type `T`, ascending: the
    /// levels of a task factor a report breaks its tables down by (nil: the task has none).
    static func customTaskLevels<T: QuestionTaskGoal, V: Hashable & Comparable>(
        _ spec: ExperimentSpec, as type: T.Type, _ level: (T) -> V?
    ) -> [V] {
        Array(Set(spec.tasks.compactMap { $0.custom(type).flatMap(level) })).sorted()
    }

    /// The cases of `V` that the spec's question-defined tasks of type `T` use, in declaration order.
    static func customTaskLevels<T: QuestionTaskGoal, V: CaseIterable & Equatable>(
        _ spec: ExperimentSpec, as type: T.Type, _ level: (T) -> V
    ) -> [V] {
        let used = spec.tasks.compactMap { $0.custom(type).map(level) }
        return V.allCases.filter(used.contains)
    }
}
