import Designs
import Foundation
import ImageEngine
import Interaction
import UserModels

/// The effects experiment: choose and refine an effect to match a goal look
/// (the 10-second goal), or browse with no goal and settle on a look one likes.
public struct EffectsSimulator: TrialSimulator {
    struct PreparedTask: @unchecked Sendable {
        var original: Image
        var goalLab: LabImage?
        var tolerance: Double
        var goal: Effect?
    }

    let designs: [String: EffectsDesign]
    let tasks: [String: PreparedTask]
    let limits: TrialLimits
    public let dataFiles: [(path: String, sha256: String)]

    public static let metricNames = [
        "time_to_effect_s", "reached_effect", "within_10s", "time_to_done_s", "gave_up", "final_delta_e00",
        "effect_found_s", "refine_s", "scrolls", "cards_opened", "chosen_effect", "chosen_in_first_six", "looks_seen_10s",
        "touches", "control_switches", "wrong_control_tries", "missed_taps",
    ]

    public init(spec: ExperimentSpec) throws {
        var designs: [String: EffectsDesign] = [:]
        for s in spec.strategies { designs[s.label] = try EffectsDesigns.make(s.design, parameters: StrategyParameters(s.parameters)) }
        self.designs = designs
        var tasks: [String: PreparedTask] = [:]
        var files: [String: String] = [:]
        for task in spec.tasks {
            guard case .chooseEffect(let path, let goal, let tolerance) = task.goal else { continue }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw SpecError(file: spec.path, field: "tasks.\(task.id).photo", message: "cannot read \(path): \(error.localizedDescription)")
            }
            let image: Image
            do { image = try PNGFile.decode(data, name: path) } catch {
                throw SpecError(file: spec.path, field: "tasks.\(task.id).photo", message: "\(error)")
            }
            files[path] = SHA256.hex(data)
            let original = image.downscaled(toFit: ExposureSimulator.workingSize)
            var goalLab: LabImage?
            if let goal {
                var a = Adjustments()
                a.effect = goal
                goalLab = LabImage(Renderer(threads: 1).render(original, with: a))
                let start = LabImage(original).meanDeltaE2000(to: goalLab!)
                guard start >= tolerance * 1.5 else {
                    throw SpecError(file: spec.path, field: "tasks.\(task.id).goal",
                                    message: "the photo as it is already comes within \(String(format: "%.2f", start)) ΔE00 of the goal (tolerance \(tolerance)); choose a look further from the original")
                }
            }
            tasks[task.id] = PreparedTask(original: original, goalLab: goalLab, tolerance: tolerance, goal: goal)
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
                throw idNode.error("task id '\(id)' must be lowercase letters, digits, '.', '_' or '-'")
            }
            guard ids.insert(id).inserted else { throw idNode.error("two tasks have the id '\(id)'") }
            let photoNode = try item.required("photo")
            let relative = try photoNode.string()
            let path = relative.hasPrefix("/") ? relative : base.appendingPathComponent(relative).standardized.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw photoNode.error("no photo at \(path) (paths are relative to the spec's folder)")
            }
            var goal: Effect?
            if let g = try item.optional("goal") {
                try g.rejectUnknownKeys(["family", "position", "look"])
                let familyNode = try g.required("family")
                let name = try familyNode.string()
                guard let family = EffectFamily(rawValue: name) else {
                    let names = EffectFamily.allCases.map(\.rawValue)
                    throw familyNode.error("unknown effect family '\(name)'\(suggestion(name, names)); expected one of \(names.joined(separator: ", "))")
                }
                goal = Effect(family: family, position: try g.optional("position")?.double(in: 0...1) ?? 0.5,
                              look: try g.optional("look")?.int(in: 0...3) ?? 0)
            }
            return TaskSpec(id: id, label: try item.optional("label")?.string() ?? id,
                            goal: .chooseEffect(photo: path, goal: goal,
                                                tolerance: try item.optional("tolerance_de00")?.double(in: 0.1...50) ?? 1.5))
        }
    }

    public func run(_ trial: PlannedTrial, participant: Participant, trace: Bool) -> TrialOutcome {
        let task = tasks[trial.task.id]!
        var environment = EffectsEnvironment(design: designs[trial.strategy]!, device: trial.device, original: task.original)
        var g = SeededGenerator(seed: trial.behaviourSeed)
        var metrics: [Metric] = []
        var events: [TraceEvent] = []
        if let goalLab = task.goalLab, let goal = task.goal {
            let proxy = Int(participant["perception.proxy_px"])
            var a = Adjustments()
            a.effect = goal
            let goalProxy = LabImage(Renderer(threads: 1).render(task.original.downscaled(toFit: proxy), with: a))
            let editor = PhotoEditor(participant: participant, timeLimit: limits.timeLimit, maxGestures: limits.maxAttempts)
            let o = editor.edit(&environment, goal: goalProxy, using: &g, trace: trace) { env in
                env.render().meanDeltaE2000(to: goalLab) < task.tolerance
            }
            let found = o.chosenAt
            metrics = [
                Metric("reached_effect", o.timeToEffect == nil ? 0 : 1),
                Metric("within_10s", (o.timeToEffect ?? .infinity) <= 10 ? 1 : 0),
                Metric("time_to_done_s", o.timeToDone),
                Metric("gave_up", o.satisfied ? 0 : 1),
                Metric("final_delta_e00", LabImage(environment.render()).meanDeltaE2000(to: goalLab)),
                Metric("scrolls", Double(environment.state.scrolls)),
                Metric("cards_opened", Double(environment.state.cardsOpened)),
                Metric("touches", Double(o.touches)),
                Metric("control_switches", Double(o.controlSwitches)),
                Metric("wrong_control_tries", Double(o.wrongControlTries)),
                Metric("missed_taps", Double(o.missedTaps)),
            ]
            if let t = o.timeToEffect { metrics.insert(Metric("time_to_effect_s", t), at: 0) }
            if let f = found {
                metrics.append(Metric("effect_found_s", f))
                if let t = o.timeToEffect { metrics.append(Metric("refine_s", max(0, t - f))) }
            }
            events = o.events
        } else {
            let o = Satisficer(participant: participant, timeLimit: limits.timeLimit).explore(&environment, using: &g, trace: trace)
            metrics = [
                Metric("time_to_done_s", o.timeToDone),
                Metric("looks_seen_10s", Double(o.looksSeenIn10s)),
                Metric("scrolls", Double(environment.state.scrolls)),
                Metric("cards_opened", Double(environment.state.cardsOpened)),
            ]
            events = o.events
        }
        if let e = environment.state.effect, let index = EffectsDesign.catalogIndex(e) {
            metrics.append(Metric("chosen_effect", Double(index)))
            metrics.append(Metric("chosen_in_first_six", index < 6 ? 1 : 0))
        }
        return TrialOutcome(metrics: metrics, events: events)
    }
}

