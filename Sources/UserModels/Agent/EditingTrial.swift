import Foundation
import ImageEngine
import Interaction

/// One person editing one photo: what they hold in mind between gestures (the
/// percept, working memory, the policy's state, how long since the photo last got
/// closer) and each kind of step they take, one method each. `PhotoEditor.edit`
/// runs `step` until the person is satisfied, gives up or runs out of time.
struct EditingTrial<E: PhotoEditingEnvironment> {
    let participant: Participant
    let cognition: Cognition
    let eye: Eye
    let hands: Hands
    let chooser: PreviewChooser
    let goal: GoalLook
    let satisfiedAt: Double
    let timeLimit: Double
    let maxGestures: Int
    /// Whether the committed state meets the task's tolerance; never influences the person.
    let objective: (E) -> Bool
    var policy: any DecisionPolicy
    var memory: WorkingMemory
    var record: EditingRecord
    var percept: PhotoPercept
    var patience: Patience

    /// Sits down at the design: reads its screen and takes a first look.
    init<G: RandomNumberGenerator>(
        _ editor: PhotoEditor, _ environment: inout E, goal: GoalLook, memory session: SessionMemory,
        trace: Bool, objective: @escaping (E) -> Bool, using g: inout G
    ) {
        let p = editor.participant
        participant = p
        cognition = Cognition(participant: p, repetition: session.repetition)
        eye = Eye(participant: p, goal: goal, using: &g)
        hands = Hands(participant: p, trace: trace)
        satisfiedAt = p["perception.satisfied_de00"]
        chooser = PreviewChooser(participant: p, eye: eye, satisfiedAt: satisfiedAt)
        self.goal = goal
        timeLimit = editor.timeLimit
        maxGestures = editor.maxGestures
        self.objective = objective
        policy = editor.policy.make(for: p)
        memory = WorkingMemory(session)
        let bounds = environment.screen.device.bounds
        record = EditingRecord(finger: bounds.center + Vector2(0, bounds.height * 0.3), log: TraceLog(enabled: trace))
        if objective(environment) { record.outcome.timeToEffect = 0 }
        eye.read(environment.screen, into: &memory, cognition: cognition, &record, using: &g)
        percept = eye.look(&environment, &record, using: &g)
        patience = Patience(
            best: percept.worstDifference, lastsFor: Int(p["agent.patience_gestures"]),
            progress: p["agent.progress_de00"])
    }

    /// Whether the person still has gestures, time and patience left.
    var goesOn: Bool {
        record.outcome.touches < maxGestures && record.clock.now < timeLimit && !patience.exhausted
    }

    /// One look-decide-act cycle; false when the person stops (satisfied, or with nothing left to try).
    mutating func step<G: RandomNumberGenerator>(_ environment: inout E, using g: inout G) -> Bool {
        record.log.add(
            record.clock.now, "perceive",
            [("worst", .text(percept.worst.rawValue)), ("difference", .number(percept.worstDifference))])
        if percept.worstDifference < satisfiedAt {
            record.outcome.satisfied = true
            return false
        }
        let screen = environment.screen
        eye.read(screen, into: &memory, cognition: cognition, &record, using: &g)

        // Choosing among previews comes before refining.
        let thumbnails = screen.controls.filter { $0.role == .thumbnail && !memory.rejected.contains($0.id) }
            .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
        if !thumbnails.isEmpty, choosePreview(among: thumbnails, on: screen, &environment, using: &g) {
            return true
        }

        let usable = screen.controls.filter {
            ($0.role == .slider || $0.role == .knob || $0.role == .zone) && memory.discovered.contains($0.id)
        }
        .flatMap(\.facets)
        let openable = screen.controls.filter {
            $0.role == .button && $0.id != memory.lastTapped && !memory.tappedSinceProgress.contains($0.id)
        }
        let situation = Situation(
            percept: percept, usable: usable, beliefs: memory.controls, satisfiedAt: satisfiedAt,
            participant: participant,
            buttons: openable)
        if let planned = policy.nextMove(situation, using: &g) {
            if planned.reason == .open {
                record.logDecision(planned, on: planned.control)
                tapButton(planned.control, on: screen, &environment, using: &g)
            } else {
                carryOut(planned, choosingAmong: usable.count, on: screen, &environment, using: &g)
            }
            return true
        }

        let wanted = situation.regionsToFix.isEmpty ? [percept.worst] : situation.regionsToFix
        if let button = Buttons.toTry(screen, wanted: wanted, memory: memory, nowLooks: percept.worstDifference) {
            tapButton(button, on: screen, &environment, using: &g)
            return true
        }
        return discoverHidden(on: screen, using: &g)
    }

    /// What the person leaves with: the outcome, and what they remember of the design.
    mutating func finish(into session: inout SessionMemory) -> PhotoEditingOutcome {
        record.outcome.timeToDone = record.clock.now
        record.outcome.events = record.log.events
        memory.carried(into: &session, freshBoldness: participant["agent.boldness_max"])
        return record.outcome
    }

