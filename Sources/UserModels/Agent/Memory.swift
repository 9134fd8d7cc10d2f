import Interaction

/// What a person knows about one control: what its label claims, what it was
/// seen to do to each region of the photo, and how boldly they now move it.
public struct ControlBelief: Sendable {
    /// The label the control had when the belief was formed: a control whose label
    /// changes (one swipe area for every effect family) is a new thing to learn.
    public var label: String?
    /// Regions the label (or a place on a tonal scale) suggests it changes.
    public var claimedRegions: [PhotoRegion] = []
    public var understoodLabel = false
    /// Region → change of (lightness, colourfulness) there per point of drag along the control's axis.
    public var effect: [PhotoRegion: Vector2] = [:]
    /// Regions the control was seen to leave alone.
    public var useless: Set<PhotoRegion> = []
    /// Share of a planned move the person dares: cut after an overshoot, regained after moves that help.
    public var boldness: Double
    public var tried: Bool { !effect.isEmpty || !useless.isEmpty }

    public init(label: String?, boldness: Double) {
        self.label = label
        self.boldness = boldness
    }

    /// How a person files what they know: the control and what it says.
    static func key(_ id: String, _ label: String?) -> String { "\(id)|\(label ?? "")" }
}

/// What a person carries from one trial to the next with the same design on
/// the same device (a session, DESIGN §2): what controls do, which hidden
/// controls they found, how objects thrown with this design travel, and how
/// many times they have done such a task (the power law of practice).
public struct SessionMemory: Sendable {
    /// Beliefs about controls, by control id and label (`ControlBelief.key`).
    public var controls: [String: ControlBelief] = [:]
    /// Controls found to respond although they show no affordance.
    public var discovered: Set<String> = []
    /// Controls (`ControlBelief.key`) a tap was seen to do nothing on: the person stops tapping them.
    public var unresponsive: Set<String> = []
    /// Throwing experience with this design (picture-in-picture).
    public var throwing: ThrowingExperience? = nil
    /// What each colour-control axis does, by its label (colour matching).
    public var colorAxes: [String: ColorAxisBelief] = [:]
    /// Trials finished in this session so far.
    public var trialsDone = 0

    public init() {}

    /// The 1-based repetition the next trial is.
    public var repetition: Int { trialsDone + 1 }
}

/// What a person keeps in mind during one trial, besides the session's memory.
struct WorkingMemory {
    /// Beliefs about the controls as they are labelled now, by control id.
    var controls: [String: ControlBelief] = [:]
    /// Beliefs about controls as they were labelled before (this trial or earlier
    /// ones), by `ControlBelief.key`: recalled when that label shows again.
    var shelved: [String: ControlBelief]
    var discovered: Set<String>
    /// Buttons tapped, the last one, and how far from the goal the photo looked after each.
    var tapped: Set<String> = []
    var lastTapped: String? = nil
    var afterButton: [String: Double] = [:]
    /// Buttons tapped since the photo last got closer to the goal: what they open is
    /// known to offer nothing better for now.
    var tappedSinceProgress: Set<String> = []
    /// Previews inspected (how far from the goal each looked) and those that disappointed.
    var inspected: [String: Double] = [:]
    var rejected: Set<String> = []
    /// The control in hand.
    var current: String? = nil

    init(_ session: SessionMemory) {
        shelved = session.controls
        discovered = session.discovered
    }

    /// The belief about `control` as it is labelled now, recalled from the shelf if
    /// the person met it before; nil if it is new to them.
    mutating func recall(_ control: Control) -> ControlBelief? {
        if let b = controls[control.id], b.label == control.label { return b }
        if let old = controls[control.id] { shelved[ControlBelief.key(control.id, old.label)] = old }
        controls[control.id] = shelved[ControlBelief.key(control.id, control.label)]
        return controls[control.id]
    }

    /// What of this trial's knowledge lasts into the next trial of the session:
    /// what controls do and where hidden ones are, with boldness back to fresh.
    func carried(into session: inout SessionMemory, freshBoldness: Double) {
        var all = shelved
        for (id, b) in controls { all[ControlBelief.key(id, b.label)] = b }
        session.controls = all.mapValues { var b = $0; b.boldness = freshBoldness; return b }
        session.discovered = discovered
        session.trialsDone += 1
    }
}
