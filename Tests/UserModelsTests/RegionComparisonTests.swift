import Foundation
import Testing
@testable import ImageEngine
@testable import UserModels

/// A look judged from a `RegionComparison` is the look judged directly, bit for bit.
@Suite struct RegionComparisonTests {
    /// The region sums as `PhotoPerception.look` computed them before the comparison was split out.
    static func directSums(_ current: LabImage, _ goal: LabImage, _ masks: RegionMasks) -> [SIMD4<Double>] {
        let map = current.deltaE2000Map(to: goal)
        return masks.regions.map { region in
            let idx = masks.pixels[region]!
            var de = 0.0, dl = 0.0, dc = 0.0
            for i in idx {
                de += Double(map[i])
                let p = current.pixels[i], q = goal.pixels[i]
                dl += Double(q.x - p.x)
                dc += Double((q.y * q.y + q.z * q.z).squareRoot() - (p.y * p.y + p.z * p.z).squareRoot())
            }
            return SIMD4(de, dl, dc, Double(idx.count))
        }
    }

    @Test func comparisonSumsEqualTheDirectSums() {
        var seed: UInt64 = 7
        func next() -> Float { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Float(seed >> 40) / Float(1 << 24) }
        // A colourful goal (skies, skin, greenery, all tones) and a render off from it.
        let goalImage = Image(width: 96, height: 64) { x, y in
            SIMD4(Float(x) / 96 * next(), Float(y) / 64, next() * next(), 1)
        }
        var a = Adjustments()
        a.brightness = 0.3; a.saturation = -0.4; a.shadows = 0.5
        let render = Renderer(threads: 1).render(goalImage, with: a)
        let goal = GoalLook(LabImage(goalImage))
        let comparison = RegionComparison(render, goal: goal)
        #expect(comparison.regions.count > 3)
        #expect(comparison.sums == Self.directSums(LabImage(render), goal.lab, goal.masks))
    }
}
