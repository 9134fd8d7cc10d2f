import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// The exposure experiment: a person adjusts a real photo until it looks like a
/// goal the engine rendered from hidden adjustment values, through one of the
/// iPhoto talk's exposure designs.
public struct ExposureSimulator: FilmedSimulator, SpecSimulator {
    /// What every task needs, prepared once per run.
    struct PreparedTask: @unchecked Sendable {
        var original: Image  // at the working size
        var goalLab: LabImage  // goal at the working size (objective metric)
        var tolerance: Double
        var goal: PhotoGoal
        /// The state every trial starts from: the original's histogram ends and clipping.
        var start: ExposureState
        /// The original at the usual perception-proxy size.
        var glance: Image
    }

    /// Goal looks at each perception-proxy size, rendered once per task and size.
    let goals = SharedCache<GoalLook>()

    let designs: [String: any ExposureDesign]
    let tasks: [String: PreparedTask]
    let limits: TrialLimits
    let policy: PolicyKind
    public let dataFiles: [(path: String, sha256: String)]

    /// Long side of the images the objective metric compares.
    static let workingSize = 160

    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "satisfied_off_goal",
        "final_delta_e00",
        "touches", "control_switches", "wrong_control_tries", "travel_mm", "clipped_fraction", "missed_taps",
        "wrong_grabs", "missed_grabs", "corrected_drags", "photo_share",
        "renders", "warning_backoffs", "first_touch_s", "final_black_level", "final_shadows", "final_brightness",
        "final_contrast", "final_highlights", "final_white_level"
    ]

    public init(spec: ExperimentSpec) throws {
        var designs: [String: any ExposureDesign] = [:]
        for s in spec.strategies {
            designs[s.label] = try ExposureDeclaration.design(s)
        }
        self.designs = designs
        (tasks, dataFiles) = try PhotoTasks.prepare(
            spec, advice: "choose stronger goal values so there is something to do"
        ) { task, loader in
            guard case .adjustPhoto(let path, let goal, let tolerance) = task.goal else { return nil }
            let original = try loader.photo(path, task: task.id)
            let goalLab = try loader.goal(goal.render(original), of: original, tolerance: tolerance, task: task.id)
            return PreparedTask(
                original: original, goalLab: goalLab, tolerance: tolerance, goal: goal,
                start: ExposureState(original: original),
                glance: original.downscaled(toFit: PhotoTasks.glanceSize))
        }
        limits = spec.limits
        policy = spec.policy
    }

    /// Reads the spec's `tasks:` node.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try PhotoTasks.list(node, defaultTolerance: 2.0) { item, path, tolerance in
            let goalNode = try item.required("goal")
            let goal: PhotoGoal
            if let curveNode = try goalNode.optional("curve") {
                try goalNode.rejectUnknownKeys(["curve"])
                goal = .curve(points: try parseCurve(curveNode))
            } else {
                var a = Adjustments()
                for (name, value) in try goalNode.entries() {
                    do { try a.set(name, to: String(try value.double())) } catch let e as SpecError { throw e } catch {
                        throw value.error("\(error)")
                    }
                }
                goal = .adjustments(a)
            }
            return .adjustPhoto(photo: path, goal: goal, tolerance: tolerance)
        }
    }

    /// Each strategy's ceiling on each task (the best its controls can do), in
    /// strategy then task order. Deterministic for a seed.
    public func ceilings(seed: UInt64, strategies: [String], tasks taskIDs: [String]) -> [DesignCeiling] {
        var out: [DesignCeiling] = []
        for strategy in strategies {
            let design = designs[strategy]!
            for id in taskIDs {
                let task = tasks[id]!
                let small = task.original.downscaled(toFit: 64)
                let state = task.start
                let render = { (image: Image, x: [Double]) in
                    Renderer(threads: 1).render(image, with: design.adjustments(at: x, state))
                }
                out.append(
                    DesignCeiling.search(
                        strategy: strategy, task: id, tolerance: task.tolerance, axes: design.axes(state), seed: seed,
                        small: (small, LabImage(task.goal.render(small))),
                        working: (task.original, task.goalLab), render: render))
            }
        }
        return out
    }

    /// A tone curve: a list of [x, y] points on the encoded 0…1 scale, x strictly
    /// increasing and y never falling (a monotone curve keeps tones in order).
    static func parseCurve(_ node: SpecNode) throws -> [[Double]] {
        let items = try node.list()
        guard items.count >= 2 else { throw node.error("expected at least two [x, y] points") }
        var points: [[Double]] = []
        for item in items {
            let xy = try item.list()
            guard xy.count == 2 else { throw item.error("expected a point [x, y]") }
            let p = [try xy[0].double(in: 0...1), try xy[1].double(in: 0...1)]
            if let last = points.last {
                guard p[0] > last[0] else {
                    throw item.error("x must increase from point to point (\(p[0]) after \(last[0]))")
                }
                guard p[1] >= last[1] else {
                    throw item.error("y must not fall (\(p[1]) after \(last[1])): a curve that falls inverts tones")
                }
            }
            points.append(p)
        }
        return points
    }

    package func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var environment = ExposureEnvironment(design: designs[trial.strategy]!, device: trial.device, task: task)
        let outcome = environment.edit(
            trial, goals: goals,
            goalLook: { task.goal.render(task.original.downscaled(toFit: $0)) },
            reaching: task.goalLab, within: task.tolerance, participant: participant, limits: limits, policy: policy,
            memory: &memory, trace: trace, camera: camera)
        let final = environment.render()
        let clipping = Clipping(of: final)
        let finalDE = LabImage(final).meanDeltaE2000(to: task.goalLab)
        var metrics =
            PhotoTasks.metrics(outcome, finalDeltaE: finalDE, tolerance: task.tolerance) + [
                Metric("travel_mm", trial.device.millimetres(outcome.travel)),
                Metric("corrected_drags", Double(outcome.correctedDrags)),
                Metric("clipped_fraction", clipping.shadows + clipping.highlights),
                Metric("photo_share", environment.screen.photoShare),
                Metric("renders", Double(environment.renders)),
                Metric("warning_backoffs", Double(outcome.warningBackoffs))
            ]
        // The final values, so reports can re-render what the person ended with.
        let a = environment.state.adjustments
        for (name, value) in [
            ("black_level", a.blackLevel), ("shadows", a.shadows), ("brightness", a.brightness),
            ("contrast", a.contrast), ("highlights", a.highlights), ("white_level", a.whiteLevel)
        ] {
            metrics.append(Metric("final_\(name)", value))
        }
        if let t = outcome.firstTouch { metrics.append(Metric("first_touch_s", t)) }
        return TrialOutcome(metrics: metrics, events: outcome.events)
    }

    package func scene(for trial: PlannedTrial) -> ReplayScene {
        let task = tasks[trial.task.id]!
        return ReplayScene(
            original: task.original, goal: task.goal.render(task.original), goalLab: task.goalLab,
            tolerance: task.tolerance)
    }
}

