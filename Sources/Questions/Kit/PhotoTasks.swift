import Foundation
import Harness
import ImageEngine
import Reports
import UserModels
import Yams

/// What every photo-editing question (exposure, effects) shares: the task
/// fields of a spec, loading the photo with its fingerprint, refusing goals the
/// photo already meets, and the metrics of one `PhotoEditor` session.
enum PhotoTasks {
    /// The long side of the photo a glance reads (the usual perception proxy), px: made once per task.
    static let glanceSize = 96

    /// A spec's `tasks:` list of photo tasks: each item's common fields (`parse`), and its `goal` read by
    /// `goal` from the item, its photo's path and its tolerance.
    static func list(
        _ node: SpecNode, defaultTolerance: Double,
        goal: (_ item: SpecNode, _ path: String, _ tolerance: Double) throws -> TaskGoal
    ) throws -> [TaskSpec] {
        let items = try node.list()
        guard !items.isEmpty else { throw node.error("expected at least one task") }
        var ids: Set<String> = []
        return try items.map { item in
            let (id, label, path, tolerance) = try parse(item, ids: &ids, defaultTolerance: defaultTolerance)
            return TaskSpec(id: id, label: label, goal: try goal(item, path, tolerance))
        }
    }

    /// The fields every photo task has, checked: `id`, `label`, `photo` (relative to
    /// the spec's folder) and `tolerance_de00`; `goal` is the question's own.
    static func parse(
        _ item: SpecNode, ids: inout Set<String>, defaultTolerance: Double
    )
        throws -> (id: String, label: String, path: String, tolerance: Double)
    {
        try item.rejectUnknownKeys(["id", "label", "photo", "goal", "tolerance_de00"])
        let idNode = try item.required("id")
        let id = try idNode.string()
        guard id.range(of: #"^[a-z0-9][a-z0-9._-]*$"#, options: .regularExpression) != nil else {
            throw idNode.error(
                "task id '\(id)' must be lowercase letters, digits, '.', '_' or '-' (it becomes part of trial keys)")
        }
        guard ids.insert(id).inserted else { throw idNode.error("two tasks have the id '\(id)'") }
        let photoNode = try item.required("photo")
        let relative = try photoNode.string()
        let path = item.resolve(relative)
        guard FileManager.default.fileExists(atPath: path) else {
            throw photoNode.error("no photo at \(path) (paths are relative to the spec's folder)")
        }
        if let problem = InputFile.problem(at: path) { throw photoNode.error("the photo \(path) \(problem)") }
        return (
            id, try item.optional("label")?.string() ?? id, path,
            try item.optional("tolerance_de00")?.double(in: 0.1...50) ?? defaultTolerance
        )
    }

    /// The task's photo at the working size, and the SHA-256 of the file read.
    static func load(_ path: String, task: String, spec: ExperimentSpec) throws -> (original: Image, sha256: String) {
        let data: Data
        do { data = try InputFile.read(path) } catch {
            throw photoError(spec: spec, task: task, "the photo \(error)")
        }
        let image: Image
        do { image = try PNGFile.decode(data, name: path) } catch {
            throw photoError(spec: spec, task: task, "\(error)")
        }
        return (image.downscaled(toFit: ExposureSimulator.workingSize), SHA256.hex(data))
    }

    /// An error about task `task`'s photo, at the line and column of its `photo` field
    /// (found again in the spec's text: decoding happens after parsing).
    static func photoError(spec: ExperimentSpec, task: String, _ message: String) -> SpecError {
        if case .sequence(let items)? = (try? Yams.compose(yaml: spec.text))?.mapping?["tasks"] {
            for (i, item) in items.enumerated() where item.mapping?["id"]?.string == task {
                let photo = item.mapping?["photo"]
                return SpecError(
                    file: spec.path, line: photo?.mark?.line, column: photo?.mark?.column,
                    field: "tasks[\(i)].photo", message: message)
            }
        }
        return SpecError(file: spec.path, field: "tasks.\(task).photo", message: message)
    }

