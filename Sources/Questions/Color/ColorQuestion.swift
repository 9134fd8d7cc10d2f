import Designs
import Harness
import Interaction
import Reports

/// Colour (iPhoto talk): four two-axis controls, four one-axis controls, or on the photo.
public struct ColorQuestion: Question {
    public init() {}
    public var design: DesignQuestion { ColorDesigns.question }
    public var metricNames: [String] { ColorSimulator.metricNames }

    public func tasks(from node: SpecNode) throws -> [TaskSpec] { try ColorSimulator.tasks(from: node) }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try ColorDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        ColorScreens.all(try ColorDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters)), on: device)
    }

    public func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator { try ColorSimulator(spec: spec) }

    public func reportRequests(spec: ExperimentSpec) -> SelectionRequests { ColorReport.requests(spec: spec) }

    public func addReportSections(to report: inout QuestionReport) throws {
        try ColorReport(spec: report.spec, results: report.results).build(into: &report.document, figures: &report.figures, folder: report.folder)
    }
}
