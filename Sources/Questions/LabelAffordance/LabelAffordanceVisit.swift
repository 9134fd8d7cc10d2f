import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// One person's visit to the authorization screen in one trial, in the parts
/// the agent is made of: look (read a control), choose (tap it or pass on),
/// act (aim until the tap lands, and learn what a tap showed to do nothing).
/// It holds what the visit has come to so far; `LabelAffordanceSimulator`
/// drives it pass after pass.
struct AuthorizationVisit {
    let auth: AuthorizationScreen
    let wanted: AuthorizationAction
    let intent: AppIntent
    let participant: Participant
    let cognition: Cognition
    let tapper: Tapper
    let device: DeviceConfiguration
    let limits: TrialLimits
    /// How tappable each control looks to this person (one glance, SignifierModel).
    let looks: [String: Double]

    var clock: Double
    var finger: Point
    var taps = 0, labelTaps = 0, deadTaps = 0, wrongAction = 0
    var reachedAt: Double? = nil
    var firstRight: Bool? = nil
    /// Cancel dismissed the window: nothing more can be done on it.
    var dismissed = false
    /// Controls a tap showed to do nothing (in this session).
    var dead: Set<String>
    var log: TraceLog

    /// The goal was reached or the window is gone.
    var finished: Bool { reachedAt != nil || dismissed }
    /// Time or attempts are used up.
    var outOfBudget: Bool { clock >= limits.timeLimit || taps >= limits.maxAttempts }

    /// The key a control is remembered by across trials: its id and label.
    func memoryKey(_ id: String) -> String { id + "|" + (auth.screen.control(id)?.label ?? "") }

    /// One pass over the screen in the order attention takes (guided search):
    /// read each control not known dead; on the first pass tap one that names
    /// the goal only if it looks tappable, on later passes any that names it.
    /// Returns whether anything was tapped.
    mutating func searchPass<G: RandomNumberGenerator>(
        _ pass: Int, memory: inout SessionMemory, using g: inout G
    ) -> Bool {
        var tapped = false
        let order = LabelAffordanceSimulator.guidedOrder(auth.screen.controls.map(\.id), looks: looks, using: &g)
        for id in order where !dead.contains(id) {
            guard !finished else { break }
            let c = auth.screen.control(id)!
            clock +=
                cognition.practice * participant["perception.eye_movement_s"]
                + cognition.readingTime(words: c.label.map(Lexicon.wordCount) ?? 0)
            guard intent.isNamed(by: c.label) else { continue }
            guard pass > 1 || g.bernoulli(looks[id] ?? 0) else { continue }
            clock += cognition.mentalPreparation
            tapped = tapUntilAnswered(c, memory: &memory, using: &g) || tapped
        }
        return tapped
    }

    /// Aims at `control` until a tap lands on it and is answered (or the goal is
    /// reached, the window dismissed, or the budget spent). Returns whether any
    /// tap was made.
    mutating func tapUntilAnswered<G: RandomNumberGenerator>(
        _ control: Control, memory: inout SessionMemory, using g: inout G
    ) -> Bool {
        var tapped = false
        while !outOfBudget {
            let reach = tapper.tap(control.frame, from: finger, startTime: clock, on: device, using: &g)
            clock += reach.movementTime + participant["motor.tap_hold_s"]
            finger = reach.contact
            taps += 1; tapped = true
            let hit = auth.respond(at: reach.landing)
            if hit?.control == AuthorizationScreen.titleID { labelTaps += 1 }
            log.add(
                clock, "tap",
                [
                    ("aim", .text(control.id)), ("hit", .text(hit?.control ?? "-")),
                    ("action", .text(hit?.action?.rawValue ?? "none"))
                ])
            if firstRight == nil { firstRight = hit?.action == wanted }
            if let action = hit?.action {
                if action == wanted { reachedAt = clock; return tapped }
                wrongAction += 1
                // Cancel dismisses the window; a field brings up the keyboard, seen after a cycle.
                if action == .cancel { dismissed = true; return tapped }
                clock += participant["perception.cycle_s"]
                continue
            }
            deadTaps += 1
            clock += participant["gesture.response_wait_s"]
            if hit?.control == control.id {
                dead.insert(control.id); memory.unresponsive.insert(memoryKey(control.id))
                return tapped
            }
        }
        return tapped
    }

    /// The trial's metrics, in `LabelAffordanceSimulator.metricNames` order.
    func metrics() -> [Metric] {
        var metrics = [
            Metric("right_first_time", firstRight == true ? 1 : 0),
            Metric("reached_effect", reachedAt == nil ? 0 : 1),
            Metric("time_to_done_s", min(clock, limits.timeLimit)),
            Metric("taps", Double(taps)),
            Metric("label_tapped", labelTaps > 0 ? 1 : 0),
            Metric("label_taps", Double(labelTaps)),
            Metric("dead_taps", Double(deadTaps)),
            Metric("wrong_action", Double(wrongAction)),
            Metric("title_looks_tappable", looks[AuthorizationScreen.titleID] ?? 0),
            Metric("target_looks_tappable", auth.actions.first { $0.value == wanted }.flatMap { looks[$0.key] } ?? 0)
        ]
        if let reachedAt, reachedAt <= limits.timeLimit { metrics.insert(Metric("time_to_effect_s", reachedAt), at: 1) }
        return metrics
    }
}
