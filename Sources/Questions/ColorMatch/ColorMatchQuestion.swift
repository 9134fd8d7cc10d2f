import Designs
import Harness
import Interaction
import Reports

/// The classic colour pickers (issue 12): matching a solid colour with sliders
/// or a plane in five colour models, plain or with live gradient tracks.
public struct ColorMatchQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = ColorMatchSimulator
    public typealias Catalog = ColorPickerDesigns

    public func screens(
        of design: ColorPickerDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        let goals = tasks.goals(ColorMatchTask.self)
        guard let first = goals.first else { return [] }
        // The picker as it opens, then with each task's target matched (the thumb on the colour it gives).
        let states =
            [(name: "start", target: first.target, start: first.start)]
            + zip(tasks, goals).map { (name: "matched-\($0.id)", target: $1.target, start: $1.target) }
        return ColorPickerScreens.all(design, states: states, on: device)
    }

    public var reportSections: QuestionSections { QuestionSections(ColorMatchReport.self) }

    public func taskFactors() -> [TaskFactor] {
        let task = ColorMatchTask.self
        return [
            .number("target_lightness", of: task, meaning: "the target's CIELAB L*") { $0.lightness },
            .number("target_hue_deg", of: task, meaning: "the target's CIELAB hue angle, degrees") { $0.hueDegrees },
            .number(
                "target_chroma_share", of: task,
                meaning: "the target's chroma as a share of the most sRGB shows at its lightness and hue"
            ) { $0.chromaShare }
        ]
    }
}
