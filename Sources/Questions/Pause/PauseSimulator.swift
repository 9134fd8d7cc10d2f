import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the pause question: what the person means to do with one slide up
/// from the bottom edge, and where along the screen they stop or slow down.
public struct PauseTask: QuestionTaskGoal {
    public var intent: SlideIntent
    /// Where the finger stops (pause) or slows (hesitate), as fractions of the
    /// screen's height above the bottom edge; each trial draws a place in it.
    public var stopAt: ClosedRange<Double>

    /// What the person wants the screen to end up showing.
    public var wantsAppSwitcher: Bool { intent == .pause }
}

/// The pause experiment (iPhone X multitasking): a person slides up from the
/// bottom edge meaning either to pause for the app switcher or to go home (a
/// flick, or a slide that slows without stopping). The finger's path goes
/// through the noisy touch sensor into the strategy's pause detector; whatever
/// the screen does, the person sees it and tries again until it did what they
/// meant, runs out of attempts, or out of time.
public struct PauseSimulator: SpecSimulator {
    let gestures: [String: HomeIndicatorGesture]
    let limits: TrialLimits

    /// Every metric a pause trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_at_once", "time_to_effect_s", "reached_effect", "within_1s", "time_to_done_s", "gave_up", "attempts",
        "meant_pause", "pause_latency_s", "missed_pause", "false_pause",
        "slide_peak_speed_pt_s", "stop_distance_pt", "crawl_speed_pt_s"
    ]

    /// A response within this many seconds of the finger coming to rest feels
    /// instantaneous: the 0.1 s limit of Miller (1968) and Card, Robertson &
    /// Mackinlay (1991), the perceptual processor's cycle (Card, Moran & Newell 1983).
    public static let instantaneous = 0.1

    public init(spec: ExperimentSpec) throws {
        self.gestures = try PauseDesigns.designs(of: spec)
        self.limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{intent, stop_at: [low, high]}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{intent: pause|flick|hesitate, stop_at: [low, high]}", keys: ["intent", "stop_at"]
        ) { item in
            let intent = try item.required("intent").named("intent", as: SlideIntent.self)
            var stopAt = 0.35...0.55
            if let s = try item.optional("stop_at") {
                let ends = try s.list()
                guard ends.count == 2 else { throw s.error("expected [low, high], fractions of the screen's height") }
                let lo = try ends[0].double(in: 0.1...0.9), hi = try ends[1].double(in: 0.1...0.9)
                guard lo <= hi else { throw s.error("low (\(lo)) must not exceed high (\(hi))") }
                stopAt = lo...hi
            } else if intent != .flick {
                throw item.error(
                    "a '\(intent.rawValue)' task needs stop_at: [low, high], where along the screen the finger stops "
                        + "or slows"
                )
            }
            let band = "\(Int((stopAt.lowerBound * 100).rounded()))–\(Int((stopAt.upperBound * 100).rounded()))% up"
            let label =
                switch intent {
                case .pause: "slide up and pause (\(band)): app switcher"
                case .flick: "flick up: home"
                case .hesitate: "slide up, slow down without stopping (\(band)), go on: home"
                }
            return (label, PauseTask(intent: intent, stopAt: stopAt))
        }
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(PauseTask.self)
        let gesture = gestures[trial.strategy]!
        let device = trial.device, screen = device.bounds
        var rig = GestureTrial(trial, participant: participant, limits: limits, trace: trace)
        let slider = Slider(participant: participant)
        // Intentions and motor noise come from the behaviour seed: the same slides for every strategy.
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "slide")
        var intent = task.intent
        var first: (plan: SlidePlan, switcher: Bool, latency: Double?)? = nil

        rig.log.add(0, "task", [("intent", .text(task.intent.rawValue)), ("group", .text(participant.group.rawValue))])
        while rig.nextAttempt() {
            // The thumb lands on the home indicator with the finger's own scatter (Bi & Zhai's absolute term).
            let x =
                screen.width / 2
                + device.points(millimetres: g.normal(mean: 0, sd: participant["motor.landing_x_abs_mm2"].squareRoot()))
            let start = Point(x, screen.height - 4)
            let distance = g.uniform(task.stopAt.lowerBound, task.stopAt.upperBound) * screen.height
            let plan = slider.plan(intent, from: start, direction: Vector2(0, -1), distance: distance, using: &g)
            let path = slider.path(for: plan, startTime: rig.clock)
            guard let stream = rig.sense(path) else {
                // Too brief for the digitizer to see: nothing happened.
                rig.clock = path.lift + participant["perception.cycle_s"]
                continue
            }
            let switcher: Bool, shownAt: Double, lift: Double
            switch gesture.respond(to: stream) {
            case .appSwitcher(let t):
                // Someone waiting for the cards lifts once they see them; anyone else finishes their slide.
                switcher = true; shownAt = t
                lift = intent == .pause ? min(path.lift, t + participant["perception.cycle_s"]) : path.lift
            case .home(let t):
                switcher = false; shownAt = t; lift = t
            }
            rig.log.add(
                rig.clock, "slide",
                [
                    ("attempt", .number(Double(rig.attempts))), ("intent", .text(intent.rawValue)),
                    ("peak_speed_pt_s", .number(plan.peakSpeed)), ("distance_pt", .number(distance)),
                    ("samples", .number(Double(stream.samples.count)))
                ])
            rig.log.add(shownAt, switcher ? "app-switcher" : "home", [("lift", .number(lift))])
            if first == nil {
                let rest = plan.restsAfter.map { rig.clock + $0 }
                first = (plan, switcher, switcher ? rest.map { shownAt - $0 } : nil)
            }
            rig.clock = lift
            if switcher == task.wantsAppSwitcher { rig.reachedAt = shownAt; break }
            // The wrong screen: see it, think again, and slide again; someone who
            // wanted home now flicks without hesitating.
            rig.clock += participant["perception.cycle_s"] + participant["cognition.mental_prep_s"]
            if !task.wantsAppSwitcher { intent = .flick }
        }

        memory.trialsDone += 1
        var metrics =
            rig.outcome + [
                Metric("within_1s", (rig.reachedAt ?? .infinity) <= 1 ? 1 : 0),
                Metric("gave_up", rig.reachedAt == nil ? 1 : 0),
                Metric("meant_pause", task.wantsAppSwitcher ? 1 : 0)
            ]
        if let f = first {
            // The first slide got what was meant, and a pause's cards came in without a noticeable wait.
            let atOnce = task.wantsAppSwitcher ? (f.latency.map { $0 <= Self.instantaneous } ?? false) : !f.switcher
            metrics.insert(Metric("right_at_once", atOnce ? 1 : 0), at: 0)
            if task.wantsAppSwitcher {
                if let latency = f.latency { metrics.append(Metric("pause_latency_s", latency)) }
                metrics.append(Metric("missed_pause", f.switcher ? 0 : 1))
            } else {
                metrics.append(Metric("false_pause", f.switcher ? 1 : 0))
            }
            metrics.append(
                Metric("slide_peak_speed_pt_s", f.plan.intent == .flick ? f.plan.flickSpeed : f.plan.peakSpeed))
            if f.plan.intent != .flick { metrics.append(Metric("stop_distance_pt", f.plan.distance)) }
            if f.plan.intent == .hesitate { metrics.append(Metric("crawl_speed_pt_s", f.plan.crawlSpeed)) }
        }
        rig.log.add(
            rig.clock, "done", [("reached", .bool(rig.reachedAt != nil)), ("attempts", .number(Double(rig.attempts)))])
        return TrialOutcome(metrics: metrics, events: rig.log.events)
    }
}
