import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// The brushes experiment: a person paints one brush's effect onto a region of
/// a real photo (lighten a face, saturate a sky but not the building, soften
/// skin) through one of the talk's brush placements, with a soft or strong
/// stroke, detect edges on or off, and the brush sized by zooming or by a
/// slider. The person (`Painter`) finds the brush on the screen the design
/// shows, sizes it, and strokes and erases from what the real render shows
/// them, patch by patch, until nothing looks off.
public struct BrushesSimulator: FilmedSimulator, SpecSimulator {
    /// What every task needs, prepared once per run.
    struct PreparedTask: @unchecked Sendable {
        var task: BrushTask
        var original: Image  // at the working size
        var originalLab: LabImage
        var goalLab: LabImage  // the full effect on the region, at the working size
        var goal: Image
        var mask: [Bool]
        /// The original at the usual perception-proxy size.
        var glance: Image
        /// The photo as loaded: a person zoomed in sees it at more than the working size.
        var full: Image

        /// The original at `proxy` pixels on its longer side (at most the loaded photo's).
        func base(_ proxy: Int) -> Image {
            if proxy == max(glance.width, glance.height) { return glance }
            if proxy == max(original.width, original.height) { return original }
            return (proxy > max(original.width, original.height) ? full : original).downscaled(toFit: proxy)
        }
    }

    /// Goal looks at each perception-proxy size, made once per task and size.
    let goals = SharedCache<PaintingGoal>()
    let designs: [String: BrushDesign]
    let tasks: [String: PreparedTask]
    let limits: TrialLimits
    public let dataFiles: [(path: String, sha256: String)]

    /// Long side of the images the objective metric compares.
    static let workingSize = 128

