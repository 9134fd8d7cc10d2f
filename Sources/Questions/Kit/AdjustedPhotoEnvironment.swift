import Harness
import ImageEngine
import Interaction
import Randomness
import UserModels

/// A photo-editing screen whose photo is the task's original under the state's
/// adjustments (the colour and exposure questions): rendered once per state at
/// the working size, and at the person's proxy size from the glance, each look
/// counted as a render for the eyes.
protocol AdjustedPhotoEnvironment: PhotoEditingEnvironment {
    /// The task's photo at the working size.
    var original: Image { get }
    /// The photo small enough to glance at (`PhotoTasks.glanceSize` on its long side).
    var glance: Image { get }
    var adjustments: Adjustments { get }
    var cache: RenderCache { get }
    /// Renders the eyes asked for (a metric of the trial).
    var renders: Int { get set }
    /// Set when the trial is replayed: shown the screen and render after each gesture.
    var camera: TrialCamera? { get set }
    /// The adjustments the screen shows while `gesture` is under way (its touches so far), not performed.
    func adjustments(during gesture: Gesture) -> Adjustments
}

extension AdjustedPhotoEnvironment {
    /// The current render at the working size.
    func render() -> Image { cache.render(original, with: adjustments) }

    mutating func photo(proxy: Int) -> Image {
        renders += 1
        return render(proxy: proxy)
    }

    /// Counted as a render for the eyes, like `photo(proxy:)`, even when the comparison is kept.
    mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison {
        renders += 1
        return cache.comparison(proxy: proxy, with: adjustments, goal: goal) { render(proxy: proxy) }
    }

    var showsDragsUnderWay: Bool { true }

    /// The photo as shown mid-gesture compared with `goal`, counted as a render for the eyes.
    mutating func comparison(during gesture: Gesture, proxy: Int, with goal: GoalLook) -> RegionComparison {
        let seen = adjustments(during: gesture)
        renders += 1
        return cache.comparison(proxy: proxy, with: seen, goal: goal) { render(proxy: proxy, with: seen) }
    }

    /// One trial's editing, filmed when `camera` is set: `participant` edits this screen towards the goal as
    /// they see it (`goalLook` rendered at their perception-proxy size, kept per task and size in `goals`) until
    /// the photo is within `tolerance` (mean ΔE00) of `goalLab` at the working size, or they stop.
    mutating func edit(
        _ trial: PlannedTrial, goals: SharedCache<GoalLook>, goalLook: (Int) -> Image, reaching goalLab: LabImage,
        within tolerance: Double, participant: Participant, limits: TrialLimits, policy: PolicyKind,
        memory: inout SessionMemory, trace: Bool, camera: TrialCamera?
    ) -> PhotoEditingOutcome {
        self.camera = camera
        camera?.shoot(ReplayShot(touchDown: nil, screen: screen, photo: render()))
        let proxy = Int(participant["perception.proxy_px"])
        let goal = goals.value("\(trial.task.id)/\(proxy)") { GoalLook(LabImage(goalLook(proxy))) }
        var g = SeededGenerator(seed: trial.behaviourSeed)
        let editor = PhotoEditor(
            participant: participant, timeLimit: limits.timeLimit, maxGestures: limits.maxAttempts, policy: policy)
        return editor.edit(&self, goal: goal, memory: &memory, using: &g, trace: trace) { env in
            env.cache.isWithin(env.original, with: env.adjustments, of: goalLab, tolerance: tolerance)
        }
    }

    private func render(proxy: Int, with adjustments: Adjustments? = nil) -> Image {
        Renderer(threads: 1).render(
            PhotoTasks.proxyBase(original, glance: glance, glanceSize: PhotoTasks.glanceSize, proxy: proxy),
            with: adjustments ?? self.adjustments)
    }
}
