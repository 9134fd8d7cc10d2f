import Foundation
import Harness
import ImageEngine
import Interaction
import Reports

/// The part of a photo a task means to change, derived reproducibly from the
/// photo: the pixels inside a polygon (normalised coordinates, written in the
/// spec) whose colour falls in the given CIE LCh ranges (the colour-range
/// classification: skin is orange-ish and mid-light, sky blue-ish and light).
public struct PaintRegion: Sendable, Hashable {
    public var polygon: [Point]
    /// Hue range in degrees (may wrap through 0: 300…40).
    public var hue: ClosedRange<Double>
    public var lightness: ClosedRange<Double>
    public var chroma: ClosedRange<Double>

    public init(
        polygon: [Point], hue: ClosedRange<Double> = 0...360, lightness: ClosedRange<Double> = 0...100,
        chroma: ClosedRange<Double> = 0...200
    ) {
        self.polygon = polygon; self.hue = hue; self.lightness = lightness; self.chroma = chroma
    }

    /// Whether the normalised point `p` is inside the polygon (even–odd rule).
    public func contains(_ p: Point) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Whether a colour is in the ranges.
    public func matches(_ lab: Lab) -> Bool {
        let lch = ColorScience.lch(lab)
        let hueOK =
            hue.lowerBound <= hue.upperBound
            ? hue.contains(lch.h) : (lch.h >= hue.lowerBound || lch.h <= hue.upperBound)
        return hueOK && lightness.contains(lch.l) && chroma.contains(lch.c)
    }

    /// The region's pixels of `image`, row by row.
    public func mask(_ image: Image) -> [Bool] {
        var out = [Bool](repeating: false, count: image.pixelCount)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = Point((Double(x) + 0.5) / Double(image.width), (Double(y) + 0.5) / Double(image.height))
                guard contains(p) else { continue }
                let c = image[x, y]
                out[y * image.width + x] = matches(
                    ColorScience.lab(linear: SIMD3(Double(c.x), Double(c.y), Double(c.z))))
            }
        }
        return out
    }
}

/// What a brush task scores: the change inside the region against the goal,
/// and the change outside it.
public struct PaintScore: Sendable, Hashable {
    /// Mean ΔE00 from the goal over the region's pixels.
    public var regionDeltaE: Double
    /// ΔE00-weighted area changed outside the region, as a share of the meant
    /// change's ΔE00-weighted area inside it: Σ_outside ΔE00(now, original) /
    /// Σ_region ΔE00(goal, original). 0.1: a tenth as much paint went outside as was meant inside.
    public var spill: Double
    /// Mean over the region of how much of the meant change was made (0…1):
    /// 1 − ΔE00(now, goal) / ΔE00(original, goal), clamped; pixels the goal barely changes are left out.
    public var coverage: Double

    public init(_ now: Image, original: LabImage, goal: LabImage, mask: [Bool]) {
        let lab = LabImage(now)
        var region = 0.0, spill = 0.0, cover = 0.0, meantTotal = 0.0, n = 0, m = 0
        for i in 0..<mask.count {
            if mask[i] {
                let toGoal = ColorScience.deltaE2000(Self.lab(lab, i), Self.lab(goal, i))
                region += toGoal; n += 1
                let meant = ColorScience.deltaE2000(Self.lab(original, i), Self.lab(goal, i))
                meantTotal += meant
                if meant >= 0.5 { cover += min(max(1 - toGoal / meant, 0), 1); m += 1 }
            } else if lab.pixels[i] != original.pixels[i] {
                spill += ColorScience.deltaE2000(Self.lab(lab, i), Self.lab(original, i))
            }
        }
        regionDeltaE = n == 0 ? 0 : region / Double(n)
        self.spill = meantTotal == 0 ? 0 : spill / meantTotal
        coverage = m == 0 ? 1 : cover / Double(m)
    }

    static func lab(_ image: LabImage, _ i: Int) -> Lab {
        let p = image.pixels[i]
        return Lab(Double(p.x), Double(p.y), Double(p.z))
    }
}
