import Designs
import Harness
import Interaction
import Reports

/// Colour (iPhoto talk): four two-axis controls, four one-axis controls, or on the photo.
public struct ColorQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = ColorSimulator
    public typealias Catalog = ColorDesigns
    public init() {}

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
