/// What a strategy is, for `refine list`, reports and error messages.
public struct StrategyDescription: Sendable, Hashable {
    /// The name specs use, e.g. `projected-momentum`.
    public var name: String
    /// The design question it answers, e.g. `pip`.
    public var question: String
    /// One sentence on what a user sees and does.
    public var summary: String
    /// The talk passage it encodes.
    public var source: String
    /// Parameters a spec may set, with their meaning and default.
    public var parameters: [String: String]
}

/// A design question and its strategies.
public struct DesignQuestion: Sendable, Hashable {
    public var name: String
    public var title: String
    public var strategies: [StrategyDescription]
}

/// Every design question Refine knows, for listings and name suggestions.
public enum DesignCatalog {
    public static let questions: [DesignQuestion] = [PIPDesigns.question, ExposureDesigns.question, EffectsDesigns.question]

    public static func question(named name: String) -> DesignQuestion? {
        questions.first { $0.name == name }
    }
}
