import Foundation
import ImageEngine
import Interaction

/// A gesture a person makes on a screen.
public enum Gesture: Sendable {
    case tap(TouchStream)
    case drag(TouchStream)
    case pinch([TouchStream])

    public var end: Double {
        switch self {
        case .tap(let s), .drag(let s): s.end.time
        case .pinch(let s): s.map(\.end.time).max() ?? 0
        }
    }
}

/// A design with its engine, as a person meets it: a screen to look at, a photo
/// to judge, gestures to make. The harness wraps each design in one of these.
public protocol PhotoEditingEnvironment {
    var screen: Screen { get }
    /// The photo as rendered now, with its long side at `proxy` pixels.
    func photo(proxy: Int) -> Image
    /// Delivers a gesture (its samples carry their virtual times).
    mutating func perform(_ gesture: Gesture)
}

/// What a person did while editing a photo toward a goal.
public struct PhotoEditingOutcome: Sendable {
    /// Whether the person was satisfied (as opposed to giving up).
    public var satisfied: Bool
    /// First time the objective check passed after a committed gesture.
    public var timeToEffect: Double?
    public var timeToDone: Double
    public var touches: Int
    public var controlSwitches: Int
    public var wrongControlTries: Int
    public var missedTaps: Int
    /// Finger travel while dragging, in points.
    public var travel: Double
    public var events: [TraceEvent]
}

