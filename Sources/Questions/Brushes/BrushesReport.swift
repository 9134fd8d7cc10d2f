import Designs
import Foundation
import Harness
import Reports
import Statistics

/// The brushes sections: how long each design took until the region looked
/// painted, how much paint went outside it (spill) and how much of the meant
/// change was made (coverage), in how many strokes, erases and taps.
struct BrushesReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet
    var strategies: [String] { spec.strategies.map(\.label) }

    static func selection(_ s: String, device: String? = nil, task id: String? = nil) -> TrialSelection {
        TrialSelection(strategy: s, device: device, tasks: id.map { [$0] })
    }
    func rows(_ s: String, device: String? = nil, task id: String? = nil) -> SelectedTrials {
        results.selected(Self.selection(s, device: device, task: id))
    }

    /// Seconds per stroke or erase after the first: (time until done − first stroke) / gestures, of one trial.
    static let secondsPerGesture = DerivedMetric(
        name: "seconds_per_gesture", sources: ["first_stroke_s", "time_to_done_s", "strokes", "erases"]
    ) { v in
        guard let first = v[0], let done = v[1], let n = v[2].map({ $0 + (v[3] ?? 0) }), n > 0 else { return nil }
        return (done - first) / n
    }

    /// Means with intervals over participants.
    static let meanMetrics = ["spill", "coverage", "strokes", "erases", "taps_to_brush", "zooms", "time_to_done_s"]

    /// Everything the brushes sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        r.derive(secondsPerGesture)
        for s in spec.strategies.map(\.label) {
            r.add(
                selection(s), metrics: ["within_10s", "reached_effect", "photo_share"], byParticipant: meanMetrics,
                survival: true)
            for t in spec.tasks {
                r.add(
                    selection(s, task: t.id),
                    metrics: ["within_10s", "gave_up", "reached_effect", "photo_share", secondsPerGesture.name],
                    byParticipant: meanMetrics, survival: true)
            }
            for d in spec.devices.map(\.name) {
                r.add(
                    selection(s, device: d), metrics: ["photo_share", "reached_effect"], byParticipant: meanMetrics,
                    survival: true)
            }
        }
        return r
    }

    private func mean(_ metric: String, _ t: SelectedTrials) -> Estimate? {
        guard let sample = t.sample(metric) else { return nil }
        return ClusterBootstrap.estimate(
            sample, .mean, confidence: kit.confidence, resamples: spec.report.bootstrapResamples,
            seed: Sections.seed(spec, "brushes/mean/\(metric)/\(t.firstKey ?? "")/\(t.count)"))
    }
    func meanText(_ metric: String, _ t: SelectedTrials, digits: Int = 1) -> String {
        mean(metric, t).map { formatEstimate($0, digits: digits) } ?? "–"
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(
            BrushDesigns.question, unparameterised: " Soft strokes, detect edges off, size by zooming.", to: &doc)
        doc.add(.paragraph(ReportProse.brushes["simulated-person-paints"]))
        doc.add(.paragraph(ReportProse.brushes["time-effect-first"]))

        kit.addResultsByStrategy(
            [
                "median time to effect s, Kaplan–Meier (\(confidencePercent)% CI)",
                "reached within 10 s", "reached at all", "spill (mean)", "coverage (mean)", "strokes (mean)",
                "erases (mean)", "taps to the brush (mean)", "photo share"
            ],
            to: &doc
        ) { s in
            let t = rows(s)
            return [
                kit.survivalMedianText(t), kit.rate("within_10s", t), kit.rate("reached_effect", t),
                meanText("spill", t, digits: 2),
                meanText("coverage", t, digits: 2), meanText("strokes", t), meanText("erases", t, digits: 2),
                meanText("taps_to_brush", t, digits: 2),
                kit.medianText("photo_share", t, digits: 2)
            ]
        }
        addDevices(to: &doc)
        doc.add(.heading(level: 3, text: "By task"))
        doc.add(
            .table(
                header: [
                    "strategy", "task", "median time to effect s (KM)", "within 10 s", "spill", "coverage", "strokes",
                    "erases", "zooms", "gave up"
                ],
                rows: strategies.flatMap { s in
                    spec.tasks.map { k in
                        let t = rows(s, task: k.id)
                        return [
                            s, k.label, kit.survivalMedianText(t), kit.rate("within_10s", t),
                            meanText("spill", t, digits: 2), meanText("coverage", t, digits: 2),
                            meanText("strokes", t), meanText("erases", t, digits: 2), meanText("zooms", t, digits: 2),
                            kit.rate("gave_up", t)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0) }, name: "survival_effect", title: "Time until the region looks painted",
                marker: 10))
        figures += [
            ("spill", "spill_by_task", "Spill outside the region", "ΔE00-weighted area, region areas (mean)"),
            ("coverage", "coverage_by_task", "Coverage of the region", "share of the meant change (mean)"),
            ("strokes", "strokes_by_task", "Strokes per trial", "strokes (mean)"),
            ("erases", "erases_by_task", "Erasing strokes per trial", "erases (mean)")
        ].map { byTaskFigure(metric: $0, name: $1, title: $2, ylabel: $3) }
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        let compared = [
            ("time_to_done_s", "time until done"), ("spill", "spill"), ("coverage", "coverage"),
            ("erases", "erases"), ("taps_to_brush", "taps to the brush")
        ]
        doc.add(
            .bullets(
                kit.differencesFromFirst(strategies, compared, rows: { rows($0) }, seedPrefix: "brushes", digits: 2)))
        addTravel(to: &doc)
        addPhone(to: &doc)
    }

    /// The mean of `metric` per task with intervals over participants, one series per strategy (tasks on the x axis).
    private func byTaskFigure(metric: String, name: String, title: String, ylabel: String) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        let n = Double(strategies.count)
        for (i, s) in strategies.enumerated() {
            let lines = spec.tasks.enumerated().compactMap { j, k -> String? in
                mean(metric, rows(s, task: k.id)).map {
                    "\(Double(j) + (Double(i) - (n - 1) / 2) * 0.8 / n)\t\($0.value)\t\($0.lower)\t\($0.upper)"
                }
            }
            blocks.append("# \(s): task index (offset), mean, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s))"
            )
        }
        let tics = spec.tasks.enumerated().map { j, k in "\(Gnuplot.quoted(k.id)) \(j)" }.joined(separator: ", ")
        return GnuplotFigure(
            name: name, title: "\(title) by task (\(confidencePercent)% intervals over participants)",
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xtics (\(tics))
                set xrange [-0.6:\(Double(spec.tasks.count) - 0.4)]
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:*]
                set key outside right
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
