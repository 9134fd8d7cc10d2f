import Interaction

/// Learning what a control does from what the photo did after moving it.
enum Learning {
    /// What is off in `region`: goal minus current (lightness, colourfulness).
    static func error(_ p: PhotoPercept, _ region: PhotoRegion) -> Vector2 {
        Vector2(p.lightness[region] ?? 0, p.chroma[region] ?? 0)
    }

    /// The squared mismatch over every region, summed in a fixed order (DESIGN §9).
    static func squaredError(_ p: PhotoPercept) -> Double {
        PhotoRegion.allCases.reduce(0.0) { sum, r in p.difference[r] == nil ? sum : sum + error(p, r).dot(error(p, r)) }
    }

    /// Updates `belief` after the finger moved `moved` points along a track `length`
    /// long: per region, the change per point, or "does nothing here" after a clear
    /// move with no visible change; boldness falls after a move that made things worse.
    /// Returns whether the control left `intended` alone.
    static func learn(
        _ belief: inout ControlBelief, moved: Double, length: Double, before: PhotoPercept, after: PhotoPercept,
        intended: PhotoRegion, participant p: Participant
    ) -> Bool {
        let worse = squaredError(after) > squaredError(before)
        belief.boldness =
            worse
            ? max(0.1, belief.boldness * p["agent.overshoot_caution"])
            : min(p["agent.boldness_max"], belief.boldness * p["agent.boldness_regain"])
        let noEffect = p["agent.no_effect_de"]
        for r in PhotoRegion.allCases where after.difference[r] != nil && abs(moved) > 0.5 {
            let change = error(before, r) - error(after, r)
            if change.length < noEffect && abs(moved) > 0.08 * length {
                belief.useless.insert(r)
                belief.effect[r] = nil
            } else if change.length >= noEffect {
                belief.effect[r] = change / moved
                belief.useless.remove(r)
            }
        }
        return belief.useless.contains(intended)
    }
}
