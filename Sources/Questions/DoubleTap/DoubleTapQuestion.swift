import Designs
import Harness
import Interaction
import Reports

/// Double tap delays taps (fluid interfaces talk, the Photos example): zooming
/// by double tap, which makes single taps wait, against no double tap.
public struct DoubleTapQuestion: Question, SimulatedQuestion, BuildingQuestion, RecognizerDeclaring {
    public typealias Simulator = DoubleTapSimulator
    public init() {}
    public var design: DesignQuestion { DoubleTapDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> PhotoViewer {
        try DoubleTapDesigns.make(strategy.design, parameters: strategy.designParameters, bounds: device.bounds)
    }

    public func screens(of viewer: PhotoViewer, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] {
        DoubleTapScreens.all(viewer, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(DoubleTapReport.self) }

    public func taskFactors() -> [TaskFactor] {
        func task(_ t: TaskSpec) -> DoubleTapTask? { t.custom() }
        return [
            TaskFactor(
                TableColumn("gesture", .string, optional: true, meaning: "one tap, two independent taps, or zoom")
            ) { task($0).map { .string($0.gesture.rawValue) } ?? .missing },
            TaskFactor(
                TableColumn("spacing_pt", .double, optional: true, meaning: "distance between two independent taps, pt")
            ) { task($0).map { .double($0.spacing) } ?? .missing }
        ]
    }
}
