import UserModels

/// One point of a sensitivity sweep: the spec with one user-model parameter's
/// centre moved, run as its own variant.
public struct SensitivityVariant: Sendable {
    /// `path=value`, stored with the run.
    public var label: String
    public var path: String
    public var value: Double
    public var spec: ExperimentSpec
}

extension ExperimentSpec {
    /// Every point of the spec's sensitivity sweeps, in spec order. Each keeps the
    /// seed (so sweep points differ only by the parameter, with common random
    /// numbers), uses the sweep's population size, and moves the parameter's
    /// centre for novices and experts alike while keeping its spread.
    public func sensitivityVariants() -> [SensitivityVariant] {
        guard let settings = sensitivity else { return [] }
        return settings.sweeps.flatMap { sweep in
            sweep.values.map { value in
                var variant = self
                variant.population.participants = settings.participants
                let def = ParameterCatalog.definition(sweep.path)!
                let current = population.overrides[sweep.path] ?? def.novice
                variant.population.overrides[sweep.path] = current.relocated(to: value)
                return SensitivityVariant(label: "\(sweep.path)=\(value)", path: sweep.path, value: value, spec: variant)
            }
        }
    }
}
