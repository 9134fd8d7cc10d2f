import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the hysteresis question: tap a row of a scrolling list, or drag
/// the list by a distance.
public struct HysteresisTask: QuestionTaskGoal {
    public enum Intent: String, Sendable, Hashable, CaseIterable { case tap, drag }
    public var intent: Intent
    /// How far the person means to drag the content, pt (0 for a tap).
    public var distance: Double
}

/// The hysteresis experiment: a list of 44 pt rows that are tappable and that
/// scrolls. A person reaches for the row at the middle of the screen (Fitts'
/// law, Bi & Zhai's landing) and either taps it (the contact drifting a little)
/// or drags the list up by the task's distance (a minimum-jerk slide at their
/// drag speed). The touch goes through the noisy sensor into the list's tap and
/// pan recognizers, run in parallel. A wrong response is seen and the gesture
/// tried again (undoing an opened row is not simulated).
public struct HysteresisSimulator: SpecSimulator {
    /// Each strategy's hysteresis, pt.
    let strategies: StrategyTable<Double>
    let limits: TrialLimits
    public static let rowHeight = 44.0

    /// Every metric a hysteresis trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_first_time", "time_to_effect_s", "reached_effect", "time_to_done_s", "attempts", "meant_tap",
        "tap_read_as_pan", "wrong_row", "drag_not_started", "drag_read_as_tap", "pan_start_latency_s",
        "position_error_pt", "lag_pt", "corrected_drags"
    ]

    public init(spec: ExperimentSpec) throws {
        strategies = try StrategyTable(spec) { try HysteresisDesigns.hysteresis($0, parameters: $1) }
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{intent: tap}` or `{intent: drag, distance_pt}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{intent: tap} or {intent: drag, distance_pt}", keys: ["intent", "distance_pt"]
        ) { item in
            let intent = try item.required("intent").named("intent", as: HysteresisTask.Intent.self)
            var distance = 0.0
            if intent == .drag {
                distance = try item.required("distance_pt").double(in: 1...600)
            } else if try item.optional("distance_pt") != nil {
                throw item.error("distance_pt is for drags only")
            }
            let label = intent == .tap ? "tap a row" : "drag the list \(TapMarginSimulator.formatted(distance)) pt"
            return (label, HysteresisTask(intent: intent, distance: distance))
        }
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(HysteresisTask.self)
        let device = trial.device, screen = device.bounds
        var list = ScrollingList(
            frame: screen, rowHeight: Self.rowHeight, hysteresis: strategies.setting(trial.strategy))
        let target = list.row(at: Point(screen.width / 2, screen.height / 2))!
        var rig = GestureTrial(trial, participant: participant, limits: limits, trace: trace)
        let (tapper, presser) = (rig.tapper, rig.presser)
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "list")
        var correctedDrags = 0
        var first: (response: ListResponse, onset: Double, fingerMoved: Double)? = nil

        while rig.nextAttempt() {
            // A drag may start anywhere on the list; people aim at the same middle row.
            let reach = tapper.tap(list.rowFrame(target), from: rig.finger, startTime: rig.clock, on: device, using: &g)
            let down = rig.clock + reach.movementTime
            let sense = { [rig] (path: FingerPath) in rig.sense(path) }
            let path: FingerPath
            if task.intent == .tap {
                path = presser.tap(at: reach.contact, start: down, on: device, using: &g)
            } else {
                // The person watches the list and carries on when it has not gone as far as they meant.
                let drag = presser.watchedDrag(
                    at: reach.contact, direction: Vector2(0, -1), distance: task.distance, start: down, on: device,
                    sense: sense, shortfall: { seen in task.distance + list.respond(to: seen).contentMoved.y },
                    using: &g)
                path = drag.path
                if drag.corrected { correctedDrags += 1 }
            }
            let stream = sense(path)
            let response = stream.map(list.respond) ?? .nothing
            if first == nil {
                // Movement onset: a drag's finger starts to slide after the contact settles (Presser.drag).
                first = (response, down + participant["motor.tap_hold_s"], -(stream?.displacement.y ?? 0))
            }
            rig.log.add(
                down, "touch",
                [
                    ("attempt", .number(Double(rig.attempts))), ("x", .number(reach.landing.x)),
                    ("y", .number(reach.landing.y)),
                    ("response", .text(response.kind.rawValue))
                ])
            rig.clock = path.lift
            rig.finger = path.position(at: path.lift)
            list.contentOffset -= response.contentMoved.y
            switch (task.intent, response.kind) {
            case (.tap, .tapped) where response.row == target: rig.reachedAt = response.time
            case (.drag, .panned): rig.reachedAt = path.lift
            default: break
            }
            if rig.reachedAt != nil { break }
            // The wrong thing, or nothing: see it and try again.
            rig.clock += participant["perception.cycle_s"]
        }

        memory.trialsDone += 1
        let f = first!
        var metrics = [rig.rightFirstTime] + rig.outcome + [Metric("meant_tap", task.intent == .tap ? 1 : 0)]
        switch task.intent {
        case .tap:
            metrics += [
                Metric("tap_read_as_pan", f.response.kind == .panned ? 1 : 0),
                Metric("wrong_row", f.response.kind == .tapped && f.response.row != target ? 1 : 0)
            ]
        case .drag:
            metrics += [
                Metric("drag_not_started", f.response.kind == .panned ? 0 : 1),
                Metric("drag_read_as_tap", f.response.kind == .tapped ? 1 : 0),
                Metric("corrected_drags", Double(correctedDrags))
            ]
            if f.response.kind == .panned, let began = f.response.time {
                let moved = -f.response.contentMoved.y
                metrics += [
                    Metric("pan_start_latency_s", began - f.onset),
                    Metric("position_error_pt", abs(moved - task.distance)),
                    Metric("lag_pt", abs(f.fingerMoved - moved))
                ]
            }
        }
        return TrialOutcome(metrics: metrics, events: rig.log.events)
    }
}
