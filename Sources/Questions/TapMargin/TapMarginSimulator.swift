import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the tap-margin question: a row of buttons of one size and gap, and
/// whether the person means to tap the middle one or to press it and take it back.
public struct TapMarginTask: QuestionTaskGoal {
    public enum Intent: String, Sendable, Hashable, CaseIterable { case tap, cancel }
    public var intent: Intent
    public var size: Double
    public var gap: Double
}

/// The tap-margin experiment: a person reaches for the middle of five buttons
/// (Fitts' law), lands where Bi & Zhai's dual Gaussian puts the finger, and
/// either taps (the contact drifting a little) or changes their mind and slides
/// off before lifting. The touch goes through the noisy sensor into the row's
/// hit-test and the button's tap recognizer. A tap that did not land is tried
/// again; a press that went through cannot be taken back.
public struct TapMarginSimulator: SpecSimulator {
    /// Each strategy's tap area.
    let strategies: StrategyTable<TapMarginDesigns.TapArea>
    let limits: TrialLimits
    public static let buttons = 5, target = 2

    /// Every metric a tap-margin trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_first_time", "time_to_effect_s", "reached_effect", "within_1s", "time_to_done_s", "attempts",
        "meant_tap",
        "missed_tap", "neighbour_activation", "tap_cancelled", "cancel_failed", "landing_offset_pt"
    ]

    public init(spec: ExperimentSpec) throws {
        strategies = try StrategyTable(spec, strategy: TapMarginDeclaration.area)
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{intent: tap|cancel, size_pt, gap_pt}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{intent: tap|cancel, size_pt, gap_pt}", keys: ["intent", "size_pt", "gap_pt"]
        ) { item in
            let intent = try item.required("intent").named("intent", as: TapMarginTask.Intent.self)
            let size = try item.required("size_pt").double(in: 10...120)
            let gap = try item.required("gap_pt").double(in: 0...100)
            let label =
                "\(intent == .tap ? "tap" : "press and take back") a \(formatted(size)) pt button "
                    + "(gap \(formatted(gap)) pt)"
            return (label, TapMarginTask(intent: intent, size: size, gap: gap))
        }
    }

    static func formatted(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(TapMarginTask.self)
        let device = trial.device, screen = device.bounds
        let row = TapMarginDesigns.make(
            strategies.setting(trial.strategy), count: Self.buttons, size: task.size, gap: task.gap,
            at: Point(screen.width / 2, screen.height / 2))
        let targetFrame = row.frames[Self.target]
        var rig = GestureTrial(trial, participant: participant, limits: limits, trace: trace)
        let presser = rig.presser
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "press")
        var first: (response: ButtonResponse, landing: Point)? = nil

        while rig.nextAttempt() {
            let reach = rig.tapper.tap(targetFrame, from: rig.finger, startTime: rig.clock, on: device, using: &g)
            let down = rig.clock + reach.movementTime
            let away = Vector2(0, g.unit() < 0.5 ? -1 : 1)  // off the row, not onto a neighbour
            let path =
                task.intent == .tap
                ? presser.tap(at: reach.contact, start: down, on: device, using: &g)
                : presser.takeBack(at: reach.contact, direction: away, start: down, using: &g)
            let response = rig.sense(path).map(row.respond) ?? .missed(at: path.lift)
            if first == nil { first = (response, reach.landing) }
            rig.log.add(
                down, "press",
                [
                    ("attempt", .number(Double(rig.attempts))), ("x", .number(reach.landing.x)),
                    ("y", .number(reach.landing.y)),
                    ("response", .text("\(response)"))
                ])
            rig.clock = path.lift
            rig.finger = path.position(at: path.lift)
            if task.intent == .cancel {
                // A press that went through cannot be taken back.
                if case .activated = response {} else { rig.reachedAt = rig.clock }
                break
            }
            if case .activated(Self.target, let t) = response { rig.reachedAt = t; break }
            // Nothing, or the wrong button: see it and tap again.
            rig.clock += participant["perception.cycle_s"]
        }

        memory.trialsDone += 1
        let f = first!
        var metrics =
            [rig.rightFirstTime] + rig.outcome + [
                Metric("within_1s", (rig.reachedAt ?? .infinity) <= 1 ? 1 : 0),
                Metric("meant_tap", task.intent == .tap ? 1 : 0),
                Metric("landing_offset_pt", f.landing.distance(to: targetFrame.center))
            ]
        switch task.intent {
        case .tap:
            var missed = false, neighbour = false, cancelled = false
            switch f.response {
            case .missed, .failed: missed = true
            case .cancelled: cancelled = true
            case .activated(let i, _): neighbour = i != Self.target
            }
            metrics += [
                Metric("missed_tap", missed ? 1 : 0), Metric("neighbour_activation", neighbour ? 1 : 0),
                Metric("tap_cancelled", cancelled ? 1 : 0)
            ]
        case .cancel:
            if case .activated = f.response {
                metrics.append(Metric("cancel_failed", 1))
            } else {
                metrics.append(Metric("cancel_failed", 0))
            }
        }
        return TrialOutcome(metrics: metrics, events: rig.log.events)
    }
}
