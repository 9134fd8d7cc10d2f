import ImageEngine
import UserModels

/// The looks every trial of an effects or harmonica run shares, made once (the engine is deterministic, so it
/// does not matter which trial makes them): each preview of a look on a task's photo at a perception size, its
/// comparison with the task's goal, and the goal look itself at each size.
final class LookPreviews: Sendable {
    let thumbnails = SharedCache<Image>()
    let comparisons = SharedCache<(goal: GoalLook, comparison: RegionComparison)>()
    let goals = SharedCache<GoalLook>()
}

/// One task's previews: the run's shared looks under the task's key.
struct TaskPreviews {
    let shared: LookPreviews
    let task: String

    init(_ shared: LookPreviews = LookPreviews(), task: String = "") {
        self.shared = shared
        self.task = task
    }

    /// The preview `id` at `proxy` pixels, made by `make` the first time any trial of the task asks.
    func thumbnail(_ id: String, proxy: Int, make: () -> Image) -> Image {
        shared.thumbnails.value("\(task)/\(id)/\(proxy)", make: make)
    }

    /// The preview's comparison with `goal`, kept per photo, look, size and goal: every trial of a task inspects
    /// the same previews. Another goal under the same key (not in a run: one goal per task and size) is compared
    /// afresh.
    func comparison(_ id: String, proxy: Int, of image: () -> Image, with goal: GoalLook) -> RegionComparison {
        let kept = shared.comparisons.value("\(task)/\(id)/\(proxy)") {
            (goal, RegionComparison(image(), goal: goal))
        }
        return kept.goal.isSame(as: goal) ? kept.comparison : RegionComparison(image(), goal: goal)
    }
}
