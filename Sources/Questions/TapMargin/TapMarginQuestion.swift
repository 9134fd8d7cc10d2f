import Designs
import Harness
import Interaction
import Reports

/// Tap margin (fluid interfaces talk, the Calculator button): an extra margin
/// around small buttons against their exact frames.
public struct TapMarginQuestion: Question, SimulatedQuestion, BuildingQuestion, DeclaringQuestion {
    public typealias Simulator = TapMarginSimulator
    public init() {}
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
        func task(_ t: TaskSpec) -> TapMarginTask? { t.custom() }
        return [
            TaskFactor(
                TableColumn(
                    "intent", .string, optional: true, meaning: "tap the button, or press it and take the press back")
            ) { task($0).map { .string($0.intent.rawValue) } ?? .missing },
            TaskFactor(TableColumn("size_pt", .double, optional: true, meaning: "the buttons' size in points")) {
                task($0).map { .double($0.size) } ?? .missing
            },
            TaskFactor(TableColumn("gap_pt", .double, optional: true, meaning: "the gap between buttons in points")) {
                task($0).map { .double($0.gap) } ?? .missing
            }
        ]
    }
}
