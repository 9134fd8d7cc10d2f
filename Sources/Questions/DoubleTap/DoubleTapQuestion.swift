import Designs
import Harness
import Interaction
import Reports

/// Double tap delays taps (fluid interfaces talk, the Photos example): zooming
/// by double tap, which makes single taps wait, against no double tap.
public struct DoubleTapQuestion: Question, SimulatedQuestion, BuildingQuestion, RecognizerDeclaring {
    public typealias Simulator = DoubleTapSimulator
    public var design: DesignQuestion { DoubleTapDesigns.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> PhotoViewer {
        try DoubleTapDesigns.make(strategy.design, parameters: strategy.designParameters, bounds: device.bounds)
    }

    public func screens(of viewer: PhotoViewer, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] {
        DoubleTapScreens.all(viewer, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(DoubleTapReport.self) }

    public func taskFactors() -> [TaskFactor] {
        [
            .text("gesture", of: DoubleTapTask.self, meaning: "one tap, two independent taps, or zoom") {
                $0.gesture.rawValue
            },
            .number("spacing_pt", of: DoubleTapTask.self, meaning: "distance between two independent taps, pt") {
                $0.spacing
            }
        ]
    }
}
