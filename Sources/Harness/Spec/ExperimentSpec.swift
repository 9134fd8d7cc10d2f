import Designs
import ImageEngine
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
    /// The design file when `design` names one (`Designs/big-sliders.yaml`) rather than a Swift design.
    public var declared: DeclaredDesign?

    public init(
        label: String, design: String, parameters: [String: ParameterValue] = [:], declared: DeclaredDesign? = nil
    ) {
        self.label = label
        self.design = design
        self.parameters = parameters
        self.declared = declared
    }
}

extension StrategySpec {
    /// What a person sees and does with this strategy: its design file's summary, or its Swift design's in
    /// `question`.
    public func summary(in question: DesignQuestion) -> String {
        declared?.summary ?? question.strategies.first { $0.name == design }?.summary ?? ""
    }
}

/// One task of an experiment: what the simulated person is asked to do.
public struct TaskSpec: Sendable, Hashable {
    /// Stable id used in trial keys, e.g. `t07`.
    public var id: String
    /// Human-readable, e.g. `bottom-right → top-right`.
    public var label: String
    public var goal: TaskGoal
    /// The task's scalar fields as the spec writes them (`intent: cancel`, `size_pt: 28`), apart from its id
    /// and label: what tasks share when they are of one class (the report's task-mix check groups by them).
    public var fields: [String: String]

    public init(id: String, label: String, goal: TaskGoal, fields: [String: String] = [:]) {
        self.id = id
        self.label = label
        self.goal = goal
        self.fields = fields
    }

    /// The id of task `index` (from 0) of `count`: `t01`, `t02`, … with as many
    /// digits as `count` needs (at least two), so ids sort in spec order.
    public static func numberedID(_ index: Int, of count: Int) -> String {
        let n = String(index + 1)
        return "t" + String(repeating: "0", count: max(0, max(2, String(count).count) - n.count)) + n
    }
}

/// The goal of a task, per design question.
public enum TaskGoal: Sendable, Hashable {
    /// Move the picture-in-picture from one corner to another.
    case movePIP(from: Corner, to: Corner)
    /// Make `photo` look like `goal` rendered from it, to within `tolerance` mean ΔE00.
    case adjustPhoto(photo: String, goal: PhotoGoal, tolerance: Double)
    /// Choose and refine an effect on `photo` to match `goal` (to within `tolerance`
    /// mean ΔE00), or, with no goal, browse for a look one likes.
    case chooseEffect(photo: String, goal: Effect?, tolerance: Double)
    /// The goal of a question that defines its own kind of task.
    case custom(CustomTaskGoal)

    /// The photo the task is done on, if any.
    public var photo: String? {
        switch self {
        case .movePIP: nil
        case .adjustPhoto(let photo, _, _), .chooseEffect(let photo, _, _): photo
        case .custom(let goal): goal.value.photo
        }
    }
}

/// What a question plug-in's own task goal must offer the harness.
public protocol QuestionTaskGoal: Sendable, Hashable {
    /// The photo the task is done on, if any (for provenance and exports).
    var photo: String? { get }
}

/// A plug-in's task goal, boxed so that `TaskGoal` stays a plain value: a new
/// question brings its goal type instead of adding a case here.
public struct CustomTaskGoal: Sendable, Hashable {
    public let value: any QuestionTaskGoal

    public init(_ value: some QuestionTaskGoal) { self.value = value }

    public static func == (a: Self, b: Self) -> Bool { AnyHashable(a.value) == AnyHashable(b.value) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
}

/// When a trial stops if the person has not finished.
public struct TrialLimits: Sendable, Hashable {
    /// Simulated seconds after which the person gives up.
    public var timeLimit: Double
    /// Attempts (throws, strokes) after which the person gives up.
    public var maxAttempts: Int

