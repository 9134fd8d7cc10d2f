import Designs
import Harness
import Reports

/// A spec's strategies by label: the design each names and its parameters, for
/// simulators that build the design afresh for every trial (on the trial's device).
struct StrategyTable: Sendable {
    private var entries: [String: (design: String, parameters: StrategyParameters)] = [:]

    /// Reads `spec`'s strategies, running `check` on each so a parameter the
    /// design refuses fails when the simulator is made, not in a trial.
    init(_ spec: ExperimentSpec, check: (_ design: String, _ parameters: StrategyParameters) throws -> Void) throws {
        for s in spec.strategies {
            let parameters = StrategyParameters(s.parameters)
            try check(s.design, parameters)
            entries[s.label] = (s.design, parameters)
        }
    }

    /// The design named by the strategy labelled `label` (a planned trial's strategy).
    func design(_ label: String) -> String { entries[label]!.design }
    /// Its parameters.
    func parameters(_ label: String) -> StrategyParameters { entries[label]!.parameters }
}
