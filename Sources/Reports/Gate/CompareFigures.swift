import Foundation

/// The table and plots of `refine compare`.
public enum CompareFigures {
    public static func table(_ rows: [MetricComparison], confidence: Double) -> [[String]] {
        let c = formatNumber(confidence * 100)
        return [["metric", "A", "B", "B − A (\(c)% CI)", "Cliff's δ (\(c)% CI)", "test on participant means", "W or U", "p", "p Holm", "p BH"]] + rows.map { r in
            [r.metric, formatNumber(r.a), formatNumber(r.b), formatEstimate(r.difference, digits: 3), formatEstimate(r.cliffsDelta, digits: 3),
             "\(r.test) (\(r.participantsA), \(r.participantsB) people)", formatNumber(r.rankStatistic, digits: 1), formatP(r.p), formatP(r.pHolm), formatP(r.pBenjaminiHochberg)]
        }
    }

    static func formatP(_ p: Double) -> String { p < 1e-4 ? "<0.0001" : formatNumber(p, digits: 4) }

    /// Writes `comparison.html`, `comparison.md` and an ECDF per metric into `folder`.
    public static func write(rows: [MetricComparison], a: (String, [TrialRow]), b: (String, [TrialRow]), to folder: String, confidence: Double) throws {
        let dir = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var doc = ReportDocument(title: "\(b.0) against \(a.0)")
        let pairing = rows.first?.paired == true
            ? "paired: both sides hold the same people, so one draw of participants serves both"
            : "unpaired: each side's participants drawn independently"
        doc.add(.paragraph("A = \(a.0) (n = \(a.1.count)); B = \(b.0) (n = \(b.1.count)). Effect sizes first, with intervals from a seeded bootstrap over participants (\(pairing)); p-values from a rank test with participants as the unit (each person's mean is one value: Wilcoxon signed-rank of the per-person differences when the sides are the same people, Mann–Whitney otherwise), corrected across the metrics compared."))
        let t = table(rows, confidence: confidence)
        doc.add(.table(header: t[0], rows: Array(t.dropFirst())))
        for r in rows where r.statistic == "median" {
            let name = "ecdf_\(r.metric)"
            var blocks: [String] = []
            for side in [a, b] {
                let points = Descriptive.ecdf(ResultSet.values(r.metric, in: side.1), total: side.1.count)
                blocks.append("# \(side.0)\n" + points.map { "\($0.x)\t\($0.y)" }.joined(separator: "\n"))
            }
            let figure = GnuplotFigure(name: name, title: "\(r.metric): \(b.0) against \(a.0)",
                                       data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
                                       body: """
                                           set title \(Gnuplot.quoted(r.metric))
                                           set xlabel \(Gnuplot.quoted(r.metric))
                                           set ylabel "fraction of trials"
                                           set yrange [0:1]
                                           plot "\(name).dat" index 0 using 1:2 with steps linewidth 2 title \(Gnuplot.quoted("A: " + a.0)), \\
                                                "\(name).dat" index 1 using 1:2 with steps linewidth 2 title \(Gnuplot.quoted("B: " + b.0))
                                           """)
            try Gnuplot.render(figure, in: dir)
            doc.add(.figure(file: "\(name).png", caption: figure.title, links: ["\(name).svg", "\(name).gp", "\(name).dat"]))
        }
        try doc.html.write(to: dir.appendingPathComponent("comparison.html"), atomically: true, encoding: .utf8)
        try doc.markdown.write(to: dir.appendingPathComponent("comparison.md"), atomically: true, encoding: .utf8)
    }
}
