import Designs
import Harness
import Interaction
import Reports

/// Colour (iPhoto talk): four two-axis controls, four one-axis controls, or on the photo.
public struct ColorQuestion: Question, SimulatedQuestion {
    public typealias Simulator = ColorSimulator
    public init() {}
    public var design: DesignQuestion { ColorDesigns.question }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try ColorDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        ColorScreens.all(
            try ColorDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters)), on: device)
    }

    /// The sections draw images into the report's folder.
    public var reportSections: QuestionSections {
        QuestionSections(requests: ColorReport.requests(spec:)) { report in
            try ColorReport(spec: report.spec, results: report.results)
                .build(into: &report.document, figures: &report.figures, folder: report.folder)
        }
    }
}
