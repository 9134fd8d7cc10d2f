import Foundation

/// The replications' section of the validation report: one row a published
/// finding (published, simulated with its interval, agree?), the tally, and a
/// figure of simulated against published values.
public enum ReplicationReport {
    /// Counts of a scorecard: findings with a direction or magnitude, and how many agree.
    public struct Tally: Codable, Sendable, Equatable {
        public var findings: Int
        public var studies: Int
        public var directions: Int
        public var directionsAgreeing: Int
        public var magnitudes: Int
        public var magnitudesAgreeing: Int
        /// The same counts over the findings that are independent tests (no `in_sample:`).
        public var independent: Counts

        /// Agreement counts over some findings (all of them, or the independent ones).
        public struct Counts: Codable, Sendable, Equatable {
            public var findings: Int
            public var directions: Int
            public var directionsAgreeing: Int
            public var magnitudes: Int
            public var magnitudesAgreeing: Int

            init(_ scores: [FindingScore]) {
                findings = scores.count
                directions = scores.filter { $0.directionAgrees != nil }.count
                directionsAgreeing = scores.filter { $0.directionAgrees == true }.count
                magnitudes = scores.filter { $0.magnitudeAgrees != nil }.count
                magnitudesAgreeing = scores.filter { $0.magnitudeAgrees == true }.count
            }

            /// "direction 7 of 10, magnitude 5 of 13".
            var agreement: String {
                Tally.agreement(directionsAgreeing, of: directions, magnitudesAgreeing, of: magnitudes)
            }
        }

        public init(_ scores: [FindingScore]) {
            let all = Counts(scores)
            findings = all.findings
            studies = Set(scores.map(\.study)).count
            directions = all.directions
            directionsAgreeing = all.directionsAgreeing
            magnitudes = all.magnitudes
            magnitudesAgreeing = all.magnitudesAgreeing
            independent = Counts(scores.filter { $0.inSample == nil })
        }

        /// "direction 10 of 13, magnitude 5 of 13", over every finding.
        var agreement: String {
            Self.agreement(directionsAgreeing, of: directions, magnitudesAgreeing, of: magnitudes)
        }

        static func agreement(_ directionsAgreeing: Int, of directions: Int, _ magnitudesAgreeing: Int,
                              of magnitudes: Int) -> String {
            "direction \(directionsAgreeing) of \(directions), magnitude \(magnitudesAgreeing) of \(magnitudes)"
        }

        /// How many findings restate an input (`in_sample:`).
        var restated: Int { findings - independent.findings }

        public var sentence: String {
            let all = "\(findings) findings from \(studies) studies: direction agrees in \(directionsAgreeing) of "
                + "\(directions), magnitude in \(magnitudesAgreeing) of \(magnitudes)"
            guard restated > 0 else { return all }
            return all + "; leaving out the \(restated) that restate an input (in_sample): \(independent.agreement)"
        }
    }

    static func number(_ v: Double?) -> String { v.map { formatNumber($0, digits: 3) } ?? "–" }

    static func range(_ low: Double?, _ high: Double?) -> String {
        switch (low, high) {
        case (let low?, nil): "≥ \(number(low))"
        case (nil, let high?): "≤ \(number(high))"
        default: "\(number(low)) … \(number(high))"
        }
    }

    static func rows(_ scores: [FindingScore]) -> [[String]] {
        scores.map { s in
            let published = s.expected ?? "\(number(s.published)) (\(range(s.publishedLow, s.publishedHigh)))"
            return ["\(s.citation): \(s.finding)", s.statistic, published,
                    "\(number(s.simulated)) [\(number(s.simulatedLow)), \(number(s.simulatedHigh))]",
                    s.status]
        }
    }

    /// Adds the section to `doc`, its figure into `folder`.
    static func add(_ scores: [FindingScore], fit: FitReport?, to doc: inout ReportDocument, in folder: URL) throws {
        doc.add(.heading(level: 2, text: "Replications of published studies"))
        doc.add(.paragraph("Each file in Experiments/replications/ re-runs one study of the corpus in Data/human/ "
            + "with its published task design and sample size, and reads each finding off the simulated people. "
            + "A trend or contrast agrees when its 95 % interval (people resampled) lies on the published side of "
            + "zero, or straddles zero for \"no difference\"; a value agrees when the simulated estimate lies in "
            + "the published mean's 95 % interval, on the published side of a stated bound, or within 25 % of the "
            + "published value when no dispersion is given. Findings recorded as known disagreements carry their "
            + "reason; validation fails when a finding that agreed stops agreeing."))
        if let fit { fit.add(to: &doc) }
        doc.add(.paragraph("With the catalogue's parameters: \(Tally(scores).sentence)."))
        doc.add(.table(header: ["finding", "read as", "published", "simulated [95 %]", "status"], rows: rows(scores)))
        let known = scores.filter { $0.knownDisagreement != nil }
        if !known.isEmpty {
            doc.add(.bullets(known.map { "\($0.citation), \($0.finding): \($0.knownDisagreement!)" }))
        }
        let restated = scores.filter { $0.inSample != nil }
        if !restated.isEmpty {
            doc.add(.paragraph("Not independent tests (scored, left out of the independent counts):"))
            doc.add(.bullets(restated.map { "\($0.citation), \($0.finding): \($0.inSample!)" }))
        }
        try figure(scores, in: folder, doc: &doc)
    }

    /// Simulated over published for every finding with a published value, on a log axis.
    static func figure(_ scores: [FindingScore], in folder: URL, doc: inout ReportDocument) throws {
        let valued = scores.filter { ($0.published ?? 0) > 0 && $0.simulated > 0 }
        guard !valued.isEmpty else { return }
        let lines = valued.enumerated().map { i, s in
            let p = s.published!
            let low = (s.simulatedLow ?? s.simulated) / p, high = (s.simulatedHigh ?? s.simulated) / p
            return "\(i + 1)\t\(s.simulated / p)\t\(max(1e-3, low))\t\(high)\t\"\(s.citation): \(s.finding)\""
        }
        let name = "replications"
        let figure = GnuplotFigure(
            name: name, title: "Simulated against published values",
            data: [("\(name).dat", "# row\tsimulated/published\tlow\thigh\tfinding\n"
                    + lines.joined(separator: "\n") + "\n")],
            body: """
                set title "Simulated over published value (1 = agreement; band ±25 %)"
                set logscale x
                set xrange [0.1:10]
                set yrange [0:\(valued.count + 1)]
                set xlabel "simulated / published"
                set ytics ("" 0)
                set object 1 rectangle from 0.8,0 to 1.25,\(valued.count + 1) \\
                    fillcolor rgb "#dddddd" fillstyle solid noborder behind
                plot "\(name).dat" using 2:1:3:4:ytic(5) with xerrorbars pointtype 7 linecolor 1 notitle
                """)
        try Gnuplot.render(figure, in: folder)
        let caption = "Each finding with a published value: simulated over published, with the 95 % interval "
            + "over resampled people"
        doc.add(.figure(file: "\(name).png", caption: caption, links: ["\(name).svg", "\(name).gp", "\(name).dat"]))
    }
}
