import Foundation
import Statistics

/// The table and plots of `refine compare`.
public enum CompareFigures {
    public static func table(_ rows: [MetricComparison], confidence: Double) -> [[String]] {
        let c = formatNumber(confidence * 100)
        let header = [
            "metric", "A", "B", "B − A (\(c)% CI)", "Cliff's δ (\(c)% CI)", "test on participant means",
            "W or U", "p", "p Holm", "p BH", "B vs A"
        ]
        return [header]
            + rows.map { r in
                [
                    r.metric, formatNumber(r.a), formatNumber(r.b), formatEstimate(r.difference, digits: 3),
                    formatDelta(r.cliffsDelta, tieShare: r.cliffsDeltaTieShare, digits: 3),
                    "\(r.test) (\(r.participantsA), \(r.participantsB) people)",
                    formatNumber(r.rankStatistic, digits: 1),
                    formatP(r.p), formatP(r.pHolm), formatP(r.pBenjaminiHochberg), r.verdict.rawValue
                ]
            }
    }

    /// Cliff's delta with its interval, and, when a side was sketched, the most
    /// its estimate can be off (`Comparisons.cliffsDelta`).
    public static func formatDelta(_ e: Estimate, tieShare: Double?, digits: Int) -> String {
        formatEstimate(e, digits: digits) + (tieShare.map { " ±\(formatNumber($0, digits: 4)) bucket ties" } ?? "")
    }

    /// What the table says under itself when a side was sketched.
    public static let sketchNote =
        "Someone gave more than \(ValueSketch.exactLimit) values of a metric, so that side was read as "
            + "per-participant sketches (log buckets \(formatNumber(ValueBuckets.relativeWidth * 100, digits: 3))% "
            + "wide): medians and their intervals are within that of the values, means are exact, and Cliff's δ is "
            + "taken on the buckets, where two values of one bucket tie, so its estimate may be off by at most the "
            + "share of such pairs given after it (± … bucket ties)."

    static func formatP(_ p: Double) -> String { p < 1e-4 ? "<0.0001" : formatNumber(p, digits: 4) }

    /// Writes `comparison.html`, `comparison.md` and an ECDF per metric into `folder`.
    public static func write(
        rows: [MetricComparison], a: ComparedSide, b: ComparedSide, to folder: String, confidence: Double
    ) throws {
        let dir = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var doc = ReportDocument(title: "\(b.label) against \(a.label)")
        let pairing =
            rows.first?.paired == true
            ? "paired: both sides hold the same people, so one draw of participants serves both"
            : "unpaired: each side's participants drawn independently"
        doc.add(
            .paragraph(
                "A = \(a.label) (n = \(a.trials)); B = \(b.label) (n = \(b.trials)). Effect sizes first, with "
                    + "intervals from a seeded bootstrap over participants (\(pairing)); p-values from a rank test "
                    + "with participants as the unit (each person's mean is one value: Wilcoxon signed-rank of the "
                    + "per-person differences when the sides are the same people, Mann–Whitney otherwise), corrected "
                    + "across the metrics compared."
            ))
        let t = table(rows, confidence: confidence)
        doc.add(.table(header: t[0], rows: Array(t.dropFirst())))
        if rows.contains(where: { $0.cliffsDeltaTieShare != nil }) { doc.add(.paragraph(sketchNote)) }
        for r in rows where r.statistic == "median" {
            let name = "ecdf_\(r.metric)"
            var blocks: [String] = []
            for side in [a, b] {
                let points = side.sample(r.metric)?.ecdf(total: side.trials) ?? []
                blocks.append("# \(side.label)\n" + points.map { "\($0.x)\t\($0.y)" }.joined(separator: "\n"))
            }
            let figure = GnuplotFigure(
                name: name, title: "\(r.metric): \(b.label) against \(a.label)",
                data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
                body: """
                    set title \(Gnuplot.quoted(r.metric))
                    set xlabel \(Gnuplot.quoted(r.metric))
                    set ylabel "fraction of trials"
                    set yrange [0:1]
                    plot "\(name).dat" index 0 using 1:2 with steps linewidth 2 \
                    title \(Gnuplot.quoted("A: " + a.label)), \\
                         "\(name).dat" index 1 using 1:2 with steps linewidth 2 title \(Gnuplot.quoted("B: " + b.label))
                    """)
            try Gnuplot.render(figure, in: dir)
            doc.add(
                .figure(file: "\(name).png", caption: figure.title, links: ["\(name).svg", "\(name).gp", "\(name).dat"])
            )
        }
        try doc.html.write(to: dir.appendingPathComponent("comparison.html"), atomically: true, encoding: .utf8)
        try doc.markdown.write(to: dir.appendingPathComponent("comparison.md"), atomically: true, encoding: .utf8)
    }
}
