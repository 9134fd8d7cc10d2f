/// Novices and experts differ in their defaults (ParameterCatalog).
public enum ExpertiseGroup: String, Sendable, Codable, Hashable {
    case novice, expert
}

/// One simulated person: parameter values drawn once from the population and
/// fixed for all of that person's trials, whatever the design they are given.
public struct Participant: Sendable, Hashable {
    /// Stable identifier such as `p0042`.
    public var id: String
    public var group: ExpertiseGroup
    /// Drawn value of every catalogued parameter, by path.
    public var values: [String: Double]
    /// Set only when a run records which parameters its people read; nil in every other run.
    public var readLog: ParameterReadLog? = nil

    public init(id: String, group: ExpertiseGroup, values: [String: Double]) {
        self.id = id
        self.group = group
        self.values = values
    }

    /// The value of a catalogued parameter. An unknown path is a programming
    /// error: paths are validated when a spec is loaded.
    public subscript(_ path: String) -> Double {
        guard let v = values[path] else { preconditionFailure("unknown participant parameter \(path)") }
        readLog?.note(path)
        return v
    }
}
