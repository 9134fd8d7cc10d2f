import Designs
import Harness
import Interaction
import Reports

/// Edge button (seed 004, "Purple button interferes"): a camera control on the
/// screen's edge, over the preview, or inset on a panel.
public struct EdgeButtonQuestion: Question, SimulatedQuestion, BuildingQuestion {
    public typealias Simulator = EdgeButtonSimulator
    public var design: DesignQuestion { EdgeButtonDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> EdgeButtonDesigns.Layout {
        try EdgeButtonDesigns.layout(strategy.design, parameters: strategy.designParameters)
    }

    public func screens(
        of layout: EdgeButtonDesigns.Layout, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        EdgeButtonScreens.all(
            layout, controls: tasks.goals(EdgeButtonTask.self).map { ($0.position, $0.size) }, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(EdgeButtonReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .text(
                "position", of: EdgeButtonTask.self,
                meaning: "where the camera control sits: bottom-left, bottom-centre or top-right"
            ) { $0.position.rawValue },
            .number("size_pt", of: EdgeButtonTask.self, meaning: "the control's size in points") { $0.size }
        ]
    }
}
