import Designs
import Harness
import Interaction
import Reports

/// Picture-in-picture (fluid interfaces talk): which corner a thrown PIP goes to.
public struct PIPQuestion: Question, SimulatedQuestion, BuildingQuestion {
    public typealias Simulator = PIPSimulator
    public var design: DesignQuestion { PIPDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> PIPController {
        try PIPDesigns.make(strategy.design, parameters: strategy.designParameters, device: device)
    }

    public func screens(
        of controller: PIPController, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        PIPScreens.all(controller)
    }

    public var reportSections: QuestionSections { QuestionSections(PIPReport.self) }

    public func taskFactors() -> [TaskFactor] {
        func corner(_ task: TaskSpec, from: Bool) -> TableValue {
            guard case .movePIP(let a, let b) = task.goal else { return .missing }
            return .string((from ? a : b).rawValue)
        }
        return [
            TaskFactor(TableColumn("from_corner", .string, optional: true, meaning: "the corner the picture starts in"))
            { corner($0, from: true) },
            TaskFactor(TableColumn("to_corner", .string, optional: true, meaning: "the corner the person wants it in"))
            { corner($0, from: false) }
        ]
    }
}
