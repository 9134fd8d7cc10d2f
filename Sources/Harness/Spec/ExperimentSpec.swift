import Designs
import Interaction
import UserModels

/// One strategy as a spec names it: the design, its parameters, and the label
/// under which it appears in trial keys and reports.
public struct StrategySpec: Sendable {
    /// Unique within the spec, e.g. `projected-momentum-fast`.
    public var label: String
    /// The design's name in the catalog, e.g. `projected-momentum`.
    public var design: String
    public var parameters: [String: ParameterValue]
}

/// One task of an experiment: what the simulated person is asked to do.
public struct TaskSpec: Sendable, Hashable {
    /// Stable id used in trial keys, e.g. `t07`.
    public var id: String
    /// Human-readable, e.g. `bottom-right → top-right`.
    public var label: String
    public var goal: TaskGoal
}

/// The goal of a task, per design question.
public enum TaskGoal: Sendable, Hashable {
    /// Move the picture-in-picture from one corner to another.
    case movePIP(from: Corner, to: Corner)
}

/// When a trial stops if the person has not finished.
public struct TrialLimits: Sendable, Hashable {
    /// Simulated seconds after which the person gives up.
    public var timeLimit: Double
    /// Attempts (throws, strokes) after which the person gives up.
    public var maxAttempts: Int
}

/// How reports are made from this experiment's runs.
public struct ReportSettings: Sendable, Hashable {
    public var title: String
    /// Bootstrap resamples for confidence intervals.
    public var bootstrapResamples: Int
    /// Confidence level of every interval, e.g. 0.95.
    public var confidence: Double
}

/// A parsed, validated experiment spec (the YAML files under `Experiments/`).
public struct ExperimentSpec: Sendable {
    public var name: String
    public var question: String
    public var title: String
    public var description: String
    public var seed: UInt64
    public var replications: Int
    public var devices: [DeviceConfiguration]
    public var strategies: [StrategySpec]
    public var population: Population
    public var tasks: [TaskSpec]
    public var limits: TrialLimits
    /// Metrics the report leads with, in order.
    public var metrics: [String]
    public var report: ReportSettings
    /// The exact text the spec was read from and its SHA-256 (provenance).
    public var text: String
    public var sha256: String
    /// Where it was read from.
    public var path: String
}
