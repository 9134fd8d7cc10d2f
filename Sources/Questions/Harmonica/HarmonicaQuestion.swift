import Designs
import Harness
import Interaction
import Reports

/// Filter harmonica (seed 004): strips of previews over the photo against a
/// scrolling thumbnail strip, at 3 to 15 filters.
public struct HarmonicaQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = HarmonicaSimulator
    public typealias Catalog = HarmonicaDesigns

    public var reportSections: QuestionSections { QuestionSections(HarmonicaReport.self) }
}
