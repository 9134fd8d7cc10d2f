import Designs
import Harness
import Interaction
import Reports

/// Pause detection (fluid interfaces talk, iPhone X multitasking): a timer or
/// the acceleration spike of a stopping finger.
public struct PauseQuestion: Question, SimulatedQuestion, RecognizerDeclaring {
    public typealias Simulator = PauseSimulator
    public init() {}
    public var design: DesignQuestion { PauseDesigns.question }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try PauseDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        _ = try PauseDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
        return PauseScreens.all(on: device)
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
