import Designs
import Harness
import Interaction
import Reports

/// Filter harmonica (seed 004): strips of previews over the photo against a
/// scrolling thumbnail strip, at 3 to 15 filters.
public struct HarmonicaQuestion: Question, SimulatedQuestion {
    public typealias Simulator = HarmonicaSimulator
    public init() {}
    public var design: DesignQuestion { HarmonicaDesigns.question }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try HarmonicaDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        HarmonicaScreens.all(
            try HarmonicaDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters)), on: device)
    }

    public func reportRequests(spec: ExperimentSpec) -> SelectionRequests { HarmonicaReport.requests(spec: spec) }

    public func addReportSections(to report: inout QuestionReport) throws {
        HarmonicaReport(spec: report.spec, results: report.results).build(
            into: &report.document, figures: &report.figures)
    }
}
