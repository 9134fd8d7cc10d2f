import Designs
import Harness
import Interaction
import Reports

/// Filter harmonica (seed 004): strips of previews over the photo against a
/// scrolling thumbnail strip, at 3 to 15 filters.
public struct HarmonicaQuestion: Question, SimulatedQuestion, BuildingQuestion {
    public typealias Simulator = HarmonicaSimulator
    public init() {}
    public var design: DesignQuestion { HarmonicaDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> FilterPickerDesign {
        try HarmonicaDesigns.make(strategy.design, parameters: strategy.designParameters)
    }

    public func screens(
        of design: FilterPickerDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        HarmonicaScreens.all(design, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(HarmonicaReport.self) }
}
