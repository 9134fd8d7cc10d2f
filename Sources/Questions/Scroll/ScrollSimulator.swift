import Designs
import Foundation
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the scroll question: a list of `rows` rows, and the row the person
/// must bring into the zone in the middle of the screen and stop there.
public struct ScrollTask: QuestionTaskGoal {
    public var rows: Int
    /// 1-based row to bring into the zone; `rows` is the very end of the list.
    public var item: Int
    public var rowHeight: Double
    /// Height of the target zone centred in the viewport, pt.
    public var zone: Double

    /// The offset that puts the item's centre on the zone's centre, clamped to
    /// the list's range (the last rows cannot reach the middle: the end is the goal).
    public func goal(viewport: Double) -> Double {
        let centre = (Double(item) - 0.5) * rowHeight - viewport / 2
        return min(max(centre, 0), Double(rows) * rowHeight - viewport)
    }
}

/// The scroll experiment: a person starts at the top of a long list on a phone
/// and brings a given row into a zone in the middle of the screen. They plan
/// each swipe with `Swiper` (drag when close, flick at the speed their believed
/// carry asks for, long swipes when a flick is not believed to carry), the touch
/// goes through the noisy sensor into the list's pan recognizer and physics, and
/// they watch the content: every perceptual cycle they predict where it will
/// stop (their believed carry × its speed) and catch it (a reaction time later)
/// when it is about to pass the zone, flick again when it will stop well short,
/// or wait. A flick that came to rest on its own teaches them the carry, across
/// the session. The trial ends when the list rests in the zone.
public struct ScrollSimulator: SpecSimulator {
    let physics: [String: ScrollPhysics]
    let limits: TrialLimits

