import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the colour question: a real photo, a selective-colour look to
/// bring it to, and the tolerance (mean ΔE00) within which it counts as reached.
public struct ColorTask: QuestionTaskGoal {
    public var path: String
    public var look: ColorLook
    public var tolerance: Double
    public var photo: String? { path }
}

/// The colour experiment: a person adjusts a real photo until it looks like a
/// goal made with a selective-colour tool no design offers (`ColorLook`), through
/// one of the iPhoto talk's colour designs. Besides the exposure metrics it
/// counts moves along the wrong axis of a two-axis control and drags that
/// changed colours the task does not target.
public struct ColorSimulator: FilmedSimulator, SpecSimulator {
    struct PreparedTask: @unchecked Sendable {
        var original: Image
        var goal: Image
        var goalLab: LabImage
        var tolerance: Double
        var look: ColorLook
        /// Pixels (working size) outside every range the look targets (weight below `untargeted`).
        var outside: [Int]
        var glance: Image
    }

    let goals = SharedCache<GoalLook>()
    let designs: [String: any ColorDesign]
    let tasks: [String: PreparedTask]
    let limits: TrialLimits
    let policy: PolicyKind
    public let dataFiles: [(path: String, sha256: String)]

    /// One just-noticeable colour difference, ΔE00 (Mahy et al. 1994; Sharma, Wu &
    /// Dalal 2005 put the JND of ΔE00 near 1): the unit of the error thresholds below,
    /// which are metric definitions, not properties of the simulated people.
    public static let jndDE00 = 1.0
    /// A drag made an axis error when the other axis of a two-axis control changed
    /// the pixels that control acts on by more than this mean ΔE00: one JND.
    public static let axisErrorDE = 1 * jndDE00
    /// A drag made a region error when the pixels outside the task's ranges changed
    /// by more than this mean ΔE00: half a JND. Assumption: half a JND on average over
    /// the untargeted pixels is a visible change to part of them.
    public static let regionErrorDE = 0.5 * jndDE00
    /// Pixels whose weight in every range the task names is below this are the
    /// untargeted ones region errors are measured on: the ranges' soft edges (and,
    /// for overall colour, the nearly gray pixels it still touches a little) count
    /// as neither.
    public static let untargeted = 0.1

    public static let metricNames =
        [
            "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "satisfied_off_goal",
            "final_delta_e00",
            "touches", "control_switches", "wrong_control_tries", "axis_errors", "region_errors", "travel_mm",
            "missed_taps", "wrong_grabs", "missed_grabs", "corrected_drags",
            "photo_share", "renders", "first_touch_s"
        ] + ColorControl.allCases.flatMap { ["final_\($0.rawValue)", "final_\($0.rawValue)_luminance"] }

    public init(spec: ExperimentSpec) throws {
        self.designs = try ColorDesigns.designs(of: spec)
        (tasks, dataFiles) = try PhotoTasks.prepare(spec, advice: "choose a stronger look so there is something to do")
        { task, loader in
            guard let t = task.custom(ColorTask.self) else { return nil }
            let original = try loader.photo(t.path, task: task.id)
            let goal = t.look.apply(to: original)
            let goalLab = try loader.goal(goal, of: original, tolerance: t.tolerance, task: task.id)
            let outside = original.pixels.indices.filter {
                t.look.targetWeight(original.pixels[$0]) < ColorSimulator.untargeted
            }
            return PreparedTask(
                original: original, goal: goal, goalLab: goalLab, tolerance: t.tolerance, look: t.look,
                outside: outside, glance: original.downscaled(toFit: PhotoTasks.glanceSize))
        }
        limits = spec.limits
        policy = spec.policy
    }

    /// Reads the spec's `tasks:` node: photo tasks whose `goal` maps colour ranges
    /// (`colour`, `sky`, `skin`, `foliage`) to `{chroma: factor, lightness: ΔL*}`.
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try PhotoTasks.list(node, defaultTolerance: 1.5) { item, path, tolerance in
            let look = try ColorLook.parse(try item.required("goal"))
            return .custom(CustomTaskGoal(ColorTask(path: path, look: look, tolerance: tolerance)))
        }
    }

    /// Each strategy's ceiling on each task (the best its controls can do).
    public func ceilings(seed: UInt64, strategies: [String], tasks taskIDs: [String]) -> [DesignCeiling] {
        var out: [DesignCeiling] = []
        for strategy in strategies {
            let design = designs[strategy]!
            for id in taskIDs {
                let task = tasks[id]!
                let small = task.original.downscaled(toFit: 64)
                let render = { (image: Image, x: [Double]) in
                    Renderer(threads: 1).render(image, with: design.adjustments(at: x))
                }
                out.append(
                    DesignCeiling.search(
                        strategy: strategy, task: id, tolerance: task.tolerance, axes: design.axes, seed: seed,
                        small: (small, LabImage(task.look.apply(to: small))),
                        working: (task.original, task.goalLab), render: render))
            }
        }
        return out
    }

    package func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var environment = ColorEnvironment(design: designs[trial.strategy]!, device: trial.device, task: task)
        let outcome = environment.edit(
            trial, goals: goals,
            goalLook: { task.look.apply(to: task.original.downscaled(toFit: $0)) },
            reaching: task.goalLab, within: task.tolerance, participant: participant, limits: limits, policy: policy,
            memory: &memory, trace: trace, camera: camera)
        let finalDE = LabImage(environment.render()).meanDeltaE2000(to: task.goalLab)
        var metrics =
            PhotoTasks.metrics(outcome, finalDeltaE: finalDE, tolerance: task.tolerance) + [
                Metric("axis_errors", Double(environment.axisErrors)),
                Metric("region_errors", Double(environment.regionErrors)),
                Metric("photo_drags", Double(environment.photoDrags)),
                Metric("corrected_drags", Double(outcome.correctedDrags)),
                Metric("travel_mm", trial.device.millimetres(outcome.travel)),
                Metric("photo_share", environment.screen.photoShare),
                Metric("renders", Double(environment.renders))
            ]
        let a = environment.state.adjustments
        for c in ColorControl.allCases {
            metrics.append(Metric("final_\(c.rawValue)", a[keyPath: c.amount]))
            metrics.append(Metric("final_\(c.rawValue)_luminance", a[keyPath: c.luminance]))
        }
        if let t = outcome.firstTouch { metrics.append(Metric("first_touch_s", t)) }
        return TrialOutcome(metrics: metrics, events: outcome.events)
    }

    package func scene(for trial: PlannedTrial) -> ReplayScene {
        let task = tasks[trial.task.id]!
        return ReplayScene(original: task.original, goal: task.goal, goalLab: task.goalLab, tolerance: task.tolerance)
    }
}

