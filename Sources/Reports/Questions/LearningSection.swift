import Foundation
import Harness

/// Learning curves (DESIGN §2: a participant's trials with one design form a
/// session in which they learn): each lead metric by the trial's position in its
/// session, per strategy, and first use (the first trial) against practised use
/// (the second half of the session).
struct LearningSection {
    let kit: ReportKit
    /// Metrics to follow over a session: the spec's first three lead metrics.
    var metrics: [String] { Array(kit.spec.metrics.prefix(3)) }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        // One strategy's trials at a time (`sessions(of:)`), never a copy of the whole run's.
        var position = MetricReader("session_trial")
        var longest: Double?
        for t in kit.results.trials { if let k = position(t) { longest = max(longest ?? k, k) } }
        doc.add(.heading(level: 2, text: "Learning: first use and practised use"))
        guard let longest, !metrics.isEmpty else {
            doc.add(.paragraph("This run records no session positions (it predates sessions); rerun it to see learning curves."))
            return
        }
        let length = Int(longest)
        let practisedFrom = length / 2 + 1
        doc.add(.paragraph("Each person does all \(length) trials with one strategy on one device in a row (tasks in a seeded order of their own) and carries over what they learn: what controls do, hidden controls found, how far a throw goes with this design, and faster decisions by the power law of practice. First use is the first trial of a session; practised use is trials \(practisedFrom)–\(length). Rates are means with \(formatNumber(kit.confidence * 100))% intervals over participants (Wilson where each person gave one trial); times are medians over the trials that reached the goal."))
        var rows: [[String]] = []
        for s in kit.strategies {
            let mine = sessions(of: s)
            let first = mine.filter("session_trial") { $0 == 1 }
            let practised = mine.filter("session_trial") { ($0 ?? 0) >= Double(practisedFrom) }
            rows.append([s, "\(first.count) / \(practised.count)"] + metrics.flatMap { [summary($0, first), summary($0, practised)] })
        }
        doc.add(.table(header: ["strategy", "n first / practised"] + metrics.flatMap { ["\($0) first use", "\($0) practised"] }, rows: rows))
        for metric in metrics {
            let f = curve(metric, length: length)
            figures.append(f)
            doc.add(.figure(file: "\(f.name).png", caption: f.title, links: ["\(f.name).svg", "\(f.name).gp"] + f.data.map(\.file)))
        }
    }

    /// The trials of `strategy` that record their session position, in order.
    func sessions(of strategy: String) -> [TrialRow] {
        kit.results.trials(strategy: strategy).filter("session_trial") { $0 != nil }
    }

    func summary(_ metric: String, _ t: [TrialRow]) -> String {
        let v = ResultSet.values(metric, in: t)
        guard !v.isEmpty else { return "–" }
        return Comparisons.isRate(v, metric: metric) ? kit.rate(metric, t) : kit.medianText(metric, t)
    }

    /// The metric by position in the session, one line per strategy.
    func curve(_ metric: String, length: Int) -> GnuplotFigure {
        let name = "learning_\(metric)"
        var blocks: [String] = []
        var plots: [String] = []
        var isRate = true
        // The metric's values at each session position, per strategy (in trial order).
        var position = MetricReader("session_trial"), value = MetricReader(metric)
        for (i, s) in kit.strategies.enumerated() {
            let mine = sessions(of: s)
            var byPosition = Array(repeating: [Double](), count: length + 1)
            for t in mine {
                guard let k = position(t), k >= 1, k <= Double(length), k == k.rounded(), let v = value(t) else { continue }
                byPosition[Int(k)].append(v)
            }
            var lines: [String] = []
            for k in 1...length {
                let v = byPosition[k]
                guard !v.isEmpty else { continue }
                isRate = isRate && Comparisons.isRate(v, metric: metric)
                let y = Comparisons.isRate(v, metric: metric) ? Descriptive.mean(v) : Descriptive.median(v)
                lines.append("\(k)\t\(y)\t\(v.count)")
            }
            blocks.append("# \(s): position\tvalue\tn\n" + lines.joined(separator: "\n"))
            plots.append("\"\(name).dat\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) title \(Gnuplot.quoted(s))")
        }
        let title = "Learning curve: \(metric) by trial in the session"
        return GnuplotFigure(name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")], body: """
            set title \(Gnuplot.quoted(title))
            set xlabel "trial in the session"
            set ylabel \(Gnuplot.quoted(isRate ? "\(metric) (mean)" : "\(metric) (median)"))
            set xrange [0.5:\(Double(length) + 0.5)]
            \(isRate ? "set yrange [0:1.05]" : "set yrange [0:*]")
            plot \(plots.joined(separator: ", \\\n     "))
            """)
    }
}
