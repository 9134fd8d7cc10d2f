import Interaction

/// A second, differently built policy: a noisy hill-climber with no model of
/// what controls do. Take a control (the one in hand, else one whose label
/// promises the worst region, else a button whose label promises it, else any), nudge it the way that looks right; if
/// the photo looks better keep going a little further, if worse take the move
/// back and try the other way with a smaller step; a control that helps neither
/// way is put aside until another control changes the picture.
public struct HillClimberPolicy: DecisionPolicy {
    let participant: Participant
    var current: String? = nil
    /// Per control: the step (share of its track) and the direction to try next.
    var step: [String: Double] = [:]
    var direction: [String: Double] = [:]
    /// Times the direction was reversed since the control last helped.
    var reversals: [String: Int] = [:]
    var setAside: Set<String> = []
    var pendingUndo: PlannedMove? = nil

    public init(participant: Participant) { self.participant = participant }

    public mutating func nextMove<G: RandomNumberGenerator>(_ s: Situation, using g: inout G) -> PlannedMove? {
        if let undo = pendingUndo { pendingUndo = nil; return undo }
        let candidates = s.usable.filter { !setAside.contains($0.id) }
        guard !candidates.isEmpty, let region = s.regionsToFix.first ?? Optional(s.percept.worst) else { return nil }
        let control: Control
        var reason = MoveReason.keep
        if let id = current, let c = candidates.first(where: { $0.id == id }) {
            control = c
        } else if let c = candidates.first(where: { s.beliefs[$0.id]!.claimedRegions.contains(region) }) {
            control = c; reason = .label
        } else if let button = s.button(promising: region) {
            return PlannedMove(control: button, move: 0, region: region, reason: .open)
        } else {
            control = candidates[Int(g.next() % UInt64(candidates.count))]; reason = .explore
        }
        current = control.id
        let share = step[control.id] ?? participant["agent.explore_step"]
        let sign = direction[control.id] ?? s.naiveDirection(region)
        direction[control.id] = sign
        let move = sign * share * Hands.trackLength(control, for: participant)
        return PlannedMove(control: control, move: move, region: region, reason: reason)
    }

    public mutating func observe(_ move: PlannedMove, moved: Double, before: PhotoPercept, after: PhotoPercept) {
        let id = move.control.id
        let p = participant
        if move.reason == .undo || move.reason == .open { return }
        let better = Learning.squaredError(after) < Learning.squaredError(before)
        let share = step[id] ?? p["agent.explore_step"]
        if better {
            // Another control's best setting may have moved: look at the others again.
            setAside.removeAll()
            reversals[id] = 0
            if before.worstDifference - after.worstDifference >= p["agent.progress_de00"] {
                step[id] = min(0.5, share * p["agent.boldness_regain"])
            } else {
                // It helps, but hardly: keep the move and turn to another control.
                setAside.insert(id)
                current = nil
            }
            return
        }
        pendingUndo = PlannedMove(control: move.control, move: -moved, region: move.region, reason: .undo)
        direction[id] = -(direction[id] ?? 1)
        step[id] = share * p["agent.overshoot_caution"]
        reversals[id, default: 0] += 1
        if reversals[id]! >= 2 || step[id]! < 0.01 {
            setAside.insert(id)
            current = nil
            reversals[id] = 0
            step[id] = p["agent.explore_step"]
        }
    }
}
