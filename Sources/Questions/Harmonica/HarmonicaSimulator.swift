import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// The harmonica experiment (seed 004): find and apply a named filter (a goal
/// look the engine rendered, judged preview by preview against the real
/// renders), or browse for one the person likes, in a filter harmonica or a
/// thumbnail strip holding 3 to 15 filters. The generic agent does the work:
/// `PhotoEditor` (its `PreviewChooser` and `Hands`) for a named filter, the
/// `Satisficer` for a liked one; its taps land where the dual Gaussian puts
/// them against the strips' real widths, and a tap applies the filter under it.
public struct HarmonicaSimulator: SpecSimulator {
    let designs: [String: FilterPickerDesign]
    let tasks: [String: EffectTask]
    let limits: TrialLimits
    let policy: PolicyKind
    let previews = LookPreviews()
    public let dataFiles: [(path: String, sha256: String)]

    /// Every metric a harmonica trial reports, in report order (DESIGN §6).
    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "satisfied_off_goal",
        "final_delta_e00",
        "effect_found_s", "touches", "control_switches", "wrong_control_tries", "missed_taps", "wrong_grabs",
        "missed_grabs",
        "mis_tap", "wrong_filter_applied", "applications", "scrolls", "looks_seen_10s", "photo_share",
        "preview_width_pt", "filters"
    ]

    public init(spec: ExperimentSpec) throws {
        let designs = try HarmonicaDesigns.designs(of: spec)
        self.designs = designs
        (tasks, dataFiles) = try EffectTask.prepare(spec, advice: "name a filter further from the original") {
            task, goal in
            if let (label, d) = designs.first(where: { !$0.value.looks.contains { $0.effect == goal } }) {
                throw SpecError(
                    file: spec.path, field: "tasks.\(task.id).goal",
                    message:
                        "strategy '\(label)' does not show this look among its \(d.filters) filters "
                            + "(\(d.looks.map(\.id).joined(separator: ", ")))"
                )
            }
        }
        limits = spec.limits
        policy = spec.policy
    }

    /// Reads the spec's `tasks:` node as the effects question does (`goal: {family, position, look}`
    /// names a filter; no goal: browse for one you like).
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] { try EffectsSimulator.tasks(from: node) }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = tasks[trial.task.id]!, design = designs[trial.strategy]!
        var environment = FilterPickerEnvironment(
            design: design, device: trial.device, original: task.original, glance: task.glance,
            previews: TaskPreviews(previews, task: trial.task.id))
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
            metrics = PhotoTasks.metrics(
                o, finalDeltaE: LabImage(environment.render()).meanDeltaE2000(to: goalLab), tolerance: task.tolerance)
            if let f = o.chosenAt { metrics.append(Metric("effect_found_s", f)) }
            // A mis-tap: a tap meant for one preview that landed off it (on a neighbour or
            // between thumbnails); a wrong filter: one that applied a filter not aimed at.
            metrics.append(Metric("mis_tap", o.missedTaps > 0 ? 1 : 0))
            metrics.append(
                Metric(
                    "wrong_filter_applied",
                    environment.state.applications > o.touches - o.missedTaps - o.scrolls ? 1 : 0))
            events = o.events
        } else {
            let o = Satisficer(participant: participant, timeLimit: limits.timeLimit).explore(
                &environment, memory: &memory, using: &g, trace: trace)
            metrics = [Metric("time_to_done_s", o.timeToDone), Metric("looks_seen_10s", Double(o.looksSeenIn10s))]
            events = o.events
        }
        metrics += [
            Metric("applications", Double(environment.state.applications)),
            Metric("scrolls", Double(environment.state.scrolls)),
            Metric("photo_share", design.photoShare(on: trial.device)),
            Metric(
                "preview_width_pt",
                design.kind == .harmonica ? design.harmonicaStripWidth(on: trial.device) : design.thumbnail),
            Metric("filters", Double(design.filters))
        ]
        return TrialOutcome(metrics: metrics, events: events)
    }
}

/// A filter picker with its engine, as a person meets it.
struct FilterPickerEnvironment: PhotoEditingEnvironment {
    let design: FilterPickerDesign
    let device: DeviceConfiguration
    let original: Image
    /// `original` at `PhotoTasks.glanceSize`, so a look at the usual proxy size does not downscale again.
    let glance: Image
    var state = FilterPickerState()
    /// Previews shared across trials of the task.
    let previews: TaskPreviews
    let cache = RenderCache()

    init(
        design: FilterPickerDesign, device: DeviceConfiguration, original: Image, glance: Image? = nil,
        previews: TaskPreviews = TaskPreviews()
    ) {
        self.design = design; self.device = device; self.original = original
        self.glance = glance ?? original.downscaled(toFit: PhotoTasks.glanceSize)
        self.previews = previews
    }

    var screen: Screen { design.screen(state, on: device) }

    func render() -> Image { cache.render(original, with: state.adjustments) }

    mutating func photo(proxy: Int) -> Image {
        Renderer(threads: 1).render(Self.base(original, glance, proxy), with: state.adjustments)
    }

    /// The photo the eyes get at `proxy` pixels, before any adjustment.
    static func base(_ original: Image, _ glance: Image, _ proxy: Int) -> Image {
        PhotoTasks.proxyBase(original, glance: glance, glanceSize: PhotoTasks.glanceSize, proxy: proxy)
    }

    mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison {
        let (original, glance, adjustments) = (original, glance, state.adjustments)
        return cache.comparison(proxy: proxy, with: adjustments, goal: goal) {
            Renderer(threads: 1).render(Self.base(original, glance, proxy), with: adjustments)
        }
    }

    mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison? {
        guard let image = thumbnail(id, proxy: proxy) else { return nil }
        return previews.comparison(id, proxy: proxy, of: { image }, with: goal)
    }

    mutating func perform(_ gesture: Gesture) { design.handle(gesture, &state, on: device) }

    /// A preview is the real render of the whole photo with the strip's filter
    /// (the talk: "each image must be a source image with a superimposed filter").
    mutating func thumbnail(_ id: String, proxy: Int) -> Image? {
        guard id.hasPrefix("effect-"), let look = EffectCatalog.named(String(id.dropFirst(7))) else { return nil }
        let (original, glance) = (original, glance)
        return previews.thumbnail(id, proxy: proxy) {
            EffectTask.render(Self.base(original, glance, proxy), look.effect)
        }
    }
}
