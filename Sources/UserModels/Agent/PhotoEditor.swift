import Foundation
import ImageEngine
import Interaction

/// A design with its engine, as a person meets it: a screen to look at, a photo
/// to judge, gestures to make. The harness wraps each design in one of these.
public protocol PhotoEditingEnvironment {
    var screen: Screen { get }
    /// The photo as rendered now, with its long side at `proxy` pixels.
    mutating func photo(proxy: Int) -> Image
    /// Delivers a gesture (its samples carry their virtual times).
    mutating func perform(_ gesture: Gesture)
    /// The preview image a thumbnail control shows, with its long side at `proxy` pixels.
    mutating func thumbnail(_ id: String, proxy: Int) -> Image?
}

extension PhotoEditingEnvironment {
    public mutating func thumbnail(_ id: String, proxy: Int) -> Image? { nil }
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
    /// When the first gesture started (nil if the person never touched anything).
    public var firstTouch: Double? = nil
    /// The last preview chosen (a thumbnail or card id) and when.
    public var chosen: String? = nil
    public var chosenAt: Double? = nil
    /// Swipes that scrolled a list of previews.
    public var scrolls = 0
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
        /// How much of a planned move the person dares: halved after an overshoot,
        /// regained after moves that help (people slow down near the target).
        var boldness = 0.9
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
        let photoArea = { (screen: Screen) -> Double in
            guard let f = screen.photoFrame else { return 0 }
            return screen.device.millimetres(f.width) * screen.device.millimetres(f.height)
        }
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

        var tapped: Set<String> = []
        var lastTapped: String? = nil
        var inspected: [String: Double] = [:]   // thumbnail → how far from the goal it looked
        var rejected: Set<String> = []
        /// Meets the controls on screen that the person has not seen before: reads
        /// their labels (experts know them at a glance) and notes what looks touchable.
        func meetNewControls(_ screen: Screen) {
            let fresh = screen.controls.filter { beliefs[$0.id] == nil }
            guard !fresh.isEmpty else { return }
            let words = fresh.compactMap(\.label).reduce(0) { $0 + Lexicon.wordCount($1) }
            clock.advance(by: p["perception.eye_movement_s"] + (p.isExpert ? 0 : cognition.readingTime(words: words)))
            for c in fresh {
                var b = Belief()
                if let label = c.label, cognition.infersFromLabel(using: &g) {
                    b.claimedRegions = Lexicon.regions(for: label)
                    b.understoodLabel = true
                } else if c.label == nil, let tone = c.tone, cognition.infersFromLabel(using: &g) {
                    // No words, but a place on a tonal scale: darks on the dark end.
                    b.claimedRegions = Lexicon.regions(forTone: tone)
                }
                beliefs[c.id] = b
                if c.visibleAffordance { discovered.insert(c.id) }
            }
            log.add(clock.now, "read", [("controls", .number(Double(fresh.count))), ("words", .number(Double(words)))])
        }
        meetNewControls(environment.screen)