    /// Every metric a brushes trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "satisfied_off_goal",
        "spill", "coverage", "region_de00", "strokes", "erases", "taps", "taps_to_brush", "zooms", "first_stroke_s",
        "photo_share", "renders"
    ]

    public init(spec: ExperimentSpec) throws {
        self.designs = try BrushDesigns.designs(of: spec)
        (tasks, dataFiles) = try PhotoTasks.prepare(
            spec, advice: "the brush barely changes this region; choose another brush or region"
        ) { spec_task, loader in
            guard let task = spec_task.custom(BrushTask.self) else { return nil }
            let loaded = try loader.photo(task.path, task: spec_task.id)
            let original = loaded.downscaled(toFit: Self.workingSize)
            let mask = task.region.mask(original)
            let share = Double(mask.filter { $0 }.count) / Double(mask.count)
            guard share >= 0.005 else {
                throw SpecError(
                    file: spec.path, field: "tasks.\(spec_task.id).goal",
                    message:
                        "the region (polygon and colour ranges) covers \(String(format: "%.2f", share * 100))% of the "
                            + "photo: widen the polygon or the ranges"
                )
            }
            let goal = Self.goal(original, brush: task.brush, mask: mask)
            let goalLab = try loader.goal(goal, of: original, tolerance: task.tolerance * share, task: spec_task.id)
            return PreparedTask(
                task: task, original: original, originalLab: LabImage(original), goalLab: goalLab, goal: goal,
                mask: mask, glance: original.downscaled(toFit: 96), full: loaded)
        }
        limits = spec.limits
    }

    /// The brush's full effect on the region's pixels and nothing elsewhere: the
    /// engine renders the brush at full coverage over the whole photo, and the
    /// region takes those pixels.
    static func goal(_ original: Image, brush: String, mask: [Bool]) -> Image {
        let tool = BrushTool.all.first { $0.name == brush }!
        let everywhere = BrushStroke(
            kind: tool.kind, points: [BrushPoint(x: 0.5, y: 0.5)], radius: 1, strength: 1, hardness: 0.999)
        let full = Renderer(threads: 1).render(original, with: Adjustments(brushes: [everywhere]))
        var out = original
        for i in 0..<mask.count where mask[i] { out.pixels[i] = full.pixels[i] }
        return out
    }

    /// The goal look and the original at `size` pixels on the longer side: the
    /// goal downscaled from the working size, or made afresh on the loaded photo
    /// (the region's mask at that size) above it.
    static func looks(_ task: PreparedTask, size: Int) -> (goal: LabImage, original: LabImage) {
        let base = task.base(size)
        guard size > max(task.original.width, task.original.height) else {
            return (LabImage(task.goal.downscaled(toFit: size)), LabImage(base))
        }
        return (LabImage(goal(base, brush: task.task.brush, mask: task.task.region.mask(base))), LabImage(base))
    }

    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try BrushTask.tasks(from: node, brushes: BrushTool.all.filter { !$0.erases }.map(\.name))
    }

    package func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var env = BrushEnvironment(design: designs[trial.strategy]!, device: trial.device, task: task)
        camera?.shoot(ReplayShot(touchDown: nil, screen: env.screen, photo: env.render()))
        env.camera = camera
        let proxy = Int(participant["perception.proxy_px"])
        let goal = goals.value("\(trial.task.id)/\(proxy)") {
            let glance = Self.looks(task, size: proxy)
            // Zoomed in, the person sees the photo larger: the look in mind at that size, made once per size. Kept
            // under its own key: a glance's goal (which can zoom) must never be served as a zoomed one, or the reverse,
            // whichever session happened to make it first.
            let larger = goals, id = trial.task.id
            let brush = task.task.brush, eraser = BrushTool.all.first { $0.erases }!.name
            return PaintingGoal(brush: brush, eraser: eraser, goal: glance.goal, original: glance.original) { size in
                larger.value("\(id)/zoomed/\(size)") {
                    let l = Self.looks(task, size: size)
                    return PaintingGoal(brush: brush, eraser: eraser, goal: l.goal, original: l.original)
                }
            }
        }
        var g = SeededGenerator(seed: trial.behaviourSeed)
        let painter = Painter(participant: participant, timeLimit: limits.timeLimit, maxGestures: limits.maxAttempts)
        let outcome = painter.paint(&env, goal: goal, memory: &memory, using: &g, trace: trace) { env in
            let s = env.score()
            return s.regionDeltaE <= task.task.tolerance && s.spill <= task.task.spillLimit
        }
        let score = env.score()
        let onGoal = score.regionDeltaE <= task.task.tolerance && score.spill <= task.task.spillLimit
        let fitted = env.design.fittedFrame(aspect: env.aspect, on: trial.device)
        var metrics = [
            Metric("reached_effect", outcome.timeToEffect == nil ? 0 : 1),
            Metric("within_10s", (outcome.timeToEffect ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", outcome.timeToDone),
            Metric("gave_up", outcome.satisfied ? 0 : 1),
            Metric("satisfied_off_goal", outcome.satisfied && !onGoal ? 1 : 0),
            Metric("spill", score.spill), Metric("coverage", score.coverage), Metric("region_de00", score.regionDeltaE),
            Metric("strokes", Double(outcome.strokes)), Metric("erases", Double(outcome.erases)),
            Metric("taps", Double(outcome.taps)), Metric("taps_to_brush", Double(outcome.tapsToBrush)),
            Metric("zooms", Double(outcome.zooms)),
            Metric(
                "photo_share", fitted.width * fitted.height / (trial.device.bounds.width * trial.device.bounds.height)),
            Metric("renders", Double(env.renders))
        ]
        if let t = outcome.timeToEffect { metrics.insert(Metric("time_to_effect_s", t), at: 0) }
        if let t = outcome.firstStroke { metrics.append(Metric("first_stroke_s", t)) }
        return TrialOutcome(metrics: metrics, events: outcome.events)
    }

    package func scene(for trial: PlannedTrial) -> ReplayScene {
        let task = tasks[trial.task.id]!
        return ReplayScene(
            original: task.original, goal: task.goal, goalLab: task.goalLab, tolerance: task.task.tolerance)
    }
}
