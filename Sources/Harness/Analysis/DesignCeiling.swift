import Designs
import ImageEngine

/// The best a design can do for a task's goal: the closest its controls can
/// bring the photo to the goal (mean ΔE00 at the working size), found by a
/// seeded Nelder–Mead search with restarts over the design's control space.
/// It separates "the design cannot express this goal" from "the person stopped
/// short of what the design allows" (DESIGN §2).
public struct DesignCeiling: Sendable, Hashable {
    public var strategy: String
    public var task: String
    /// Best mean ΔE00 to the goal the design's controls reach.
    public var deltaE: Double
    public var tolerance: Double
    /// The setting that reaches it, as "axis=value" pairs.
    public var setting: String

    public init(strategy: String, task: String, deltaE: Double, tolerance: Double, setting: String) {
        self.strategy = strategy
        self.task = task
        self.deltaE = deltaE
        self.tolerance = tolerance
        self.setting = setting
    }

    /// Whether the design can bring the photo within the task's tolerance at all.
    public var expressible: Bool { deltaE < tolerance }
}

extension DesignCeiling {
    /// The ceiling for one design and goal: search at a small size (fast), then
    /// measure the best setting at the working size.
    package static func search(strategy: String, task: String, tolerance: Double, axes: [ControlAxis], seed: UInt64,
                       small: (original: Image, goal: LabImage), working: (original: Image, goal: LabImage),
                       render: (Image, [Double]) -> Image) -> DesignCeiling {
        let f = { (x: [Double]) in LabImage(render(small.original, x)).meanDeltaE2000(to: small.goal) }
        let best = NelderMead().minimize(f, start: axes.map(\.start), bounds: axes.map(\.range), restarts: 3,
                                         seed: seed, label: "\(strategy)/\(task)")
        let deltaE = LabImage(render(working.original, best.point)).meanDeltaE2000(to: working.goal)
        let setting = zip(axes, best.point).map { "\($0.name)=\(String(format: "%.2f", $1))" }.joined(separator: " ")
        return DesignCeiling(strategy: strategy, task: task, deltaE: deltaE, tolerance: tolerance, setting: setting)
    }
}
