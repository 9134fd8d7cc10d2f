import Designs
import Harness
import Interaction
import Reports

/// Colour (iPhoto talk): four two-axis controls, four one-axis controls, or on the photo.
public struct ColorQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = ColorSimulator
    public typealias Catalog = ColorDesigns

    public var reportSections: QuestionSections {
        QuestionSections { ColorReport(spec: $0.spec, results: $0.results) }
    }
}
