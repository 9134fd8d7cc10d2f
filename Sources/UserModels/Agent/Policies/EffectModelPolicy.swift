import Interaction

/// The first policy: people judge the whole photo, so they predict each known
/// control's best move over every region it is known to affect (least squares over
/// those regions, each with the change per point seen on the control's last move:
/// `Learning` keeps no longer history) and make the move that removes most of the
/// mismatch; unknown controls are tried as their labels suggest, then buttons whose
/// labels name what is off are opened, then unknown controls are tried at random.
public struct EffectModelPolicy: DecisionPolicy {
    let participant: Participant

    public init(participant: Participant) { self.participant = participant }

    public mutating func nextMove<G: RandomNumberGenerator>(_ s: Situation, using g: inout G) -> PlannedMove? {
        let p = participant
        let regions = s.regionsToFix
        let errors = Dictionary(
            uniqueKeysWithValues: s.percept.difference.keys.map { ($0, Learning.error(s.percept, $0)) })
        let totalError = PhotoRegion.allCases.reduce(0.0) { sum, r in errors[r].map { sum + $0.dot($0) } ?? sum }
        var best: (control: Control, move: Double, reduction: Double)?
        for c in s.usable {
            guard let plan = Self.bestMove(s.beliefs[c.id]!.effect, errors: errors) else { continue }
            if plan.reduction > (best?.reduction ?? 0) { best = (c, plan.move, plan.reduction) }
        }
        func known(_ b: (control: Control, move: Double, reduction: Double), _ reason: MoveReason) -> PlannedMove {
            let belief = s.beliefs[b.control.id]!
            let length = Hands.trackLength(b.control, for: participant)
            let region = regions.first { belief.effect[$0] != nil } ?? s.percept.worst
            return PlannedMove(
                control: b.control, move: max(-0.5 * length, min(0.5 * length, b.move * belief.boldness)),
                region: region, reason: reason)
        }
        if let b = best, b.reduction >= p["agent.plan_share"] * totalError { return known(b, .known) }
        for r in regions {
            let untried = s.usable.filter { !s.beliefs[$0.id]!.tried }
            let claimed = untried.filter { s.beliefs[$0.id]!.claimedRegions.contains(r) }
            if let button = claimed.isEmpty ? s.button(promising: r) : nil {
                return PlannedMove(control: button, move: 0, region: r, reason: .open)
            }
            let pick: (Control, MoveReason)? =
                claimed.first.map { ($0, .label) }
                ?? (untried.isEmpty ? nil : (untried[Int(g.next() % UInt64(untried.count))], .explore))
            if let (c, reason) = pick {
                let step = p["agent.explore_step"] * Hands.trackLength(c, for: participant)
                return PlannedMove(control: c, move: step * s.naiveDirection(r), region: r, reason: reason)
            }
        }
        if let b = best, b.reduction > p["agent.fallback_share"] * totalError { return known(b, .fallback) }
        return nil
    }

    public mutating func observe(_ move: PlannedMove, moved: Double, before: PhotoPercept, after: PhotoPercept) {}

    /// The move along a control that best removes the mismatch in the regions it
    /// is known to affect (least squares), and the squared error it would remove.
    static func bestMove(
        _ effect: [PhotoRegion: Vector2], errors: [PhotoRegion: Vector2]
    ) -> (move: Double, reduction: Double)? {
        var num = 0.0, den = 0.0
        for r in PhotoRegion.allCases { if let v = effect[r], let e = errors[r] { num += e.dot(v); den += v.dot(v) } }
        guard den > 1e-12 else { return nil }
        let m = num / den
        var reduction = 0.0
        for r in PhotoRegion.allCases {
            guard let v = effect[r], let e = errors[r] else { continue }
            let after = e - v * m
            reduction += e.dot(e) - after.dot(after)
        }
        return (m, reduction)
    }
}