    // MARK: - Steps

    /// Picks a preview (or scrolls for more), taps it and looks; false when no preview left looks closer
    /// than the photo does after one was tried (the person keeps it and turns to what else the screen offers).
    mutating func choosePreview<G: RandomNumberGenerator>(
        among thumbnails: [Control], on screen: Screen, _ environment: inout E,
        using g: inout G
    ) -> Bool {
        let current = memory.rejected.isEmpty ? nil : percept.difference[.overall]
        switch chooser.choose(thumbnails, on: screen, &environment, &memory, &record, current: current, using: &g) {
        case .keep:
            return false
        case .scroll(let area):
            hands.scroll(area, &environment, &record, cognition: cognition, using: &g)
        case .choose(let pick):
            record.log.add(record.clock.now, "choose", [("control", .text(pick.id))])
            if hands.tap(pick, on: screen, &environment, &record, cognition: cognition, using: &g) {
                memory.rejected.insert(pick.id)  // if it disappoints, the next visit picks another
                // The choice that led to the effect is the one that counts.
                if record.outcome.timeToEffect == nil {
                    record.outcome.chosen = pick.id
                    record.outcome.chosenAt = record.clock.now
                }
            }
            checkGoal(environment)
            percept = eye.look(&environment, &record, using: &g)
        }
        return true
    }