    public init(timeLimit: Double, maxAttempts: Int) { (self.timeLimit, self.maxAttempts) = (timeLimit, maxAttempts) }
}

/// How reports are made from this experiment's runs.
public struct ReportSettings: Sendable, Hashable {
    public var title: String
    /// Bootstrap resamples for confidence intervals.
    public var bootstrapResamples: Int
    /// Confidence level of every interval, e.g. 0.95.
    public var confidence: Double
    /// Per-trial metrics on which the Answer says what the best strategy gives up against the closest
    /// (`report: {costs: [...]}`): a win on the headline may be paid for elsewhere, as a hysteresis that
    /// starts fewer unwanted pans starts every pan later.
    public var costs: [String] = []
}

/// A parsed, validated experiment spec (the YAML files under `Experiments/`).
public struct ExperimentSpec: Sendable {
    public var name: String
    public var question: String
    /// The question plug-in `question` names: its tasks, simulator and metrics.
    public var plugin: any TrialQuestion
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
    public var gate: GateSettings?
    public var sensitivity: SensitivitySettings?
    /// Design-parameter sweeps (`tuning:`), run by `refine tune`.
    public var tuning: TuningSettings? = nil
    /// The exact text the spec was read from and its SHA-256 (provenance).
    public var text: String
    public var sha256: String
    /// Where it was read from.
    public var path: String
    /// How the simulated people decide their next adjustment (`policy:`; DESIGN §4).
    public var policy: PolicyKind = .effectModel
    /// The smallest difference that matters, per metric (`practical: {time_to_effect_s: 0.2}`, in the
    /// metric's unit; rates as fractions): within it, two designs are called equivalent.
    public var practical: [String: Double] = [:]
}

/// Which way a metric gets worse.
public enum WorseDirection: String, Sendable, Hashable, Codable {
    case higher, lower
}

/// How much a metric may move in its bad direction before the gate calls it a
/// regression: the larger of an absolute amount and a fraction of the baseline.
public struct MetricTolerance: Sendable, Hashable, Codable {
    public var metric: String
    public var worse: WorseDirection
    public var relative: Double
    public var absolute: Double
    /// "median" (default) or "mean". Means suit metrics whose distribution has
    /// several modes, where the median jumps between them from seed to seed.
    /// 0/1 metrics are always compared as rates (means).
    public var statistic: String

    public init(
        metric: String, worse: WorseDirection, relative: Double = 0, absolute: Double = 0, statistic: String = "median"
    ) {
        self.metric = metric
        self.worse = worse
        self.relative = relative
        self.absolute = absolute
        self.statistic = statistic
    }

    /// The allowed change for a baseline statistic `baseline`.
    public func allowance(baseline: Double) -> Double { max(absolute, relative * abs(baseline)) }
}

/// The regression gate of an experiment (`refine check`).
public struct GateSettings: Sendable, Hashable {
    /// Family-wise confidence: each of the m strategy × metric intervals cuts
    /// (1 − confidence)/m from each end (one-sided Bonferroni: a regression is
    /// judged on one end only), so a change that moves nothing is flagged as a
    /// regression with probability at most 1 − confidence.
    public var confidence: Double
    public var tolerances: [MetricTolerance]
}

/// One user-model parameter swept in the sensitivity analysis.
public struct ParameterSweep: Sendable, Hashable {
    public var path: String
    /// Values for the parameter's centre (a fixed value, a mean or a median).
    public var values: [Double]
}

/// The sensitivity analysis of an experiment: which conclusions survive the
/// plausible range of the user-model assumptions.
public struct SensitivitySettings: Sendable, Hashable {
    /// Participants per sweep point (fewer than the main run keeps sweeps quick).
    public var participants: Int
    /// The metric whose comparison is checked for stability.
    public var metric: String
    /// Which way the metric is better ("lower" for times, "higher" for rates).
    public var better: WorseDirection
    public var sweeps: [ParameterSweep]
    /// The screening design's size (`screen: {trajectories, participants}`).
    public var screen: ScreenSettings = ScreenSettings()
    /// Other decision policies to rerun the experiment with (`policies: [hill-climber]`),
    /// so each claim can be checked under a differently built agent.
    public var policies: [PolicyKind] = []
}

/// How big a Morris screening of the assumption parameters is, and which groups it moves.
public struct ScreenSettings: Sendable, Hashable {
    /// What one step of a trajectory moves (`screen: {factors: …}`).
    public enum Factors: String, Sendable, Hashable, CaseIterable {
        /// Each group's parameters together (Campolongo et al. 2007): cheap, says which group matters.
        case groups
        /// Each parameter on its own (Morris 1991): a step per parameter, says which parameter matters.
        case parameters
    }

