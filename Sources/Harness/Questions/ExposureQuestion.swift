import Designs
import Foundation
import ImageEngine
import Interaction
import UserModels

/// The exposure experiment: a person adjusts a real photo until it looks like a
/// goal the engine rendered from hidden adjustment values, through one of the
/// iPhoto talk's exposure designs.
public struct ExposureSimulator: TrialSimulator {
    /// What every task needs, prepared once per run.
    struct PreparedTask: @unchecked Sendable {
        var original: Image          // at the working size
        var goalLab: LabImage        // goal at the working size (objective metric)
        var tolerance: Double
    }

    let designs: [String: any ExposureDesign]
    let tasks: [String: PreparedTask]
    let limits: TrialLimits
    public let dataFiles: [(path: String, sha256: String)]

    /// Long side of the images the objective metric compares.
    static let workingSize = 160

    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "final_delta_e00",
        "touches", "control_switches", "wrong_control_tries", "travel_mm", "clipped_fraction", "missed_taps", "photo_share",
        "renders", "first_touch_s", "final_black_level", "final_shadows", "final_brightness", "final_contrast", "final_highlights", "final_white_level",
    ]

    public init(spec: ExperimentSpec) throws {
        var designs: [String: any ExposureDesign] = [:]
        for s in spec.strategies { designs[s.label] = try ExposureDesigns.make(s.design, parameters: StrategyParameters(s.parameters)) }
        self.designs = designs
        var tasks: [String: PreparedTask] = [:]
        var files: [String: String] = [:]
        for task in spec.tasks {
            guard case .adjustPhoto(let path, let goal, let tolerance) = task.goal else { continue }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw SpecError(file: spec.path, field: "tasks.\(task.id).photo", message: "cannot read \(path): \(error.localizedDescription)")
            }
            let image: Image
            do { image = try PNGFile.decode(data, name: path) } catch {
                throw SpecError(file: spec.path, field: "tasks.\(task.id).photo", message: "\(error)")
            }
            files[path] = SHA256.hex(data)
            let original = image.downscaled(toFit: Self.workingSize)
            let goalLab = LabImage(Renderer(threads: 1).render(original, with: goal))
            let start = LabImage(original).meanDeltaE2000(to: goalLab)
            guard start >= tolerance * 1.5 else {
                throw SpecError(file: spec.path, field: "tasks.\(task.id).goal",
                                message: "the photo as it is already comes within \(String(format: "%.2f", start)) ΔE00 of the goal (tolerance \(tolerance)); choose stronger goal values so there is something to do")
            }
            tasks[task.id] = PreparedTask(original: original, goalLab: goalLab, tolerance: tolerance)
        }
        self.tasks = tasks
        dataFiles = files.keys.sorted().map { ($0, files[$0]!) }
        limits = spec.limits
    }

    static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        let items = try node.list()
        guard !items.isEmpty else { throw node.error("expected at least one task") }
        var ids: Set<String> = []
        let base = URL(fileURLWithPath: node.file).absoluteURL.deletingLastPathComponent()
        return try items.map { item in
            try item.rejectUnknownKeys(["id", "label", "photo", "goal", "tolerance_de00"])
            let idNode = try item.required("id")
            let id = try idNode.string()
            guard id.range(of: #"^[a-z0-9][a-z0-9._-]*$"#, options: .regularExpression) != nil else {
                throw idNode.error("task id '\(id)' must be lowercase letters, digits, '.', '_' or '-' (it becomes part of trial keys)")
            }
            guard ids.insert(id).inserted else { throw idNode.error("two tasks have the id '\(id)'") }
            let photoNode = try item.required("photo")
            let relative = try photoNode.string()
            let path = relative.hasPrefix("/") ? relative : base.appendingPathComponent(relative).standardized.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw photoNode.error("no photo at \(path) (paths are relative to the spec's folder)")
            }
            var goal = Adjustments()
            let goalNode = try item.required("goal")
            for (name, value) in try goalNode.entries() {
                do { try goal.set(name, to: String(try value.double())) } catch let e as SpecError { throw e } catch {
                    throw value.error("\(error)")
                }
            }
            return TaskSpec(id: id, label: try item.optional("label")?.string() ?? id,
                            goal: .adjustPhoto(photo: path, goal: goal,
                                               tolerance: try item.optional("tolerance_de00")?.double(in: 0.1...50) ?? 2.0))
        }
    }

    public func run(_ trial: PlannedTrial, participant: Participant, trace: Bool) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var environment = ExposureEnvironment(design: designs[trial.strategy]!, device: trial.device, original: task.original)
        var g = SeededGenerator(seed: trial.behaviourSeed)
        let proxy = Int(participant["perception.proxy_px"])
        let goal = LabImage(Renderer(threads: 1).render(task.original.downscaled(toFit: proxy), with: goalAdjustments(trial)))
        let editor = PhotoEditor(participant: participant, timeLimit: limits.timeLimit, maxGestures: limits.maxAttempts)
        let outcome = editor.edit(&environment, goal: goal, using: &g, trace: trace) { env in
            env.render().meanDeltaE2000(to: task.goalLab) < task.tolerance
        }
        let final = environment.render()
        let clipping = Clipping(of: final)
        let finalDE = LabImage(final).meanDeltaE2000(to: task.goalLab)
        var metrics = [
            Metric("reached_effect", outcome.timeToEffect == nil ? 0 : 1),
            Metric("within_10s", (outcome.timeToEffect ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", outcome.timeToDone),
            Metric("gave_up", outcome.satisfied ? 0 : 1),
            Metric("final_delta_e00", finalDE),
            Metric("touches", Double(outcome.touches)),
            Metric("control_switches", Double(outcome.controlSwitches)),
            Metric("wrong_control_tries", Double(outcome.wrongControlTries)),
            Metric("travel_mm", trial.device.millimetres(outcome.travel)),
            Metric("clipped_fraction", clipping.shadows + clipping.highlights),
            Metric("missed_taps", Double(outcome.missedTaps)),
            Metric("photo_share", environment.screen.photoShare),
            Metric("renders", Double(environment.renders)),
        ]
        // The final values, so reports can re-render what the person ended with.
        let a = environment.state.adjustments
        for (name, value) in [("black_level", a.blackLevel), ("shadows", a.shadows), ("brightness", a.brightness),
                              ("contrast", a.contrast), ("highlights", a.highlights), ("white_level", a.whiteLevel)] {
            metrics.append(Metric("final_\(name)", value))
        }
        if let t = outcome.timeToEffect { metrics.insert(Metric("time_to_effect_s", t), at: 0) }
        if let t = outcome.firstTouch { metrics.append(Metric("first_touch_s", t)) }
        return TrialOutcome(metrics: metrics, events: outcome.events)
    }

    func goalAdjustments(_ trial: PlannedTrial) -> Adjustments {
        guard case .adjustPhoto(_, let goal, _) = trial.task.goal else { preconditionFailure("not an exposure task: \(trial.key)") }
        return goal
    }
}

