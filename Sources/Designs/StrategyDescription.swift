import Interaction

/// What a strategy is, for `refine list`, reports and error messages.
public struct StrategyDescription: Sendable, Hashable {
    /// The name specs use, e.g. `projected-momentum`.
    public var name: String
    /// The design question it answers, e.g. `pip`: set by the `DesignQuestion` that lists it.
    public var question: String
    /// One sentence on what a user sees and does.
    public var summary: String
    /// The talk passage it encodes.
    public var source: String
    /// Parameters a spec may set, with their meaning and default.
    public var parameters: [String: String]

    public init(
        name: String, question: String = "", summary: String, source: String, parameters: [String: String]
    ) {
        self.name = name
        self.question = question
        self.summary = summary
        self.source = source
        self.parameters = parameters
    }
}

/// A design question and its strategies.
public struct DesignQuestion: Sendable, Hashable {
    public var name: String
    public var title: String
    public var strategies: [StrategyDescription]

    public init(name: String, title: String, strategies: [StrategyDescription]) {
        self.name = name
        self.title = title
        self.strategies = strategies.map {
            var strategy = $0
            strategy.question = name
            return strategy
        }
    }
}

/// A question's strategies made by name from a spec's parameters, as most design catalogues are
/// (`ColorDesigns`, `PauseDesigns`, …): what `refine list` shows and what a spec's strategy becomes.
public protocol DesignCatalog {
    associatedtype Design
    /// The question and the strategies it lists.
    static var question: DesignQuestion { get }
    /// The strategy called `name`, with a spec's parameters (unknown or out-of-range ones are errors).
    static func make(_ name: String, parameters: StrategyParameters) throws -> Design
    /// The screens `design` shows on `device`, for the layout audit. The default is none.
    static func screens(of design: Design, on device: DeviceConfiguration) -> [LabelledScreen]
}

extension DesignCatalog {
    public static func screens(of design: Design, on device: DeviceConfiguration) -> [LabelledScreen] { [] }
}