    /// The size of one screening design: trajectories, participants a point, what a step moves.
    public struct Size: Sendable, Hashable {
        public var trajectories: Int
        /// Participants per screening point; nil: the sweeps' number.
        public var participants: Int?
        public var factors: Factors
        public init(trajectories: Int, participants: Int?, factors: Factors) {
            self.trajectories = trajectories; self.participants = participants; self.factors = factors
        }
    }

    public var trajectories = 4
    /// Participants per screening point; nil: the sweeps' number.
    public var participants: Int? = nil
    /// Names of the parameter groups to screen (`ParameterGroups.all`); nil: `ParameterGroups.screened`.
    public var groups: [String]? = nil
    public var factors: Factors = .groups
    /// The study-size design (`refine sensitivity --screen --study`, `scripts/study`; `screen: {study: …}`):
    /// by default 10 trajectories, 20 participants a point, each parameter on its own, over the same groups' parameters
    /// that the spec's people read (`studyScreeningDesign`).
    public var study = Self.studySize
    public static let studySize = Size(trajectories: 10, participants: 20, factors: .parameters)

    public init(
        trajectories: Int = 4, participants: Int? = nil, groups: [String]? = nil, factors: Factors = .groups,
        study: Size = Self.studySize
    ) {
        self.trajectories = trajectories
        self.participants = participants
        self.groups = groups
        self.factors = factors
        self.study = study
    }

    /// The design the suite runs (`refine sensitivity --screen`).
    public var suite: Size { Size(trajectories: trajectories, participants: participants, factors: factors) }
}

extension ExperimentSpec {
    /// The factors a screening that moves `factors` varies, in `ParameterGroups.all` order: the assumption
    /// groups this spec names, or each of their parameters alone (named by its path); with `read`, only the
    /// groups' parameters in it (a group left empty is dropped).
    public func screenedFactors(
        _ factors: ScreenSettings.Factors, reading read: Set<String>? = nil
    ) -> [(name: String, paths: [String])] {
        var groups = ParameterGroups.screened(named: sensitivity?.screen.groups)
        if let read {
            groups = groups.map { (name: $0.name, paths: $0.paths.filter(read.contains)) }.filter { !$0.paths.isEmpty }
        }
        guard factors == .parameters else { return groups }
        return groups.flatMap { $0.paths.map { (name: $0, paths: [$0]) } }
    }

    /// The factors the suite's screening moves (`screen: {factors: …}`).
    public var screenedGroups: [(name: String, paths: [String])] {
        screenedFactors(sensitivity?.screen.factors ?? .groups)
    }
}

extension ExperimentSpec {
    /// Every metric this experiment's trials record, in report order.
    public var knownMetrics: [String] { plugin.recordedMetrics }

    /// Which way `metric` is better in this experiment: what the spec says explicitly (its sensitivity
    /// section's `better`, or the opposite of its gate's `worse`), else the metric's definition.
    /// The Answer, `compare`, `check` and `power` all read it here.
    public func better(_ metric: String) -> MetricDefinition.Better {
        if let s = sensitivity, s.metric == metric { return s.better == .lower ? .lower : .higher }
        if let t = gate?.tolerances.first(where: { $0.metric == metric }) {
            return t.worse == .higher ? .lower : .higher
        }
        return MetricCatalog.definition(metric).better
    }
}
