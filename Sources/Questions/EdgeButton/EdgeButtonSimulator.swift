import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the edge-button question: the camera screen's control at one
/// position and size, which the person means to tap.
public struct EdgeButtonTask: QuestionTaskGoal {
    public var position: ControlPosition
    public var size: Double
}

/// The edge-button experiment (seed 004): on a full-screen camera preview that
/// takes a photo when tapped, a person reaches for the one control (Fitts' law)
/// and lands where Bi & Zhai's dual Gaussian puts the finger. The tap (with its
/// drift) goes through the noisy digitizer, the system's edge gate, then the
/// screen's hit-testing. A photo taken by mistake sends the person to the
/// filter screen, from which one tap on its back control returns to shooting
/// (the talk: "From this screen, the user can one click to go to shooting");
/// then they try again. A touch the system took (a swipe from an edge band)
/// ends the trial: the app is no longer in front.
public struct EdgeButtonSimulator: SpecSimulator {
    /// Each strategy's layout: the control's inset (nil: flush) and the panel's margin (nil: none).
    let strategies: StrategyTable<EdgeButtonDesigns.Layout>
    let limits: TrialLimits

    /// Every metric an edge-button trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_first_time", "time_to_effect_s", "reached_effect", "time_to_done_s", "attempts",
        "accidental_capture", "captures", "system_taken", "system_held", "missed_tap", "photo_share",
        "landing_offset_pt"
    ]

    public init(spec: ExperimentSpec) throws {
        strategies = try StrategyTable(spec) { try EdgeButtonDesigns.layout($0, parameters: $1) }
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{position: bottom-left|bottom-centre|top-right, size_pt}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{position: bottom-left|bottom-centre|top-right, size_pt}", keys: ["position", "size_pt"]
        ) { item in
            let position = try item.required("position").named("position", as: ControlPosition.self)
            let size = try item.required("size_pt").double(in: 10...120)
            return (
                "tap a \(TapMarginSimulator.formatted(size)) pt control at the \(position.rawValue)",
                EdgeButtonTask(position: position, size: size)
            )
        }
    }

    /// The system's edge gate on `device` as `participant`'s population sees it.
    static func gate(_ participant: Participant, on device: DeviceConfiguration) -> SystemEdgeGate {
        SystemEdgeGate(
            device: device, depthScale: participant["gesture.edge_band_scale"],
            swipeThreshold: participant["gesture.edge_swipe_pt"], delay: participant["gesture.edge_gate_delay_s"])
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(EdgeButtonTask.self)
        let device = trial.device
        let screen = EdgeButtonDesigns.make(
            layout: strategies.setting(trial.strategy), position: task.position, size: task.size, on: device,
            gate: Self.gate(participant, on: device))
        // The filter screen's way back to shooting: a standard 44 pt control in the safe area's top-right corner.
        let back = EdgeButtonDesigns.controlFrame(at: .topRight, size: 44, inset: 16, on: device)
        // The thumb starts at 70 % of the screen's height in this question (85 % in the others).
        var rig = GestureTrial(trial, participant: participant, limits: limits, trace: trace, restingHeight: 0.7)
        let (tapper, presser) = (rig.tapper, rig.presser)
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "reach")
        var captures = 0, systemTook = false
        var first: (response: CaptureResponse, landing: Point, held: Bool)? = nil

        while rig.nextAttempt() {
            let reach = tapper.tap(screen.control, from: rig.finger, startTime: rig.clock, on: device, using: &g)
            let path = presser.tap(at: reach.contact, start: rig.clock + reach.movementTime, on: device, using: &g)
            let sensed = rig.sense(path)
            let response = sensed.map(screen.respond) ?? .nothing(at: path.lift)
            let held = sensed.map { if case .held = screen.gate.judge($0) { true } else { false } } ?? false
            if first == nil { first = (response, reach.landing, held) }
            rig.log.add(
                path.contact, "touch",
                [
                    ("attempt", .number(Double(rig.attempts))), ("x", .number(reach.landing.x)),
                    ("y", .number(reach.landing.y)),
                    ("response", .text("\(response)"))
                ])
            rig.clock = path.lift
            rig.finger = path.position(at: path.lift)
            switch response {
            case .control(let t):
                rig.reachedAt = t
            case .systemTook(let t):
                rig.clock = t; systemTook = true
            case .captured(let t):
                // The filter screen comes up; see it, tap back to shooting, see the preview again.
                captures += 1
                rig.clock = t + participant["perception.cycle_s"]
                let home = tapper.tap(back, from: rig.finger, startTime: rig.clock, on: device, using: &g)
                rig.clock += home.movementTime + participant["motor.tap_hold_s"] + participant["perception.cycle_s"]
                rig.finger = home.contact
            case .nothing(let t):
                rig.clock = t + participant["perception.cycle_s"]
            }
            if rig.reachedAt != nil || systemTook { break }
        }

        memory.trialsDone += 1
        let f = first!
        let metrics =
            [rig.rightFirstTime] + rig.outcome + [
                Metric("accidental_capture", { if case .captured = f.response { 1 } else { 0 } }()),
                Metric("captures", Double(captures)),
                Metric("system_taken", systemTook ? 1 : 0),
                Metric("system_held", f.held ? 1 : 0),
                Metric("missed_tap", { if case .nothing = f.response { 1 } else { 0 } }()),
                Metric("photo_share", screen.photoShare),
                Metric("landing_offset_pt", f.landing.distance(to: screen.control.center))
            ]
        return TrialOutcome(metrics: metrics, events: rig.log.events)
    }
}
