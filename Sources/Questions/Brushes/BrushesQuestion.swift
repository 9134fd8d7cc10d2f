import Designs
import Harness
import Interaction
import Reports

/// Brushes (iPhoto talk): bricks, a row, bottom icons or the pop-up; soft or
/// strong strokes, detect edges, size by zooming or by a slider.
public struct BrushesQuestion: Question, SimulatedQuestion {
    public typealias Simulator = BrushesSimulator
    public init() {}
    public var design: DesignQuestion { BrushDesigns.question }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try BrushDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        BrushScreens.all(
            try BrushDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters)), on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(BrushesReport.self) }

    public func taskFactors() -> [TaskFactor] {
        func task(_ t: TaskSpec) -> BrushTask? { t.custom() }
        return [
            TaskFactor(TableColumn("brush", .string, optional: true, meaning: "the brush the task paints with")) {
                task($0).map { .string($0.brush) } ?? .missing
            }
        ]
    }
}
