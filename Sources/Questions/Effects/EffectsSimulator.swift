import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// The effects experiment: choose and refine an effect to match a goal look
/// (the 10-second goal), or browse with no goal and settle on a look one likes.
public struct EffectsSimulator: FilmedSimulator, SpecSimulator {
    let designs: [String: EffectsDesign]
    let tasks: [String: EffectTask]
    let limits: TrialLimits
    let policy: PolicyKind
    let previews = LookPreviews()
    public let dataFiles: [(path: String, sha256: String)]

    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "satisfied_off_goal",
        "final_delta_e00",
        "effect_found_s", "refine_s", "scrolls", "cards_opened", "chosen_effect", "chosen_on_first_screen",
        "looks_seen_10s",
        "touches", "control_switches", "wrong_control_tries", "missed_taps", "wrong_grabs", "missed_grabs",
        "corrected_drags"
    ]

    public init(spec: ExperimentSpec) throws {
        self.designs = try EffectsDesigns.designs(of: spec)
        (tasks, dataFiles) = try EffectTask.prepare(spec, advice: "choose a look further from the original")
        limits = spec.limits
        policy = spec.policy
    }

    /// Each strategy's ceiling on each matching task: the closest any look its
    /// refiner can set comes to the goal (exploring tasks have no goal and are skipped).
    public func ceilings(seed: UInt64, strategies: [String], tasks taskIDs: [String]) -> [DesignCeiling] {
        var out: [DesignCeiling] = []
        for strategy in strategies {
            let design = designs[strategy]!
            for id in taskIDs {
                guard let task = tasks[id], let goalLab = task.goalLab, let goal = task.goal else { continue }
                let small = task.original.downscaled(toFit: 64)
                let render = EffectTask.render
                let smallGoal = LabImage(render(small, goal))
                var best: DesignCeiling?
                for (k, space) in design.reachableLooks().enumerated() {
                    let c: DesignCeiling
                    switch space {
                    case .discrete(let looks):
                        let pick = looks.min { a, b in
                            (LabImage(render(small, a)).meanDeltaE2000(to: smallGoal), a.look) < (
                                LabImage(render(small, b)).meanDeltaE2000(to: smallGoal), b.look
                            )
                        }!
                        c = DesignCeiling(
                            strategy: strategy, task: id,
                            deltaE: LabImage(render(task.original, pick)).meanDeltaE2000(to: goalLab),
                            tolerance: task.tolerance, setting: "\(pick.family.rawValue) look=\(pick.look)")
                    case .continuous(let axes, let effect):
                        var found = DesignCeiling.search(
                            strategy: strategy, task: "\(id)/\(k)", tolerance: task.tolerance, axes: axes, seed: seed,
                            small: (small, smallGoal), working: (task.original, goalLab)
                        ) { render($0, effect($1)) }
                        found.task = id
                        found.setting = "\(effect(axes.map(\.start)).family.rawValue) " + found.setting
                        c = found
                    }
                    if c.deltaE < (best?.deltaE ?? .infinity) { best = c }
                }
                if let best { out.append(best) }
            }
        }
        return out
    }

    /// The scene of a replay: the photo and, for a matching task, the goal look.
    package func scene(for trial: PlannedTrial) -> ReplayScene {
        let task = tasks[trial.task.id]!
        var goal: Image?
        if let effect = task.goal {
            goal = EffectTask.render(task.original, effect)
        }
        var scene = ReplayScene(original: task.original, goal: goal, goalLab: task.goalLab, tolerance: task.tolerance)
        let small = task.original.downscaled(toFit: 64)
        let ids = EffectCatalog.all.map { "effect-\($0.id)" } + EffectFamily.allCases.map { "card-\($0.rawValue)" }
        for id in ids {
            guard let look = EffectsEnvironment.look(id) else { continue }
            scene.previews[id] = EffectTask.render(small, look)
        }
        return scene
    }

    /// Reads the spec's `tasks:` node.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try PhotoTasks.list(node, defaultTolerance: 1.5) { item, path, tolerance in
            var goal: Effect?
            if let g = try item.optional("goal") {
                try g.rejectUnknownKeys(["family", "position", "look"])
                let familyNode = try g.required("family")
                let family = try familyNode.named("effect family", as: EffectFamily.self)
                goal = Effect(
                    family: family, position: try g.optional("position")?.double(in: 0...1) ?? 0.5,
                    look: try g.optional("look")?.int(in: 0...3) ?? 0)
            }
            return .chooseEffect(photo: path, goal: goal, tolerance: tolerance)
        }
    }

    package func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var environment = EffectsEnvironment(
            design: designs[trial.strategy]!, device: trial.device, original: task.original,
            glance: task.glance, previews: TaskPreviews(previews, task: trial.task.id))
        environment.camera = camera
        camera?.shoot(ReplayShot(touchDown: nil, screen: environment.screen, photo: environment.render()))
        var g = SeededGenerator(seed: trial.behaviourSeed)
        var metrics: [Metric] = []
        var events: [TraceEvent] = []
        if let goalLab = task.goalLab, let goal = task.goal {
            let proxy = Int(participant["perception.proxy_px"])
            let goalProxy = task.goalLook(goal, proxy: proxy, taskID: trial.task.id, goals: previews.goals)
            let editor = PhotoEditor(
                participant: participant, timeLimit: limits.timeLimit, maxGestures: limits.maxAttempts, policy: policy)
            let o = editor.edit(&environment, goal: goalProxy, memory: &memory, using: &g, trace: trace) { env in
                env.cache.isWithin(env.original, with: env.state.adjustments, of: goalLab, tolerance: task.tolerance)
            }
            let found = o.chosenAt
            metrics =
                PhotoTasks.metrics(
                    o, finalDeltaE: LabImage(environment.render()).meanDeltaE2000(to: goalLab),
                    tolerance: task.tolerance) + [
                    Metric("scrolls", Double(environment.state.scrolls)),
                    Metric("cards_opened", Double(environment.state.cardsOpened)),
                    Metric("corrected_drags", Double(o.correctedDrags))
                ]
            if let f = found {
                metrics.append(Metric("effect_found_s", f))
                if let t = o.timeToEffect { metrics.append(Metric("refine_s", max(0, t - f))) }
            }
            events = o.events
        } else {
            let o = Satisficer(participant: participant, timeLimit: limits.timeLimit).explore(
                &environment, memory: &memory, using: &g, trace: trace)
            metrics = [
                Metric("time_to_done_s", o.timeToDone),
                Metric("looks_seen_10s", Double(o.looksSeenIn10s)),
                Metric("scrolls", Double(environment.state.scrolls)),
                Metric("cards_opened", Double(environment.state.cardsOpened))
            ]
            events = o.events
        }
        if let e = environment.state.effect, let index = EffectsDesign.catalogIndex(e) {
            metrics.append(Metric("chosen_effect", Double(index)))
            // Position bias, per browser: was the look one of the previews its first screen
            // shows? Only for browsing with no goal: a matching task's choice is the goal's.
            if task.goalLab == nil {
                metrics.append(Metric("chosen_on_first_screen", environment.firstScreenLooks.contains(index) ? 1 : 0))
            }
        }
        return TrialOutcome(metrics: metrics, events: events)
    }
}

