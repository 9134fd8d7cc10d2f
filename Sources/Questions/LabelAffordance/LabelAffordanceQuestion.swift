import Designs
import Harness
import Interaction
import Reports

/// Label affordance (seed 004, "A label that looks like a button"): the modal
/// authorization screen's title drawn as a button or as a plain title.
public struct LabelAffordanceQuestion: Question, SimulatedQuestion, BuildingQuestion, DeclaringQuestion {
    public typealias Simulator = LabelAffordanceSimulator
    public var design: DesignQuestion { LabelAffordanceDesigns.question }

    public var declaredFields: [String] { ScreenDeclaration.fields }

    public func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        try LabelAffordanceDeclaration.declaration(like: name, parameters: parameters)
    }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> AuthorizationLayout {
        try LabelAffordanceDeclaration.layout(strategy)
    }

    /// A design file is checked on the device too: its controls must fit it.
    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        if let declared = strategy.declared { return try LabelAffordanceDeclaration.check(declared, on: device) }
        _ = try build(strategy, on: device)
    }

    public func screens(
        of layout: AuthorizationLayout, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        [LabelledScreen("authorization", layout.make(on: device).screen)]
    }

    public var reportSections: QuestionSections { QuestionSections(LabelAffordanceReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .text(
                "intent", of: LabelAffordanceTask.self,
                meaning: "what the person meant to do: log-in, cancel or forgot-password"
            ) { $0.intent.rawValue }
        ]
    }
}
