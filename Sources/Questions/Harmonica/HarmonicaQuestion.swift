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

    public var reportSections: QuestionSections { QuestionSections(HarmonicaReport.self) }
}
