import Designs
import Foundation
import Harness
import Reports

/// The double-tap sections: how long single taps wait with a double tap to
/// zoom, and the misreadings each way — two quick taps taken for a double tap,
/// a slow double tap taken for two taps — against a design with no double tap. Read from selections summarised in the
/// report's
/// pass (`requests(spec:)`), not from loaded trials.
struct DoubleTapReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks of one of `gestures` (and of `spacing`, when given).
    static func tasks(
        _ spec: ExperimentSpec, _ gestures: Set<DoubleTapTask.Gesture>, spacing: Double? = nil
    ) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: DoubleTapTask.self) { k in
            gestures.contains(k.gesture) && (spacing == nil || k.spacing == spacing)
        }
    }
    /// The spacings of the spec's two-tap tasks, ascending.
    static func spacings(_ spec: ExperimentSpec) -> [Double] {
        ReportKit.customTaskLevels(spec, as: DoubleTapTask.self) { $0.gesture == .taps ? $0.spacing : nil }
    }
    /// A strategy's trials of the tasks of one of `gestures` (nil: all).
    static func trials(
        _ spec: ExperimentSpec, _ s: String, _ gestures: Set<DoubleTapTask.Gesture>? = nil
    ) -> TrialSelection {
        TrialSelection(strategy: s, tasks: gestures.map { tasks(spec, $0) })
    }
    private func rows(_ s: String, _ gestures: Set<DoubleTapTask.Gesture>? = nil) -> SelectedTrials {
        selected(Self.trials(spec, s, gestures))
    }
    private func rows(_ s: String, _ gesture: DoubleTapTask.Gesture?) -> SelectedTrials {
        rows(s, gesture.map { [$0] })
    }
    /// Meant single taps: one tap, or two independent ones.
    static let singles: Set<DoubleTapTask.Gesture> = [.tap, .taps]

    /// Everything the double-tap sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(trials(spec, s), metrics: ["tap_latency_s"], byParticipant: ["right_first_time"])
            r.add(trials(spec, s, singles), byParticipant: ["tap_latency_s"], survival: true)
            r.add(trials(spec, s, [.tap]), byParticipant: ["tap_latency_s"])
            r.add(trials(spec, s, [.taps]), metrics: ["single_read_as_double"])
            r.add(
                trials(spec, s, [.zoom]), metrics: ["zoom_missed", "double_read_as_taps", "zoom_button_missed"],
                byParticipant: ["time_to_done_s"], survival: true)
            for sp in spacings(spec) {
                r.add(
                    TrialSelection(strategy: s, tasks: tasks(spec, [.taps], spacing: sp)),
                    metrics: ["single_read_as_double", "tap_latency_s"])
            }
        }
        return r
    }

    /// The strategy's double-tap window, s, if it has one.
    private func window(_ s: String) -> Double? {
        spec.strategies.first { $0.label == s }.flatMap {
            try? DoubleTapDesigns.window($0.design, parameters: $0.designParameters)
        }
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(DoubleTapDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.doubleTap["full-screen-photo"]))
        doc.add(.paragraph(ReportProse.doubleTap["tap-latency-runs"]))

        kit.addResultsByStrategy(
            [
                "window s", "right first time (\(confidencePercent)% CI)",
                "median tap latency s (\(confidencePercent)% CI)", "two taps read as a double tap", "zoom missed",
                "of which: double taps read as two taps", "of which: zoom button missed",
                "median time to done s, taps (Kaplan–Meier, \(confidencePercent)% CI)",
                "median time to zoom s (Kaplan–Meier)"
            ],
            note:
                "First attempts only, except the times to done, which count retries (trials that never got there are "
                    + "censored). Rates carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let singles = rows(s, Self.singles), two = rows(s, .taps), zoom = rows(s, .zoom)
            return [
                window(s).map { formatNumber($0) } ?? "–", kit.rate("right_first_time", rows(s)),
                kit.medianEstimate("tap_latency_s", singles, label: "latency/\(s)"),
                two.isEmpty ? "–" : kit.rate("single_read_as_double", two),
                zoom.isEmpty ? "–" : kit.rate("zoom_missed", zoom),
                zoom.valueCount("double_read_as_taps") > 0 ? kit.rate("double_read_as_taps", zoom) : "–",
                zoom.valueCount("zoom_button_missed") > 0 ? kit.rate("zoom_button_missed", zoom) : "–",
                kit.survivalMedianText(singles), zoom.isEmpty ? "–" : kit.survivalMedianText(zoom)
            ]
        }

        doc.add(.heading(level: 3, text: "Two taps by spacing"))
        let spacings = Self.spacings(spec)
        doc.add(
            .table(
                header: ["strategy", "spacing pt", "read as a double tap", "median tap latency s"],
                rows: strategies.flatMap { s in
                    spacings.map { sp in
                        let t = selected(TrialSelection(strategy: s, tasks: Self.tasks(spec, [.taps], spacing: sp)))
                        return [
                            s, formatNumber(sp), kit.rate("single_read_as_double", t),
                            kit.medianText("tap_latency_s", t, digits: 3)
                        ]
                    }
                }))

        let marker = strategies.compactMap(window).first
        figures.append(
            kit.ecdfFigure(
                metric: "tap_latency_s", of: strategies.map { rows($0) }, name: "ecdf_tap_latency",
                xlabel: "from a single tap's lift to the app acting (s)",
                title: "Single-tap latency (dashed: the first strategy's double-tap window)", marker: marker))
        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0, .zoom) }, name: "survival_zoom", title: "Time until the photo zoomed",
                marker: 1))
        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0, Self.singles) }, name: "survival_taps",
                title: "Time until the meant single taps acted", marker: 1))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets: [String] = []
        for s in strategies {
            guard let w = window(s) else { continue }
            guard let median = rows(s, .tap).pooled("tap_latency_s").median else { continue }
            bullets.append(
                "\(s): single taps acted a median \(formatNumber(median, digits: 3)) s after the lift, against a "
                    + "window of \(formatNumber(w)) s — the talk's 'all normal taps will be delayed'."
            )
        }
        let compared: [(metric: String, what: String, part: DoubleTapTask.Gesture?)] = [
            ("right_first_time", "right first time", nil), ("tap_latency_s", "tap latency s", .tap),
            ("time_to_done_s", "time to zoom s", .zoom)
        ]
        bullets += kit.differencesFromFirst(
            strategies, compared, rows: { rows($0, $1) }, seedKey: { metric, s, _ in "double-tap/\(metric)/\(s)" })
        doc.add(.bullets(bullets))
    }
}
