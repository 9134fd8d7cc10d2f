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
    public var events: [TraceEvent]
}

/// A satisficing person (Simon 1956): no goal, just "something I like". Previews
/// are inspected in reading order and each is liked with the person's probability;
/// with nothing liked they scroll for more, or open one of those in view and try a
/// few looks of it. Which effects such people end up using is what the grid's "first
/// six" question is about.
public struct Satisficer: Sendable {
    public var participant: Participant
    public var timeLimit: Double

    public init(participant: Participant, timeLimit: Double = 30) {
        self.participant = participant
        self.timeLimit = timeLimit
    }

    public func explore<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(_ environment: inout E, using g: inout G,
                                                                              trace: Bool = false) -> ExplorationOutcome {
        let p = participant
        let like = p["preference.like_probability"]
        let cognition = Cognition(participant: p)
        let dragger = KnobDragger(participant: p)
        var log = TraceLog(enabled: trace)
        var clock = VirtualClock()
        var seen: Set<String> = []
        var looks = 0
        var scrolls = 0
        var finger = environment.screen.device.bounds.center
        func countLook() { if clock.now <= 10 { looks += 1 } }

        clock.advance(by: p["perception.eye_movement_s"])
        while clock.now < timeLimit {
            let screen = environment.screen
            let previews = screen.controls.filter { $0.role == .thumbnail && !seen.contains($0.id) }
                .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            var pick: Control?
            for t in previews {
                clock.advance(by: p["cognition.search_item_s"] + p["perception.cycle_s"])
                seen.insert(t.id)
                countLook()
                log.add(clock.now, "inspect", [("control", .text(t.id))])
                if g.bernoulli(like) { pick = t; break }
            }
            if pick == nil, let area = screen.controls.first(where: { $0.role == .scrollArea }), (area.value ?? 1) < 1 {
                let swipe = dragger.swipe(from: area.frame.center + Vector2(0, area.frame.height * 0.3), direction: Vector2(0, -1),
                                          distance: area.frame.height * 0.4, startTime: clock.now)
                environment.perform(.drag(swipe))
                clock.advance(to: swipe.end.time)
                scrolls += 1
                log.add(clock.now, "scroll", [("control", .text(area.id))])
                continue
            }
            // Nothing liked and nothing more to see: any of the visible previews will do
            // (a uniform pick, so the fallback itself favours no position).
            let visible = screen.controls.filter { $0.role == .thumbnail }.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            guard let chosen = pick ?? (visible.isEmpty ? nil : visible[Int(g.next() % UInt64(visible.count))]) else { break }
            let tap = Tapper(participant: p).tap(chosen.frame, from: finger, startTime: clock.now, on: screen.device, using: &g)
            environment.perform(.tap(tap.touches))
            clock.advance(to: tap.touches.end.time)
            finger = tap.landing
            log.add(clock.now, "choose", [("control", .text(chosen.id))])
            if !chosen.frame.contains(tap.landing) { continue }
            // Try a few looks of it: each swipe or slider move shows another one.
            var tries = 0
            while clock.now < timeLimit && tries < 8 && !g.bernoulli(like) {
                let refine = environment.screen.controls.first { ($0.role == .zone || $0.role == .slider) && $0.thumbCenter != nil }
                guard let control = refine, let grab = control.thumbCenter else { break }
                clock.advance(by: p["perception.cycle_s"])
                let step = (tries % 2 == 0 ? 1.0 : -1.0) * 0.25 * control.frame.width
                let touches = dragger.drag(from: grab, to: grab + Vector2(step, 0), tolerance: 10, startTime: clock.now, on: environment.screen.device, using: &g)
                environment.perform(.drag(touches))
                clock.advance(to: touches.end.time)
                countLook()
                tries += 1
            }
            clock.advance(by: cognition.mentalPreparation)
            log.add(clock.now, "settle", [("control", .text(chosen.id))])
            return ExplorationOutcome(chosen: chosen.id, looksSeenIn10s: looks, scrolls: scrolls, timeToDone: clock.now, events: log.events)
        }
        return ExplorationOutcome(chosen: nil, looksSeenIn10s: looks, scrolls: scrolls, timeToDone: clock.now, events: log.events)
    }
}
