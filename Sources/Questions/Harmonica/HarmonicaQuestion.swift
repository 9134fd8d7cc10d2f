import Designs
import Harness
import Interaction
import Reports

/// Filter harmonica (seed 004): strips of previews over the photo against a
/// scrolling thumbnail strip, at 3 to 15 filters.
public struct HarmonicaQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = HarmonicaSimulator
    public typealias Catalog = HarmonicaDesigns
    public init() {}

    public func screens(
        of design: FilterPickerDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        HarmonicaScreens.all(design, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(HarmonicaReport.self) }
}