/// The one generic agent loop of DESIGN §2: perceive the photo against the goal,
/// decide which control to use and which way, act through touches, learn from
/// what the photo did, until satisfied, out of time, or out of ideas.
///
/// It sees only what a screen shows (roles, frames, labels, affordances, thumb
/// positions) and what the photo does; it never knows which design it is using.
public struct PhotoEditor: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxGestures: Int

    public init(participant: Participant, timeLimit: Double = 60, maxGestures: Int = 80) {
        self.participant = participant
        self.timeLimit = timeLimit
        self.maxGestures = maxGestures
    }

    /// What the person has learned about one control.
    struct Belief {
        var claimedRegions: [PhotoRegion] = []
        var understoodLabel = false
        /// Region → change of (lightness, colourfulness) there per point of drag along the control's axis.
        var effect: [PhotoRegion: Vector2] = [:]
        var useless: Set<PhotoRegion> = []
        var tried: Bool { !effect.isEmpty || !useless.isEmpty }
    }

    /// Edits the photo in `environment` toward `goal` (Lab at the perception proxy size).
    /// `objective` says whether the committed state meets the task's tolerance; it is
    /// called after every gesture and never influences the person.
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: LabImage, using g: inout G, trace: Bool = false,
        objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        let p = participant
        let proxy = Int(p["perception.proxy_px"])
        let eye = PhotoPerception(goal: goal, participant: p)
        let cognition = Cognition(participant: p)
        let dragger = KnobDragger(participant: p)
        let satisfiedAt = p["perception.satisfied_de00"]
        var log = TraceLog(enabled: trace)
        var clock = VirtualClock()
        var beliefs: [String: Belief] = [:]
        var discovered: Set<String> = []
        var finger = environment.screen.device.bounds.center + Vector2(0, environment.screen.device.bounds.height * 0.3)
        var current: String? = nil
        var outcome = PhotoEditingOutcome(satisfied: false, timeToEffect: nil, timeToDone: 0, touches: 0, controlSwitches: 0,
                                          wrongControlTries: 0, missedTaps: 0, travel: 0, events: [])
        if objective(environment) { outcome.timeToEffect = 0 }

        // First look: read the labels (experts know them at a glance).
        let labels = environment.screen.controls.compactMap(\.label)
        let words = labels.reduce(0) { $0 + Lexicon.wordCount($1) }
        clock.advance(by: p["perception.eye_movement_s"] + (p.isExpert ? 0 : cognition.readingTime(words: words)))
        for c in environment.screen.controls {
            var b = Belief()
            if let label = c.label, cognition.infersFromLabel(using: &g) {
                b.claimedRegions = Lexicon.regions(for: label)
                b.understoodLabel = true
            }
            beliefs[c.id] = b
            if c.visibleAffordance { discovered.insert(c.id) }
        }
        log.add(clock.now, "read", [("labels", .number(Double(labels.count))), ("words", .number(Double(words)))])

        var percept = eye.look(at: environment.photo(proxy: proxy), using: &g)
        clock.advance(by: p["perception.cycle_s"])
        while outcome.touches < maxGestures && clock.now < timeLimit {
            log.add(clock.now, "perceive", [("worst", .text(percept.worst.rawValue)), ("difference", .number(percept.worstDifference))])
            if percept.worstDifference < satisfiedAt {
                outcome.satisfied = true
                break
            }
            let screen = environment.screen
            let usable = screen.controls.filter { ($0.role == .slider || $0.role == .knob || $0.role == .zone) && discovered.contains($0.id) }
            // The worst region the person still has an idea for.
            let hopeless = { (r: PhotoRegion) in usable.allSatisfy { beliefs[$0.id]!.useless.contains(r) } }
            let regions = percept.difference.filter { $0.value >= satisfiedAt && !hopeless($0.key) }
                .sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map(\.key)
            // Decide which control to use.
            var choice: Control?
            var reason = ""
            var region = percept.worst
            for r in regions {
                let error = Self.error(percept, r)
                let known = usable.compactMap { c -> (Control, Double)? in
                    guard let v = beliefs[c.id]!.effect[r], v.length > 1e-6 else { return nil }
                    return (c, abs(error.dot(v)) / v.length)   // the error this control can remove
                }
                if let best = known.max(by: { ($0.1, $1.0.id) < ($1.1, $0.0.id) }), best.1 > eye.jnd * 0.5 {
                    choice = best.0; reason = "known"; region = r; break
                }
                let claimed = usable.filter { beliefs[$0.id]!.claimedRegions.contains(r) && beliefs[$0.id]!.effect[r] == nil && !beliefs[$0.id]!.useless.contains(r) }
                if let c = claimed.first { choice = c; reason = "label"; region = r; break }
                let untried = usable.filter { beliefs[$0.id]!.effect[r] == nil && !beliefs[$0.id]!.useless.contains(r) }
                if !untried.isEmpty { choice = untried[Int(g.next() % UInt64(untried.count))]; reason = "explore"; region = r; break }
            }
            if choice == nil {
                // Look for controls that show no affordance.
                let hidden = screen.controls.filter { !discovered.contains($0.id) && ($0.role == .zone || $0.role == .knob || $0.role == .slider) }
                guard !hidden.isEmpty else { break }
                let found = hidden.map { ($0, cognition.discoveryTime(hinted: $0.hinted, using: &g)) }.min { $0.1 < $1.1 }!
                clock.advance(by: min(found.1, max(0, timeLimit - clock.now)))
                if clock.now >= timeLimit { break }
                discovered.insert(found.0.id)
                log.add(clock.now, "discover", [("control", .text(found.0.id))])
                continue
            }
            let control = choice!
            if control.id != current {
                clock.advance(by: cognition.mentalPreparation + cognition.choiceTime(among: max(1, usable.count), using: &g))
                if current != nil { outcome.controlSwitches += 1 }
                current = control.id
            }
            log.add(clock.now, "decide", [("control", .text(control.id)), ("region", .text(region.rawValue)), ("reason", .text(reason))])

            // Which way and how far: least squares on what the control is known to do,
            // a modest exploratory move otherwise.
            let error = Self.error(percept, region)
            let axis = Self.axisVector(control)
            let length = Self.trackLength(control)
            var move: Double
            if let v = beliefs[control.id]!.effect[region], v.length > 1e-6 {
                move = max(-0.5 * length, min(0.5 * length, error.dot(v) / v.dot(v) * 0.9))
            } else {
                move = 0.15 * length * ((error.x + error.y) >= 0 ? 1 : -1)
            }
            let grab = control.thumbCenter ?? Self.zonePoint(control, region: region, masks: eye.masks, goal: goal, screen: screen)
            if control.thumbCenter != nil, let v = control.value {
                let target = min(1, max(0, v + move / length))
                move = (target - v) * length
                // A thumb already at the end cannot go further: try the other way.
                if abs(move) < 1 { move = (target >= 1 ? -0.1 : 0.1) * length }
            }
            if abs(move) < 1 { move = move < 0 ? -1 : 1 }
            clock.advance(by: Tapper(participant: p).reachTime(from: finger, to: grab, size: max(control.frame.height, 20), on: screen.device))
            let touches = dragger.drag(from: grab, to: grab + axis * move, tolerance: max(3, abs(move) * 0.1),
                                       startTime: clock.now, on: screen.device, using: &g)
            if trace {
                for s in touches.samples { log.add(s.time, "touch", [("phase", .text(s.phase.rawValue)), ("x", .number(s.location.x)), ("y", .number(s.location.y))]) }
            }
            environment.perform(.drag(touches))
            clock.advance(to: touches.end.time)
            outcome.touches += 1
            outcome.travel += touches.pathLength
            finger = touches.end.location
            if outcome.timeToEffect == nil && objective(environment) { outcome.timeToEffect = clock.now }

            // Look again and learn what the control did, in every region.
            let before = percept
            percept = eye.look(at: environment.photo(proxy: proxy), using: &g)
            clock.advance(by: p["perception.cycle_s"])
            let moved = (touches.end.location - touches.start.location).dot(axis)
            var belief = beliefs[control.id]!
            for r in percept.difference.keys where abs(moved) > 0.5 {
                let change = Self.error(before, r) - Self.error(percept, r)
                if change.length < 0.5 && abs(moved) > 0.08 * length {
                    belief.useless.insert(r)
                    belief.effect[r] = nil
                } else if change.length >= 0.5 {
                    belief.effect[r] = change / moved
                    belief.useless.remove(r)
                }
            }
            if belief.useless.contains(region) {
                outcome.wrongControlTries += 1
                log.add(clock.now, "learn", [("control", .text(control.id)), ("region", .text(region.rawValue)), ("effect", .text("none"))])
            } else if let v = belief.effect[region] {
                log.add(clock.now, "learn", [("control", .text(control.id)), ("region", .text(region.rawValue)),
                                             ("lightness_per_pt", .number(v.x)), ("chroma_per_pt", .number(v.y))])
            }
            beliefs[control.id] = belief
        }
        outcome.timeToDone = clock.now
        outcome.events = log.events
        return outcome
    }

    /// What is off in `region`: goal minus current (lightness, colourfulness).
    static func error(_ p: PhotoPercept, _ region: PhotoRegion) -> Vector2 {
        Vector2(p.lightness[region] ?? 0, p.chroma[region] ?? 0)
    }

    static func axisVector(_ c: Control) -> Vector2 {
        switch c.axis {
        case .horizontal?: Vector2(1, 0)
        case .vertical?: Vector2(0, -1)
        case nil: Vector2(0, -1)   // zones: drag up for more
        }
    }

    static func trackLength(_ c: Control) -> Double {
        switch c.axis {
        case .horizontal?: c.frame.width
        case .vertical?: c.frame.height
        case nil: min(200, max(c.frame.height, 80))
        }
    }

    /// Where to put the finger on a zone: over the region of the photo that looks
    /// wrong when the zone is the photo, its centre otherwise.
    static func zonePoint(_ c: Control, region: PhotoRegion, masks: RegionMasks, goal: LabImage, screen: Screen) -> Point {
        guard let photo = screen.photoFrame, c.frame.contains(photo.center), let idx = masks.pixels[region], !idx.isEmpty else {
            return c.frame.center
        }
        var sx = 0.0, sy = 0.0
        for i in idx { sx += Double(i % goal.width); sy += Double(i / goal.width) }
        let fx = (sx / Double(idx.count) + 0.5) / Double(goal.width), fy = (sy / Double(idx.count) + 0.5) / Double(goal.height)
        return Point(photo.minX + fx * photo.width, photo.minY + fy * photo.height)
    }
}

extension Participant {
    public var isExpert: Bool { group == .expert }
}

extension Tapper {
    /// Fitts time to bring the finger onto something `size` points across at `to`.
    public func reachTime(from: Point, to: Point, size: Double, on device: DeviceConfiguration) -> Double {
        FittsLaw(intercept: participant["motor.fitts_a_s"], slope: participant["motor.fitts_b_s_per_bit"])
            .movementTime(distance: device.millimetres(from.distance(to: to)), width: device.millimetres(size))
    }
}
