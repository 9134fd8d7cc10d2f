import Foundation

/// The folder `refine power` writes: the curve as a table and a gnuplot figure
/// (power against participants, with intervals and the required power drawn
/// across), its data as `power.tsv` and `power.json`, and the answer first.
public enum PowerReport {
    @discardableResult
    public static func write(_ curve: PowerCurve, to folder: URL) throws -> URL {
        try StagedFolder.write(to: folder) { staging in
            var doc = ReportDocument(title: "Power: \(curve.experiment)")
            doc.add(.heading(level: 2, text: "Answer"))
            doc.add(.paragraph(answer(curve)))
            doc.add(
                .paragraph(
                    "Each point is \(curve.points.first?.simulations ?? 0) simulated studies of that many "
                        + "participants (other people each time, seeded), run through the harness's models and judged "
                        + "as follows: \(curve.target). The interval on each power is Wilson's (the studies are "
                        + "independent)."
                ))
            doc.add(
                .table(
                    header: ["participants", "studies", "detected", "power (95% CI)", "median effect"],
                    rows: curve.points.map {
                        [
                            "\($0.participants)", "\($0.simulations)", "\($0.detected)", formatRate($0.power),
                            formatNumber($0.medianEffect, digits: 4)
                        ]
                    }))
            let counts = curve.points.map(\.participants)
            let ticks = counts.map { "\($0)" }.joined(separator: ", ")
            let range = "[\(Double(counts.min() ?? 1) / 1.3):\(Double(counts.max() ?? 2) * 1.3)]"
            let rows = curve.points.map {
                "\($0.participants)\t\($0.power.value)\t\($0.power.lower)\t\($0.power.upper)"
            }.joined(separator: "\n")
            let figure = GnuplotFigure(
                name: "power", title: "Power against participants",
                data: [("power.tsv", "# participants\tpower\tlower\tupper\n\(rows)\n")],
                body: """
                    set title \(Gnuplot.quoted("Power against participants: \(curve.experiment)"))
                    set xlabel "participants"
                    set ylabel "power (share of simulated studies that detect it)"
                    set yrange [0:1.05]
                    set logscale x 2
                    set xrange \(range)
                    set xtics (\(ticks))
                    plot "power.tsv" using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 title "power (95% CI)", \\
                         \(curve.requiredPower) with lines dashtype 2 linecolor rgb "#888888" \
                    title "required \(formatNumber(curve.requiredPower * 100, digits: 0))%"
                    """)
            try Gnuplot.render(figure, in: staging)
            doc.add(
                .figure(
                    file: "power.png", caption: "Power against participants",
                    links: ["power.svg", "power.gp", "power.tsv", "power.json"]))
            try JSONFiles.write(curve, to: staging.appendingPathComponent("power.json"))
            try doc.html.write(to: staging.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            try doc.markdown.write(to: staging.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        }
    }

    /// The verdict in one sentence.
    public static func answer(_ curve: PowerCurve) -> String {
        let required = formatNumber(curve.requiredPower * 100, digits: 0) + "%"
        guard let n = curve.smallestSufficient else {
            let best = curve.points.max { $0.power.value < $1.power.value }
            return
                "None of the participant counts tried reaches \(required) power "
                    + "(best: \(best.map { "\($0.participants) participants, \(formatRate($0.power))" } ?? "none")); "
                    + "try more participants."
        }
        let cautious =
            curve.smallestSufficientCautious.map {
                "; \($0) participants reach it even at the lower end of the interval"
            }
            ?? "; no count tried reaches it at the lower end of the interval, so more studies or participants would "
                + "make the answer firmer"
        return "\(n) participants are the fewest tried that reach \(required) power\(cautious)."
    }
}
