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

    /// Compares `current` (Lab at the goal's size) with `goal`.
    ///
    /// Per pixel first (ΔE00 by the block kernel, ΔL, ΔC, each once although a
    /// pixel belongs to several regions), then each region's sums in pixel order,
    /// in Double: the numbers are those of summing region by region directly.
    public init(_ current: LabImage, goal: GoalLook) {
        let map = current.deltaE2000Map(to: goal.lab)
        let n = current.pixels.count
        let (dl, dc) = current.pixels.withUnsafeBufferPointer { p in
            goal.lab.pixels.withUnsafeBufferPointer { q in
                goal.chroma.withUnsafeBufferPointer { gc in
                    var dl = [Float](repeating: 0, count: n), dc = [Float](repeating: 0, count: n)
                    for i in 0..<n {
                        let a = p[i]
                        dl[i] = q[i].x - a.x
                        dc[i] = gc[i] - (a.y * a.y + a.z * a.z).squareRoot()
                    }
                    return (dl, dc)
                }
            }
        }
        regions = goal.masks.regions
        sums = regions.map { region in
            let idx = goal.masks.pixels[region]!
            var de = 0.0, l = 0.0, c = 0.0
            for i in idx {
                de += Double(map[i])
                l += Double(dl[i])
                c += Double(dc[i])
            }
            return SIMD4(de, l, c, Double(idx.count))
        }
    }
}
