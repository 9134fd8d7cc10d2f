import Interaction
import Randomness

/// A population of simulated people: how many, the novice/expert mix, and any
/// overrides of the catalogued parameter distributions.
public struct Population: Sendable, Hashable {
    public var participants: Int
    /// Share of experts, 0…1.
    public var expertFraction: Double
    /// Distributions that replace the catalogue's defaults for both groups.
    public var overrides: [String: Distribution]
    /// Moves of a parameter's centre applied to each group's own distribution
    /// (sensitivity sweeps: experts keep their difference from novices).
    public var shifts: [String: Double] = [:]
    /// Mechanisms switched off (`Ablation`): their parameters fixed for everyone, over overrides and shifts.
    public var ablations: Set<Ablation> = []

    public init(participants: Int, expertFraction: Double = 0.5, overrides: [String: Distribution] = [:]) {
        self.participants = participants
        self.expertFraction = expertFraction
        self.overrides = overrides
    }

    /// Problems with the overrides, each naming the parameter path and what is allowed.
    public func validationErrors() -> [String] {
        var errors: [String] = []
        for path in overrides.keys.sorted() {
            guard let def = ParameterCatalog.definition(path) else {
                let near = nearestName(to: path, in: ParameterCatalog.all.map(\.path))
                errors.append("unknown parameter '\(path)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
                continue
            }
            for v in overrides[path]!.locationValues where !def.allowed.contains(v) {
                errors.append(
                    "parameter '\(path)' = \(v) is outside its allowed "
                        + "range \(def.allowed.lowerBound)…\(def.allowed.upperBound)"
                )
            }
        }
        if !(0...1).contains(expertFraction) {
            errors.append("expert_fraction = \(expertFraction) must lie in 0…1")
        }
        if participants < 1 { errors.append("participants = \(participants) must be at least 1") }
        return errors
    }

    /// The participant with index `index` (0-based). Its draws depend only on
    /// `seed` and its id, so it is the same person in every strategy, device and
    /// shard: comparisons between designs are within-subject.
    public func participant(_ index: Int, seed: UInt64) -> Participant {
        let id = Self.id(index)
        var g = SeededGenerator(seed: seed, label: "participant/\(id)")
        let group: ExpertiseGroup = g.unit() < expertFraction ? .expert : .novice
        var values: [String: Double] = [:]
        // Each parameter draws from its own stream, so adding a parameter to the
        // catalogue (or overriding one) leaves every other draw unchanged.
        for def in ParameterCatalog.all {
            var dist = overrides[def.path] ?? (group == .expert ? def.expert : def.novice)
            if let delta = shifts[def.path] { dist = dist.shifted(by: delta) }
            if let off = ablations.lazy.compactMap({ $0.fixed[def.path] }).first { dist = .fixed(off) }
            var own = SeededGenerator(seed: seed, label: "participant/\(id)/\(def.path)")
            values[def.path] = dist.sample(using: &own, clampedTo: def.allowed)
        }
        return Participant(id: id, group: group, values: values)
    }

    public static func id(_ index: Int) -> String {
        let digits = String(index)
        return "p" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
