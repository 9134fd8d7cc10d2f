import Designs
import Interaction

/// Design-parameter sweeps (`tuning:` in a spec): the numbers a designer tunes
/// — a margin in points, a spring's response, a timer — each run over a range
/// for one strategy, to find the best value and the values within noise of it.
///
/// Kept apart from `sensitivity`, which moves the *user-model* assumptions: a
/// design parameter is a choice to make, a user-model parameter a doubt to test.
public struct TuningSettings: Sendable, Hashable {
    /// Participants per point; the population's number when the spec does not say.
    public var participants: Int
    /// The metric the best value is chosen on.
    public var metric: String
    public var better: WorseDirection
    public var sweeps: [DesignSweep]
}

/// One design parameter of one strategy over a list of values.
public struct DesignSweep: Sendable, Hashable {
    /// The strategy's label in the spec.
    public var strategy: String
    public var parameter: String
    public var values: [Double]

    /// `strategy.parameter`, as reports name it.
    public var name: String { "\(strategy).\(parameter)" }
}

/// One point of a design sweep, run as its own variant of the experiment.
public struct TuningVariant: Sendable {
    /// `tune:strategy.parameter=value`, stored with the run.
    public var label: String
    public var sweep: DesignSweep
    public var value: Double
    public var spec: ExperimentSpec
}

extension ExperimentSpec {
    /// Every point of the spec's design sweeps, in spec order. A point runs only
    /// the swept strategy, under its own label (so trial keys, and with them each
    /// person's intentions and noise, are the same at every value: the values are
    /// compared with common random numbers), with the sweep's population size.
    public func tuningVariants() -> [TuningVariant] {
        guard let settings = tuning else { return [] }
        return settings.sweeps.flatMap { sweep in
            sweep.values.map { value in
                var variant = self
                variant.population.participants = settings.participants
                var strategy = strategies.first { $0.label == sweep.strategy }!
                strategy.parameters[sweep.parameter] = .number(value)
                variant.strategies = [strategy]
                return TuningVariant(label: "tune:\(sweep.name)=\(value)", sweep: sweep, value: value, spec: variant)
            }
        }
    }
}

extension SpecLoader {
    /// `tuning: {participants, metric, better, parameters: [{strategy, parameter, values}]}`.
    static func parseTuning(
        _ node: SpecNode, known: [String], question: any TrialQuestion, strategies: [StrategySpec],
        devices: [DeviceConfiguration], participants: Int
    ) throws -> TuningSettings {
        try node.rejectUnknownKeys(["participants", "metric", "better", "parameters"])
        let metric = try node.optional("metric").map { try metricName($0, known: known) } ?? known[0]
        let better = try parseBetter(node.optional("better"), metric: metric, field: "tuning.better", in: node)
        let list = try node.required("parameters")
        let items = try list.list()
        guard !items.isEmpty else {
            throw list.error(
                "expected at least one design parameter to sweep, e.g. {strategy: \(strategies[0].label), parameter: "
                    + "…, values: [a, b, c]}"
            )
        }
        var names: Set<String> = []
        let sweeps = try items.map { item -> DesignSweep in
            try item.rejectUnknownKeys(["strategy", "parameter", "values"])
            let strategyNode = try item.required("strategy")
            let label = try strategyNode.string()
            guard let strategy = strategies.first(where: { $0.label == label }) else {
                let labels = strategies.map(\.label)
                throw strategyNode.error(
                    "no strategy labelled '\(label)'\(suggestion(label, labels)); the spec's strategies "
                        + "are \(labels.joined(separator: ", "))"
                )
            }
            let parameterNode = try item.required("parameter")
            let parameter = try parameterNode.string()
            let accepted =
                question.design.strategies.first { $0.name == strategy.design }?.parameters.keys.sorted() ?? []
            guard accepted.contains(parameter) else {
                throw parameterNode.error(
                    "design '\(strategy.design)' has no parameter '\(parameter)'\(suggestion(parameter, accepted)); "
                        + "it takes \(accepted.isEmpty ? "none" : accepted.joined(separator: ", "))"
                )
            }
            let valuesNode = try item.required("values")
            let values = try valuesNode.list().map { try $0.double() }
            guard values.count >= 2 else { throw valuesNode.error("expected at least two values to sweep") }
            guard Set(values).count == values.count else { throw valuesNode.error("a value is listed twice") }
            // Build the strategy with every value now, so a value the design refuses fails before any trial runs.
            for (value, valueNode) in zip(values, try valuesNode.list()) {
                var swept = strategy
                swept.parameters[parameter] = .number(value)
                for device in devices {
                    do { try question.check(swept, on: device) } catch let e as StrategyParameterError {
                        throw valueNode.error(e.description)
                    }
                }
            }
            let sweep = DesignSweep(strategy: label, parameter: parameter, values: values)
            guard names.insert(sweep.name).inserted else {
                throw item.error("\(sweep.name) is swept twice; list its values once")
            }
            return sweep
        }
        return TuningSettings(
            participants: try node.optional("participants")?.int(in: 1...100_000) ?? participants,
            metric: metric,
            better: better, sweeps: sweeps)
    }
}
