import Designs
import Harness
import Interaction
import Reports

/// Pause detection (fluid interfaces talk, iPhone X multitasking): a timer or
/// the acceleration spike of a stopping finger.
public struct PauseQuestion: Question, SimulatedQuestion, CataloguedQuestion, RecognizerDeclaring {
    public typealias Simulator = PauseSimulator
    public typealias Catalog = PauseDesigns
    public init() {}

    /// Every strategy shows the same screen: they differ in how a slide is read, not in what is drawn.
    public func screens(
        of built: HomeIndicatorGesture, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        PauseScreens.all(on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(PauseReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            TaskFactor(
                TableColumn(
                    "intent", .string, optional: true,
                    meaning: "what the person meant by the slide: pause (app switcher), flick or hesitate (home)")
            ) { task in
                guard let t = task.custom(PauseTask.self) else { return .missing }
                return .string(t.intent.rawValue)
            }
        ]
    }
}
