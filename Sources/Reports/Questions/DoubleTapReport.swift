import Designs
import Foundation
import Harness

/// The double-tap sections: how long single taps wait with a double tap to
/// zoom, and the misreadings each way — two quick taps taken for a double tap,
/// a slow double tap taken for two taps — against a design with no double tap.
struct DoubleTapReport {
    let spec: ExperimentSpec
    let results: ResultSet
    var kit: ReportKit { ReportKit(spec: spec, results: results) }
    private var strategies: [String] { spec.strategies.map(\.label) }
    private var c: String { formatNumber(spec.report.confidence * 100) }

    private func task(_ row: TrialRow) -> DoubleTapTask? {
        kit.customTask(row.task, as: DoubleTapTask.self)
    }
    private func rows(_ s: String, _ gesture: DoubleTapTask.Gesture? = nil) -> [TrialRow] {
        results.trials.filter { $0.strategy == s && (gesture == nil || task($0)?.gesture == gesture) }
    }
    /// The strategy's double-tap window, s, if it has one.
    private func window(_ s: String) -> Double? {
        spec.strategies.first { $0.label == s }.flatMap { try? DoubleTapDesigns.window($0.design, parameters: StrategyParameters($0.parameters)) }
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(DoubleTapDesigns.question, to: &doc)
        doc.add(.paragraph("A full-screen photo; a single tap anywhere acts (shows the controls). Each simulated person reaches from the thumb's resting place for a 44 pt spot at the centre (Fitts' law; Bi & Zhai's landing) and holds for their tap time while the contact drifts. Meaning one tap, that is all. Meaning two independent taps (say, two page turns) they pause briefly after the first lift (gesture.serial_tap_pause_s), reach for a spot the task's spacing away, and tap again without waiting for the screen. Meaning to zoom, they double tap where the design has a double tap — a second landing on the same spot after their own gap from the first lift (gesture.double_tap_gap_s) — or tap the zoom button where it has none. Every touch goes through the noisy 120 Hz sensor into the viewer's recognizers: with a double tap, the tap must wait for the double tap to fail (require-to-fail); without, taps act at lift. A wrong response is seen (one perceptual cycle) and the gesture made again."))
        doc.add(.paragraph("Tap latency runs from the lift of a single tap to the moment the app acts on it; the talk's figure is that with a double tap this delay is the double tap's window."))

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.table(header: ["strategy", "window s", "right first time (\(c)% CI)", "median tap latency s (\(c)% CI)", "two taps read as a double tap", "zoom missed", "of which: double taps read as two taps", "of which: zoom button missed",
                                "median time to done s, taps (Kaplan–Meier, \(c)% CI)", "median time to zoom s (Kaplan–Meier)"],
                       rows: strategies.map { s in
            let singles = rows(s, .tap) + rows(s, .taps), two = rows(s, .taps), zoom = rows(s, .zoom)
            return [s, window(s).map { formatNumber($0) } ?? "–", kit.rate("right_first_time", rows(s)), kit.medianEstimate("tap_latency_s", singles, label: "latency/\(s)"),
                    two.isEmpty ? "–" : kit.rate("single_read_as_double", two), zoom.isEmpty ? "–" : kit.rate("zoom_missed", zoom),
                    zoom.contains { $0["double_read_as_taps"] != nil } ? kit.rate("double_read_as_taps", zoom) : "–",
                    zoom.contains { $0["zoom_button_missed"] != nil } ? kit.rate("zoom_button_missed", zoom) : "–",
                    kit.survivalMedianText(singles), zoom.isEmpty ? "–" : kit.survivalMedianText(zoom)]
        }))
        doc.add(.paragraph("First attempts only, except the times to done, which count retries (trials that never got there are censored). Rates carry \(c)% intervals over participants."))

        doc.add(.heading(level: 3, text: "Two taps by spacing"))
        let spacings = Array(Set(spec.tasks.compactMap { t -> Double? in
            guard case .custom(let g) = t.goal, let k = g.value as? DoubleTapTask, k.gesture == .taps else { return nil }
            return k.spacing
        })).sorted()
        doc.add(.table(header: ["strategy", "spacing pt", "read as a double tap", "median tap latency s"],
                       rows: strategies.flatMap { s in spacings.map { sp in
            let t = rows(s, .taps).filter { task($0)?.spacing == sp }
            return [s, formatNumber(sp), kit.rate("single_read_as_double", t), kit.medianText("tap_latency_s", t, digits: 3)]
        } }))

        let marker = strategies.compactMap(window).first
        figures.append(kit.ecdfFigure(metric: "tap_latency_s", name: "ecdf_tap_latency", xlabel: "from a single tap's lift to the app acting (s)",
                                      title: "Single-tap latency (dashed: the first strategy's double-tap window)", marker: marker))
        figures.append(kit.survivalFigure(name: "survival_zoom", title: "Time until the photo zoomed", marker: 1, filter: { task($0)?.gesture == .zoom }))
        figures.append(kit.survivalFigure(name: "survival_taps", title: "Time until the meant single taps acted", marker: 1, filter: { task($0)?.gesture != .zoom }))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets: [String] = []
        for s in strategies {
            guard let w = window(s) else { continue }
            let lat = ResultSet.values("tap_latency_s", in: rows(s, .tap))
            guard !lat.isEmpty else { continue }
            bullets.append("\(s): single taps acted a median \(formatNumber(Descriptive.median(lat), digits: 3)) s after the lift, against a window of \(formatNumber(w)) s — the talk's 'all normal taps will be delayed'.")
        }
        if let base = strategies.first {
            for s in strategies.dropFirst() {
                for (metric, what, gesture) in [("right_first_time", "right first time", nil), ("tap_latency_s", "tap latency s", DoubleTapTask.Gesture.tap),
                                                ("time_to_done_s", "time to zoom s", .zoom)] {
                    if let line = kit.pairedDifference(metric, what: what, base: (base, rows(base, gesture)), other: (s, rows(s, gesture)), seedKey: "double-tap/\(metric)/\(s)") { bullets.append(line) }
                }
            }
        }
        doc.add(.bullets(bullets))
    }
}
