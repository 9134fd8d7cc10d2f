import Harness
import ImageEngine
import Reports
import UserModels

/// What one trial has already computed about its photo, by adjustment values:
/// the last working-size render (needed by the design, the clipping glow, the
/// goal check and the next gesture: the same image each time) and its CIELAB (a
/// drag's "after" is the next drag's "before"), the goal check's
/// answer for it, and the last perception-size comparison with the goal. A
/// look or check after a gesture that changed nothing (a missed tap, a knob
/// already at its end) reuses them. A class, so copies of an environment (the
/// goal check receives one) share it; one trial, with one goal, uses it on one thread.
final class RenderCache: @unchecked Sendable {
    private var key: Adjustments?
    private var image: Image?
    private var lab: (key: Adjustments, image: LabImage)?
    private var checked: (key: Adjustments, within: Bool)?
    private var compared: (key: Adjustments, proxy: Int, goal: GoalLook, comparison: RegionComparison)?

    func render(_ original: Image, with adjustments: Adjustments) -> Image {
        if let image, key == adjustments { return image }
        let fresh = Renderer(threads: 1).render(original, with: adjustments)
        key = adjustments
        image = fresh
        return fresh
    }

    /// The CIELAB of `render(original, with: adjustments)`.
    func lab(_ original: Image, with adjustments: Adjustments) -> LabImage {
        if let lab, lab.key == adjustments { return lab.image }
        let fresh = LabImage(render(original, with: adjustments))
        lab = (adjustments, fresh)
        return fresh
    }

    /// Whether the render of `original` with `adjustments` is within `tolerance`
    /// (mean ΔE00) of `goal`, the trial's goal at the working size.
    func isWithin(_ original: Image, with adjustments: Adjustments, of goal: LabImage, tolerance: Double) -> Bool {
        if let checked, checked.key == adjustments { return checked.within }
        let within = render(original, with: adjustments).isWithinDeltaE2000(of: goal, tolerance: tolerance)
        checked = (adjustments, within)
        return within
    }

    /// The comparison with `goal` of the perception-size photo that `render` makes for `adjustments`.
    func comparison(proxy: Int, with adjustments: Adjustments, goal: GoalLook, render: () -> Image) -> RegionComparison
    {
        if let c = compared, c.key == adjustments, c.proxy == proxy, c.goal.isSame(as: goal) { return c.comparison }
        let fresh = RegionComparison(render(), goal: goal)
        compared = (adjustments, proxy, goal, fresh)
        return fresh
    }
}
