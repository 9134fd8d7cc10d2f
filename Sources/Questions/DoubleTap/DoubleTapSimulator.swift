import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the double-tap question: what the person means to do with the photo.
public struct DoubleTapTask: QuestionTaskGoal {
    public enum Gesture: String, Sendable, Hashable, CaseIterable {
        /// One single tap (show the controls).
        case tap
        /// Two independent single taps `spacing` pt apart, not waiting for the screen in between.
        case taps
        /// Zoom: a double tap where the design has one, else its zoom button.
        case zoom
    }
    public var gesture: Gesture
    public var spacing: Double
}

/// The double-tap experiment: a full-screen photo whose single tap acts, zoomed
/// by a double tap (single taps wait for its window) or by a zoom button. A
/// person reaches from the thumb's resting place (Fitts' law, Bi & Zhai's
/// landing); a double tap's second touch follows their own gap after the first
/// lift; two independent taps follow one another after a short pause. Every
/// touch goes through the noisy sensor into the viewer's recognizers and
/// arbiter. A wrong response is seen and the gesture tried again.
public struct DoubleTapSimulator: SpecSimulator {
    /// Each strategy's double-tap window (nil: none).
    let strategies: StrategyTable<Double?>
    let limits: TrialLimits
    /// The place on the photo people tap: a 44 pt spot at the centre (Apple's minimum hit target as the aim).
    static let spot = 44.0

    /// Every metric a double-tap trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_first_time", "time_to_effect_s", "reached_effect", "time_to_done_s", "attempts",
        "tap_latency_s", "single_read_as_double", "zoom_missed", "double_read_as_taps", "zoom_button_missed"
    ]

    public init(spec: ExperimentSpec) throws {
        strategies = try StrategyTable(spec) { try DoubleTapDesigns.window($0, parameters: $1) }
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{gesture: tap|zoom}` or `{gesture: taps, spacing_pt}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{gesture: tap|zoom} or {gesture: taps, spacing_pt}", keys: ["gesture", "spacing_pt"]
        ) { item in
            let gesture = try item.required("gesture").named("gesture", as: DoubleTapTask.Gesture.self)
            var spacing = 0.0
            if gesture == .taps {
                spacing = try item.required("spacing_pt").double(in: 0...300)
            } else if try item.optional("spacing_pt") != nil {
                throw item.error("spacing_pt is for two taps (gesture: taps) only")
            }
            let label =
                switch gesture {
                case .tap: "tap the photo once"
                case .taps: "tap twice, \(TapMarginSimulator.formatted(spacing)) pt apart, as two taps"
                case .zoom: "zoom the photo"
                }
            return (label, DoubleTapTask(gesture: gesture, spacing: spacing))
        }
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(DoubleTapTask.self)
        let device = trial.device, screen = device.bounds
        let viewer = PhotoViewer(bounds: screen, doubleTapWindow: strategies.setting(trial.strategy))
        let spot = Rect(
            x: screen.width / 2 - Self.spot / 2, y: screen.height / 2 - Self.spot / 2, width: Self.spot,
            height: Self.spot)
        let landing = TouchLanding(participant: participant)
        var rig = GestureTrial(trial, participant: participant, limits: limits, trace: trace)
        let (tapper, presser) = (rig.tapper, rig.presser)
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "photo")
        var first: [ViewerAction]? = nil

        while rig.nextAttempt() {
            var paths: [FingerPath] = []
            let intended: [ViewerAction.Kind]
            switch task.gesture {
            case .tap, .taps:
                let reach = tapper.tap(spot, from: rig.finger, startTime: rig.clock, on: device, using: &g)
                paths.append(
                    presser.tap(at: reach.contact, start: rig.clock + reach.movementTime, on: device, using: &g))
                intended = task.gesture == .tap ? [.single] : [.single, .single]
                if task.gesture == .taps {
                    let next = Rect(x: spot.minX + task.spacing, y: spot.minY, width: spot.width, height: spot.height)
                    let start = paths[0].lift + participant["gesture.serial_tap_pause_s"]
                    let reach2 = tapper.tap(next, from: reach.contact, startTime: start, on: device, using: &g)
                    paths.append(
                        presser.tap(at: reach2.contact, start: start + reach2.movementTime, on: device, using: &g))
                }
            case .zoom:
                intended = [.zoom]
                if let button = viewer.zoomButton {
                    let reach = tapper.tap(button, from: rig.finger, startTime: rig.clock, on: device, using: &g)
                    paths.append(
                        presser.tap(at: reach.contact, start: rig.clock + reach.movementTime, on: device, using: &g))
                } else {
                    let reach = tapper.tap(spot, from: rig.finger, startTime: rig.clock, on: device, using: &g)
                    paths.append(
                        presser.tap(at: reach.contact, start: rig.clock + reach.movementTime, on: device, using: &g))
                    // The second tap aims at the same spot again: a fresh landing, after the person's gap.
                    let again = landing.land(aim: spot.center, target: spot.size, on: device, using: &g)
                    paths.append(
                        presser.tap(
                            at: again, start: paths[0].lift + presser.doubleTapGap(using: &g), on: device, using: &g))
                }
            }
            let streams = paths.enumerated().compactMap { i, path in rig.sense(path, touch: i) }
            let actions = viewer.respond(to: streams)
            if first == nil { first = actions }
            rig.log.add(
                paths[0].contact, "touches",
                [
                    ("attempt", .number(Double(rig.attempts))), ("touches", .number(Double(paths.count))),
                    ("actions", .text(actions.map(\.kind.rawValue).joined(separator: ",")))
                ])
            let lastLift = paths.last!.lift
            rig.clock = max(lastLift, actions.last?.time ?? lastLift)
            rig.finger = paths.last!.position(at: lastLift)
            if actions.map(\.kind) == intended { rig.reachedAt = rig.clock; break }
            // The wrong thing, or nothing: see it and try again.
            rig.clock += participant["perception.cycle_s"]
        }

        memory.trialsDone += 1
        let f = first!
        var metrics = [rig.rightFirstTime] + rig.outcome
        if task.gesture != .zoom, let a = f.first, a.kind == .single {
            metrics.append(Metric("tap_latency_s", a.time - a.lift))
        }
        switch task.gesture {
        case .tap: break
        case .taps: metrics.append(Metric("single_read_as_double", f.contains { $0.kind == .zoom } ? 1 : 0))
        case .zoom:
            let zoomed = f.contains { $0.kind == .zoom }
            // The same failure under both designs (gated), then by its cause in each.
            metrics.append(Metric("zoom_missed", zoomed ? 0 : 1))
            metrics.append(
                Metric(viewer.zoomButton == nil ? "double_read_as_taps" : "zoom_button_missed", zoomed ? 0 : 1))
        }
        return TrialOutcome(metrics: metrics, events: rig.log.events)
    }
}
