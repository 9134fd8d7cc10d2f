import Designs
import Harness
import Interaction
import Reports

/// Pause detection (fluid interfaces talk, iPhone X multitasking): a timer or
/// the acceleration spike of a stopping finger.
public struct PauseQuestion: Question, SimulatedQuestion, CataloguedQuestion, RecognizerDeclaring {
    public typealias Simulator = PauseSimulator
    public typealias Catalog = PauseDesigns

    public var reportSections: QuestionSections { QuestionSections(PauseReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .text(
                "intent", of: PauseTask.self,
                meaning: "what the person meant by the slide: pause (app switcher), flick or hesitate (home)"
            ) { $0.intent.rawValue }
        ]
    }
}
