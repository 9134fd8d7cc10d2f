import Designs
import Harness
import Interaction
import Reports

/// Label affordance (seed 004, "A label that looks like a button"): the modal
/// authorization screen's title drawn as a button or as a plain title.
public struct LabelAffordanceQuestion: Question, SimulatedQuestion {
    public typealias Simulator = LabelAffordanceSimulator
    public init() {}
    public var design: DesignQuestion { LabelAffordanceDesigns.question }

    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try LabelAffordanceDesigns.fillOpacity(strategy.design, parameters: StrategyParameters(strategy.parameters))
    }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        [
            LabelledScreen(
                "authorization",
                try LabelAffordanceDesigns.make(
                    strategy.design, parameters: StrategyParameters(strategy.parameters), on: device
                ).screen)
        ]
    }

    public func reportRequests(spec: ExperimentSpec) -> SelectionRequests { LabelAffordanceReport.requests(spec: spec) }

    public func addReportSections(to report: inout QuestionReport) throws {
        LabelAffordanceReport(spec: report.spec, results: report.results).build(
            into: &report.document, figures: &report.figures)
    }

    public func taskFactors() -> [TaskFactor] {
        [
            TaskFactor(
                TableColumn(
                    "intent", .string, optional: true,
                    meaning: "what the person meant to do: log-in, cancel or forgot-password")
            ) { t in
                guard case .custom(let goal) = t.goal, let task = goal.value as? LabelAffordanceTask else {
                    return .missing
                }
                return .string(task.intent.rawValue)
            }
        ]
    }
}
