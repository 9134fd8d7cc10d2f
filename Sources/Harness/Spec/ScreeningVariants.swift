import Randomness
import UserModels

/// One point of a screening design: the spec with every group of assumption
/// parameters set to a level of its plausible range, run as its own variant.
public struct ScreeningVariant: Sendable {
    /// `screen/r<trajectory>/s<step>`, stored with the run; at the study size `study/r<trajectory>/s<step>/<f>`,
    /// where `f` fingerprints the parameters screened (they depend on what the main run reads), so a point
    /// stored under another set of parameters is never read as this design's.
    public var label: String
    public var trajectory: Int
    /// 0 for a trajectory's start, then one step per group.
    public var step: Int
    /// The group moved to reach this point from the previous one (nil at the start), and by how much (±Δ).
    public var moved: Int?
    public var delta: Double
    /// The parameters whose values differ from the previous point's (the moved group's); nil at the start.
    public var movedParameters: Set<String>?
    /// Levels 0…1 of every group (`ExperimentSpec.screenedGroups` order).
    public var levels: [Double]
    public var spec: ExperimentSpec
}

/// Which screening design, at what size: the suite's small screen, or the study-size one.
public struct ScreeningDesign: Sendable, Hashable {
    public enum Scale: String, Sendable, Hashable {
        /// `refine sensitivity --screen`: the spec's `screen` size, run by the suite.
        case suite = "screen"
        /// `refine sensitivity --screen --study`: `screen.study`, run by `scripts/study`.
        case study
    }

    public var scale: Scale
    public var trajectories: Int
    public var participants: Int
    public var factors: ScreenSettings.Factors
    /// The parameters the spec's people read in its main run (`studyScreeningDesign`): only those are screened.
    /// nil screens every parameter of the spec's groups (the suite's screen).
    public var read: Set<String>? = nil
}

extension ExperimentSpec {
    /// The screening design of this spec at `scale`, over the parameters of its groups that are in `read` (all
    /// of them when nil); nil without a `sensitivity` section.
    public func screeningDesign(_ scale: ScreeningDesign.Scale, reading read: Set<String>? = nil) -> ScreeningDesign? {
        guard let settings = sensitivity else { return nil }
        let size = scale == .suite ? settings.screen.suite : settings.screen.study
        return ScreeningDesign(
            scale: scale, trajectories: size.trajectories, participants: size.participants ?? settings.participants,
            factors: size.factors, read: read)
    }

    /// The study-size screening design: only the parameters this spec's people read in its main run, found by
    /// simulating it once (not stored). A parameter no trial of the main run reads moves none of its results, so
    /// screening it would spend ten trajectories of runs to find an effect of exactly zero (the points share their
    /// seed). The same spec and code read the same parameters, so the report finds the same design again.
    public func studyScreeningDesign(jobs: Int) throws -> ScreeningDesign? {
        guard sensitivity != nil else { return nil }
        return screeningDesign(.study, reading: try ExperimentRunner.parametersRead(spec: self, jobs: jobs))
    }

    /// A Morris elementary-effects design over the assumption parameters, in groups
    /// (Campolongo, Cariboni & Saltelli 2007) or one by one (Morris 1991):
    /// `design.trajectories` random one-factor-at-a-time paths on a 4-level grid,
    /// Δ = 2/3, seeded by the spec's seed. Each point keeps the seed (common random
    /// numbers), so a change between neighbouring points comes from the factor moved.
    public func screeningVariants(_ design: ScreeningDesign) -> [ScreeningVariant] {
        let groups = screenedFactors(design.factors, reading: design.read)
        let fingerprint = design.read.map { _ in
            "/" + SHA256.hex(groups.flatMap(\.paths).joined(separator: ",")).prefix(12)
        }
        let (trajectories, participants) = (design.trajectories, design.participants)
        let delta = 2.0 / 3
        var out: [ScreeningVariant] = []
        for r in 0..<trajectories {
            var g = SeededGenerator(seed: seed, label: "screening/\(r)")
            var levels = groups.map { _ in Double(Int(g.next() % 4)) / 3 }
            var order = Array(groups.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(g.next() % UInt64(i + 1))) }
            out.append(variant(design.scale, groups, r, 0, moved: nil, delta: 0, levels, participants, fingerprint))
            for (j, k) in order.enumerated() {
                let step = levels[k] < 0.5 ? delta : -delta
                levels[k] += step
                out.append(
                    variant(design.scale, groups, r, j + 1, moved: k, delta: step, levels, participants, fingerprint))
            }
        }
        return out
    }

    func variant(
        _ scale: ScreeningDesign.Scale, _ groups: [(name: String, paths: [String])], _ r: Int, _ step: Int,
        moved: Int?, delta: Double, _ levels: [Double], _ participants: Int, _ fingerprint: String? = nil
    ) -> ScreeningVariant {
        var spec = self
        spec.population.participants = participants
        for (k, group) in groups.enumerated() {
            for path in group.paths {
                let def = ParameterCatalog.definition(path)!
                let range = ParameterGroups.plausibleRange(def)
                let value = range.lowerBound + levels[k] * (range.upperBound - range.lowerBound)
                if let current = population.overrides[path] {
                    spec.population.overrides[path] = current.relocated(to: value)
                } else {
                    spec.population.shifts[path] = value - def.novice.typical
                }
            }
        }
        return ScreeningVariant(
            label: "\(scale.rawValue)/r\(r + 1)/s\(step)" + (fingerprint ?? ""), trajectory: r, step: step,
            moved: moved, delta: delta, movedParameters: moved.map { Set(groups[$0].paths) }, levels: levels,
            spec: spec)
    }
}
