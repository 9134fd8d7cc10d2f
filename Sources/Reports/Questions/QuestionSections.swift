import Harness

/// A question's own report sections as a value: the selections they read, summarised in the report's one pass
/// over the run (no trial is held in memory; the sections read them with `ResultSet.selected(_:)`), and how they
/// are written. Most questions have one report type, `QuestionSections(XReport.self)`; a report that needs the
/// report's folder or screening says how it is built in a closure.
public struct QuestionSections {
    /// The selections the sections read.
    public let requests: (ExperimentSpec) -> SelectionRequests
    /// Adds the sections to a report, after the answer and the set-up and before the sections every report has
    /// (ceilings, learning, replays, sensitivity, provenance).
    public let build: (inout QuestionReport) throws -> Void

    public init(
        requests: @escaping (ExperimentSpec) -> SelectionRequests,
        build: @escaping (inout QuestionReport) throws -> Void
    ) {
        self.requests = requests
        self.build = build
    }

    /// The sections of a report type made from the spec and the results alone.
    package init<Body: QuestionReportBody>(_ body: Body.Type) {
        self.init(requests: Body.requests(spec:)) { report in
            Body(spec: report.spec, results: report.results).build(into: &report.document, figures: &report.figures)
        }
    }
}

/// A question's report sections as one type: built from the spec and the results, the selections it reads
/// named once, in `requests(spec:)`.
package protocol QuestionReportBody: ReportBody {
    static func requests(spec: ExperimentSpec) -> SelectionRequests
    init(spec: ExperimentSpec, results: ResultSet)
    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure])
}
