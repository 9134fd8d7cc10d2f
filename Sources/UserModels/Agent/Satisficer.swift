import Foundation
import ImageEngine
import Interaction

/// What a person browsing without a goal ended up with.
public struct ExplorationOutcome: Sendable {
    /// The preview or look the person settled on (control id), if any.
    public var chosen: String?
    /// Distinct looks seen within the first 10 seconds (previews inspected plus looks a refining gesture showed).
    public var looksSeenIn10s: Int
    public var scrolls: Int
    public var timeToDone: Double
    /// How appealing the look settled on seemed, and the aspiration level at the time.
    public var appeal: Double?
    public var events: [TraceEvent]
}

/// A satisficing person (Simon 1955): no goal, just "something I like". Each
/// preview's appeal comes from its pixels and the person's taste (`Taste`); a
/// look is taken when its appeal reaches the person's aspiration, which falls
/// with the time spent browsing. With nothing good enough in view they scroll
/// for more; at the end of the list they take the most appealing one in view, then try
/// looks of it with the probing step and patience of any person. Which effects such
/// people use then comes out of position, appeal and effort together.
public struct Satisficer: Sendable {
    public var participant: Participant
    public var timeLimit: Double

    public init(participant: Participant, timeLimit: Double = 30) {
        self.participant = participant
        self.timeLimit = timeLimit
    }

    public func explore<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, using g: inout G,
        trace: Bool = false
    ) -> ExplorationOutcome {
        var unused = SessionMemory()
        return explore(&environment, memory: &unused, using: &g, trace: trace)
    }

    public func explore<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, memory: inout SessionMemory,
        using g: inout G, trace: Bool = false
    ) -> ExplorationOutcome {
        let p = participant
        let taste = Taste(participant: p)
        let cognition = Cognition(participant: p, repetition: memory.repetition)
        let hands = Hands(participant: p, trace: trace)
        let proxy = Int(p["perception.proxy_px"])
        var record = EditingRecord(finger: environment.screen.device.bounds.center, log: TraceLog(enabled: trace))
        let original = LookFeatures(LabImage(environment.photo(proxy: proxy)))
        func aspiration() -> Double {
            p["preference.aspiration"] - p["preference.aspiration_decay_per_s"] * record.clock.now
        }
        var appeal: [String: Double] = [:]
        var looks = 0
        func countLook() { if record.clock.now <= 10 { looks += 1 } }
        defer { memory.trialsDone += 1 }

        record.clock.advance(by: p["perception.eye_movement_s"])
        while record.clock.now < timeLimit {
            let screen = environment.screen
            let previews = screen.controls.filter { $0.role == .thumbnail }.sorted {
                ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
            }
            var pick: Control?
            for t in previews where appeal[t.id] == nil {
                record.clock.advance(by: cognition.practice * p["cognition.search_item_s"] + p["perception.cycle_s"])
                let image = environment.thumbnail(t.id, proxy: proxy) ?? environment.photo(proxy: proxy)
                appeal[t.id] = taste.appeal(of: LookFeatures(LabImage(image)), comparedWith: original, using: &g)
                countLook()
                record.log.add(
                    record.clock.now, "inspect", [("control", .text(t.id)), ("appeal", .number(appeal[t.id]!))])
                if appeal[t.id]! >= aspiration() { pick = t; break }
            }
            if pick == nil, let area = screen.controls.first(where: { $0.role == .scrollArea }), (area.value ?? 1) < 1 {
                hands.scroll(area, &environment, &record, cognition: cognition, using: &g)
                continue
            }
            // Nothing good enough and nothing more to see: the most appealing of those in view.
            guard
                let chosen = pick
                    ?? previews.max(by: { (appeal[$0.id] ?? -.infinity, $1.id) < (appeal[$1.id] ?? -.infinity, $0.id) })
            else { break }
            record.log.add(record.clock.now, "choose", [("control", .text(chosen.id))])
            guard hands.tap(chosen, on: screen, &environment, &record, cognition: cognition, using: &g) else {
                continue
            }
            // Try looks of it until one is liked: each control the screen offers in turn, in reading order — a
            // thing with a value moved by the probing step any unfamiliar control gets (`agent.explore_step` of
            // its travel), an option tapped once. Every try short of liked is one without the progress a
            // satisficer looks for, so the person's patience (`agent.patience_gestures`) ends the browsing.
            let patience = Int(p["agent.patience_gestures"]), step = p["agent.explore_step"]
            var current = appeal[chosen.id] ?? -.infinity
            var tries = 0
            var directions: [String: Double] = [:]
            var optionsTried: Set<String> = []
            while record.clock.now < timeLimit && tries < patience && current < aspiration() {
                let offered = environment.screen.controls.filter { c in
                    Self.movable(c)
                        || (c.role == .button && !optionsTried.contains(c.id) && !Lexicon.leadsElsewhere(c.label ?? ""))
                }.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
                guard !offered.isEmpty else { break }
                let control = offered[tries % offered.count]
                let direction = directions[control.id, default: 1]
                if Self.movable(control) {
                    record.clock.advance(by: p["perception.cycle_s"])
                    let move = direction * step * Hands.trackLength(control, for: participant)
                    _ = hands.drag(
                        control, by: move, grabAt: control.frame.center, on: environment.screen, &environment, &record,
                        using: &g)
                } else {
                    optionsTried.insert(control.id)
                    _ = hands.tap(
                        control, on: environment.screen, &environment, &record, cognition: cognition, using: &g)
                }
                let seen = taste.appeal(
                    of: LookFeatures(LabImage(environment.photo(proxy: proxy))), comparedWith: original, using: &g)
                record.clock.advance(by: p["perception.cycle_s"])
                // A step that made it worse is tried the other way next time.
                if seen < current { directions[control.id] = -direction }
                current = seen
                countLook()
                tries += 1
            }
            record.clock.advance(by: cognition.mentalPreparation)
            record.log.add(record.clock.now, "settle", [("control", .text(chosen.id)), ("appeal", .number(current))])
            return ExplorationOutcome(
                chosen: chosen.id, looksSeenIn10s: looks, scrolls: record.outcome.scrolls, timeToDone: record.clock.now,
                appeal: current, events: record.log.events)
        }
        return ExplorationOutcome(
            chosen: nil, looksSeenIn10s: looks, scrolls: record.outcome.scrolls, timeToDone: record.clock.now,
            appeal: nil, events: record.log.events)
    }

    /// Whether `c` shows a value a finger can move (a slider's or knob's thumb, a swipe area's position).
    static func movable(_ c: Control) -> Bool {
        (c.role == .slider || c.role == .knob || c.role == .zone) && c.thumbCenter != nil
    }
}