extension ColorSimulator: CeilingAnalysing {}

/// A colour design with its engine, as a person meets it; it also measures each
/// drag's axis and region errors on the pixels.
struct ColorEnvironment: AdjustedPhotoEnvironment {
    let design: any ColorDesign
    let device: DeviceConfiguration
    let original: Image
    let glance: Image
    /// Working-size pixels outside the task's ranges.
    let outside: [Int]
    var state: ColorState
    var renders = 0
    private(set) var axisErrors = 0
    private(set) var regionErrors = 0
    /// Drags that started on the photo and changed the adjustments (the photo used as a control).
    private(set) var photoDrags = 0
    var camera: TrialCamera?
    let cache = RenderCache()

    init(design: any ColorDesign, device: DeviceConfiguration, task: ColorSimulator.PreparedTask) {
        self.design = design
        self.device = device
        original = task.original
        glance = task.glance
        outside = task.outside
        state = ColorState(photoAspect: Double(task.original.width) / Double(max(1, task.original.height)))
    }

    var screen: Screen { design.screen(state, on: device) }

    var adjustments: Adjustments { state.adjustments }

    func adjustments(during gesture: Gesture) -> Adjustments {
        var seen = state
        design.handle(gesture, &seen, on: device, photo: render())
        return seen.adjustments
    }

    mutating func perform(_ gesture: Gesture) {
        let before = render()
        let beforeAdjustments = state.adjustments
        let shown = screen
        let during =
            camera?.during(
                gesture, from: state, original: original,
                apply: { design.handle($0, &$1, on: device, photo: before) },
                look: { (design.screen($0, on: device), $0.adjustments) }) ?? []
        design.handle(gesture, &state, on: device, photo: before)
        renders += 1
        if state.adjustments != beforeAdjustments {
            // On the photo and on no control drawn over it (a compact overlay's slider is not the photo).
            if case .drag(let touches) = gesture, let frame = shown.photoFrame, frame.contains(touches.start.location),
                !shown.controls.contains(where: { $0.role != .zone && $0.frame.contains(touches.start.location) })
            {
                photoDrags += 1
            }
            // The last changing drag's "after" (kept by the cache) is this one's "before".
            let beforeLab = cache.lab(original, with: beforeAdjustments)
            let after = cache.lab(original, with: state.adjustments)
            renders += 1
            if Self.meanChange(beforeLab, after, over: outside) > ColorSimulator.regionErrorDE {
                regionErrors += 1
            }
            if let move = state.lastMove, move.intended != state.adjustments {
                // What the other axis alone did, on the pixels the control acts on.
                let meant = Renderer(threads: 1).render(original, with: move.intended)
                renders += 1
                let pixels = Self.pixels(of: move.control, in: meant)
                if Self.meanChange(LabImage(meant), after, over: pixels) > ColorSimulator.axisErrorDE {
                    axisErrors += 1
                }
            }
        }
        var shot = ReplayShot(touchDown: gesture.start, screen: screen, photo: render())
        shot.during = during
        camera?.shoot(shot)
    }

    /// Mean ΔE00 between two renders over `pixels` (0 when there are none).
    static func meanChange(_ a: LabImage, _ b: LabImage, over pixels: [Int]) -> Double {
        guard !pixels.isEmpty else { return 0 }
        let map = a.deltaE2000Map(to: b)
        return pixels.reduce(0.0) { $0 + Double(map[$1]) } / Double(pixels.count)
    }

    /// The pixels a control acts on, as the engine classifies them: its range
    /// (weight ≥ 0.5), or every clearly colourful pixel for saturation.
    static func pixels(of control: ColorControl, in image: Image) -> [Int] {
        image.pixels.indices.filter { i in
            let p = image.pixels[i]
            guard let r = control.range else { return ColorRange.colourfulness(p) >= 0.5 }
            return r.weight(p) >= 0.5
        }
    }
}