    /// Every metric a scroll trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "swipes", "flicks", "drags",
        "long_swipes", "catches",
        "overshoot_pt", "overshoots", "wall_hits", "hit_wall", "goal_distance_pt", "believed_carry_s"
    ]

    public init(spec: ExperimentSpec) throws {
        self.physics = try ScrollDesigns.designs(of: spec)
        self.limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{rows, item, row_pt, zone_pt}`
    /// (`item: end` for the last row; row_pt defaults to 44, zone_pt to two rows).
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{rows, item, row_pt, zone_pt}", keys: ["rows", "item", "row_pt", "zone_pt"]
        ) { entry in
            let rows = Int(try entry.required("rows").double(in: 20...5000))
            let itemNode = try entry.required("item")
            let item: Int
            if (try? itemNode.string()) == "end" {
                item = rows
            } else {
                let v = try itemNode.double(in: 1...5000)
                guard v == v.rounded(), Int(v) <= rows else {
                    throw itemNode.error("item must be a row number from 1 to rows (\(rows)), or 'end'")
                }
                item = Int(v)
            }
            let rowHeight = try entry.optional("row_pt")?.double(in: 20...200) ?? 44
            let zone = try entry.optional("zone_pt")?.double(in: rowHeight...600) ?? 2 * rowHeight
            let label =
                item == rows ? "bring the last of \(rows) rows into view" : "bring row \(item) of \(rows) into the zone"
            return (label, ScrollTask(rows: rows, item: item, rowHeight: rowHeight, zone: zone))
        }
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        Self.scroll(
            trial.custom(ScrollTask.self), physics: physics[trial.strategy]!, on: trial.device,
            participant: participant, memory: &memory, seed: trial.behaviourSeed, limits: limits, trace: trace)
    }

    /// One person bringing `task`'s row into its zone on a list moving with `physics`, starting at
    /// the top: the trial of this question, and of the replications that scroll (`ListScrolling`).
    static func scroll(
        _ task: ScrollTask, physics: ScrollPhysics, on device: DeviceConfiguration, participant: Participant,
        memory: inout SessionMemory, seed: UInt64, limits: TrialLimits, trace: Bool
    ) -> TrialOutcome {
        let screen = device.bounds
        let list = ScrollList(
            contentHeight: Double(task.rows) * task.rowHeight, viewportHeight: screen.height, physics: physics)
        let target = task.goal(viewport: screen.height), tol = task.zone / 2
        let sensor = TouchSensor(device: device)
        // The carry learned earlier in the session with this design (one concept with the PIP throw's carry).
        let experience = memory.throwing ?? ThrowingExperience(participant: participant)
        var swiper = Swiper(participant: participant, carry: experience.carry)
        let cycle = participant["perception.cycle_s"], reaction = participant["cognition.hick_a_s"]
        // Intentions and motor noise come from the behaviour seed: the same for every strategy.
        var g = SeededGenerator(seed: seed, label: "scroll")
        var log = TraceLog(enabled: trace)

        var offset = 0.0
        var finger = Point(screen.width / 2, screen.height * 0.85)
        var clock = Tapper(participant: participant).reachTime(
            from: finger, to: Point(screen.width / 2, screen.height / 2), size: screen.width, on: device)
        var gestures = 0, flicks = 0, drags = 0, longSwipes = 0, catches = 0, overshoots = 0, wallHits = 0
        var overshoot = 0.0
        var reachedAt: Double? = nil
        var pendingCatch = false

        func inZone(_ x: Double) -> Bool { abs(x - target) <= tol }
        func itemVisible(_ x: Double) -> Bool {
            let top = Double(task.item - 1) * task.rowHeight
            return top + task.rowHeight > x && top < x + screen.height
        }

        log.add(
            0, "task",
            [("goal_pt", .number(target)), ("rows", .number(Double(task.rows))), ("item", .number(Double(task.item)))])
        while clock < limits.timeLimit && gestures < limits.maxAttempts {
            if !pendingCatch && inZone(offset) { reachedAt = clock; break }
            gestures += 1
            let path: FingerPath, plan: SwipePlan?
            if pendingCatch {
                // A finger put down on the moving list stops it; it lifts again.
                path = swiper.hold(at: finger, startTime: clock); plan = nil
                pendingCatch = false; catches += 1
            } else {
                // Where the item is: seen exactly on screen, guessed off it.
                let d = target - offset
                let estimate =
                    itemVisible(offset)
                    ? d : d * exp(g.normal(mean: 0, sd: participant["gesture.offscreen_distance_sd"]))
                let p = swiper.plan(toMove: estimate, tolerance: tol, on: device, using: &g)
                let start = Point(
                    screen.width / 2,
                    screen.height / 2 + p.sign * min(p.kind == .flick ? 2 * p.travel : p.travel, screen.height * 0.8)
                        / 2)
                path = swiper.path(for: p, from: start, startTime: clock); plan = p
                switch p.kind {
                case .flick: flicks += 1;
                case .drag: drags += 1;
                case .longSwipe: longSwipes += 1
                }
            }
            var noise = SeededGenerator(seed: seed, label: "sensor/\(gestures)")
            guard let stream = sensor.sense(path, using: &noise) else {
                // Too brief for the digitizer to see: nothing happened.
                clock = path.lift + cycle
                continue
            }
            let motion = list.respond(to: stream, from: offset)
            finger = path.position(at: path.lift)
            // The finger goes back to where swipes start while the person watches.
            let ready =
                path.lift
                + Tapper(participant: participant).reachTime(
                    from: finger, to: Point(screen.width / 2, screen.height / 2),
                    size: swiper.participant["gesture.swipe_span_pt"], on: device)

            // Watch the content every perceptual cycle until it rests or the person touches it.
            var touchAt: Double? = nil, doneAt: Double? = nil
            var k = 1
            while true {
                let t = path.lift + Double(k) * cycle
                if t >= motion.restTime || t >= limits.timeLimit { break }
                k += 1
                guard motion.isCoasting(at: t) else { continue }
                let x = motion.offset(at: t), v = motion.velocity(at: t), s: Double = v < 0 ? -1 : 1
                let predicted = x + swiper.carry * v
                if inZone(x) && inZone(predicted) { doneAt = t; break }
                if (predicted - target) * s > tol && (x - target) * s >= -tol {
                    // About to pass the zone (or past it): catch the content, a reaction time later.
                    touchAt = t + reaction; pendingCatch = true; break
                }
                // Will stop more than a swipe short, and has less than a swipe's worth left to
                // coast: flick again (the touch-down stops it); a faster list is left to coast.
                let span = swiper.participant["gesture.swipe_span_pt"], left = abs(swiper.carry * v)
                if (target - predicted) * s > span && left < span { touchAt = max(t, ready); break }
                // All but stopped short of the zone: go on from here.
                if left < tol { touchAt = max(t, ready); break }
            }

            let stopAt = touchAt.map { min($0, motion.restTime) } ?? motion.restTime
            let stop = motion.offset(at: stopAt)
            wallHits += motion.wallHits.filter { $0.time <= stopAt }.count
            log.add(
                stream.start.time, "swipe",
                [
                    ("kind", .text(plan?.kind.rawValue ?? "catch")), ("speed_pt_s", .number(plan?.speed ?? 0)),
                    ("from", .number(offset)), ("release_velocity", .number(motion.releaseVelocity)),
                    ("stop", .number(stop)), ("stop_time", .number(stopAt))
                ])
            if let plan {
                // How far past the target, in the direction the person meant to go.
                let past = (stop - target) * plan.sign
                overshoot = max(overshoot, past)
                if past > tol { overshoots += 1 }
                // A flick shows the carry: exactly when the content came to rest on its own,
                // as a lower bound when the person stopped it still moving.
                var reachedEnd = false
                if case .edge = motion.afterLift { reachedEnd = true }
                // (A flick too short for the pan recognizer moved nothing: no lesson about the carry.)
                if plan.kind == .flick && motion.panned && !reachedEnd {
                    swiper.learn(
                        flickSpeed: plan.speed, carried: abs(stop - motion.liftOffset),
                        stillMoving: motion.velocity(at: stopAt) != 0)
                }
            }
            offset = stop
            if let doneAt, inZone(motion.restOffset) {
                offset = motion.restOffset; reachedAt = doneAt; clock = doneAt; break
            }
            // Seen at rest (or stopped under the finger) one perceptual cycle later.
            clock = touchAt ?? (stopAt + cycle)
            if pendingCatch { continue }
            if touchAt == nil { clock = max(clock, ready) }
        }

        memory.trialsDone += 1
        var updated = experience
        updated.carry = swiper.carry
        memory.throwing = updated
        let swipes = flicks + drags + longSwipes
        var metrics = [
            Metric("reached_effect", reachedAt == nil ? 0 : 1),
            Metric("within_10s", (reachedAt ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", min(clock, limits.timeLimit)),
            Metric("swipes", Double(swipes)), Metric("flicks", Double(flicks)), Metric("drags", Double(drags)),
            Metric("long_swipes", Double(longSwipes)), Metric("catches", Double(catches)),
            Metric("overshoot_pt", max(0, overshoot)), Metric("overshoots", Double(overshoots)),
            Metric("wall_hits", Double(wallHits)), Metric("hit_wall", wallHits > 0 ? 1 : 0),
            Metric("goal_distance_pt", target), Metric("believed_carry_s", swiper.carry)
        ]
        if let reachedAt { metrics.insert(Metric("time_to_effect_s", reachedAt), at: 0) }
        log.add(clock, "done", [("reached", .bool(reachedAt != nil)), ("swipes", .number(Double(swipes)))])
        return TrialOutcome(metrics: metrics, events: log.events)
    }
}
