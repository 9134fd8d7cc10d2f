import Foundation
import UserModels

/// The report of `refine validate`: each law with the models' points on the
/// published line, the measured figures and their bands.
public enum ValidationReport {
    public static func write(
        _ checks: [LawCheck], replications: [FindingScore]? = nil, fit: FitReport? = nil,
        participants: Int, seed: UInt64, to folder: URL
    ) throws {
        var doc = ReportDocument(title: "Validation of the simulated users")
        // The answer first: how well the people predict published studies, then the law checks.
        if let replications {
            let tally = ReplicationReport.Tally(replications)
            doc.add(
                .paragraph(
                    "Published studies re-run with the simulated people: \(tally.sentence)"
                        + (fit.map { ". " + $0.headline } ?? ".")
                        + " The scorecard is under \"Replications of published "
                        + "studies\" below; the law checks come first."))
        }
        doc.add(
            .paragraph(
                "Canonical tasks from the human-performance literature, run through Refine's user models "
                    + "with \(participants) simulated participants (seed \(seed)). A figure outside its band fails the "
                    + "validation (refine validate exits 1)."))
        doc.add(
            .paragraph(
                "Each check says where its figure comes from. Emergent: no parameter sets it; it comes from "
                    + "how the parts interact, so it could catch a wrong model. Restates an input: the figure is a "
                        + "parameter "
                    + "the model was given, recovered through noise; it tests the plumbing only. Partly emergent: "
                        + "some of "
                    + "each, as the reason says."))
        doc.add(
            .table(
                header: ["law", "origin", "figure", "model", "band", "result"],
                rows: checks.flatMap { c in
                    c.figures.map {
                        [
                            c.title, c.origin.rawValue, $0.name, formatNumber($0.value, digits: 4),
                            "\(formatNumber($0.lower, digits: 4)) … \(formatNumber($0.upper, digits: 4))",
                            $0.passed ? "pass" : "FAIL"
                        ]
                    }
                }))
        try StagedFolder.write(to: folder) { staging in
            for c in checks {
                doc.add(.heading(level: 2, text: c.title))
                doc.add(.paragraph("Published: \(c.source)."))
                doc.add(.paragraph("Origin: \(c.origin.rawValue) — \(c.originReason)."))
                let name = c.id.replacingOccurrences(of: "-", with: "_")
                let model = c.model.map { "\($0[0])\t\($0[1])" }.joined(separator: "\n")
                let published = c.published.map { "\($0[0])\t\($0[1])" }.joined(separator: "\n")
                // A figure whose points all share an x (or a y) — name invariance's single (0, 0) — gets a range
                // around them; gnuplot would otherwise warn of an empty range.
                let points = c.model + c.published
                func range(_ axis: String, _ k: Int) -> String {
                    let values = points.map { $0[k] }
                    guard let v = values.first, values.allSatisfy({ $0 == v }) else { return "" }
                    return "set \(axis)range [\(v - 1):\(v + 1)]\n"
                }
                let figure = GnuplotFigure(
                    name: name, title: c.title,
                    data: [("\(name).dat", "# model: x\ty\n\(model)\n\n\n# published: x\ty\n\(published)\n")],
                    body: """
                        set title \(Gnuplot.quoted(c.title))
                        set xlabel \(Gnuplot.quoted(c.xLabel))
                        set ylabel \(Gnuplot.quoted(c.yLabel))
                        \(range("x", 0))\(range("y", 1))plot "\(name).dat" index 1 using 1:2 with lines linewidth 2 \\
                             linecolor rgb "#888888" title "published", \\
                             "\(name).dat" index 0 using 1:2 with points pointtype 7 pointsize 1.2 linecolor 1 \
                        title "model"
                        """)
                try Gnuplot.render(figure, in: staging)
                doc.add(
                    .figure(file: "\(name).png", caption: c.title, links: ["\(name).svg", "\(name).gp", "\(name).dat"]))
                doc.add(
                    .bullets(
                        c.figures.map {
                            "\($0.name) = \(formatNumber($0.value, digits: 4)) "
                                + "(band \(formatNumber($0.lower, digits: 4)) "
                                + "… \(formatNumber($0.upper, digits: 4))): \($0.passed ? "pass" : "FAIL")"
                        }))
            }
            if let replications {
                try ReplicationReport.add(replications, fit: fit, to: &doc, in: staging)
                let summary = ValidationSummary(
                    replications: ReplicationReport.Tally(replications).sentence, fit: fit?.headline,
                    lawChecksPassing: checks.filter(\.passed).count, lawChecks: checks.count)
                try JSONFiles.write(summary, to: staging.appendingPathComponent(ValidationSummary.file))
            }
            try doc.html.write(to: staging.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            try doc.markdown.write(to: staging.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        }
    }
}
