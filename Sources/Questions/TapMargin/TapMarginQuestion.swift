import Designs
import Harness
import Interaction
import Reports

/// Tap margin (fluid interfaces talk, the Calculator button): an extra margin
/// around small buttons against their exact frames.
public struct TapMarginQuestion: Question, SimulatedQuestion, BuildingQuestion, DeclaringQuestion {
    public typealias Simulator = TapMarginSimulator
    public var design: DesignQuestion { TapMarginDesigns.question }

    public var declaredFields: [String] { TapMarginDeclaration.fields }

    public func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        try TapMarginDeclaration.declaration(like: name, parameters: parameters)
    }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> TapMarginDesigns.TapArea {
        try TapMarginDeclaration.area(strategy)
    }

    public func screens(
        of area: TapMarginDesigns.TapArea, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        TapMarginScreens.all(
            area, rows: tasks.goals(TapMarginTask.self).map { ($0.size, $0.gap) }, count: TapMarginSimulator.buttons,
            on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(TapMarginReport.self) }

    public func taskFactors() -> [TaskFactor] {
        let task = TapMarginTask.self
        return [
            .text("intent", of: task, meaning: "tap the button, or press it and take the press back") {
                $0.intent.rawValue
            },
            .number("size_pt", of: task, meaning: "the buttons' size in points") { $0.size },
            .number("gap_pt", of: task, meaning: "the gap between buttons in points") { $0.gap }
        ]
    }
}
