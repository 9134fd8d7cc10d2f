import Designs
import Foundation
import Harness
import Reports

/// The hysteresis sections: what each hysteresis made of taps and drags on a
/// scrolling list — taps taken for pans, drags that never started, how late
/// the pan began after the finger moved, and how far the content ended from
/// where the finger meant it to go. Read from selections summarised in the
/// report's pass (`requests(spec:)`), not from loaded trials.
struct HysteresisReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks of `intent` (and of drag `distance`, when given).
    static func tasks(_ spec: ExperimentSpec, _ intent: HysteresisTask.Intent, distance: Double? = nil) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: HysteresisTask.self) { k in
            k.intent == intent && (distance == nil || k.distance == distance)
        }
    }
    /// The drag distances of the spec's tasks, ascending.
    static func distances(_ spec: ExperimentSpec) -> [Double] {
        ReportKit.customTaskLevels(spec, as: HysteresisTask.self) { $0.intent == .drag ? $0.distance : nil }
    }
    /// A strategy's trials, of the tasks of `intent` (nil: all).
    static func trials(_ spec: ExperimentSpec, _ s: String, _ intent: HysteresisTask.Intent? = nil) -> TrialSelection {
        TrialSelection(strategy: s, tasks: intent.map { tasks(spec, $0) })
    }
    private func rows(_ s: String, _ intent: HysteresisTask.Intent? = nil) -> SelectedTrials {
        selected(Self.trials(spec, s, intent))
    }

    static let dragMetrics = [
        "drag_not_started", "drag_read_as_tap", "pan_start_latency_s", "position_error_pt", "lag_pt"
    ]

    /// Everything the hysteresis sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(
                trials(spec, s), metrics: ["pan_start_latency_s", "position_error_pt"],
                byParticipant: ["right_first_time"], survival: true)
            r.add(trials(spec, s, .tap), metrics: ["wrong_row"], byParticipant: ["tap_read_as_pan"])
            r.add(
                trials(spec, s, .drag), metrics: ["drag_read_as_tap", "lag_pt"],
                byParticipant: ["drag_not_started", "pan_start_latency_s", "position_error_pt"])
            for dist in distances(spec) {
                r.add(TrialSelection(strategy: s, tasks: tasks(spec, .drag, distance: dist)), metrics: dragMetrics)
            }
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(HysteresisDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.hysteresis["list-44-pt"]))
        doc.add(.paragraph(ReportProse.hysteresis["pan-start-latency"]))

        kit.addResultsByStrategy(
            [
                "right first time (\(confidencePercent)% CI)", "taps read as pans", "wrong row",
                "drags not started", "drags read as taps",
                "median pan start latency s (\(confidencePercent)% CI)", "median position error pt",
                "median lag pt", "median time to done s, Kaplan–Meier (\(confidencePercent)% CI)"
            ],
            note:
                "First touches only, except the time to done, which counts retries (trials that never got there are "
                    + "censored). Rates carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let t = rows(s, .tap), d = rows(s, .drag)
            return [
                kit.rate("right_first_time", rows(s)), t.isEmpty ? "–" : kit.rate("tap_read_as_pan", t),
                t.isEmpty ? "–" : kit.rate("wrong_row", t),
                d.isEmpty ? "–" : kit.rate("drag_not_started", d),
                d.isEmpty ? "–" : kit.rate("drag_read_as_tap", d),
                kit.medianEstimate("pan_start_latency_s", d, label: "latency/\(s)"),
                kit.medianText("position_error_pt", d, digits: 1),
                kit.medianText("lag_pt", d, digits: 1), kit.survivalMedianText(rows(s))
            ]
        }

        doc.add(.heading(level: 3, text: "By drag distance"))
        let distances = Self.distances(spec)
        doc.add(
            .table(
                header: [
                    "strategy", "distance pt", "drags not started", "drags read as taps", "median pan start latency s",
                    "median position error pt", "median lag pt"
                ],
                rows: strategies.flatMap { s in
                    distances.map { dist in
                        let d = selected(TrialSelection(strategy: s, tasks: Self.tasks(spec, .drag, distance: dist)))
                        return [
                            s, formatNumber(dist), kit.rate("drag_not_started", d), kit.rate("drag_read_as_tap", d),
                            kit.medianText("pan_start_latency_s", d, digits: 3),
                            kit.medianText("position_error_pt", d, digits: 1), kit.medianText("lag_pt", d, digits: 1)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0) }, name: "survival_done",
                title: "Time until the list did what the person meant (taps and drags)", marker: 1))
        figures += [
            (
                "pan_start_latency_s", "ecdf_pan_start_latency",
                "pan start latency after the finger starts to slide (s)",
                "Pan start latency (drags that started on the first touch)"
            ),
            (
                "position_error_pt", "ecdf_position_error", "content travel minus the meant distance, absolute (pt)",
                "Position error of dragged content at lift"
            )
        ].map {
            kit.ecdfFigure(metric: $0, of: strategies.map { rows($0) }, name: $1, xlabel: $2, title: $3, marker: nil)
        }
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        let compared: [(metric: String, what: String, part: HysteresisTask.Intent?)] = [
            ("right_first_time", "right first time", nil), ("tap_read_as_pan", "taps read as pans", .tap),
            ("drag_not_started", "drags not started", .drag), ("pan_start_latency_s", "pan start latency s", .drag),
            ("position_error_pt", "position error pt", .drag)
        ]
        doc.add(
            .bullets(
                kit.differencesFromFirst(
                    strategies, compared, rows: { rows($0, $1) },
                    seedKey: { metric, s, _ in "hysteresis/\(metric)/\(s)" })))
    }
}
