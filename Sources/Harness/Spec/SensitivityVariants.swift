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
    /// The experiment rerun with each other decision policy the spec names
    /// (`sensitivity.policies`), with the sweeps' population size and the same seed;
    /// labels `policy=<name>`.
    public func policyVariants() -> [(label: String, policy: PolicyKind, spec: ExperimentSpec)] {
        guard let settings = sensitivity else { return [] }
        return settings.policies.filter { $0 != policy }.map { kind in
            var variant = self
            variant.policy = kind
            variant.population.participants = settings.participants
            return ("policy=\(kind.rawValue)", kind, variant)
        }
    }

    /// Every point of the spec's sensitivity sweeps, in spec order. Each keeps the
    /// seed (so sweep points differ only by the parameter, with common random
    /// numbers) and uses the sweep's population size. The swept value is the
    /// parameter's centre for novices (or for everyone, when the spec overrides the
    /// parameter); experts keep their own difference from novices and every
    /// distribution keeps its spread.
    public func sensitivityVariants() -> [SensitivityVariant] {
        guard let settings = sensitivity else { return [] }
        return settings.sweeps.flatMap { sweep in
            sweep.values.map { value in
                var variant = self
                variant.population.participants = settings.participants
                let def = ParameterCatalog.definition(sweep.path)!
                if let current = population.overrides[sweep.path] {
                    variant.population.overrides[sweep.path] = current.relocated(to: value)
                } else {
                    variant.population.shifts[sweep.path] = value - def.novice.typical
                }
                return SensitivityVariant(
                    label: "\(sweep.path)=\(value)", path: sweep.path, value: value, spec: variant)
            }
        }
    }
}

extension ExperimentSpec {
    /// The experiment again with each mechanism of the people switched off in turn (`Ablation`; those the spec
    /// switches off already are left out), with the sweeps' population size and the same seed, so the people are
    /// the same but for the mechanism; labels `ablate=<name>`. First comes the reference, `ablate=none`: the same
    /// people with nothing more switched off, so each ablation is compared with a run of its own size, not with
    /// the main run's (whose larger population can rank a near tie the other way).
    public static let ablationReferenceLabel = "ablate=none"

    public func ablationVariants() -> [(label: String, ablation: Ablation?, spec: ExperimentSpec)] {
        var reference = self
        reference.population.participants = sensitivity?.participants ?? population.participants
        let ablations = Ablation.allCases.filter { !population.ablations.contains($0) }
        guard !ablations.isEmpty else { return [] }
        return [(Self.ablationReferenceLabel, nil, reference)]
            + ablations.map { ablation in
                var variant = reference
                variant.population.ablations.insert(ablation)
                return ("ablate=\(ablation.rawValue)", ablation, variant)
            }
    }
}
