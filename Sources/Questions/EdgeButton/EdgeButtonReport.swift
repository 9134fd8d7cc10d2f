import Designs
import Foundation
import Harness
import Reports

/// The edge-button sections: what each placement of the camera control made of
/// taps meant for it — photos taken by mistake, touches the system's edge
/// gestures held or took, taps lost on the panel — by position, and what the
/// panel costs of the photo. Read from selections summarised in the report's
/// pass (`requests(spec:)`), not from loaded trials.
struct EdgeButtonReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks whose control is at `position`.
    static func tasks(_ spec: ExperimentSpec, _ position: ControlPosition) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: EdgeButtonTask.self) { k in k.position == position }
    }
    /// A strategy's trials (of the tasks at `position`; nil: all), narrowed by `conditions`.
    static func trials(
        _ spec: ExperimentSpec, _ s: String, _ position: ControlPosition? = nil, _ conditions: MetricCondition...
    ) -> TrialSelection {
        TrialSelection(strategy: s, tasks: position.map { tasks(spec, $0) }, where: conditions)
    }
    private func rows(_ s: String, _ position: ControlPosition? = nil) -> SelectedTrials {
        selected(Self.trials(spec, s, position))
    }

    static let outcomes = [
        "photo_share", "right_first_time", "accidental_capture", "system_held", "system_taken", "missed_tap"
    ]

    /// Everything the edge-button sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        let positions = positions(spec)
        for s in spec.strategies.map(\.label) {
            r.add(
                trials(spec, s), metrics: outcomes + ["captures"],
                byParticipant: ["right_first_time", "accidental_capture", "system_held"], survival: true)
            for p in positions { r.add(trials(spec, s, p), metrics: outcomes) }
            r.add(trials(spec, s, nil, .equals("accidental_capture", 1)), metrics: ["landing_offset_pt"])
            r.add(trials(spec, s, nil, .equals("accidental_capture", 0)), metrics: ["landing_offset_pt"])
        }
        return r
    }

    /// The positions of the spec's controls, in `ControlPosition` order.
    static func positions(_ spec: ExperimentSpec) -> [ControlPosition] {
        ReportKit.customTaskLevels(spec, as: EdgeButtonTask.self) { $0.position }
    }
    private var positions: [ControlPosition] { Self.positions(spec) }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(EdgeButtonDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.edgeButton["full-screen-camera"]))

        kit.addResultsByStrategy(
            [
                "photo share visible", "right first time (\(confidencePercent)% CI)",
                "photo taken by mistake", "held by the system's edge gate", "taken by the system",
                "tap lost (panel or cancelled)",
                "median time to the control s, Kaplan–Meier (\(confidencePercent)% CI)",
                "mean photos taken by mistake per trial"
            ],
            note:
                "First touches only, except the time to the control and the photos per trial, which count retries "
                    + "(trials that never got there are censored). The photo share is the screen left to the preview "
                    + "(median over the tasks). Rates carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let t = rows(s)
            return [
                kit.medianText("photo_share", t, digits: 3), kit.rate("right_first_time", t),
                kit.rate("accidental_capture", t), kit.rate("system_held", t),
                kit.rate("system_taken", t), kit.rate("missed_tap", t), kit.survivalMedianText(t),
                formatNumber(t.pooled("captures").mean, digits: 3)
            ]
        }

        doc.add(.heading(level: 3, text: "By position of the control"))
        doc.add(
            .table(
                header: [
                    "strategy", "position", "photo share", "right first time", "photo taken by mistake",
                    "held by the edge gate", "taken by the system", "tap lost"
                ],
                rows: strategies.flatMap { s in
                    positions.map { p in
                        let t = rows(s, p)
                        return [
                            s, p.rawValue, kit.medianText("photo_share", t, digits: 3), kit.rate("right_first_time", t),
                            kit.rate("accidental_capture", t),
                            kit.rate("system_held", t), kit.rate("system_taken", t), kit.rate("missed_tap", t)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0) }, name: "survival_control", title: "Time until the control is tapped",
                marker: 1))
        figures.append(positionFigure())
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets = kit.differencesFromFirst(
            strategies,
            [
                ("right_first_time", "right first time"), ("accidental_capture", "photos taken by mistake"),
                ("system_held", "touches held by the edge gate")
            ], rows: { rows($0) }, seedPrefix: "edge")
        for s in strategies {
            let captured = selected(Self.trials(spec, s, nil, .equals("accidental_capture", 1)))
            guard !captured.isEmpty else { continue }
            let others = selected(Self.trials(spec, s, nil, .equals("accidental_capture", 0)))
            bullets.append(
                "\(s): first touches that took a photo landed a "
                    + "median \(kit.medianText("landing_offset_pt", captured, digits: 1)) pt from the control's "
                    + "centre, against "
                        + "\(kit.medianText("landing_offset_pt", others, digits: 1))"
                        + " pt for the others."
            )
        }
        doc.add(.bullets(bullets))
    }

    /// First-touch outcomes by position, one bar group per strategy.
    private func positionFigure() -> GnuplotFigure {
        kit.rateByCategoryFigure(
            "accidental_capture", categories: positions.map(\.rawValue), name: "position_rates",
            caption: "Photos taken by mistake on the first touch, by position of the control",
            title: "Photos taken by mistake, by position", ylabel: "rate of first touches"
        ) { s, i in rows(s, positions[i]) }
    }
}
