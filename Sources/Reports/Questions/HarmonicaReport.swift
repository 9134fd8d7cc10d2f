import Designs
import Foundation
import Harness

/// The harmonica sections: by number of filters, how much of the photo each
/// picker leaves, how fast a named filter is found and applied, how often taps
/// land off the narrow strips, and how long browsing for a liked one takes.
struct HarmonicaReport {
    let spec: ExperimentSpec
    let results: ResultSet
    var kit: ReportKit { ReportKit(spec: spec, results: results) }
    private var strategies: [String] { spec.strategies.map(\.label) }
    private var c: String { formatNumber(spec.report.confidence * 100) }

    private func named(_ row: TrialRow) -> Bool {
        guard case .chooseEffect(_, let goal, _)? = spec.tasks.first(where: { $0.id == row.task })?.goal else { return false }
        return goal != nil
    }
    private func rows(_ s: String, named wanted: Bool) -> [TrialRow] {
        results.trials.filter { $0.strategy == s && named($0) == wanted }
    }
    private func design(_ s: String) -> FilterPickerDesign? {
        spec.strategies.first { $0.label == s }.flatMap { try? HarmonicaDesigns.make($0.design, parameters: StrategyParameters($0.parameters)) }
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(HarmonicaDesigns.question, to: &doc)
        doc.add(.paragraph("The filters shown are the effects catalogue's looks at indices ⌊i·24/n⌋, so every count shows the first look (Classic black & white), the counts 3, 6, 10 and 15 also the 17th (the first vintage look), and the rest are spread over the catalogue. Every preview is the engine's render of the whole photo with its filter. A named filter is a goal look the engine rendered: the generic agent inspects the previews in reading order, judging each one's pixels against the goal it holds in mind (smaller previews are judged less reliably), taps the first that looks right (Fitts' law; the dual Gaussian against the preview's real width) and checks the photo; a liked filter is browsing with no goal (the satisficer: each preview's appeal from its pixels and the person's taste)."))

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.table(header: ["strategy", "filters", "preview width pt", "photo share seen", "named: within 10 s (\(c)% CI)", "named: median time to the filter s, Kaplan–Meier (\(c)% CI)", "named: a tap off the aimed preview", "named: a wrong filter applied", "named: mean scrolls", "liked: median time to done s", "liked: looks seen in 10 s (median)"],
                       rows: strategies.map { s in
            let n = rows(s, named: true), l = rows(s, named: false), d = design(s)
            return [s, d.map { "\($0.filters)" } ?? "–", kit.medianText("preview_width_pt", results.trials(strategy: s), digits: 1),
                    kit.medianText("photo_share", results.trials(strategy: s), digits: 3),
                    n.isEmpty ? "–" : kit.rate("within_10s", n), n.isEmpty ? "–" : kit.survivalMedianText(n),
                    n.isEmpty ? "–" : kit.rate("mis_tap", n), n.isEmpty ? "–" : kit.rate("wrong_filter_applied", n),
                    n.isEmpty ? "–" : formatNumber(Descriptive.mean(ResultSet.values("scrolls", in: n)), digits: 2),
                    kit.medianText("time_to_done_s", l), kit.medianText("looks_seen_10s", l, digits: 0)]
        }))
        doc.add(.paragraph("Named tasks: the time to the filter counts from the first look at the screen until the photo carries the named filter (trials that never got there are censored); a tap off the aimed preview is any tap of the trial that landed outside the preview aimed at. Rates carry \(c)% intervals over participants."))

        figures.append(kit.survivalFigure(name: "survival_named", title: "Time until the named filter is applied", marker: 10, filter: named))
        figures.append(countFigure(metric: "mis_tap", name: "mis_taps_by_count", title: "Named filter: trials with a tap off the aimed preview, by number of filters", ylabel: "share of trials", rows: { rows($0, named: true) }))
        figures.append(countFigure(metric: "photo_share", name: "photo_share_by_count", title: "Share of the photo left in view, by number of filters", ylabel: "photo share", rows: { rows($0, named: true) + rows($0, named: false) }))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        var bullets: [String] = []
        for s in strategies {
            guard let d = design(s), d.kind == .harmonica else { continue }
            let twin = strategies.first { design($0).map { $0.kind == .thumbnailStrip && $0.filters == d.filters } ?? false }
            guard let twin else { continue }
            for (metric, what) in [("within_10s", "named filter within 10 s"), ("mis_tap", "a tap off the aimed preview")] {
                let a = kit.participantValues(metric, rows(twin, named: true)), b = kit.participantValues(metric, rows(s, named: true))
                guard a.values.count >= 3, b.values.count >= 3 else { continue }
                let (stat, diff) = Comparisons.difference(a, b, metric: metric, paired: true, confidence: spec.report.confidence,
                                                          resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, "harmonica/\(metric)/\(s)"))
                let verdict = diff.lower > 0 ? "the harmonica is higher" : diff.upper < 0 ? "the harmonica is lower" : "not distinguishable"
                bullets.append("\(d.filters) filters, \(s) − \(twin), \(what): \(stat) difference \(formatEstimate(diff, digits: 3)) (\(c)% paired bootstrap over participants): \(verdict); strips \(formatNumber(d.harmonicaStripWidth(on: spec.devices[0]), digits: 1)) pt wide against \(formatNumber(design(twin)!.thumbnail, digits: 0)) pt thumbnails.")
            }
        }
        doc.add(.bullets(bullets))
    }

    /// `metric`'s mean by number of filters, one line per picker kind.
    private func countFigure(metric: String, name: String, title: String, ylabel: String, rows: (String) -> [TrialRow]) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for kind in FilterPickerKind.allCases {
            let lines = strategies.compactMap { s -> (Int, String)? in
                guard let d = design(s), d.kind == kind else { return nil }
                let t = rows(s)
                guard !t.isEmpty else { return nil }
                let e = kit.rateEstimate(metric, t, success: { $0 == 1 })
                let mean = Descriptive.mean(ResultSet.values(metric, in: t))
                return metric == "photo_share" ? (d.filters, "\(d.filters)\t\(mean)\t\(mean)\t\(mean)") : (d.filters, "\(d.filters)\t\(e.value)\t\(e.lower)\t\(e.upper)")
            }.sorted { $0.0 < $1.0 }.map(\.1)
            guard !lines.isEmpty else { continue }
            let i = blocks.count
            blocks.append("# \(kind.rawValue): filters, value, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append("\"\(name).dat\" index \(i) using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor \(i + 1) title \(Gnuplot.quoted(kind.rawValue))")
        }
        return GnuplotFigure(name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
                             body: """
                                 set title \(Gnuplot.quoted(title))
                                 set xlabel "filters"
                                 set ylabel \(Gnuplot.quoted(ylabel))
                                 set yrange [0:1.05]
                                 set xrange [0:16]
                                 plot \(plots.joined(separator: ", \\\n     "))
                                 """)
    }
}
