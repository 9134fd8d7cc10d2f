import Designs
import Foundation
import Harness
import Interaction
import Reports
import UserModels

/// The label-affordance sections: what the title's look made of people meaning
/// to log in (taps on a title that does nothing, time to the real button), by
/// intent, and the cues each control shows as the person's eye reads them.
/// Results are read from selections summarised in the report's pass
/// (`requests(spec:)`), not from loaded trials.
struct LabelAffordanceReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks of intent `i`.
    static func tasks(_ spec: ExperimentSpec, _ i: AppIntent) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: LabelAffordanceTask.self) { k in k.intent == i }
    }
    /// The intents of the spec's tasks, in `AppIntent` order.
    static func intents(_ spec: ExperimentSpec) -> [AppIntent] {
        ReportKit.customTaskLevels(spec, as: LabelAffordanceTask.self) { $0.intent }
    }
    /// A strategy's trials (of the tasks of intent `i`; nil: all), narrowed by `conditions`.
    static func trials(
        _ spec: ExperimentSpec, _ s: String, _ i: AppIntent? = nil, _ conditions: MetricCondition...
    ) -> TrialSelection {
        TrialSelection(strategy: s, tasks: i.map { tasks(spec, $0) }, where: conditions)
    }
    private func rows(_ s: String, _ i: AppIntent? = nil) -> SelectedTrials { selected(Self.trials(spec, s, i)) }
    private var intents: [AppIntent] { Self.intents(spec) }

    /// Everything the label-affordance sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(trials(spec, s), survival: true)
            for i in intents(spec) {
                r.add(
                    trials(spec, s, i), metrics: ["label_taps", "dead_taps", "reached_effect", "title_looks_tappable"],
                    byParticipant: ["right_first_time", "label_tapped"], survival: true)
            }
            for v in [1.0, 0.0] {
                r.add(
                    trials(spec, s, .logIn, .equals("label_tapped", v)),
                    metrics: ["title_looks_tappable", "time_to_effect_s"])
            }
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(LabelAffordanceDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.labelAffordance["modal-vk-authorization"]))

        doc.add(.heading(level: 2, text: "What the eye reads"))
        doc.add(.paragraph(ReportProse.labelAffordance["cues-control-shows"]))
        let typical = Participant(
            id: "typical", group: .novice,
            values: Dictionary(uniqueKeysWithValues: ParameterCatalog.all.map { ($0.path, $0.novice.typical) }))
        let model = SignifierModel(participant: typical)
        var cueRows: [[String]] = []
        for s in spec.strategies {
            guard let device = spec.devices.first,
                let auth = try? LabelAffordanceDeclaration.layout(s).make(on: device)
            else { continue }
            for control in auth.screen.controls where control.label != nil {
                let cues = SignifierCues.of(control, on: auth.screen, fullDE: model.fullDE)
                cueRows.append([
                    s.label, control.label!, formatNumber(cues.fill, digits: 2), formatNumber(cues.accent, digits: 2),
                    formatNumber(cues.weight, digits: 2),
                    formatNumber(cues.position, digits: 0), formatNumber(model.tappability(cues), digits: 2),
                    auth.actions[control.id] == nil ? "nothing" : "responds"
                ])
            }
        }
        doc.add(
            .table(
                header: [
                    "strategy", "control", "fill", "accent", "weight", "off top centre", "looks tappable", "a tap"
                ], rows: cueRows))

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(
            .table(
                header: [
                    "strategy", "intent", "right first time (\(confidencePercent)% CI)",
                    "tapped the title (\(confidencePercent)% CI)", "mean taps on the title",
                    "mean taps that did nothing",
                    "median time to the right control s, Kaplan–Meier (\(confidencePercent)% CI)", "reached it",
                    "median title looks tappable"
                ],
                rows: strategies.flatMap { s in
                    intents.map { i in
                        let t = rows(s, i)
                        return [
                            s, i.rawValue, kit.rate("right_first_time", t), kit.rate("label_tapped", t),
                            formatNumber(t.pooled("label_taps").mean, digits: 3),
                            formatNumber(t.pooled("dead_taps").mean, digits: 3),
                            kit.survivalMedianText(t), kit.rate("reached_effect", t),
                            kit.medianText("title_looks_tappable", t)
                        ]
                    }
                }))
        doc.add(
            .paragraph(
                "Right first time: the first tap did what the person meant. Times count from the screen appearing; "
                    + "trials that never got there are censored at the time limit or when the person gave up. Rates "
                    + "carry \(confidencePercent)% intervals over participants."
            ))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0) }, name: "survival_login",
                title: "Time until the control the person meant responds", marker: 2))
        figures.append(titleTapFigure())
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets: [String] = []
        let compared = intents.flatMap { i in
            [(metric: "label_tapped", what: "tapped the title", part: i), ("right_first_time", "right first time", i)]
        }
        bullets += kit.differencesFromFirst(
            strategies, compared, rows: { rows($0, $1) },
            seedKey: { metric, s, i in "label/\(metric)/\(s)/\(i.rawValue)" }, prefix: { "\($0.rawValue): " })
        for s in strategies {
            let tapped = selected(Self.trials(spec, s, .logIn, .equals("label_tapped", 1)))
            let others = selected(Self.trials(spec, s, .logIn, .equals("label_tapped", 0)))
            guard !tapped.isEmpty else { continue }
            bullets.append(
                "\(s): people meaning to log in who tapped the title judged it tappable at a "
                    + "median \(kit.medianText("title_looks_tappable", tapped)), "
                    + "against \(kit.medianText("title_looks_tappable", others)) for the others; their median time to "
                    + "the Log in button was \(kit.medianText("time_to_effect_s", tapped)) s "
                    + "against \(kit.medianText("time_to_effect_s", others)) s."
            )
        }
        doc.add(.bullets(bullets))
    }

    /// The share of trials with a tap on the title, by intent, one point group per strategy.
    private func titleTapFigure() -> GnuplotFigure {
        kit.rateByCategoryFigure(
            "label_tapped", categories: intents.map(\.rawValue), name: "title_taps",
            caption: "Trials with a tap on the title, by what the person meant to do",
            title: "Taps on the title Authorization", ylabel: "share of trials"
        ) { s, i in rows(s, intents[i]) }
    }
}