/// An exposure design with its engine, as a person meets it.
struct ExposureEnvironment: PhotoEditingEnvironment {
    let design: any ExposureDesign
    let device: DeviceConfiguration
    let original: Image
    var state: ExposureState
    /// The original at the usual perception-proxy size, downscaled once.
    let glance: Image
    /// Renders made for the person's eyes and the design's feedback (a cost measure).
    private(set) var renders = 0

    init(design: any ExposureDesign, device: DeviceConfiguration, original: Image) {
        self.design = design
        self.device = device
        self.original = original
        state = ExposureState(original: original)
        glance = original.downscaled(toFit: 96)
        design.prepare(&state)
    }

    var screen: Screen { design.screen(state, on: device) }

    /// The current render at the working size.
    func render() -> Image { Renderer(threads: 1).render(original, with: state.adjustments) }

    mutating func photo(proxy: Int) -> Image {
        renders += 1
        let base = proxy == 96 ? glance : proxy >= max(original.width, original.height) ? original : original.downscaled(toFit: proxy)
        return Renderer(threads: 1).render(base, with: state.adjustments)
    }

    mutating func perform(_ gesture: Gesture) {
        let current = render()
        design.handle(gesture, &state, on: device, photo: current)
        state.clipping = Clipping(of: render())
        renders += 2
    }
}
