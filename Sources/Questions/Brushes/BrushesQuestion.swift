import Designs
import Harness
import Interaction
import Reports

/// Brushes (iPhoto talk): bricks, a row, bottom icons or the pop-up; soft or
/// strong strokes, detect edges, size by zooming or by a slider.
public struct BrushesQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = BrushesSimulator
    public typealias Catalog = BrushDesigns
    public init() {}

    public func screens(of design: BrushDesign, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] {
        BrushScreens.all(design, on: device)
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