/// An effects design with its engine, as a person meets it.
struct EffectsEnvironment: PhotoEditingEnvironment {
    let design: EffectsDesign
    let device: DeviceConfiguration
    let original: Image
    let glance: Image
    var state: EffectsState

    init(design: EffectsDesign, device: DeviceConfiguration, original: Image) {
        self.design = design
        self.device = device
        self.original = original
        glance = original.downscaled(toFit: 96)
        state = EffectsState(photoAspect: Double(original.width) / Double(max(1, original.height)))
    }

    var screen: Screen { design.screen(state, on: device) }

    func render() -> Image { Renderer(threads: 1).render(original, with: state.adjustments) }

    mutating func photo(proxy: Int) -> Image {
        Renderer(threads: 1).render(proxy == 96 ? glance : original.downscaled(toFit: proxy), with: state.adjustments)
    }

    mutating func perform(_ gesture: Gesture) { design.handle(gesture, &state, on: device) }

    /// Previews are real renders of the photo: the catalogue look, or the family card's look.
    mutating func thumbnail(_ id: String, proxy: Int) -> Image? {
        var a = Adjustments()
        if id.hasPrefix("effect-"), let e = EffectCatalog.named(String(id.dropFirst(7))) {
            a.effect = e.effect
        } else if id.hasPrefix("card-"), let f = EffectFamily(rawValue: String(id.dropFirst(5))) {
            a.effect = EffectsDesign.representative(f).effect
        } else {
            return nil
        }
        return Renderer(threads: 1).render(proxy == 96 ? glance : original.downscaled(toFit: proxy), with: a)
    }
}
