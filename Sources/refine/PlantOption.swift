import Harness
import Reports

/// Parses a `--plant STRATEGY:METRIC:FACTOR` value against the spec and its
/// gate; without one, the spec's first strategy's first gated metric made 10% worse.
func parsePlant(
    _ text: String?, spec: ExperimentSpec, gate: GateSettings, option: String = "--plant"
) throws -> PlantedRegression {
    guard let text else {
        return PlantedRegression(strategy: spec.strategies[0].label, tenPercentWorse: gate.tolerances[0])
    }
    let parts = text.split(separator: ":").map(String.init)
    guard parts.count == 3, let factor = Double(parts[2]), factor > 0, factor.isFinite else {
        throw InputError(
            "\(option): expected STRATEGY:METRIC:FACTOR with a positive factor, "
                + "e.g. \(spec.strategies[0].label):\(gate.tolerances[0].metric):1.1; got '\(text)'"
        )
    }
    guard spec.strategies.contains(where: { $0.label == parts[0] }) else {
        throw InputError(
            "\(option): no strategy '\(parts[0])' in \(spec.path) "
                + "(strategies: \(spec.strategies.map(\.label).joined(separator: ", ")))"
        )
    }
    guard gate.tolerances.contains(where: { $0.metric == parts[1] }) else {
        throw InputError(
            "\(option): '\(parts[1])' is not a gated metric of \(spec.path) "
                + "(gate.metrics: \(gate.tolerances.map(\.metric).joined(separator: ", ")))"
        )
    }
    return PlantedRegression(strategy: parts[0], metric: parts[1], factor: factor)
}
