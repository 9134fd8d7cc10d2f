import Designs
import Harness
import Interaction
import Reports

/// Pan hysteresis (fluid interfaces talk, the swipe passage): how far a finger
/// moves before a drag starts, on a list whose rows are also tappable.
public struct HysteresisQuestion: Question, SimulatedQuestion, BuildingQuestion, RecognizerDeclaring {
    public typealias Simulator = HysteresisSimulator
    public var design: DesignQuestion { HysteresisDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> ScrollingList {
        try HysteresisDesigns.make(
            strategy.design, parameters: strategy.designParameters, frame: device.bounds,
            rowHeight: HysteresisSimulator.rowHeight)
    }

    /// The list never ends within a screen: as many rows as the frame shows.
    public func screens(of list: ScrollingList, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] {
        HysteresisScreens.all(list, rows: .max, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(HysteresisReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .text("intent", of: HysteresisTask.self, meaning: "tap a row, or drag the list") { $0.intent.rawValue },
            .number(
                "distance_pt", of: HysteresisTask.self, meaning: "how far the person means to drag, pt (0 for a tap)"
            ) { $0.distance }
        ]
    }
}
