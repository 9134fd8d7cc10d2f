import Designs
import Foundation
import Harness
import Reports
import Statistics

/// The harmonica sections: by number of filters, how much of the photo each
/// picker leaves, how fast a named filter is found and applied, how often taps
/// land off the narrow strips, and how long browsing for a liked one takes.
struct HarmonicaReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks with a named filter to find (the rest are browsing for a liked one).
    static func namedTasks(_ spec: ExperimentSpec) -> Set<String> {
        Set(
            spec.tasks.filter { task in
                guard case .chooseEffect(_, let goal, _) = task.goal else { return false }
                return goal != nil
            }.map(\.id))
    }
    /// A strategy's trials, on every device.
    static func all(_ s: String) -> TrialSelection { TrialSelection(strategy: s) }
    /// A strategy's trials of named tasks (`wanted`) or of the others.
    static func trials(_ s: String, named wanted: Bool, spec: ExperimentSpec) -> TrialSelection {
        let named = namedTasks(spec)
        return TrialSelection(strategy: s, tasks: wanted ? named : Set(spec.tasks.map(\.id)).subtracting(named))
    }
    private func rows(_ s: String, named wanted: Bool) -> SelectedTrials {
        selected(Self.trials(s, named: wanted, spec: spec))
    }

    /// Everything the harmonica sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(all(s), metrics: ["preview_width_pt", "photo_share"])
            // Paired over participants: the "why" bullets' rates.
            r.add(
                trials(s, named: true, spec: spec), metrics: ["wrong_filter_applied", "scrolls", "photo_share"],
                byParticipant: ["within_10s", "mis_tap"], survival: true)
            r.add(trials(s, named: false, spec: spec), metrics: ["time_to_done_s", "looks_seen_10s", "photo_share"])
        }
        return r
    }
    private func design(_ s: String) -> FilterPickerDesign? {
        spec.strategies.first { $0.label == s }.flatMap {
            try? HarmonicaDesigns.make($0.design, parameters: $0.designParameters)
        }
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(HarmonicaDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.harmonica["filters-shown-effects"]))

        kit.addResultsByStrategy(
            [
                "filters", "preview width pt", "photo share seen",
                "named: within 10 s (\(confidencePercent)% CI)",
                "named: median time to the filter s, Kaplan–Meier (\(confidencePercent)% CI)",
                "named: a tap off the aimed preview", "named: a wrong filter applied", "named: mean scrolls",
                "liked: median time to done s", "liked: looks seen in 10 s (median)"
            ],
            note:
                "Named tasks: the time to the filter counts from the first look at the screen until the photo carries "
                    + "the named filter (trials that never got there are censored); a tap off the aimed preview is "
                    + "any tap of the trial that landed outside the preview aimed at. Rates "
                    + "carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let n = rows(s, named: true), l = rows(s, named: false), d = design(s)
            return [
                d.map { "\($0.filters)" } ?? "–",
                kit.medianText("preview_width_pt", selected(Self.all(s)), digits: 1),
                kit.medianText("photo_share", selected(Self.all(s)), digits: 3),
                n.isEmpty ? "–" : kit.rate("within_10s", n), n.isEmpty ? "–" : kit.survivalMedianText(n),
                n.isEmpty ? "–" : kit.rate("mis_tap", n), n.isEmpty ? "–" : kit.rate("wrong_filter_applied", n),
                n.isEmpty ? "–" : formatNumber(n.pooled("scrolls").mean, digits: 2),
                kit.medianText("time_to_done_s", l), kit.medianText("looks_seen_10s", l, digits: 0)
            ]
        }

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0, named: true) }, name: "survival_named",
                title: "Time until the named filter is applied", marker: 10))
        figures.append(
            countFigure(
                metric: "mis_tap", name: "mis_taps_by_count",
                title: "Named filter: trials with a tap off the aimed preview, by number of filters",
                ylabel: "share of trials", rows: { [rows($0, named: true)] }))
        figures.append(
            countFigure(
                metric: "photo_share", name: "photo_share_by_count",
                title: "Share of the photo left in view, by number of filters", ylabel: "photo share",
                rows: { [rows($0, named: true), rows($0, named: false)] }))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets: [String] = []
        for s in strategies {
            guard let d = design(s), d.kind == .harmonica else { continue }
            let twin = strategies.first {
                design($0).map { $0.kind == .thumbnailStrip && $0.filters == d.filters } ?? false
            }
            guard let twin else { continue }
            for (metric, what) in [
                ("within_10s", "named filter within 10 s"), ("mis_tap", "a tap off the aimed preview")
            ] {
                let ta = rows(twin, named: true), tb = rows(s, named: true)
                guard ta.valueCount(metric) >= 3, tb.valueCount(metric) >= 3, let a = ta.comparable(metric),
                    let b = tb.comparable(metric)
                else { continue }
                let (stat, diff) = Comparisons.difference(
                    a, b, metric: metric, paired: true, confidence: spec.report.confidence,
                    resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, "harmonica/\(metric)/\(s)"))
                let verdict =
                    diff.lower > 0
                    ? "the harmonica is higher" : diff.upper < 0 ? "the harmonica is lower" : "not distinguishable"
                bullets.append(
                    "\(d.filters) filters, \(s) − \(twin), \(what): \(stat) "
                        + "difference \(formatEstimate(diff, digits: 3)) (\(confidencePercent)% paired bootstrap over "
                        + "participants): \(verdict); "
                        + "strips \(formatNumber(d.harmonicaStripWidth(on: spec.devices[0]), digits: 1)) pt wide "
                        + "against \(formatNumber(design(twin)!.thumbnail, digits: 0)) pt thumbnails."
                )
            }
        }
        doc.add(.bullets(bullets))
    }

    /// `metric`'s mean by number of filters, one line per picker kind; `rows(strategy)`: the selections whose trials it
    /// is read over, in order.
    private func countFigure(
        metric: String, name: String, title: String, ylabel: String, rows: (String) -> [SelectedTrials]
    ) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for kind in FilterPickerKind.allCases {
            let lines = strategies.compactMap { s -> (Int, String)? in
                guard let d = design(s), d.kind == kind else { return nil }
                let t = rows(s)
                guard t.contains(where: { !$0.isEmpty }) else { return nil }
                if metric == "photo_share" {
                    let mean = Self.mean(metric, of: t)
                    return (d.filters, "\(d.filters)\t\(mean)\t\(mean)\t\(mean)")
                }
                // A rate reads one selection (its trial count seeds the bootstrap).
                precondition(t.count == 1, "a rate of \(metric) reads one selection")
                let e = kit.rateEstimate(metric, t[0])
                return (d.filters, "\(d.filters)\t\(e.value)\t\(e.lower)\t\(e.upper)")
            }.sorted { $0.0 < $1.0 }.map(\.1)
            guard !lines.isEmpty else { continue }
            let i = blocks.count
            blocks.append("# \(kind.rawValue): filters, value, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(kind.rawValue))"
            )
        }
        return GnuplotFigure(
            name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel "filters"
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:1.05]
                set xrange [0:16]
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }

    /// The mean of `metric` over the selections' trials taken one selection
    /// after the other (each in key order), as the rows were concatenated:
    /// the values summed in that order while held exactly.
    private static func mean(_ metric: String, of selections: [SelectedTrials]) -> Double {
        let pooled = selections.map { $0.pooled(metric) }
        let count = pooled.reduce(0) { $0 + $1.count }
        if pooled.allSatisfy({ $0.exact != nil }) { return Descriptive.mean(pooled.flatMap { $0.exact! }) }
        return count == 0 ? .nan : pooled.reduce(0) { $0 + $1.sum } / Double(count)
    }
}
