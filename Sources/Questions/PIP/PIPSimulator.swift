import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// The picture-in-picture experiment: a person moves the PIP from one corner to
/// another; every throw goes through the standard touch sensor and the design
/// estimates its release velocity and decides where it lands. When it heads for
/// the wrong corner the person reacts and reaches for it: a design that lets a
/// PIP be caught in flight lets them throw it again at once, one that ignores
/// such touches makes them wait until it rests. They go on until it rests in the
/// intended corner, or they run out of touches or time.
public struct PIPSimulator: FilmedSimulator, SpecSimulator {
    /// Controllers by strategy label, then device name.
    let controllers: [String: [String: PIPController]]
    let limits: TrialLimits

    /// Every metric a PIP trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up",
        "landed_intended", "corrections", "touches", "throws", "ignored_touches", "caught_in_flight",
        "correction_time_s",
        "release_speed_pt_s", "velocity_error_pt_s", "speed_error_pt_s", "first_throw_flick",
        "first_travel_pt", "returned_to_start", "drag_distance_pt", "travel_mm", "settle_time_s", "overshoot_pt"
    ]

    public init(spec: ExperimentSpec) throws {
        var controllers: [String: [String: PIPController]] = [:]
        for s in spec.strategies {
            for d in spec.devices {
                controllers[s.label, default: [:]][d.name] = try PIPDesigns.make(
                    s.design, parameters: s.designParameters, device: d)
            }
        }
        self.controllers = controllers
        self.limits = spec.limits
    }

    /// Reads the spec's `tasks:` node.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        var moves: [(Corner, Corner)] = []
        if node.isMapping && (try? node.optional("moves")) != nil {
            try node.rejectUnknownKeys(["moves"])
            let m = try node.required("moves")
            guard try m.string() == "all" else {
                throw m.error("expected 'all' (every ordered pair of corners) or a list of {from, to}")
            }
            for a in Corner.allCases { for b in Corner.allCases where a != b { moves.append((a, b)) } }
        } else {
            for item in try node.list() {
                try item.rejectUnknownKeys(["from", "to"])
                let from = try corner(item.required("from")), toNode = try item.required("to"), to = try corner(toNode)
                guard from != to else { throw toNode.error("a move must go to a different corner than it starts from") }
                moves.append((from, to))
            }
        }
        guard !moves.isEmpty else { throw node.error("expected at least one move") }
        return moves.enumerated().map { i, m in
            return TaskSpec(
                id: TaskSpec.numberedID(i, of: moves.count),
                label: "\(m.0.rawValue) → \(m.1.rawValue)", goal: .movePIP(from: m.0, to: m.1))
        }
    }

    static func corner(_ node: SpecNode) throws -> Corner {
        let c = try node.named("corner", as: Corner.self)
        return c
    }

    /// The scene of a replay: the PIP's layout on the trial's device and the move asked for.
    package func scene(for trial: PlannedTrial) -> ReplayScene {
        guard case .movePIP(let start, let goal) = trial.task.goal else {
            preconditionFailure("PIP trial \(trial.key) has a non-PIP task")
        }
        return ReplayScene(pipLayout: controllers[trial.strategy]![trial.device.name]!.layout, from: start, to: goal)
    }

    package func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> TrialOutcome {
        guard case .movePIP(let start, let goal) = trial.task.goal else {
            preconditionFailure("PIP trial \(trial.key) has a non-PIP task")
        }
        let pip = controllers[trial.strategy]![trial.device.name]!
        let layout = pip.layout
        let sensor = TouchSensor(device: trial.device)
        var g = SeededGenerator(seed: trial.behaviourSeed)
        var log = TraceLog(enabled: trace)
        var thrower = Thrower(participant: participant, experience: memory.throwing)
        let cognition = Cognition(participant: participant, repetition: memory.repetition)
        var clock = VirtualClock()
        let screen = trial.device.bounds
        let see = participant["perception.cycle_s"]
        // The thumb rests low on the screen, where a hand holding the device keeps it.
        var finger = Point(screen.width / 2, screen.height * 0.85)
        // The PIP rests at `corner`, or springs there from a release at `flight.at`.
        var corner = start
        var flight: (release: PIPRelease, at: Double)? = nil
        var touches = 0, throwCount = 0, ignored = 0, caught = 0
        var reachedAt: Double? = nil
        var first:
            (
                speed: Double, flick: Bool, travel: Double, back: Bool, landed: Bool, error: Double, speedError: Double,
                at: Double
            )? = nil
        var travel = 0.0
        var last: PIPRelease? = nil
        // A shot of the last throw waits until it is known whether its flight was cut short by a catch.
        var pending: (shot: ReplayShot, release: PIPRelease, at: Double)? = nil
        func shootPending(until end: Double) {
            guard let camera, let p = pending else { return }
            var shot = p.shot
            let length = min(p.release.settleTime, max(0, end - p.at))
            shot.flight = (0...Int((length * 60).rounded(.up))).map {
                p.release.animation.position(at: min(length, Double($0) / 60))
            }
            camera.shoot(shot)
            pending = nil
        }
        func pipCenter(at t: Double) -> Point {
            guard let f = flight else { return layout.center(of: corner) }
            return pip.position(of: f.release, after: t - f.at)
        }

        camera?.shoot(ReplayShot(touchDown: nil, corner: start))
        log.add(
            0, "task",
            [
                ("from", .text(start.rawValue)), ("to", .text(goal.rawValue)),
                ("group", .text(participant.group.rawValue))
            ])
        // A deliberate action: think, then reach for the PIP where it rests.
        clock.advance(by: cognition.mentalPreparation)
        var aim = layout.center(of: start)
        while touches < limits.maxAttempts && clock.now < limits.timeLimit {
            touches += 1
            clock.advance(
                by: thrower.reachTime(from: finger, to: aim, targetWidth: layout.pipSize.width, on: trial.device))
            // The person plans the throw from where they see the PIP as the finger lands.
            let seen = pipCenter(at: clock.now)
            let plan = thrower.plan(from: seen, toward: layout.center(of: goal), using: &g)
            log.add(
                clock.now, "plan",
                [
                    ("attempt", .number(Double(touches))), ("style", .text(plan.style.rawValue)),
                    ("direction_deg", .number(plan.direction * 180 / .pi)),
                    ("travel_pt", .number(plan.travel)), ("peak_speed_pt_s", .number(plan.peakSpeed))
                ])
            let path = thrower.path(for: plan, grabbingAt: aim, startTime: clock.now)
            finger = path.position(at: path.lift)
            // Sensor noise has its own stream, so every strategy meets the same intentions.
            var noise = SeededGenerator(seed: trial.behaviourSeed, label: "sensor/\(touches)")
            let sensed = sensor.sense(path, using: &noise)
            let grabbedAt: Point? = sensed.flatMap { s in
                if let f = flight {
                    return pip.grab(at: s.start.location, flight: f.release, elapsed: s.start.time - f.at)
                }
                return pip.grab(at: s.start.location, pipAt: layout.center(of: corner))
            }
            guard let stream = sensed, let grabbed = grabbedAt else {
                // Nothing follows the finger (ignored in flight, missed, or too brief to sense): the
                // person sees that within a perceptual cycle and lifts, then reaches again once the PIP rests.
                ignored += 1
                let lift = min(path.lift, path.contact + see)
                finger = path.position(at: lift)
                clock.advance(to: lift)
                log.add(
                    clock.now, "ignored",
                    [("in_flight", .bool(flight.map { path.contact - $0.at < $0.release.settleTime } ?? false))])
                if let f = flight { clock.advance(to: max(clock.now, f.at + f.release.settleTime + see)) }
                aim = pipCenter(at: clock.now)
                continue
            }
            if let f = flight, stream.start.time - f.at < f.release.settleTime {
                caught += 1
                log.add(stream.start.time, "caught", [("x", .number(grabbed.x)), ("y", .number(grabbed.y))])
            }
            shootPending(until: stream.start.time)
            throwCount += 1
            if trace {
                for s in stream.samples {
                    log.add(
                        s.time, "touch",
                        [("phase", .text(s.phase.rawValue)), ("x", .number(s.location.x)), ("y", .number(s.location.y))]
                    )
                }
            }
            clock.advance(to: stream.end.time)
            let release = pip.release(stream, grabbedAt: grabbed)
            travel += stream.pathLength
            log.add(
                clock.now, "release",
                [
                    ("x", .number(release.position.x)), ("y", .number(release.position.y)),
                    ("vx", .number(release.velocity.x)), ("vy", .number(release.velocity.y)),
                    ("corner", .text(release.corner.rawValue))
                ])
            if first == nil {
                // The PIP's true velocity at lift: the intended finger path, drawn as the PIP follows it.
                let grab = aim - seen, h = 1e-3
                let truth =
                    (pip.dragPosition(finger: path.position(at: path.lift), grabOffset: grab)
                        - pip.dragPosition(finger: path.position(at: path.lift - h), grabOffset: grab)) / h
                first = (
                    release.velocity.length, plan.style == .flick, stream.pathLength, release.corner == start,
                    release.corner == goal, (release.velocity - truth).length, release.velocity.length - truth.length,
                    clock.now
                )
            }
            if camera != nil {
                // The window as drawn under the finger, then in flight to its corner.
                let grab = stream.start.location - grabbed
                pending = (
                    ReplayShot(
                        touchDown: stream.start.time,
                        pipPath: stream.samples.map { pip.dragPosition(finger: $0.location, grabOffset: grab) },
                        corner: release.corner), release, clock.now
                )
            }
            thrower.learn(
                from: plan, start: seen, goal: layout.center(of: goal), release: release.position,
                velocity: release.velocity, rest: layout.center(of: release.corner), landed: release.corner == goal)
            corner = release.corner
            flight = (release, clock.now)
            last = release
            if corner == goal {
                // It goes where it was meant to; the person watches it come to rest.
                clock.advance(by: release.settleTime)
                reachedAt = clock.now
                log.add(
                    clock.now, "settled",
                    [
                        ("corner", .text(corner.rawValue)),
                        ("settle_s", .number(release.settleTime)), ("overshoot_pt", .number(release.overshoot))
                    ])
                clock.advance(by: see)
                log.add(clock.now, "perceive", [("corner", .text(corner.rawValue)), ("intended", .bool(true))])
                break
            }
            // Heading for the wrong corner: the person sees it (a perceptual cycle) and reacts
            // (a simple reaction, Hick–Hyman with one alternative), reaching for where it is going.
            var react = SeededGenerator(seed: trial.behaviourSeed, label: "react/\(touches)")
            clock.advance(by: see + cognition.choiceTime(among: 1, using: &react))
            log.add(clock.now, "perceive", [("corner", .text(corner.rawValue)), ("intended", .bool(false))])
            aim = layout.center(of: corner)
        }
        shootPending(until: .infinity)
        if reachedAt == nil, let f = flight { clock.advance(to: max(clock.now, f.at + f.release.settleTime)) }

        memory.throwing = thrower.experience
        memory.trialsDone += 1
        var metrics = [
            Metric("reached_effect", reachedAt == nil ? 0 : 1),
            Metric("within_10s", (reachedAt ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", clock.now),
            Metric("gave_up", reachedAt == nil ? 1 : 0),
            Metric("corrections", Double(max(0, throwCount - 1))),
            Metric("touches", Double(touches)),
            Metric("throws", Double(throwCount)),
            Metric("ignored_touches", Double(ignored)),
            Metric("caught_in_flight", Double(caught)),
            Metric("drag_distance_pt", travel),
            Metric("travel_mm", trial.device.millimetres(travel))
        ]
        if let reachedAt { metrics.insert(Metric("time_to_effect_s", reachedAt), at: 0) }
        if let f = first {
            metrics += [
                Metric("landed_intended", f.landed ? 1 : 0),
                Metric("release_speed_pt_s", f.speed),
                Metric("velocity_error_pt_s", f.error),
                Metric("speed_error_pt_s", f.speedError),
                Metric("first_throw_flick", f.flick ? 1 : 0),
                Metric("first_travel_pt", f.travel),
                Metric("returned_to_start", f.back ? 1 : 0)
            ]
            // Time to correct a wrong first throw: from its release until the PIP rests where it was meant to.
            if !f.landed, let reachedAt { metrics.append(Metric("correction_time_s", reachedAt - f.at)) }
        }
        if let last {
            metrics += [Metric("settle_time_s", last.settleTime), Metric("overshoot_pt", last.overshoot)]
        }
        log.add(clock.now, "done", [("reached", .bool(reachedAt != nil)), ("touches", .number(Double(touches)))])
        return TrialOutcome(metrics: metrics, events: log.events)
    }
}
