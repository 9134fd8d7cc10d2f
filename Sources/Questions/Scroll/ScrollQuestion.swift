import Designs
import Harness
import Interaction
import Reports

/// Momentum and rubber band (fluid interfaces talk): a long list scrolled with
/// and without momentum, with a rubber band or a hard stop at its ends.
public struct ScrollQuestion: Question, SimulatedQuestion, CataloguedQuestion, RecognizerDeclaring {
    public typealias Simulator = ScrollSimulator
    public typealias Catalog = ScrollDesigns

    public func screens(
        of physics: ScrollPhysics, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        ScrollScreens.all(physics, lists: tasks.goals(ScrollTask.self).map { ($0.rows, $0.rowHeight) }, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(ScrollReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .number("rows", of: ScrollTask.self, meaning: "rows in the list") { Double($0.rows) },
            .number("item", of: ScrollTask.self, meaning: "the row to bring into the zone (1-based; rows = the end)") {
                Double($0.item)
            },
            .number("zone_pt", of: ScrollTask.self, meaning: "height of the target zone in points") { $0.zone }
        ]
    }
}
