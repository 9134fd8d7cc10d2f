/// A question whose designs have a control space the harness can search.
package protocol CeilingAnalysing {
    func ceilings(seed: UInt64, strategies: [String], tasks: [String]) -> [DesignCeiling]
}

/// Ceiling analysis for a spec (`refine ceiling`, and the exposure and effects reports).
public enum Ceilings {
    /// Every strategy's ceiling on every task of `spec` that has a goal look, or
    /// nil when the question has no control space to search (PIP).
    public static func analyse(_ spec: ExperimentSpec) throws -> [DesignCeiling]? {
        guard let simulator = try spec.plugin.simulator(for: spec) as? CeilingAnalysing else { return nil }
        return simulator.ceilings(
            seed: spec.seed, strategies: spec.strategies.map(\.label), tasks: spec.tasks.map(\.id))
    }
}
