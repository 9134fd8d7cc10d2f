import Designs
import Harness
import Interaction
import Reports

/// Brushes (iPhoto talk): bricks, a row, bottom icons or the pop-up; soft or
/// strong strokes, detect edges, size by zooming or by a slider.
public struct BrushesQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = BrushesSimulator
    public typealias Catalog = BrushDesigns

    public var reportSections: QuestionSections { QuestionSections(BrushesReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [.text("brush", of: BrushTask.self, meaning: "the brush the task paints with") { $0.brush }]
    }
}
