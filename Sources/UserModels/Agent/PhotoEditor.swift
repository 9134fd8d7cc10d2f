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
    /// `photo(proxy:)` compared with `goal`. An environment may return a comparison
    /// it kept for the same pixels (an unchanged render), as long as it counts
    /// what `photo(proxy:)` counts.
    mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison
    /// `thumbnail(_:proxy:)` compared with `goal`, or nil if `id` shows none; may be kept likewise.
    mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison?
}

extension PhotoEditingEnvironment {
    public mutating func thumbnail(_ id: String, proxy: Int) -> Image? { nil }

    public mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison {
        RegionComparison(LabImage(photo(proxy: proxy)), goal: goal)
    }

    public mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison? {
        thumbnail(id, proxy: proxy).map { RegionComparison(LabImage($0), goal: goal) }
    }
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
    /// Moves partly taken back because the control started showing a warning.
    public var warningBackoffs = 0
    /// Drags that moved another thumb than the one meant (seen, then put back).
    public var wrongGrabs = 0
    /// Drags that moved no thumb at all (the finger landed out of reach).
    public var missedGrabs = 0
    public var events: [TraceEvent]
}

/// The generic agent of DESIGN §2, built of parts with one job each: the `Eye`
/// looks (photo against the goal, labels on the screen), `WorkingMemory` and
/// `SessionMemory` remember, a `DecisionPolicy` chooses the next adjustment (the
/// swappable part), `PreviewChooser` and `Buttons` choose what to tap, `Hands`
/// act through the motor models, and `Learning` learns what a control did.
///
/// It sees only what a screen shows (roles, frames, labels, affordances, thumb
/// positions, warnings) and what the photo does; it never knows which design it is using.
public struct PhotoEditor: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxGestures: Int
    public var policy: PolicyKind

    public init(participant: Participant, timeLimit: Double = 60, maxGestures: Int = 80, policy: PolicyKind = .effectModel) {
        self.participant = participant
        self.timeLimit = timeLimit
        self.maxGestures = maxGestures
        self.policy = policy
    }

    /// Edits with nothing remembered from earlier trials (a first use).
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: LabImage, using g: inout G, trace: Bool = false, objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        var fresh = SessionMemory()
        return edit(&environment, goal: goal, memory: &fresh, using: &g, trace: trace, objective: objective)
    }

    /// Edits toward `goal` (Lab at the perception proxy size); see the `GoalLook` form.
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: LabImage, memory session: inout SessionMemory, using g: inout G, trace: Bool = false,
        objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        edit(&environment, goal: GoalLook(goal), memory: &session, using: &g, trace: trace, objective: objective)
    }

    /// Edits the photo in `environment` toward `goal`, starting from what the
    /// person remembers of this design (`memory`, updated on return). `objective`
    /// says whether the committed state meets the task's tolerance; it is called
    /// after every gesture and never influences the person.
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: GoalLook, memory session: inout SessionMemory, using g: inout G, trace: Bool = false,
        objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        let p = participant
        let cognition = Cognition(participant: p, repetition: session.repetition)
        let eye = Eye(participant: p, goal: goal, using: &g)
        let hands = Hands(participant: p, trace: trace)
        let satisfiedAt = p["perception.satisfied_de00"]
        let chooser = PreviewChooser(participant: p, eye: eye, satisfiedAt: satisfiedAt)
        var policy = self.policy.make(for: p)
        var memory = WorkingMemory(session)
        let bounds = environment.screen.device.bounds
        var record = EditingRecord(finger: bounds.center + Vector2(0, bounds.height * 0.3), log: TraceLog(enabled: trace))
        if objective(environment) { record.outcome.timeToEffect = 0 }
        /// The goal check runs on the committed state after every gesture.
        func checkGoal(_ environment: E) {
            if record.outcome.timeToEffect == nil && objective(environment) { record.outcome.timeToEffect = record.clock.now }
        }

        eye.read(environment.screen, into: &memory, cognition: cognition, &record, using: &g)
        var percept = eye.look(&environment, &record, using: &g)
        // A person who stops getting closer eventually settles for what they have.
        var bestSoFar = percept.worstDifference
        var sinceImprovement = 0
        func noteProgress() {
            if percept.worstDifference < bestSoFar - p["agent.progress_de00"] {
                bestSoFar = percept.worstDifference
                sinceImprovement = 0
            } else {
                sinceImprovement += 1
            }
        }
        /// Taps a button (controls may be behind it, or it is itself an option) and looks.
        func tapButton(_ button: Control, on screen: Screen) {
            let hit = hands.tap(button, on: screen, &environment, &record, cognition: cognition, using: &g)
            if hit {
                memory.tapped.insert(button.id)
                memory.tappedSinceProgress.insert(button.id)
                memory.lastTapped = button.id
            }
            checkGoal(environment)
            percept = eye.look(&environment, &record, using: &g)
            if hit { memory.afterButton[button.id] = percept.worstDifference }
            noteProgress()
        }
        while record.outcome.touches < maxGestures && record.clock.now < timeLimit && sinceImprovement < Int(p["agent.patience_gestures"]) {
            record.log.add(record.clock.now, "perceive", [("worst", .text(percept.worst.rawValue)), ("difference", .number(percept.worstDifference))])
            if percept.worstDifference < satisfiedAt {
                record.outcome.satisfied = true
                break
            }
            let screen = environment.screen
            eye.read(screen, into: &memory, cognition: cognition, &record, using: &g)

            // Choosing among previews comes before refining.
            let thumbnails = screen.controls.filter { $0.role == .thumbnail && !memory.rejected.contains($0.id) }
                .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            if !thumbnails.isEmpty {
                switch chooser.choose(thumbnails, on: screen, &environment, &memory, &record, using: &g) {
                case .scroll(let area):
                    hands.scroll(area, &environment, &record, cognition: cognition, using: &g)
                case .choose(let pick):
                    record.log.add(record.clock.now, "choose", [("control", .text(pick.id))])
                    if hands.tap(pick, on: screen, &environment, &record, cognition: cognition, using: &g) {
                        memory.rejected.insert(pick.id)   // if it disappoints, the next visit picks another
                        // The choice that led to the effect is the one that counts.
                        if record.outcome.timeToEffect == nil {
                            record.outcome.chosen = pick.id
                            record.outcome.chosenAt = record.clock.now
                        }
                    }
                    checkGoal(environment)
                    percept = eye.look(&environment, &record, using: &g)
                }
                continue
            }

            let usable = screen.controls.filter { ($0.role == .slider || $0.role == .knob || $0.role == .zone) && memory.discovered.contains($0.id) }
                .flatMap(\.facets)
            let openable = screen.controls.filter { $0.role == .button && $0.id != memory.lastTapped && !memory.tappedSinceProgress.contains($0.id) }
            let situation = Situation(percept: percept, usable: usable, beliefs: memory.controls, satisfiedAt: satisfiedAt, participant: p,
                                      buttons: openable)
            let planned = policy.nextMove(situation, using: &g)
            if let planned, planned.reason == .open {
                record.logDecision(planned, on: planned.control)
                tapButton(planned.control, on: screen)
                continue
            }
            if let planned {
                let control = screen.control(planned.control.id) ?? planned.control
                if control.id != memory.current {
                    record.clock.advance(by: cognition.mentalPreparation + cognition.choiceTime(among: max(1, usable.count), using: &g))
                    if memory.current != nil { record.outcome.controlSwitches += 1 }
                    memory.current = control.id
                }
                record.logDecision(planned, on: control)
                let grab = Hands.zonePoint(control, region: planned.region, masks: eye.perception.masks, goal: goal.lab, screen: screen)
                let moved: Double
                if let whole = screen.control(Control.parentID(control.id)), whole.id != control.id {
                    moved = hands.drag(facet: control, of: whole, by: planned.move, grabAt: grab, on: screen, &environment, &record, using: &g)
                } else {
                    moved = hands.drag(control, by: planned.move, grabAt: grab, on: screen, &environment, &record, using: &g)
                }
                checkGoal(environment)
                let before = percept
                percept = eye.look(&environment, &record, using: &g)
                // Look at what moved: a thumb the finger did not mean, or none, teaches
                // nothing about the control meant (credit goes to the one that moved).
                switch GrabSeen.after(dragging: Control.parentID(control.id), before: screen, after: environment.screen) {
                case .missed?:
                    record.outcome.missedGrabs += 1
                    record.log.add(record.clock.now, "grab", [("control", .text(control.id)), ("seen", .text("missed"))])
                    noteProgress()
                    continue
                case .wrong(let was, let now)?:
                    record.outcome.wrongGrabs += 1
                    record.log.add(record.clock.now, "grab", [("control", .text(control.id)), ("seen", .text("wrong")), ("moved", .text(now.id))])
                    let shifted = GrabSeen.displacement(was: was, now: now)
                    if memory.controls[now.id] != nil {
                        _ = Learning.learn(&memory.controls[now.id]!, moved: shifted, length: Hands.trackLength(was),
                                           before: before, after: percept, intended: planned.region, participant: p)
                    }
                    // Put the wrong thumb back where it was, then plan again from what is seen.
                    _ = hands.drag(now, by: -shifted, grabAt: now.thumbCenter ?? grab, on: environment.screen, &environment, &record, using: &g)
                    checkGoal(environment)
                    percept = eye.look(&environment, &record, using: &g)
                    noteProgress()
                    continue
                case .intended?, nil:
                    break
                }
                let missed = Learning.learn(&memory.controls[control.id]!, moved: moved, length: Hands.trackLength(control),
                                            before: before, after: percept, intended: planned.region, participant: p)
                if missed && planned.reason != .undo {
                    record.outcome.wrongControlTries += 1
                    record.log.add(record.clock.now, "learn", [("control", .text(control.id)), ("region", .text(planned.region.rawValue)), ("effect", .text("none"))])
                } else if let v = memory.controls[control.id]!.effect[planned.region] {
                    record.log.add(record.clock.now, "learn", [("control", .text(control.id)), ("region", .text(planned.region.rawValue)),
                                                               ("lightness_per_pt", .number(v.x)), ("chroma_per_pt", .number(v.y))])
                }
                policy.observe(planned, moved: moved, before: before, after: percept)
                // A warning that lit up on this control (a red glow): go easier with it, and
                // take part of the move back unless the photo clearly looks better for it.
                if let now = environment.screen.control(control.id), now.warning != nil, control.warning == nil, abs(moved) > 1 {
                    memory.controls[control.id]!.boldness *= p["agent.overshoot_caution"]
                }
                if let now = environment.screen.control(control.id), now.warning != nil, control.warning == nil, abs(moved) > 1,
                   percept.worstDifference > before.worstDifference - p["agent.progress_de00"] {
                    record.log.add(record.clock.now, "warning", [("control", .text(control.id)), ("warning", .text(now.warning!))])
                    let back = PlannedMove(control: now, move: -moved * p["agent.warning_backoff"], region: planned.region, reason: .undo)
                    let movedBack = hands.drag(now, by: back.move, grabAt: grab, on: environment.screen, &environment, &record, using: &g)
                    record.outcome.warningBackoffs += 1
                    checkGoal(environment)
                    let beforeBack = percept
                    percept = eye.look(&environment, &record, using: &g)
                    policy.observe(back, moved: movedBack, before: beforeBack, after: percept)
                }
                noteProgress()
                continue
            }

            let wanted = situation.regionsToFix.isEmpty ? [percept.worst] : situation.regionsToFix
            if let button = Buttons.toTry(screen, wanted: wanted, memory: memory, nowLooks: percept.worstDifference) {
                tapButton(button, on: screen)
                continue
            }

            // Look for controls that show no affordance: one discovery per search, at the
            // person's per-second rate, or at once when a hint points it out.
            let hidden = screen.controls.filter { !memory.discovered.contains($0.id) && ($0.role == .zone || $0.role == .knob || $0.role == .slider) }
            guard !hidden.isEmpty else { break }
            let target = hidden.first { $0.hinted } ?? hidden[0]
            let searching = cognition.discoveryTime(hinted: target.hinted, using: &g)
            record.clock.advance(by: min(searching, max(0, timeLimit - record.clock.now)))
            if record.clock.now >= timeLimit { break }
            memory.discovered.insert(target.id)
            // Finding one hidden zone makes its neighbours easy to guess.
            for h in hidden where h.role == target.role && h.frame.inset(by: EdgeInsets(all: -2)).intersects(target.frame) {
                memory.discovered.insert(h.id)
            }
            record.log.add(record.clock.now, "discover", [("control", .text(target.id))])
        }
        record.outcome.timeToDone = record.clock.now
        record.outcome.events = record.log.events
        memory.carried(into: &session, freshBoldness: p["agent.boldness_max"])
        return record.outcome
    }
}

extension Hands {
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
