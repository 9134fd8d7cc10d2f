import Designs
import Interaction

/// Connects each design question to its task format and its trial simulator.
/// Adding a question means adding a case in each function here.
enum QuestionRegistry {
    static func parseTasks(question: String, node: SpecNode) throws -> [TaskSpec] {
        switch question {
        case "pip": return try PIPSimulator.tasks(from: node)
        case "exposure": return try ExposureSimulator.tasks(from: node)
        case "effects": return try EffectsSimulator.tasks(from: node)
        default: throw node.error("no task format for question '\(question)'")
        }
    }

    /// Builds the strategy once to check its parameters on `device`.
    static func validate(strategy: StrategySpec, question: String, device: DeviceConfiguration) throws -> Bool {
        switch question {
        case "pip":
            _ = try PIPDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters), device: device)
            return true
        case "exposure":
            _ = try ExposureDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
            return true
        case "effects":
            _ = try EffectsDesigns.make(strategy.design, parameters: StrategyParameters(strategy.parameters))
            return true
        default: return false
        }
    }

    static func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator {
        switch spec.question {
        case "pip": return try PIPSimulator(spec: spec)
        case "exposure": return try ExposureSimulator(spec: spec)
        case "effects": return try EffectsSimulator(spec: spec)
        default: throw SpecError(file: spec.path, field: "question", message: "no simulator for question '\(spec.question)'")
        }
    }

    /// The metric names a question reports, in report order; every question also
    /// records each trial's position in its session (`session_trial`).
    static func metricNames(question: String) -> [String] {
        switch question {
        case "pip": return PIPSimulator.metricNames + ["session_trial"]
        case "exposure": return ExposureSimulator.metricNames + ["session_trial"]
        case "effects": return EffectsSimulator.metricNames + ["session_trial"]
        default: return []
        }
    }
}
