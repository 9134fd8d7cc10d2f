import Interaction

/// What a person sees when deciding their next adjustment.
public struct Situation {
    public var percept: PhotoPercept
    /// Adjustable controls the person knows about (sliders, knobs, found zones).
    public var usable: [Control]
    public var beliefs: [String: ControlBelief]
    /// The person's own "looks right" threshold (mean ΔE00 of the worst region).
    public var satisfiedAt: Double
    public var participant: Participant
    /// Buttons on the screen a person might open for more controls: those not
    /// tapped since the photo last got closer, other than the one open now.
    public var buttons: [Control] = []

    /// Regions still off that some usable control (or a button's promise) might fix, worst first.
    public var regionsToFix: [PhotoRegion] {
        let hopeless = { (r: PhotoRegion) in
            usable.allSatisfy { beliefs[$0.id]!.useless.contains(r) } && button(promising: r) == nil
        }
        return percept.difference.filter { $0.value >= satisfiedAt && !hopeless($0.key) }
            .sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map(\.key)
    }

    /// A button whose label names `region` (e.g. "Highlights & Shadows" for the
    /// shadows): a promise one tap away, like an untried control labelled for it.
    public func button(promising region: PhotoRegion) -> Control? {
        buttons.first { Lexicon.regions(for: $0.label ?? "").contains(region) }
    }

    /// The direction a person would first push for `region`: toward lighter or more
    /// colourful when that is what looks missing.
    public func naiveDirection(_ region: PhotoRegion) -> Double {
        let e = Learning.error(percept, region)
        return e.x + e.y >= 0 ? 1 : -1
    }
}

/// Why a person makes a move.
public enum MoveReason: String, Sendable {
    /// A learned effect promises to remove much of what is off.
    case known
    /// The control's label (or its place on a tonal scale) names the region.
    case label
    /// A button's label names the region: open it and see what it offers.
    case open
    /// An untried control picked with nothing to go on.
    case explore
    /// A learned effect that promises little, when nothing better is left.
    case fallback
    /// Taking back a move that made things worse.
    case undo
    /// Going on with the control in hand.
    case keep
}

/// A move a person has decided on: a drag along `control`, or with `.open` a tap on it.
public struct PlannedMove: Sendable {
    public var control: Control
    /// Points along the control's axis (positive: right, or up for vertical tracks and zones).
    public var move: Double
    /// The region the move is meant to fix.
    public var region: PhotoRegion
    public var reason: MoveReason
}

/// How a person decides which control to move, which way and how far: the one
/// swappable part of the agent (DESIGN §4). Looking, reading, acting and learning
/// what controls do are shared by every policy.
public protocol DecisionPolicy: Sendable {
    /// The next move, or nil when this policy has no idea left with these controls.
    mutating func nextMove<G: RandomNumberGenerator>(_ s: Situation, using g: inout G) -> PlannedMove?
    /// What the last move did (the percept before and after it, and how far the finger moved).
    mutating func observe(_ move: PlannedMove, moved: Double, before: PhotoPercept, after: PhotoPercept)
}

/// The decision policies a spec can choose (`policy:` in a spec).
public enum PolicyKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Learns each control's effect per region and plans least-squares moves.
    case effectModel = "effect-model"
    /// Tries a control, keeps what helped and undoes what did not; no effect model.
    case hillClimber = "hill-climber"

    /// A fresh policy of this kind for `participant`.
    public func make(for participant: Participant) -> any DecisionPolicy {
        switch self {
        case .effectModel: EffectModelPolicy(participant: participant)
        case .hillClimber: HillClimberPolicy(participant: participant)
        }
    }
}
