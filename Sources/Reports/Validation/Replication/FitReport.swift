import Foundation

/// What `refine fit` found: each parameter's fitted value with its jackknife
/// interval over studies, and three scorecards — the catalogue's values, fitted
/// to every study (in-sample), and each study predicted by a fit to the others
/// (leave-one-study-out, the headline).
public struct FitReport: Codable, Sendable {
    public struct Parameter: Codable, Sendable {
        public var path: String
        public var catalogue: Double
        public var fitted: Double
        /// Jackknife standard error over the leave-one-study-out fits.
        public var jackknifeSE: Double
        public var bounds: [Double]

        /// fitted ± 1.96 jackknife SE, kept inside the searched bounds.
        public var interval: [Double] {
            [max(bounds[0], fitted - 1.96 * jackknifeSE), min(bounds[1], fitted + 1.96 * jackknifeSE)]
        }
    }
    public var parameters: [Parameter]
    public var distance: Double
    public var evaluations: Int
    public var catalogue: [FindingScore]
    public var inSample: [FindingScore]
    public var outOfSample: [FindingScore]

    public var headline: String {
        let out = ReplicationReport.Tally(outOfSample), inside = ReplicationReport.Tally(inSample)
        var text = "Out of sample (each study predicted by a fit to the others): \(out.agreement). "
            + "In sample: \(inside.agreement)."
        if out.restated > 0 {
            text += " Leaving out the \(out.restated) findings that restate an input (in_sample), out of sample: "
                + "\(out.independent.agreement)."
        }
        return text
    }

    func add(to doc: inout ReportDocument) {
        doc.add(.heading(level: 3, text: "Fitted parameters and leave-one-study-out agreement"))
        doc.add(.paragraph("Headline: \(headline)"))
        doc.add(.paragraph("refine fit searched \(parameters.count) parameters (Nelder–Mead, \(evaluations) "
            + "evaluations a fit, the replications re-run at every evaluation with the same seed) for the values "
            + "closest to the published findings (each finding's miss counted in 25 % steps, squared, and at "
            + "most two steps' worth, so that a finding the people cannot come near does not bend the fit); the "
            + "interval is ±1.96 jackknife standard errors over the "
            + "leave-one-study-out fits. The fitted values are reported, not adopted: the catalogue keeps its values "
            + "until a fit's out-of-sample agreement beats the catalogue's."))
        let header = ["parameter", "catalogue", "fitted", "95 % (jackknife)", "searched"]
        doc.add(.table(header: header, rows: parameters.map {
            [$0.path, formatNumber($0.catalogue, digits: 4), formatNumber($0.fitted, digits: 4),
             "\(formatNumber($0.interval[0], digits: 4)) … \(formatNumber($0.interval[1], digits: 4))",
             "\(formatNumber($0.bounds[0], digits: 3)) … \(formatNumber($0.bounds[1], digits: 3))"]
        }))
        doc.add(.table(header: ["finding", "catalogue", "in sample", "out of sample"],
                       rows: zip(catalogue, zip(inSample, outOfSample)).map { c, pair in
            ["\(c.citation): \(c.finding)", mark(c), mark(pair.0), mark(pair.1)]
        }))
    }

    func mark(_ s: FindingScore) -> String {
        "\(ReplicationReport.number(s.simulated)) \(s.agrees ? "✓" : "✗")"
    }
}
