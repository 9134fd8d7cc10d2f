import Harness
import ImageEngine
import UserModels

/// A choose-an-effect task read from its photo, as the effects and harmonica
/// questions run it: the original, its glance-sized copy and, when the task
/// names a goal look, that look as the engine renders it.
struct EffectTask: @unchecked Sendable {
    var original: Image
    /// The original at the usual perception-proxy size, downscaled once per task.
    var glance: Image
    var goalLab: LabImage?
    var tolerance: Double
    var goal: Effect?

    /// Every choose-an-effect task of `spec` by id, and the photos read (path and SHA-256, by path).
    /// `check` may refuse a task's goal before its photo is read; `advice` says what to do with a goal
    /// too close to the original to need any work.
    static func prepare(
        _ spec: ExperimentSpec, advice: String, check: (TaskSpec, Effect) throws -> Void = { _, _ in }
    ) throws -> (tasks: [String: EffectTask], dataFiles: [(path: String, sha256: String)]) {
        try PhotoTasks.prepare(spec, advice: advice) { task, loader in
            guard case .chooseEffect(let path, let goal, let tolerance) = task.goal else { return nil }
            if let goal { try check(task, goal) }
            let original = try loader.photo(path, task: task.id)
            let goalLab = try goal.map {
                try loader.goal(render(original, $0), of: original, tolerance: tolerance, task: task.id)
            }
            return EffectTask(
                original: original, glance: original.downscaled(toFit: PhotoTasks.glanceSize), goalLab: goalLab,
                tolerance: tolerance, goal: goal)
        }
    }

    /// `image` with `effect` applied and nothing else.
    static func render(_ image: Image, _ effect: Effect) -> Image {
        var a = Adjustments()
        a.effect = effect
        return Renderer(threads: 1).render(image, with: a)
    }

    /// The goal look as a person sees it at `proxy` pixels, rendered once per task and size in `goals`.
    func goalLook(_ goal: Effect, proxy: Int, taskID: String, goals: SharedCache<GoalLook>) -> GoalLook {
        goals.value("\(taskID)/\(proxy)") {
            GoalLook(
                LabImage(
                    Self.render(
                        PhotoTasks.proxyBase(original, glance: glance, glanceSize: PhotoTasks.glanceSize, proxy: proxy),
                        goal)))
        }
    }
}
