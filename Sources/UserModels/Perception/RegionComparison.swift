import ImageEngine

/// The objective half of comparing a photo with a goal, region by region: the
/// sums of ΔE00, of the lightness difference and of the chroma difference over
/// each region's pixels. It depends on the two images alone (the person's
/// memory and noise come after, in `PhotoPerception.look`), so an environment
/// may keep one for a photo it has already shown (a thumbnail, an unchanged render).
public struct RegionComparison: Sendable {
    /// Regions in `RegionMasks.regions` order.
    public let regions: [PhotoRegion]
    /// Per region: Σ ΔE00, Σ (goal − current) L*, Σ (goal − current) chroma, pixel count.
    let sums: [SIMD4<Double>]

    /// Compares `current` (linear light, at the goal's size) with `goal`.
    ///
    /// Per pixel first (ΔE00, ΔL, ΔC, each once although a pixel belongs to several regions, a block at a
    /// time: `LabPlanes.forEachDifferenceBlock`), then each region's sums in pixel order, in Double: the
    /// numbers are those of summing region by region directly over the render's `LabImage`.
    public init(_ current: Image, goal: GoalLook) {
        regions = goal.masks.regions
        let members = regions.map { goal.masks.pixels[$0]! }
        // Per region: Σ ΔE00, Σ ΔL, Σ ΔC so far, and how far into its (ascending) pixel list.
        var acc = [SIMD4<Double>](repeating: .zero, count: regions.count)
        var next = [Int](repeating: 0, count: regions.count)
        goal.planes.forEachDifferenceBlock(of: current) { block in
            let end = block.start + block.deltaE.count
            for r in members.indices {
                members[r].withUnsafeBufferPointer { pixels in
                    var sum = acc[r], k = next[r]
                    while k < pixels.count && pixels[k] < end {
                        let j = pixels[k] - block.start
                        sum += SIMD4(Double(block.deltaE[j]), Double(block.lightness[j]), Double(block.chroma[j]), 0)
                        k += 1
                    }
                    acc[r] = sum
                    next[r] = k
                }
            }
        }
        sums = zip(acc, members).map { sum, pixels in SIMD4(sum.x, sum.y, sum.z, Double(pixels.count)) }
    }
}
