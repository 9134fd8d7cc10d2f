import Designs
import Harness
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the label-affordance question: what the person means to do on the
/// authorization screen.
public struct LabelAffordanceTask: QuestionTaskGoal {
    public var intent: AppIntent
}

/// The label-affordance experiment (seed 004): a person meets the modal
/// authorization screen meaning to log in (or to cancel, or to recover their
/// password). They glance at the screen and judge, from each control's look
/// alone (SignifierModel: fill, accent colour, weight, position), how likely it
/// is to respond to a tap. They then look from control to control, each next
/// one chosen with a chance proportional to how tappable it looks (guided
/// search: attention goes first to what shares the target's features, Wolfe
/// 1994), reading its label. A control whose label names the goal is tapped if
/// the person judges it tappable (one draw of that judgement); when a pass ends
/// with nothing tapped they try every control that names the goal. The tap is
/// aimed (Fitts' law), lands where Bi & Zhai's dual Gaussian puts it and goes to
/// the screen's hit-test. A tap that does nothing costs the wait for a response
/// that does not come (gesture.response_wait_s), and the person then believes
/// that control dead; a tap that misses its aim is tried again. A person
/// remembers, for the rest of their session with the design, which controls did
/// nothing (SessionMemory.unresponsive), and looks and reads faster with practice.
public struct LabelAffordanceSimulator: SpecSimulator {
    /// Each strategy's layout of the screen.
    let strategies: StrategyTable<AuthorizationLayout>
    let limits: TrialLimits

    /// Every metric a label-affordance trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "right_first_time", "time_to_effect_s", "reached_effect", "time_to_done_s", "taps", "label_tapped",
        "label_taps",
        "dead_taps", "wrong_action", "title_looks_tappable", "target_looks_tappable"
    ]

    public init(spec: ExperimentSpec) throws {
        strategies = try StrategyTable(spec, strategy: LabelAffordanceDeclaration.layout)
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: a list of `{intent: log-in|cancel|forgot-password}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        let names = AppIntent.allCases.map(\.rawValue)
        return try TaskSpec.customList(
            node, example: "{intent: \(names.joined(separator: "|"))}", keys: ["intent"]
        ) { item in
            let intentNode = try item.required("intent"), name = try intentNode.string()
            guard let intent = AppIntent(rawValue: name) else {
                throw intentNode.error(
                    "unknown intent '\(name)'\(suggestion(name, names)); expected one "
                        + "of \(names.joined(separator: ", "))"
                )
            }
            return ("\(name) on the authorization screen", LabelAffordanceTask(intent: intent))
        }
    }

    /// The action on the screen that does `intent`.
    static func action(for intent: AppIntent) -> AuthorizationAction {
        switch intent {
        case .logIn: .logIn
        case .cancel: .cancel
        case .recoverPassword: .forgotPassword
        }
    }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(LabelAffordanceTask.self)
        let p = participant, device = trial.device
        let auth = strategies.setting(trial.strategy).make(on: device)
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "look")
        // Look: one glance judges how tappable each control looks.
        let looks = SignifierModel(participant: p).glance(auth.screen, using: &g)
        var visit = AuthorizationVisit(
            auth: auth, wanted: Self.action(for: task.intent), intent: task.intent, participant: p,
            cognition: Cognition(participant: p, repetition: memory.trialsDone + 1), tapper: Tapper(participant: p),
            device: device, limits: limits, looks: looks,
            clock: p["perception.cycle_s"],
            finger: Point(device.bounds.center.x, device.bounds.minY + device.bounds.height * 0.7),
            dead: [], log: TraceLog(enabled: trace))
        // Remember: what a tap showed to do nothing earlier in this session.
        visit.dead = Set(auth.screen.controls.map(\.id).filter { memory.unresponsive.contains(visit.memoryKey($0)) })

        // Choose and act, pass after pass, until a pass taps nothing after the first.
        var pass = 0
        while !visit.finished && !visit.outOfBudget {
            pass += 1
            let tapped = visit.searchPass(pass, memory: &memory, using: &g)
            if !tapped && pass > 1 { break }
        }
        memory.trialsDone += 1
        return TrialOutcome(metrics: visit.metrics(), events: visit.log.events)
    }

    /// The order a person looks at `ids` in: each next one drawn with a chance
    /// proportional to how tappable it looks (a weighted draw without replacement).
    static func guidedOrder<G: RandomNumberGenerator>(
        _ ids: [String], looks: [String: Double], using g: inout G
    ) -> [String] {
        var left = ids, out: [String] = []
        while !left.isEmpty {
            let w = left.map { max(1e-6, looks[$0] ?? 0) }
            var r = g.unit() * w.reduce(0, +), i = 0
            while i < w.count - 1 && r >= w[i] { r -= w[i]; i += 1 }
            out.append(left.remove(at: i))
        }
        return out
    }
}
