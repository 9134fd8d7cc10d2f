import Designs
import Foundation
import Harness
import Reports
import Statistics

/// The scroll sections: how long each design took to bring a row into the
/// zone, by how far away it was, in how many swipes, how far past it they went,
/// and how often the content hit a wall.
struct ScrollReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    private func task(_ id: String) -> ScrollTask? {
        kit.customTask(id, as: ScrollTask.self)
    }
    /// A strategy's trials, of one task or all.
    private static func trials(_ s: String, task id: String? = nil) -> TrialSelection {
        TrialSelection(strategy: s, tasks: id.map { [$0] })
    }
    private func rows(_ s: String, task id: String? = nil) -> SelectedTrials {
        results.selected(Self.trials(s, task: id))
    }

    /// Means with intervals, over the whole strategy and by task.
    private static let meanMetrics = [
        "swipes", "overshoot_pt", "overshoots", "wall_hits", "flicks", "long_swipes", "drags", "catches"
    ]

    /// Everything the scroll sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(
                trials(s), metrics: ["within_10s", "hit_wall", "believed_carry_s"],
                byParticipant: meanMetrics + ["time_to_done_s"], survival: true)
            for t in spec.tasks {
                r.add(
                    trials(s, task: t.id), metrics: ["within_10s", "hit_wall", "goal_distance_pt"],
                    byParticipant: meanMetrics, survival: true)
            }
        }
        return r
    }

    /// Tasks in order of the goal's distance, with that distance (pt of
    /// scrolling): the distance recorded by the task's first trial by key.
    private var tasksByDistance: [(id: String, label: String, distance: Double)] {
        spec.tasks.compactMap { t -> (String, String, Double)? in
            let first = strategies.map { rows($0, task: t.id) }.filter { $0.firstKey != nil }.min {
                $0.firstKey! < $1.firstKey!
            }
            let d = first?.firstTrialValue("goal_distance_pt")
            return d.map { (t.id, t.label, $0) }
        }.sorted { $0.2 < $1.2 }
    }

    private func mean(_ metric: String, _ t: SelectedTrials) -> Estimate? {
        guard let sample = t.sample(metric) else { return nil }
        return ClusterBootstrap.estimate(
            sample, .mean, confidence: kit.confidence, resamples: spec.report.bootstrapResamples,
            seed: Sections.seed(spec, "scroll/mean/\(metric)/\(t.firstKey ?? "")/\(t.count)"))
    }
    private func meanText(_ metric: String, _ t: SelectedTrials, digits: Int = 1) -> String {
        mean(metric, t).map { formatEstimate($0, digits: digits) } ?? "–"
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(ScrollDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.scroll["simulated-person-starts"]))
        doc.add(.paragraph(ReportProse.scroll["against-published-scrolling"]))

        kit.addResultsByStrategy(
            [
                "median time to the item s, Kaplan–Meier (\(confidencePercent)% CI)",
                "reached within 10 s", "swipes per trial (mean)", "overshoot pt (mean)",
                "swipes that left the list past the zone (mean)", "trials with a wall hit",
                "wall hits per trial (mean)"
            ],
            note:
                "Times count from the start of the trial until the list is seen at rest in the zone; trials that "
                    + "never got there are censored at the time limit. Overshoot: the furthest past the target row "
                    + "(in the direction the person meant to go) a swipe left the list, 0 if never. A wall hit: "
                    + "content arriving at a hard stop faster than the rest speed (5 pt/s), dragged or coasting. "
                    + "Means and rates carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let t = rows(s)
            return [
                kit.survivalMedianText(t), kit.rate("within_10s", t), meanText("swipes", t),
                meanText("overshoot_pt", t, digits: 0),
                meanText("overshoots", t, digits: 2), kit.rate("hit_wall", t),
                meanText("wall_hits", t, digits: 2)
            ]
        }

        doc.add(.heading(level: 3, text: "By distance to the item"))
        doc.add(
            .table(
                header: [
                    "strategy", "task", "scroll distance pt", "median time s (KM)", "within 10 s", "swipes", "flicks",
                    "long swipes", "drags", "catches", "overshoot pt", "wall-hit trials"
                ],
                rows: strategies.flatMap { s in
                    tasksByDistance.map { k in
                        let t = rows(s, task: k.id)
                        return [
                            s, k.label, formatNumber(k.distance, digits: 0), kit.survivalMedianText(t),
                            kit.rate("within_10s", t), meanText("swipes", t),
                            meanText("flicks", t), meanText("long_swipes", t), meanText("drags", t),
                            meanText("catches", t, digits: 2),
                            meanText("overshoot_pt", t, digits: 0), kit.rate("hit_wall", t)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0) }, name: "survival_item", title: "Time until the item rests in the zone",
                marker: 10))
        figures.append(timeByDistanceFigure())
        figures += [
            ("swipes", "swipes_by_distance", "Swipes per trial by distance to the item", "swipes (mean)"),
            (
                "overshoot_pt", "overshoot_by_distance", "Overshoot past the item by distance",
                "pt past the target (mean)"
            ),
            ("wall_hits", "wall_hits_by_distance", "Wall hits per trial by distance to the item", "wall hits (mean)")
        ].map { byDistanceFigure(metric: $0, name: $1, title: $2, ylabel: $3) }
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets = kit.differencesFromFirst(
            strategies,
            [
                ("time_to_done_s", "time until done (reached or gave up)"), ("swipes", "swipes"),
                ("overshoot_pt", "overshoot"), ("wall_hits", "wall hits")
            ], rows: { rows($0) }, seedPrefix: "scroll", digits: 2)
        for s in strategies {
            let t = rows(s)
            bullets.append(
                "\(s): believed carry at the end of a trial, "
                    + "median \(kit.medianText("believed_carry_s", t, digits: 3)) s (prior median 0.5 "
                    + "s); \(meanText("flicks", t)) flicks, \(meanText("long_swipes", t)) long swipes "
                    + "and \(meanText("drags", t)) aimed drags per trial."
            )
        }
        doc.add(.bullets(bullets))
    }

    /// Kaplan–Meier median time to the item by distance, one series per strategy.
    private func timeByDistanceFigure() -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for (i, s) in strategies.enumerated() {
            let lines = tasksByDistance.compactMap { k -> String? in
                let m = kit.kaplanMeier(rows(s, task: k.id)).median
                guard let v = m.value else { return nil }
                return "\(k.distance)\t\(v)\t\(m.lower ?? v)\t\(m.upper ?? spec.limits.timeLimit)"
            }
            blocks.append("# \(s): distance pt, median s, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"time_by_distance.dat\" index \(i) using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 "
                    + "linecolor \(i + 1) title \(Gnuplot.quoted(s))"
            )
        }
        return GnuplotFigure(
            name: "time_by_distance",
            title:
                "Median time to the item by scroll distance (Kaplan–Meier, \(confidencePercent)% intervals over "
                    + "participants)",
            data: [("time_by_distance.dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title "Time to the item by scroll distance"
                set xlabel "distance to scroll (pt)"
                set ylabel "median time to the item (s)"
                set yrange [0:*]
                set key inside top left
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }

    /// The mean of `metric` by distance with intervals over participants, one series per strategy.
    private func byDistanceFigure(metric: String, name: String, title: String, ylabel: String) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for (i, s) in strategies.enumerated() {
            let lines = tasksByDistance.compactMap { k -> String? in
                mean(metric, rows(s, task: k.id)).map { "\(k.distance)\t\($0.value)\t\($0.lower)\t\($0.upper)" }
            }
            blocks.append("# \(s): distance pt, mean, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s))"
            )
        }
        return GnuplotFigure(
            name: name, title: "\(title) (\(confidencePercent)% intervals over participants)",
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel "distance to scroll (pt)"
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:*]
                set key inside top left
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
