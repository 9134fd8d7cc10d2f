import Designs
import Harness
import Interaction
import Reports

/// Effects (iPhoto talk): a grid of effects or a swatch book, three sliders or one swipe.
public struct EffectsQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = EffectsSimulator
    public typealias Catalog = EffectsDesigns
    public init() {}

    public func screens(
        of design: EffectsDesign, tasks: [TaskSpec], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        EffectsScreens.all(design, on: device)
    }

    /// The sections draw images into the report's folder.
    public var reportSections: QuestionSections {
        QuestionSections(requests: EffectsReport.requests(spec:)) { report in
            try EffectsReport(spec: report.spec, results: report.results)
                .build(into: &report.document, figures: &report.figures, folder: report.folder)
        }
    }

    public func taskFactors() -> [TaskFactor] {
        [
            TaskFactor(
                TableColumn(
                    "task_kind", .string, optional: true,
                    meaning: "match (reproduce a goal look) or browse (no goal: choose a look one likes)")
            ) {
                guard case .chooseEffect(_, let goal, _) = $0.goal else { return .missing }
                return .string(goal == nil ? "browse" : "match")
            },
            TaskFactor(
                TableColumn(
                    "goal_family", .string, optional: true,
                    meaning: "the goal look's effect family (missing for browsing)")
            ) {
                guard case .chooseEffect(_, let goal?, _) = $0.goal else { return .missing }
                return .string(goal.family.rawValue)
            }
        ]
    }
}