    /// Reads a spec's photos, remembering each file's SHA-256 for the run's data
    /// files, and turns goals into Lab, refusing one a photo already meets.
    struct Loader {
        let spec: ExperimentSpec
        /// What to tell the spec's author when a goal is already met.
        let advice: String
        private var files: [String: String] = [:]

        init(_ spec: ExperimentSpec, advice: String) {
            self.spec = spec
            self.advice = advice
        }

        /// Task `task`'s photo at the working size.
        mutating func photo(_ path: String, task: String) throws -> Image {
            let (original, sha) = try PhotoTasks.load(path, task: task, spec: spec)
            files[path] = sha
            return original
        }

        /// `goal` in Lab, refused when `original` already comes close to it (`requireWork`).
        func goal(_ goal: Image, of original: Image, tolerance: Double, task: String) throws -> LabImage {
            let lab = LabImage(goal)
            try PhotoTasks.requireWork(
                original, goal: lab, tolerance: tolerance, task: task, spec: spec, advice: advice)
            return lab
        }

        /// The photos read, by path, with their SHA-256.
        var dataFiles: [(path: String, sha256: String)] { files.keys.sorted().map { ($0, files[$0]!) } }
    }

    /// Every task of `spec` that `read` prepares (nil for a task it does not take) by id, with the photos
    /// read (path and SHA-256, by path). `advice` says what to do with a goal too close to its photo to need
    /// any work.
    static func prepare<Prepared>(
        _ spec: ExperimentSpec, advice: String, _ read: (TaskSpec, inout Loader) throws -> Prepared?
    ) throws -> (tasks: [String: Prepared], dataFiles: [(path: String, sha256: String)]) {
        var tasks: [String: Prepared] = [:]
        var loader = Loader(spec, advice: advice)
        for task in spec.tasks { tasks[task.id] = try read(task, &loader) }
        return (tasks, loader.dataFiles)
    }

    /// Refuses a goal the untouched photo already comes close to: there would be nothing to do.
    static func requireWork(
        _ original: Image, goal: LabImage, tolerance: Double, task: String, spec: ExperimentSpec, advice: String
    ) throws {
        let start = LabImage(original).meanDeltaE2000(to: goal)
        guard start >= tolerance * 1.5 else {
            throw SpecError(
                file: spec.path, field: "tasks.\(task).goal",
                message:
                    "the photo as it is already comes within \(String(format: "%.2f", start)) ΔE00 of the goal "
                        + "(tolerance \(tolerance)); \(advice)"
            )
        }
    }

    /// The photo the eyes get at `proxy` pixels on the long side: the copy
    /// downscaled once per task when `proxy` is the usual glance size (most
    /// looks), otherwise the original downscaled (or itself when it is no larger).
    static func proxyBase(_ original: Image, glance: Image, glanceSize: Int, proxy: Int) -> Image {
        proxy == glanceSize ? glance : original.downscaled(toFit: proxy)
    }

    /// The DESIGN §6 metrics of one editing session.
    /// `satisfied_off_goal`: the person was satisfied (their remembered goal looked
    /// matched) while the photo is objectively outside the tolerance.
    static func metrics(_ o: PhotoEditingOutcome, finalDeltaE: Double, tolerance: Double) -> [Metric] {
        var metrics = [
            Metric("reached_effect", o.timeToEffect == nil ? 0 : 1),
            Metric("within_10s", (o.timeToEffect ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", o.timeToDone),
            Metric("gave_up", o.satisfied ? 0 : 1),
            Metric("satisfied_off_goal", o.satisfied && finalDeltaE >= tolerance ? 1 : 0),
            Metric("final_delta_e00", finalDeltaE),
            Metric("touches", Double(o.touches)),
            Metric("control_switches", Double(o.controlSwitches)),
            Metric("wrong_control_tries", Double(o.wrongControlTries)),
            Metric("missed_taps", Double(o.missedTaps)),
            Metric("wrong_grabs", Double(o.wrongGrabs)),
            Metric("missed_grabs", Double(o.missedGrabs))
        ]
        if let t = o.timeToEffect { metrics.insert(Metric("time_to_effect_s", t), at: 0) }
        return metrics
    }
}