    /// Taps a button (controls may be behind it, or it is itself an option) and looks.
    mutating func tapButton<G: RandomNumberGenerator>(
        _ button: Control, on screen: Screen, _ environment: inout E, using g: inout G
    ) {
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

    /// Makes a planned drag: turns to the control (a choice among `count` when it is
    /// a new one), drags, looks, sees what was grabbed, learns, and heeds a warning.
    mutating func carryOut<G: RandomNumberGenerator>(
        _ planned: PlannedMove, choosingAmong count: Int, on screen: Screen,
        _ environment: inout E, using g: inout G
    ) {
        let control = screen.control(planned.control.id) ?? planned.control
        if control.id != memory.current {
            record.clock.advance(
                by: cognition.mentalPreparation + cognition.choiceTime(among: max(1, count), using: &g))
            if memory.current != nil { record.outcome.controlSwitches += 1 }
            memory.current = control.id
        }
        record.logDecision(planned, on: control)
        let grab = Hands.zonePoint(
            control, region: planned.region, masks: eye.perception.masks, goal: goal.lab, screen: screen)
        // The person watches the region the move is for while the finger moves.
        let eye = self.eye, area = Eye.photoArea(screen)
        let judge = { (shown: inout E, touches: TouchStream, g: inout G) -> Double in
            let c = shown.comparison(during: .drag(touches), proxy: eye.proxy, with: eye.perception.goalLook)
            let seen = eye.perception.look(c, areaMM2: area, elapsed: touches.end.time, using: &g)
            return seen.difference[planned.region] ?? seen.worstDifference
        }
        let moved: Double
        if let whole = screen.control(Control.parentID(control.id)), whole.id != control.id {
            moved = hands.drag(
                facet: control, of: whole, by: planned.move, grabAt: grab, on: screen, &environment, &record,
                judge: judge, using: &g)
        } else {
            moved = hands.drag(
                control, by: planned.move, grabAt: grab, on: screen, &environment, &record, judge: judge, using: &g)
        }
        checkGoal(environment)
        let before = percept
        percept = eye.look(&environment, &record, using: &g)
        guard grabbedMeant(control, planned: planned, at: grab, before: before, on: screen, &environment, using: &g)
        else { return }
        learn(planned, on: control, moved: moved, before: before)
        heedWarning(planned, on: control, moved: moved, grabAt: grab, before: before, &environment, using: &g)
        noteProgress()
    }

    /// Looks at what the drag moved. A thumb the finger did not mean, or none,
    /// teaches nothing about the control meant: a wrong thumb's effect is credited
    /// to it and it is put back. False when the drag did not move the thumb meant.
    mutating func grabbedMeant<G: RandomNumberGenerator>(
        _ control: Control, planned: PlannedMove, at grab: Point, before: PhotoPercept,
        on screen: Screen, _ environment: inout E, using g: inout G
    ) -> Bool {
        switch GrabSeen.after(dragging: Control.parentID(control.id), before: screen, after: environment.screen) {
        case .missed?:
            record.outcome.missedGrabs += 1
            record.log.add(record.clock.now, "grab", [("control", .text(control.id)), ("seen", .text("missed"))])
            noteProgress()
            return false
        case .wrong(let was, let now)?:
            record.outcome.wrongGrabs += 1
            record.log.add(
                record.clock.now, "grab",
                [("control", .text(control.id)), ("seen", .text("wrong")), ("moved", .text(now.id))])
            let shifted = GrabSeen.displacement(was: was, now: now)
            if memory.controls[now.id] != nil {
                _ = Learning.learn(
                    &memory.controls[now.id]!, moved: shifted, length: Hands.trackLength(was, for: participant),
                    before: before, after: percept, intended: planned.region, participant: participant)
            }
            // Put the wrong thumb back where it was, then plan again from what is seen.
            _ = hands.drag(
                now, by: -shifted, grabAt: now.thumbCenter ?? grab, on: environment.screen, &environment, &record,
                using: &g)
            checkGoal(environment)
            percept = eye.look(&environment, &record, using: &g)
            noteProgress()
            return false
        case .intended?, nil:
            return true
        }
    }

    /// Learns what the drag did to the region it meant (or that it did nothing), and tells the policy.
    mutating func learn(_ planned: PlannedMove, on control: Control, moved: Double, before: PhotoPercept) {
        let missed = Learning.learn(
            &memory.controls[control.id]!, moved: moved, length: Hands.trackLength(control, for: participant),
            before: before, after: percept, intended: planned.region, participant: participant)
        if missed && planned.reason != .undo {
            record.outcome.wrongControlTries += 1
            record.log.add(
                record.clock.now, "learn",
                [("control", .text(control.id)), ("region", .text(planned.region.rawValue)), ("effect", .text("none"))])
        } else if let v = memory.controls[control.id]!.effect[planned.region] {
            record.log.add(
                record.clock.now, "learn",
                [
                    ("control", .text(control.id)), ("region", .text(planned.region.rawValue)),
                    ("lightness_per_pt", .number(v.x)), ("chroma_per_pt", .number(v.y))
                ])
        }
        policy.observe(planned, moved: moved, before: before, after: percept)
    }

    /// A warning that lit up on this control (a red glow): go easier with it, and
    /// take part of the move back unless the photo clearly looks better for it.
    /// (`before` is the look before the drag.)
    mutating func heedWarning<G: RandomNumberGenerator>(
        _ planned: PlannedMove, on control: Control, moved: Double, grabAt grab: Point,
        before: PhotoPercept, _ environment: inout E, using g: inout G
    ) {
        guard let now = environment.screen.control(control.id), let warning = now.warning, control.warning == nil,
            abs(moved) > 1
        else { return }
        memory.controls[control.id]!.boldness *= participant["agent.overshoot_caution"]
        guard percept.worstDifference > before.worstDifference - participant["agent.progress_de00"] else { return }
        record.log.add(record.clock.now, "warning", [("control", .text(control.id)), ("warning", .text(warning))])
        let back = PlannedMove(
            control: now, move: -moved * participant["agent.warning_backoff"], region: planned.region, reason: .undo)
        let movedBack = hands.drag(
            now, by: back.move, grabAt: grab, on: environment.screen, &environment, &record, using: &g)
        record.outcome.warningBackoffs += 1
        checkGoal(environment)
        let beforeBack = percept
        percept = eye.look(&environment, &record, using: &g)
        policy.observe(back, moved: movedBack, before: beforeBack, after: percept)
    }

    /// Looks for controls that show no affordance: one discovery per search, at the
    /// person's per-second rate, or at once when a hint points it out. False when
    /// nothing is left to find or time ran out looking.
    mutating func discoverHidden<G: RandomNumberGenerator>(on screen: Screen, using g: inout G) -> Bool {
        let hidden = screen.controls.filter {
            !memory.discovered.contains($0.id) && ($0.role == .zone || $0.role == .knob || $0.role == .slider)
        }
        guard !hidden.isEmpty else { return false }
        let target = hidden.first { $0.hinted } ?? hidden[0]
        let searching = cognition.discoveryTime(hinted: target.hinted, using: &g)
        record.clock.advance(by: min(searching, max(0, timeLimit - record.clock.now)))
        if record.clock.now >= timeLimit { return false }
        memory.discovered.insert(target.id)
        // Undrawn regions that tile one surface are one surface to the person: finding that a part of it
        // answers makes the rest touchable too (what each part does is still learned). Docs/Agent.md.
        for h in hidden where h.role == target.role && h.frame.inset(by: EdgeInsets(all: -2)).intersects(target.frame) {
            memory.discovered.insert(h.id)
        }
        record.log.add(record.clock.now, "discover", [("control", .text(target.id))])
        return true
    }

    // MARK: - Bookkeeping

    /// The goal check runs on the committed state after every gesture.
    mutating func checkGoal(_ environment: E) {
        if record.outcome.timeToEffect == nil && objective(environment) {
            record.outcome.timeToEffect = record.clock.now
        }
    }

    /// Counts the last look toward the person's patience unless the photo got closer.
    mutating func noteProgress() { patience.note(percept.worstDifference) }
}

/// A person who stops getting closer eventually settles for what they have:
/// `lastsFor` looks in a row without the worst difference dropping by `progress`.
struct Patience {
    var best: Double
    let lastsFor: Int
    let progress: Double
    var sinceImprovement = 0

    var exhausted: Bool { sinceImprovement >= lastsFor }

    mutating func note(_ worstDifference: Double) {
        if worstDifference < best - progress {
            best = worstDifference
            sinceImprovement = 0
        } else {
            sinceImprovement += 1
        }
    }
}
