import Designs
import Harness
import Interaction
import Reports

/// Effects (iPhoto talk): a grid of effects or a swatch book, three sliders or one swipe.
public struct EffectsQuestion: Question, SimulatedQuestion, CataloguedQuestion {
    public typealias Simulator = EffectsSimulator
    public typealias Catalog = EffectsDesigns

    public var reportSections: QuestionSections {
        QuestionSections { EffectsReport(spec: $0.spec, results: $0.results) }
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
