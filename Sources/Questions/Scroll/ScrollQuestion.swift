import Designs
import Harness
import Interaction
import Reports

/// Momentum and rubber band (fluid interfaces talk): a long list scrolled with
/// and without momentum, with a rubber band or a hard stop at its ends.
public struct ScrollQuestion: Question, SimulatedQuestion, CataloguedQuestion, RecognizerDeclaring {
    public typealias Simulator = ScrollSimulator
    public typealias Catalog = ScrollDesigns
    public init() {}

    public func screens(
        of physics: ScrollPhysics, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        ScrollScreens.all(physics, lists: tasks.goals(ScrollTask.self).map { ($0.rows, $0.rowHeight) }, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(ScrollReport.self) }

    public func taskFactors() -> [TaskFactor] {
        func task(_ t: TaskSpec) -> ScrollTask? { t.custom() }
        return [
            TaskFactor(TableColumn("rows", .double, optional: true, meaning: "rows in the list")) {
                task($0).map { .double(Double($0.rows)) } ?? .missing
            },
            TaskFactor(
                TableColumn(
                    "item", .double, optional: true, meaning: "the row to bring into the zone (1-based; rows = the end)"
                )
            ) { task($0).map { .double(Double($0.item)) } ?? .missing },
            TaskFactor(TableColumn("zone_pt", .double, optional: true, meaning: "height of the target zone in points"))
            { task($0).map { .double($0.zone) } ?? .missing }
        ]
    }
}
