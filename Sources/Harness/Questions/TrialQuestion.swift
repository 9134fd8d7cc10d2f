import Designs
import Interaction

/// What the harness needs of a design question: its strategies, how its tasks
/// are written in a spec, how a trial is simulated and what a trial measures.
///
/// The full plug-in is `Question` (in Reports), which adds the report; the
/// questions Refine knows are listed once, in `QuestionCatalog.standard`.
public protocol TrialQuestion: Sendable {
    /// Name, title and strategies: what specs name and `refine list` shows.
    var design: DesignQuestion { get }
    /// Reads the spec's `tasks:` node.
    func tasks(from node: SpecNode) throws -> [TaskSpec]
    /// Builds `strategy` once on `device`, throwing `StrategyParameterError`
    /// for a parameter the design does not accept.
    func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws
    /// The simulator of `spec`'s trials; it may read data (photos) and throw
    /// when the data does not suit the tasks.
    func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator
    /// Every metric a trial of this question records, in report order.
    var metricNames: [String] { get }
    /// The screens `strategy` shows on `device`, laid out for its traits (window,
    /// text size, language, direction), for `refine audit`. The default is none,
    /// and the audit lists the strategy as not audited.
    func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen]
    /// The same for the designs whose layout belongs to the task (a row of
    /// buttons of the task's size): `tasks` are those of the spec that lists
    /// the strategy. The default ignores them.
    func auditScreens(
        _ strategy: StrategySpec, tasks: [TaskSpec], on device: DeviceConfiguration
    ) throws -> [LabelledScreen]
}

extension TrialQuestion {
    public var name: String { design.name }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] { [] }

    public func auditScreens(
        _ strategy: StrategySpec, tasks: [TaskSpec], on device: DeviceConfiguration
    ) throws -> [LabelledScreen] {
        try auditScreens(strategy, on: device)
    }

    /// `metricNames` and what the runner adds to every trial: its position in
    /// its session (`session_trial`).
    public var recordedMetrics: [String] { metricNames + ["session_trial"] }
}

/// A question whose strategy is one value built from its spec (a design's
/// setting, its view, or its layout): checking a strategy is building it, and
/// the audit draws the screens of what was built, so the two cannot disagree.
public protocol BuildingQuestion: TrialQuestion {
    associatedtype Built
    /// Builds `strategy` on `device`, throwing `StrategyParameterError` for a
    /// parameter the design does not accept.
    func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> Built
    /// The screens `built` shows on `device` for `tasks` (those of the spec
    /// that lists it), for `refine audit`. The default is none.
    func screens(of built: Built, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen]
}

extension BuildingQuestion {
    public func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws {
        _ = try build(strategy, on: device)
    }

    public func screens(of built: Built, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] { [] }

    public func auditScreens(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> [LabelledScreen] {
        screens(of: try build(strategy, on: device), tasks: [], on: device)
    }

    public func auditScreens(
        _ strategy: StrategySpec, tasks: [TaskSpec], on device: DeviceConfiguration
    ) throws -> [LabelledScreen] {
        screens(of: try build(strategy, on: device), tasks: tasks, on: device)
    }
}

/// A building question whose strategies a design catalogue makes by name (`typealias Catalog = PauseDesigns`):
/// its `design` and `build` come from the catalogue, the same for every device.
public protocol CataloguedQuestion: BuildingQuestion where Built == Catalog.Design {
    associatedtype Catalog: DesignCatalog
}

extension CataloguedQuestion {
    public var design: DesignQuestion { Catalog.question }

    public func build(_ strategy: StrategySpec, on device: DeviceConfiguration) throws -> Built {
        try Catalog.make(strategy.design, parameters: strategy.designParameters)
    }

    public func screens(of built: Built, tasks: [TaskSpec], on device: DeviceConfiguration) -> [LabelledScreen] {
        Catalog.screens(of: built, on: device)
    }
}

extension StrategySpec {
    /// The strategy's parameters as a design reads them.
    public var designParameters: StrategyParameters { StrategyParameters(parameters) }
}

/// A simulator built from its spec, with its task format and its metrics. A
/// question that names one (`typealias Simulator = …`, `SimulatedQuestion`)
/// gets `tasks(from:)`, `metricNames` and `simulator(for:)` from it.
public protocol SpecSimulator: TrialSimulator {
    /// Every metric a trial records, in report order.
    static var metricNames: [String] { get }
    /// Reads the spec's `tasks:` node.
    static func tasks(from node: SpecNode) throws -> [TaskSpec]
    init(spec: ExperimentSpec) throws
}

/// A question whose trials one `SpecSimulator` runs.
public protocol SimulatedQuestion: TrialQuestion {
    associatedtype Simulator: SpecSimulator
}

extension SimulatedQuestion {
    public var metricNames: [String] { Simulator.metricNames }
    public func tasks(from node: SpecNode) throws -> [TaskSpec] { try Simulator.tasks(from: node) }
    public func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator { try Simulator(spec: spec) }
}

/// A set of design questions a spec may name; specs are read against one.
public struct QuestionCatalog: Sendable {
    public var questions: [any TrialQuestion]

    public init(_ questions: [any TrialQuestion]) {
        precondition(Set(questions.map(\.name)).count == questions.count, "two questions share a name")
        self.questions = questions
    }

    public var names: [String] { questions.map(\.name) }

    public func question(named name: String) -> (any TrialQuestion)? {
        questions.first { $0.name == name }
    }
}
