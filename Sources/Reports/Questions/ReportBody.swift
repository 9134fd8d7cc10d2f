import Harness

/// What a question's report sections read: the spec and its run's results. A
/// section type needs only these two; the kit, the strategies, the confidence
/// as printed and the selections come from here.
package protocol ReportBody {
    var spec: ExperimentSpec { get }
    var results: ResultSet { get }
}

extension ReportBody {
    package var kit: ReportKit { ReportKit(spec: spec, results: results) }
    /// The strategies' labels, in spec order.
    package var strategies: [String] { spec.strategies.map(\.label) }
    /// The confidence level as the reports print it ("95").
    package var confidencePercent: String { formatNumber(spec.report.confidence * 100) }

    /// A selection's summary, made in the report's one pass (`QuestionSections.requests`).
    package func selected(_ s: TrialSelection) -> SelectedTrials { results.selected(s) }
}
