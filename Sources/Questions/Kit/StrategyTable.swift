import Designs
import Harness
import Reports

/// A spec's strategies by label, each as the setting its design reads from its parameters (a margin, a window,
/// a layout), for simulators that build the design afresh for every trial (on the trial's device and task).
/// The parameters are read once, when the simulator is made: a parameter the design refuses fails there, and
/// no trial parses them again.
struct StrategyTable<Setting: Sendable>: Sendable {
    private var settings: [String: Setting] = [:]

    init(_ spec: ExperimentSpec, read: (_ design: String, _ parameters: StrategyParameters) throws -> Setting) throws {
        try self.init(spec, strategy: { try read($0.design, $0.designParameters) })
    }

    /// The same for questions that also take declared designs: `read` sees the whole strategy.
    init(_ spec: ExperimentSpec, strategy read: (StrategySpec) throws -> Setting) throws {
        for s in spec.strategies { settings[s.label] = try read(s) }
    }

    /// The setting of the strategy labelled `label` (a planned trial's strategy).
    func setting(_ label: String) -> Setting { settings[label]! }
}

extension DesignCatalog {
    /// Every strategy of `spec` made by this catalogue, by label: what a simulator makes once, when it is made.
    static func designs(of spec: ExperimentSpec) throws -> [String: Design] {
        var designs: [String: Design] = [:]
        for s in spec.strategies { designs[s.label] = try make(s.design, parameters: s.designParameters) }
        return designs
    }
}
