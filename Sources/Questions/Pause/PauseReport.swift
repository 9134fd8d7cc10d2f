import Designs
import Foundation
import Harness
import Reports
import UserModels

/// The pause-detection sections: what each detector made of slides meant as
/// pauses and of slides meant to go home, then why — how the outcome depends on
/// how fast the finger stopped, and how slowly a hesitating finger crawled.
struct PauseReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks whose slide is meant as `intent`.
    static func tasks(_ spec: ExperimentSpec, _ intent: SlideIntent) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: PauseTask.self) { $0.intent == intent }
    }
    /// A strategy's trials (of the tasks meant as `i`, or all), narrowed by `conditions`.
    static func trials(
        _ spec: ExperimentSpec, _ s: String, _ i: SlideIntent? = nil, _ conditions: MetricCondition...
    ) -> TrialSelection {
        TrialSelection(strategy: s, tasks: i.map { tasks(spec, $0) }, where: conditions)
    }
    private func rows(_ s: String, _ i: SlideIntent? = nil, _ conditions: MetricCondition...) -> SelectedTrials {
        results.selected(TrialSelection(strategy: s, tasks: i.map { Self.tasks(spec, $0) }, where: conditions))
    }

    static let speedEdges: [Double] = [0, 500, 750, 1000, 1500, 2500, 10000]
    static let crawlEdges: [Double] = [0, 50, 100, 150, 250, 10000]
    /// The figures' bins: the tables' with the open last bin closed.
    static let speedFigureEdges: [Double] = speedEdges.dropLast() + [4000]
    static let crawlFigureEdges: [Double] = crawlEdges.dropLast() + [400]
    static let compared = [
        ("pause_latency_s", "pause latency (s)"), ("missed_pause", "missed pauses"), ("false_pause", "false pauses")
    ]

    /// Everything the pause sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        func bins(_ edges: [Double]) -> [(Double, Double)] { Array(zip(edges, edges.dropFirst())) }
        for s in spec.strategies.map(\.label) {
            // Paired over participants: the "why" bullets' differences.
            r.add(trials(spec, s), metrics: ["right_at_once", "attempts"], byParticipant: compared.map(\.0))
            r.add(
                trials(spec, s, .pause), metrics: ["missed_pause", "within_1s"], byParticipant: ["pause_latency_s"],
                survival: true)
            r.add(trials(spec, s, .hesitate), metrics: ["false_pause"])
            r.add(trials(spec, s, .flick), metrics: ["false_pause"])
            for (lo, hi) in bins(speedEdges) + bins(speedFigureEdges) {
                r.add(
                    trials(spec, s, .pause, .within("slide_peak_speed_pt_s", lo, hi)),
                    metrics: ["missed_pause", "pause_latency_s"])
            }
            for (lo, hi) in bins(crawlEdges) + bins(crawlFigureEdges) {
                r.add(trials(spec, s, .hesitate, .within("crawl_speed_pt_s", lo, hi)), metrics: ["false_pause"])
            }
            r.add(trials(spec, s, .pause, .equals("missed_pause", 1)), metrics: ["slide_peak_speed_pt_s"])
            r.add(trials(spec, s, .pause, .equals("missed_pause", 0)), metrics: ["slide_peak_speed_pt_s"])
            r.add(trials(spec, s, .hesitate, .equals("false_pause", 1)), metrics: ["crawl_speed_pt_s"])
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(PauseDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.pause["simulated-person-slides"]))

        kit.addResultsByStrategy(
            [
                "right at once (\(confidencePercent)% CI)", "pause trials",
                "median pause latency s (\(confidencePercent)% CI)", "missed pauses, first slide",
                "median time to the app switcher s, Kaplan–Meier (\(confidencePercent)% CI)",
                "app switcher within 1 s", "false pauses: hesitations", "false pauses: flicks", "mean attempts"
            ],
            note:
                "Right at once: the first slide got what the person meant — for a pause, the cards within 0.1 s of "
                    + "the finger coming to rest (the limit for a response to feel instantaneous: Miller 1968; Card, "
                    + "Robertson & Mackinlay 1991); for a flick or a hesitation, home and no cards. Rates "
                    + "carry \(confidencePercent)% intervals over participants. The latency is over first slides "
                    + "whose pause was detected; missed pauses are counted beside it, and the time to the app "
                    + "switcher counts them too (a retry costs a look, a thought and another slide; trials that never "
                    + "got there are censored).",
            to: &doc
        ) { s in
            let p = rows(s, .pause), h = rows(s, .hesitate), f = rows(s, .flick)
            return [
                kit.rate("right_at_once", rows(s)), "\(p.count)",
                kit.medianEstimate("pause_latency_s", p, label: "latency/\(s)"), kit.rate("missed_pause", p),
                kit.survivalMedianText(p), kit.rate("within_1s", p),
                h.isEmpty ? "–" : kit.rate("false_pause", h), f.isEmpty ? "–" : kit.rate("false_pause", f),
                formatNumber(rows(s).pooled("attempts").mean, digits: 2)
            ]
        }

        doc.add(.heading(level: 3, text: "By speed of the slide"))
        doc.add(.paragraph(ReportProse.pause["slides-meant-pauses"]))
        let edges = Self.speedEdges
        doc.add(
            .table(
                header: ["strategy", "peak speed pt/s", "n", "missed pauses", "median latency s"],
                rows: strategies.flatMap { s in
                    zip(edges, edges.dropFirst()).compactMap { lo, hi -> [String]? in
                        let t = rows(s, .pause, .within("slide_peak_speed_pt_s", lo, hi))
                        guard !t.isEmpty else { return nil }
                        return [
                            s, hi >= 10000 ? "≥ \(Int(lo))" : "\(Int(lo))–\(Int(hi))", "\(t.count)",
                            kit.rate("missed_pause", t), kit.medianText("pause_latency_s", t, digits: 3)
                        ]
                    }
                }))

        doc.add(.heading(level: 3, text: "Hesitations by crawl speed"))
        let crawl = Self.crawlEdges
        doc.add(
            .table(
                header: ["strategy", "crawl speed pt/s", "n", "false pauses"],
                rows: strategies.flatMap { s in
                    zip(crawl, crawl.dropFirst()).compactMap { lo, hi -> [String]? in
                        let t = rows(s, .hesitate, .within("crawl_speed_pt_s", lo, hi))
                        guard !t.isEmpty else { return nil }
                        return [
                            s, hi >= 10000 ? "≥ \(Int(lo))" : "\(Int(lo))–\(Int(hi))", "\(t.count)",
                            kit.rate("false_pause", t)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0, .pause) }, name: "survival_app_switcher",
                title: "Time until the app switcher comes in (slides meant as pauses)", marker: 1))
        figures.append(
            kit.ecdfFigure(
                metric: "pause_latency_s", of: strategies.map { rows($0, .pause) }, name: "ecdf_pause_latency",
                xlabel: "pause latency: cards in − finger at rest (s)",
                title: "Pause latency, first slides meant as pauses (missed pauses never reach 1)", marker: nil))
        figures.append(
            binnedRateFigure(
                metric: "missed_pause", by: "slide_peak_speed_pt_s", intent: .pause, edges: Self.speedFigureEdges,
                name: "missed_by_speed", title: "Missed pauses by the slide's peak speed",
                xlabel: "peak speed of the slide (pt/s)"))
        figures.append(
            binnedRateFigure(
                metric: "false_pause", by: "crawl_speed_pt_s", intent: .hesitate, edges: Self.crawlFigureEdges,
                name: "false_by_crawl", title: "False pauses by the crawl speed of a hesitation",
                xlabel: "crawl speed (pt/s)"))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        doc.add(.bullets(whyBullets()))
    }

    private func whyBullets() -> [String] {
        var bullets = kit.differencesFromFirst(
            strategies, Self.compared.map { ($0.0, $0.1) }, rows: { rows($0) }, seedPrefix: "pause")
        for s in strategies {
            let missed = rows(s, .pause, .equals("missed_pause", 1)),
                caught = rows(s, .pause, .equals("missed_pause", 0))
            guard !missed.isEmpty, !caught.isEmpty else { continue }
            bullets.append(
                "\(s): the \(missed.count) missed pauses came from slides with a median peak speed "
                    + "of \(kit.medianText("slide_peak_speed_pt_s", missed, digits: 0)) pt/s, "
                    + "against \(kit.medianText("slide_peak_speed_pt_s", caught, digits: 0)) pt/s for detected ones."
            )
        }
        for s in strategies {
            let fooled = rows(s, .hesitate, .equals("false_pause", 1))
            guard !fooled.isEmpty else { continue }
            bullets.append(
                "\(s): the \(fooled.count) hesitations taken for pauses crawled at a "
                    + "median \(kit.medianText("crawl_speed_pt_s", fooled, digits: 0)) pt/s (the pause speed "
                    + "is \(pauseSpeed(s)) pt/s)."
            )
        }
        return bullets
    }

    private func pauseSpeed(_ label: String) -> String {
        guard let s = spec.strategies.first(where: { $0.label == label }) else { return "?" }
        return s.parameters["pause_speed_pt_s"]?.description ?? "100"
    }

    /// A 0/1 metric's rate in bins of another metric, per strategy, with intervals.
    private func binnedRateFigure(
        metric: String, by: String, intent wanted: SlideIntent, edges: [Double],
        name: String, title: String, xlabel: String
    ) -> GnuplotFigure {
        let (blocks, plots) = kit.binnedRateSeries(
            metric, edges: edges, file: "\(name).dat", header: "bin centre, rate, lower, upper, n",
            empty: ("no bin with at least 5 trials", "too few trials to bin")
        ) { s, lo, hi in rows(s, wanted, .within(by, lo, hi)) }
        return GnuplotFigure(
            name: name,
            title: "\(title) (\(confidencePercent)% intervals over participants; bins of at least 5 trials)",
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel \(Gnuplot.quoted(xlabel))
                set ylabel "rate"
                set yrange [0:1.05]
                set xrange [0:\(edges.last!)]
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