/// An effects design with its engine, as a person meets it.
struct EffectsEnvironment: AdjustedPhotoEnvironment {
    let design: EffectsDesign
    let device: DeviceConfiguration
    let original: Image
    let glance: Image
    var state: EffectsState
    /// Catalogue indices of the looks the first screen previews (the grid's first
    /// cells, or the swatch book's card looks).
    let firstScreenLooks: Set<Int>
    /// Thumbnails shared across trials of the task.
    let previews: TaskPreviews

    init(
        design: EffectsDesign, device: DeviceConfiguration, original: Image, glance: Image? = nil,
        previews: TaskPreviews = TaskPreviews()
    ) {
        self.previews = previews
        self.design = design
        self.device = device
        self.original = original
        self.glance = glance ?? original.downscaled(toFit: PhotoTasks.glanceSize)
        state = EffectsState(photoAspect: Double(original.width) / Double(max(1, original.height)))
        firstScreenLooks = Set(
            design.screen(state, on: device).controls.compactMap {
                Self.look($0.id).flatMap(EffectsDesign.catalogIndex)
            })
    }

    /// The look a preview control stands for: a catalogue look, or a family card's look.
    static func look(_ id: String) -> Effect? {
        if id.hasPrefix("effect-"), let e = EffectCatalog.named(String(id.dropFirst(7))) { return e.effect }
        if id.hasPrefix("card-"), let f = EffectFamily(rawValue: String(id.dropFirst(5))) {
            return EffectsDesign.representative(f).effect
        }
        return nil
    }

    var screen: Screen { design.screen(state, on: device) }

    let cache = RenderCache()
    var adjustments: Adjustments { state.adjustments }
    /// Looks at the photo (kept for `AdjustedPhotoEnvironment`; effects does not report them).
    var renders = 0

    /// The photo follows a slider or the swipe strip while the finger moves ("swipe back and forth and see over
    /// a hundred different mixes", the talk), so a person watches a drag as in the colour and exposure questions:
    /// the design handles the touches so far on a copy of its state.
    func adjustments(during gesture: Gesture) -> Adjustments {
        var seen = state
        design.handle(gesture, &seen, on: device)
        return seen.adjustments
    }

    mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison? {
        guard Self.look(id) != nil else { return nil }
        return previews.comparison(id, proxy: proxy, of: { thumbnail(id, proxy: proxy)! }, with: goal)
    }

    mutating func perform(_ gesture: Gesture) {
        let during =
            camera?.during(
                gesture, from: state, original: original,
                apply: { design.handle($0, &$1, on: device) },
                look: { (design.screen($0, on: device), $0.adjustments) }) ?? []
        design.handle(gesture, &state, on: device)
        var shot = ReplayShot(touchDown: gesture.start, screen: screen, photo: render())
        shot.during = during
        camera?.shoot(shot)
    }

    /// Set when the trial is replayed: shown the screen and render after each gesture.
    var camera: TrialCamera?

    /// Previews are real renders of the photo: the catalogue look, or the family card's look.
    mutating func thumbnail(_ id: String, proxy: Int) -> Image? {
        guard let look = Self.look(id) else { return nil }
        let base = PhotoTasks.proxyBase(original, glance: glance, glanceSize: PhotoTasks.glanceSize, proxy: proxy)
        return previews.thumbnail(id, proxy: proxy) { EffectTask.render(base, look) }
    }
}

extension EffectsSimulator: CeilingAnalysing {}
