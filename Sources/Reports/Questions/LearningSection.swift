import Foundation
import Harness

/// Learning curves (DESIGN §2: a participant's trials with one design form a
/// session in which they learn): each lead metric by the trial's position in its
/// session, per strategy, and first use (the first trial) against practised use
/// (the second half of the session).
struct LearningSection {
    let kit: ReportKit
    /// What `reader(spec:)` read of the run.
    let positions: SessionPositions
    /// Metrics to follow over a session: the spec's first three lead metrics.
    var metrics: [String] { Self.metrics(kit.spec) }
    static func metrics(_ spec: ExperimentSpec) -> [String] { Array(spec.metrics.prefix(3)) }

    /// What the section reads of the run, in the report's pass: each strategy's
    /// lead metrics at each session position (`SessionPositions`), not the trials.
    static func reader(spec: ExperimentSpec) -> SessionPositions.Reader {
        SessionPositions.Reader(metrics: metrics(spec))
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        let longest = positions.longest
        doc.add(.heading(level: 2, text: "Learning: first use and practised use"))
        guard let longest, !metrics.isEmpty else {
            doc.add(
                .paragraph(
                    "This run records no session positions (it predates sessions); rerun it to see learning curves."))
            return
        }
        let length = longest
        // The second half of the session, from the first bin starting there (`SessionPositions`: one position a bin but
        // in very long sessions).
        let practisedFrom = positions.binStart(atOrAfter: length / 2 + 1)
        let binned =
            positions.width > 1
            ? " Sessions this long are summarised in bins of \(positions.width) consecutive trials (at "
                + "most \(SessionPositions.maxBins) a curve)."
            : ""
        doc.add(
            .paragraph(
                "Each person does all \(length) trials with one strategy on one device in a row (tasks in a seeded "
                    + "order of their own) and carries over what they learn: what controls do, hidden controls found, "
                    + "how far a throw goes with this design, and faster decisions by the power law of practice. "
                    + "First use is the first trial of a session; practised use is "
                    + "trials \(practisedFrom)–\(length).\(binned) Rates are means "
                    + "with \(formatNumber(kit.confidence * 100))% intervals over participants (Wilson where each "
                    + "person gave one trial); times are medians over the trials that reached the goal."
            ))
        var rows: [[String]] = []
        let first = SessionPositions.Part.first, practised = SessionPositions.Part.from(practisedFrom)
        for s in kit.strategies {
            rows.append(
                [s, "\(positions.trialCount(s, first)) / \(positions.trialCount(s, practised))"]
                    + metrics.flatMap { [summary($0, s, first), summary($0, s, practised)] })
        }
        doc.add(
            .table(
                header: ["strategy", "n first / practised"]
                    + metrics.flatMap { ["\($0) first use", "\($0) practised"] }, rows: rows))
        for metric in metrics {
            let f = curve(metric, length: length)
            figures.append(f)
            doc.add(
                .figure(
                    file: "\(f.name).png", caption: f.title,
                    links: ["\(f.name).svg", "\(f.name).gp"] + f.data.map(\.file)))
        }
    }

    /// The rate (with its interval) or median of `metric` over the strategy's trials in `part`.
    func summary(_ metric: String, _ strategy: String, _ part: SessionPositions.Part) -> String {
        guard let pool = positions.pool(strategy, metric, part) else { return "–" }
        guard pool.isRate(metric: metric) else { return formatNumber(pool.median, digits: 2) }
        return formatRate(
            kit.rateEstimate(
                metric, pool.tally(names: positions.participants), trials: positions.trialCount(strategy, part)))
    }

    /// The metric by position in the session, one line per strategy.
    func curve(_ metric: String, length: Int) -> GnuplotFigure {
        let name = "learning_\(metric)"
        var blocks: [String] = []
        var plots: [String] = []
        var isRate = true
        for (i, s) in kit.strategies.enumerated() {
            var lines: [String] = []
            for b in 0..<positions.bins {
                guard let v = positions.pool(s, metric, .bin(b)) else { continue }
                let rate = v.isRate(metric: metric)
                isRate = isRate && rate
                // A bin's trials are at its middle position (the position itself while a bin is one).
                let x =
                    positions.width == 1
                    ? "\(b + 1)" : "\(Double(positions.binStart(b)) + Double(positions.width - 1) / 2)"
                lines.append("\(x)\t\(rate ? v.mean : v.median)\t\(v.count)")
            }
            blocks.append("# \(s): position\tvalue\tn\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s))"
            )
        }
        let title = "Learning curve: \(metric) by trial in the session"
        let label = MetricCatalog.definition(metric).label
        return GnuplotFigure(
            name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel "trial in the session"
                set ylabel \(Gnuplot.quoted(isRate ? "\(label), rate" : "\(label), median"))
                set xrange [0.5:\(Double(length) + 0.5)]
                \(isRate ? "set yrange [0:1.05]" : "set yrange [0:*]")
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
