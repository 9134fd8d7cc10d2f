import Designs
import Harness
import Interaction
import Reports

/// Colour (iPhoto talk): four two-axis controls, four one-axis controls, or on the photo.
public struct ColorQuestion: Question, SimulatedQuestion, BuildingQuestion {
    public typealias Simulator = ColorSimulator
    public init() {}
    public var design: DesignQuestion { ColorDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> any ColorDesign {
        try ColorDesigns.make(strategy.design, parameters: strategy.designParameters)
    }

    public func screens(
        of design: any ColorDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        ColorScreens.all(design, on: device)
    }

    /// The sections draw images into the report's folder.
    public var reportSections: QuestionSections {
        QuestionSections(requests: ColorReport.requests(spec:)) { report in
            try ColorReport(spec: report.spec, results: report.results)
                .build(into: &report.document, figures: &report.figures, folder: report.folder)
        }
    }
}