        var percept = eye.look(at: environment.photo(proxy: proxy), areaMM2: photoArea(environment.screen), using: &g)
        clock.advance(by: p["perception.cycle_s"])
        // A person who stops getting closer eventually settles for what they have.
        var bestSoFar = percept.worstDifference
        var sinceImprovement = 0
        while outcome.touches < maxGestures && clock.now < timeLimit && sinceImprovement < 8 {
            log.add(clock.now, "perceive", [("worst", .text(percept.worst.rawValue)), ("difference", .number(percept.worstDifference))])
            if percept.worstDifference < satisfiedAt {
                outcome.satisfied = true
                break
            }
            let screen = environment.screen
            meetNewControls(screen)
            // Choosing among previews comes before refining: search them in reading
            // order, judge each by its pixels, scroll for more, tap the one to refine.
            let thumbnails = screen.controls.filter { $0.role == .thumbnail && !rejected.contains($0.id) }
                .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            if !thumbnails.isEmpty {
                var chosen: Control?
                for t in thumbnails where inspected[t.id] == nil {
                    clock.advance(by: p["cognition.search_item_s"] + p["perception.cycle_s"])
                    let preview = environment.thumbnail(t.id, proxy: proxy) ?? environment.photo(proxy: proxy)
                    let seen = eye.look(at: preview, areaMM2: screen.device.millimetres(t.frame.width) * screen.device.millimetres(t.frame.height), using: &g)
                    inspected[t.id] = seen.difference[.overall] ?? .infinity
                    log.add(clock.now, "inspect", [("control", .text(t.id)), ("difference", .number(inspected[t.id]!))])
                    if inspected[t.id]! < satisfiedAt * 2 { chosen = t; break }
                }
                if chosen == nil, let area = screen.controls.first(where: { $0.role == .scrollArea }), (area.value ?? 1) < 1 {
                    let swipe = dragger.swipe(from: area.frame.center + Vector2(0, area.frame.height * 0.3), direction: Vector2(0, -1),
                                              distance: area.frame.height * 0.4, startTime: clock.now + cognition.choiceTime(among: 2, using: &g))
                    environment.perform(.drag(swipe))
                    if outcome.firstTouch == nil { outcome.firstTouch = swipe.start.time }
                    clock.advance(to: swipe.end.time)
                    outcome.touches += 1
                    outcome.scrolls += 1
                    log.add(clock.now, "scroll", [("control", .text(area.id))])
                    continue
                }
                let pick = chosen ?? thumbnails.min { (inspected[$0.id] ?? .infinity, $0.id) < (inspected[$1.id] ?? .infinity, $1.id) }!
                clock.advance(by: cognition.mentalPreparation)
                let tap = Tapper(participant: p).tap(pick.frame, from: finger, startTime: clock.now, on: screen.device, using: &g)
                environment.perform(.tap(tap.touches))
                if outcome.firstTouch == nil { outcome.firstTouch = tap.touches.start.time }
                clock.advance(to: tap.touches.end.time)
                finger = tap.landing
                outcome.touches += 1
                log.add(clock.now, "choose", [("control", .text(pick.id)), ("hit", .bool(pick.frame.contains(tap.landing)))])
                if pick.frame.contains(tap.landing) {
                    rejected.insert(pick.id)   // if it disappoints, the next visit picks another
                    // The choice that led to the effect is the one that counts.
                    if outcome.timeToEffect == nil {
                        outcome.chosen = pick.id
                        outcome.chosenAt = clock.now
                    }
                } else {
                    outcome.missedTaps += 1
                }
                percept = eye.look(at: environment.photo(proxy: proxy), areaMM2: photoArea(environment.screen), using: &g)
                clock.advance(by: p["perception.cycle_s"])
                if outcome.timeToEffect == nil && objective(environment) { outcome.timeToEffect = clock.now }
                continue
            }
            let usable = screen.controls.filter { ($0.role == .slider || $0.role == .knob || $0.role == .zone) && discovered.contains($0.id) }
            // The worst region the person still has an idea for.
            let hopeless = { (r: PhotoRegion) in usable.allSatisfy { beliefs[$0.id]!.useless.contains(r) } }
            let regions = percept.difference.filter { $0.value >= satisfiedAt && !hopeless($0.key) }
                .sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map(\.key)
            // People judge the whole photo: a move that fixes one region and spoils
            // another is no fix. Predict each known control's best move over every
            // region it is known to affect, and how much of the mismatch it removes.
            let errors = Dictionary(uniqueKeysWithValues: percept.difference.keys.map { ($0, Self.error(percept, $0)) })
            // Sums run over regions in a fixed order: dictionary order varies between
            // instances, and floating-point sums must not (DESIGN §9).
            let totalError = PhotoRegion.allCases.reduce(0.0) { sum, r in errors[r].map { sum + $0.dot($0) } ?? sum }
            var best: (control: Control, move: Double, reduction: Double)?
            for c in usable {
                guard let plan = Self.bestMove(beliefs[c.id]!.effect, errors: errors) else { continue }
                if plan.reduction > (best?.reduction ?? 0) { best = (c, plan.move, plan.reduction) }
            }
            var choice: Control?
            var reason = ""
            var region = percept.worst
            var plannedMove: Double? = nil
            if let b = best, b.reduction >= 0.2 * totalError {
                choice = b.control; reason = "known"; plannedMove = b.move
                region = regions.first { beliefs[b.control.id]!.effect[$0] != nil } ?? percept.worst
            } else {
                for r in regions {
                    let claimed = usable.filter { beliefs[$0.id]!.claimedRegions.contains(r) && !beliefs[$0.id]!.tried }
                    if let c = claimed.first { choice = c; reason = "label"; region = r; break }
                    let untried = usable.filter { !beliefs[$0.id]!.tried }
                    if !untried.isEmpty { choice = untried[Int(g.next() % UInt64(untried.count))]; reason = "explore"; region = r; break }
                }
                if choice == nil, let b = best, b.reduction > 0.02 * totalError {
                    choice = b.control; reason = "known"; plannedMove = b.move
                    region = regions.first { beliefs[b.control.id]!.effect[$0] != nil } ?? percept.worst
                }
            }
            if choice == nil, let button = Self.buttonToTry(screen, wanted: regions.isEmpty ? [percept.worst] : regions,
                                                            tapped: tapped, lastTapped: lastTapped) {
                // Controls may be behind a button: tap the one whose label promises the region.
                clock.advance(by: cognition.mentalPreparation)
                let tap = Tapper(participant: p).tap(button.frame, from: finger, startTime: clock.now, on: screen.device, using: &g)
                log.add(tap.touches.start.time, "tap", [("control", .text(button.id)), ("x", .number(tap.landing.x)), ("y", .number(tap.landing.y))])
                environment.perform(.tap(tap.touches))
                if outcome.firstTouch == nil { outcome.firstTouch = tap.touches.start.time }
                clock.advance(to: tap.touches.end.time)
                finger = tap.landing
                outcome.touches += 1
                if button.frame.contains(tap.landing) {
                    tapped.insert(button.id)
                    lastTapped = button.id
                } else {
                    outcome.missedTaps += 1
                }
                clock.advance(by: p["perception.cycle_s"])
                continue
            }
            if choice == nil {
                // Look for controls that show no affordance.
                let hidden = screen.controls.filter { !discovered.contains($0.id) && ($0.role == .zone || $0.role == .knob || $0.role == .slider) }
                guard !hidden.isEmpty else { break }
                // One discovery per search: the person finds that something untouchable-looking responds,
                // at the per-second rate, or at once when a hint points it out.
                let target = hidden.first { $0.hinted } ?? hidden[0]
                let found = (target, cognition.discoveryTime(hinted: target.hinted, using: &g))
                clock.advance(by: min(found.1, max(0, timeLimit - clock.now)))
                if clock.now >= timeLimit { break }
                discovered.insert(found.0.id)
                // Finding one hidden zone makes its neighbours easy to guess.
                for h in hidden where h.role == found.0.role && h.frame.inset(by: EdgeInsets(all: -2)).intersects(found.0.frame) {
                    discovered.insert(h.id)
                }
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
            if let planned = plannedMove {
                move = max(-0.5 * length, min(0.5 * length, planned * beliefs[control.id]!.boldness))
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
            if outcome.firstTouch == nil { outcome.firstTouch = touches.start.time }
            clock.advance(to: touches.end.time)
            outcome.touches += 1
            outcome.travel += touches.pathLength
            finger = touches.end.location
            if outcome.timeToEffect == nil && objective(environment) { outcome.timeToEffect = clock.now }

            // Look again and learn what the control did, in every region.
            let before = percept
            percept = eye.look(at: environment.photo(proxy: proxy), areaMM2: photoArea(environment.screen), using: &g)
            clock.advance(by: p["perception.cycle_s"])
            let moved = (touches.end.location - touches.start.location).dot(axis)
            var belief = beliefs[control.id]!
            let errorBefore = Self.squaredError(before), errorAfter = Self.squaredError(percept)
            belief.boldness = errorAfter > errorBefore ? max(0.1, belief.boldness * 0.5) : min(0.9, belief.boldness * 1.3)
            for r in PhotoRegion.allCases where percept.difference[r] != nil && abs(moved) > 0.5 {
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
            if percept.worstDifference < bestSoFar - 0.3 {
                bestSoFar = percept.worstDifference
                sinceImprovement = 0
            } else {
                sinceImprovement += 1
            }
        }
        outcome.timeToDone = clock.now
        outcome.events = log.events
        return outcome
    }

    /// What is off in `region`: goal minus current (lightness, colourfulness).
    static func error(_ p: PhotoPercept, _ region: PhotoRegion) -> Vector2 {
        Vector2(p.lightness[region] ?? 0, p.chroma[region] ?? 0)
    }

    /// The squared mismatch over every region, summed in a fixed order.
    static func squaredError(_ p: PhotoPercept) -> Double {
        PhotoRegion.allCases.reduce(0.0) { sum, r in p.difference[r] == nil ? sum : sum + error(p, r).dot(error(p, r)) }
    }

    /// The move along a control that best removes the mismatch in the regions it
    /// is known to affect (least squares), and the squared error it would remove.
    static func bestMove(_ effect: [PhotoRegion: Vector2], errors: [PhotoRegion: Vector2]) -> (move: Double, reduction: Double)? {
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

    /// A button worth tapping: one whose label promises a wanted region (other than
    /// the one just opened), else one not tried yet.
    static func buttonToTry(_ screen: Screen, wanted: [PhotoRegion], tapped: Set<String>, lastTapped: String?) -> Control? {
        let buttons = screen.controls.filter { $0.role == .button }
        if let promising = buttons.first(where: { b in
            b.id != lastTapped && Lexicon.regions(for: b.label ?? "").contains(where: wanted.contains)
        }) { return promising }
        return buttons.first { !tapped.contains($0.id) }
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