/// An exposure design with its engine, as a person meets it.
struct ExposureEnvironment: AdjustedPhotoEnvironment {
    let design: any ExposureDesign
    let device: DeviceConfiguration
    let original: Image
    var state: ExposureState
    /// The original at the usual perception-proxy size, downscaled once.
    let glance: Image
    /// Renders made for the person's eyes and the design's feedback (a cost measure).
    var renders = 0
    /// Set when the trial is replayed: shown the screen and render after each gesture.
    var camera: TrialCamera?

    init(design: any ExposureDesign, device: DeviceConfiguration, task: ExposureSimulator.PreparedTask) {
        self.design = design
        self.device = device
        original = task.original
        state = task.start
        glance = task.glance
        design.prepare(&state)
    }

    var screen: Screen { design.screen(state, on: device) }

    let cache = RenderCache()
    var adjustments: Adjustments { state.adjustments }

    func adjustments(during gesture: Gesture) -> Adjustments {
        var seen = state
        design.handle(gesture, &seen, on: device, photo: render())
        return seen.adjustments
    }

    mutating func perform(_ gesture: Gesture) {
        let current = render()
        let during =
            camera?.during(
                gesture, from: state, original: original,
                apply: { design.handle($0, &$1, on: device, photo: current) },
                look: { (design.screen($0, on: device), $0.adjustments) }) ?? []
        design.handle(gesture, &state, on: device, photo: current)
        state.clipping = Clipping(of: render())
        renders += 2
        var shot = ReplayShot(touchDown: gesture.start, screen: screen, photo: render())
        shot.during = during
        camera?.shoot(shot)
    }
}

extension ExposureSimulator: CeilingAnalysing {}
