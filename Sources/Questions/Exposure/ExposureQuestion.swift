import Designs
import Harness
import Interaction
import Reports

/// Exposure (iPhoto talk): six sliders, a histogram, one exposure control, or on the photo.
public struct ExposureQuestion: Question {
    public init() {}
    public var design: DesignQuestion { ExposureDesigns.question }
    public var metricNames: [String] { ExposureSimulator.metricNames }

    public func tasks(from node: SpecNode) throws -> [TaskSpec] { try ExposureSimulator.tasks(from: node) }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try ExposureDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        ExposureScreens.all(try ExposureDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters)), on: device)
    }

    public func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator { try ExposureSimulator(spec: spec) }

    public func reportRequests(spec: ExperimentSpec) -> SelectionRequests { ExposureReport.requests(spec: spec) }

    public func addReportSections(to report: inout QuestionReport) throws {
        try ExposureReport(spec: report.spec, results: report.results, screening: report.screening)
            .build(into: &report.document, figures: &report.figures, folder: report.folder)
    }
}
