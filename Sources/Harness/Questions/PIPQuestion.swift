import Designs
import Interaction
import UserModels

/// The picture-in-picture experiment: a person moves the PIP from one corner to
/// another; the design decides where each throw lands; the person throws again
/// until it rests in the intended corner, runs out of attempts, or out of time.
public struct PIPSimulator: FilmedSimulator {
    /// Controllers by strategy label, then device name.
    let controllers: [String: [String: PIPController]]
    let limits: TrialLimits

    /// Every metric a PIP trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up",
        "landed_intended", "corrections", "touches", "release_speed_pt_s", "first_throw_flick",
        "first_travel_pt", "returned_to_start", "drag_distance_pt", "travel_mm", "settle_time_s", "overshoot_pt",
    ]

    public init(spec: ExperimentSpec) throws {
        var controllers: [String: [String: PIPController]] = [:]
        for s in spec.strategies {
            for d in spec.devices {
                controllers[s.label, default: [:]][d.name] = try PIPDesigns.make(s.design, parameters: StrategyParameters(s.parameters), device: d)
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
            guard try m.string() == "all" else { throw m.error("expected 'all' (every ordered pair of corners) or a list of {from, to}") }
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
        let width = max(2, String(moves.count).count)
        return moves.enumerated().map { i, m in
            let n = String(i + 1)
            return TaskSpec(id: "t" + String(repeating: "0", count: width - n.count) + n,
                            label: "\(m.0.rawValue) → \(m.1.rawValue)", goal: .movePIP(from: m.0, to: m.1))
        }
    }

    static func corner(_ node: SpecNode) throws -> Corner {
        let name = try node.string()
        guard let c = Corner(rawValue: name) else {
            let names = Corner.allCases.map(\.rawValue)
            throw node.error("unknown corner '\(name)'\(suggestion(name, names)); expected one of \(names.joined(separator: ", "))")
        }
        return c
    }

    public func run(_ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool) -> TrialOutcome {
        run(trial, participant: participant, memory: &memory, trace: trace, camera: nil)
    }

    /// The scene of a replay: the PIP's layout on the trial's device and the move asked for.
    func scene(for trial: PlannedTrial) -> ReplayScene {
        guard case .movePIP(let start, let goal) = trial.task.goal else { preconditionFailure("PIP trial \(trial.key) has a non-PIP task") }
        return ReplayScene(pipLayout: controllers[trial.strategy]![trial.device.name]!.layout, from: start, to: goal)
    }

    func run(_ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?) -> TrialOutcome {
        guard case .movePIP(let start, let goal) = trial.task.goal else {
            preconditionFailure("PIP trial \(trial.key) has a non-PIP task")
        }
        let pip = controllers[trial.strategy]![trial.device.name]!
        let layout = pip.layout
        var g = SeededGenerator(seed: trial.behaviourSeed)
        var log = TraceLog(enabled: trace)
        var thrower = Thrower(participant: participant, experience: memory.throwing)
        let cognition = Cognition(participant: participant, repetition: memory.repetition)
        var clock = VirtualClock()
        let screen = trial.device.bounds
        // The thumb rests low on the screen, where a hand holding the device keeps it.
        var finger = Point(screen.width / 2, screen.height * 0.85)
        var corner = start
        var attempts = 0
        var reachedAt: Double? = nil
        var first: (speed: Double, flick: Bool, travel: Double, back: Bool, landed: Bool)? = nil
        var travel = 0.0
        var last: PIPRelease? = nil

        camera?.shoot(ReplayShot(touchDown: nil, corner: start))
        log.add(0, "task", [("from", .text(start.rawValue)), ("to", .text(goal.rawValue)),
                            ("group", .text(participant.group.rawValue))])
        while attempts < limits.maxAttempts && clock.now < limits.timeLimit {
            attempts += 1
            clock.advance(by: cognition.mentalPreparation)
            let pipCenter = layout.center(of: corner)
            clock.advance(by: thrower.reachTime(from: finger, to: pipCenter, targetWidth: layout.pipSize.width, on: trial.device))
            let plan = thrower.plan(from: pipCenter, toward: layout.center(of: goal), using: &g)
            log.add(clock.now, "plan", [("attempt", .number(Double(attempts))), ("style", .text(plan.style.rawValue)),
                                        ("direction_deg", .number(plan.direction * 180 / .pi)),
                                        ("travel_pt", .number(plan.travel)), ("peak_speed_pt_s", .number(plan.peakSpeed))])
            let touches = thrower.touches(for: plan, grabbingAt: pipCenter, startTime: clock.now)
            if trace {
                for s in touches.samples {
                    log.add(s.time, "touch", [("phase", .text(s.phase.rawValue)), ("x", .number(s.location.x)), ("y", .number(s.location.y))])
                }
            }
            clock.advance(to: touches.end.time)
            let release = pip.release(touches, from: corner)
            travel += touches.pathLength
            log.add(clock.now, "release", [("x", .number(release.position.x)), ("y", .number(release.position.y)),
                                           ("vx", .number(release.velocity.x)), ("vy", .number(release.velocity.y)),
                                           ("corner", .text(release.corner.rawValue))])
            if first == nil {
                first = (release.velocity.length, plan.style == .flick, touches.pathLength,
                         release.corner == start, release.corner == goal)
            }
            if let camera {
                // The window as drawn under the finger, then in flight to its corner.
                let grab = touches.start.location - pipCenter
                let steps = Int((release.settleTime * 60).rounded(.up))
                camera.shoot(ReplayShot(touchDown: touches.start.time,
                                        pipPath: touches.samples.map { pip.dragPosition(finger: $0.location, grabOffset: grab) },
                                        flight: (0...steps).map { release.animation.position(at: min(release.settleTime, Double($0) / 60)) },
                                        corner: release.corner))
            }
            clock.advance(by: release.settleTime)
            log.add(clock.now, "settled", [("corner", .text(release.corner.rawValue)),
                                           ("settle_s", .number(release.settleTime)), ("overshoot_pt", .number(release.overshoot))])
            thrower.learn(from: plan, start: pipCenter, goal: layout.center(of: goal), release: release.position,
                          velocity: release.velocity, rest: layout.center(of: release.corner), landed: release.corner == goal)
            corner = release.corner
            finger = touches.end.location
            last = release
            // The person looks to see where it went.
            clock.advance(by: participant["perception.cycle_s"])
            if corner == goal {
                reachedAt = clock.now - participant["perception.cycle_s"]
                log.add(clock.now, "perceive", [("corner", .text(corner.rawValue)), ("intended", .bool(true))])
                break
            }
            log.add(clock.now, "perceive", [("corner", .text(corner.rawValue)), ("intended", .bool(false))])
        }

        memory.throwing = thrower.experience
        memory.trialsDone += 1
        let f = first!
        var metrics = [
            Metric("reached_effect", reachedAt == nil ? 0 : 1),
            Metric("within_10s", (reachedAt ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", clock.now),
            Metric("gave_up", reachedAt == nil ? 1 : 0),
            Metric("landed_intended", f.landed ? 1 : 0),
            Metric("corrections", Double(attempts - 1)),
            Metric("touches", Double(attempts)),
            Metric("release_speed_pt_s", f.speed),
            Metric("first_throw_flick", f.flick ? 1 : 0),
            Metric("first_travel_pt", f.travel),
            Metric("returned_to_start", f.back ? 1 : 0),
            Metric("drag_distance_pt", travel),
            Metric("travel_mm", trial.device.millimetres(travel)),
            Metric("settle_time_s", last!.settleTime),
            Metric("overshoot_pt", last!.overshoot),
        ]
        if let reachedAt { metrics.insert(Metric("time_to_effect_s", reachedAt), at: 0) }
        log.add(clock.now, "done", [("reached", .bool(reachedAt != nil)), ("attempts", .number(Double(attempts)))])
        return TrialOutcome(metrics: metrics, events: log.events)
    }
}
