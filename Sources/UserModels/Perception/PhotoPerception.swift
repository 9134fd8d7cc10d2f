import Foundation
import ImageEngine
import Interaction
import Randomness

/// Parts of a photo a person judges separately: tonal ranges and the colour
/// zones the iPhoto talk's controls name (skies, skin, greenery).
public enum PhotoRegion: String, Sendable, Codable, Hashable, CaseIterable {
    case overall, shadows, midtones, highlights, sky, skin, foliage
}

/// A goal look as a person can hold it: its pixels (Lab at the perception-proxy
/// size) and its regions. The same for everyone who sees it at that size, so a
/// run makes it once per task and size and shares it.
public struct GoalLook: Sendable {
    public let lab: LabImage
    public let masks: RegionMasks
    /// The goal as planes, with its chroma: what every comparison reads.
    let planes: LabPlanes

    public init(_ lab: LabImage) {
        self.lab = lab
        masks = RegionMasks(goal: lab)
        planes = LabPlanes(lab)
    }

    /// Whether `other` is this very goal (the same pixel buffer): what a kept comparison checks.
    public func isSame(as other: GoalLook) -> Bool {
        lab.pixels.withUnsafeBufferPointer { a in
            other.lab.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }
}

/// Which pixels of the goal belong to which region, decided once from the goal.
public struct RegionMasks: Sendable {
    /// Pixel indices per region; regions under 2% of the photo are left out.
    public let pixels: [PhotoRegion: [Int]]

    public init(goal: LabImage) {
        var out: [PhotoRegion: [Int]] = [:]
        for (i, p) in goal.pixels.enumerated() {
            let l = Double(p.x), a = Double(p.y), b = Double(p.z)
            let c = (a * a + b * b).squareRoot()
            var h = atan2(b, a) * 180 / .pi
            if h < 0 { h += 360 }
            out[.overall, default: []].append(i)
            out[l < 30 ? .shadows : l > 70 ? .highlights : .midtones, default: []].append(i)
            if c > 8 && l > 35 && (190...265).contains(h) { out[.sky, default: []].append(i) }
            if (8...45).contains(c) && (30...85).contains(l) && (20...70).contains(h) {
                out[.skin, default: []].append(i)
            }
            if c > 8 && (85...165).contains(h) { out[.foliage, default: []].append(i) }
        }
        let minimum = max(1, goal.pixels.count / 50)
        pixels = out.filter { $0.key == .overall || $0.value.count >= minimum }
    }

    /// Regions present, in a fixed order.
    public var regions: [PhotoRegion] { PhotoRegion.allCases.filter { pixels[$0] != nil } }
}

/// What a person sees when comparing the photo with the look they want, region
/// by region: how different (ΔE00) and which way (lighter/darker, more/less colourful).
public struct PhotoPercept: Sendable {
    /// Perceived mean ΔE00 per region (with the person's noise).
    public var difference: [PhotoRegion: Double]
    /// Goal minus current mean lightness (L*) per region: positive means "should be lighter".
    public var lightness: [PhotoRegion: Double]
    /// Goal minus current mean chroma per region: positive means "should be more colourful".
    public var chroma: [PhotoRegion: Double]

    /// The region that looks most wrong.
    public var worst: PhotoRegion {
        difference.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }!.key
    }
    public var worstDifference: Double { difference[worst]! }
}

/// A person's eye for photos: the rendered photo at a glance-sized proxy compared
/// with the goal by region, with noise at the scale of the just-noticeable difference.
public struct PhotoPerception: Sendable {
    /// The goal as seen (before memory slips).
    public let goalLook: GoalLook
    public var goal: LabImage { goalLook.lab }
    public var masks: RegionMasks { goalLook.masks }
    public let jnd: Double
    /// How the remembered goal differs from the goal: a shift of (lightness,
    /// colourfulness) fixed when the goal was seen, and the direction it drifts in
    /// as time passes (memory for colour is less precise than seeing two colours
    /// side by side, and it drifts). One shift for the whole look: what is kept is
    /// the look's relations between regions, and what slips is its overall level.
    let encoding: Vector2
    let drift: Vector2
    let driftPerRootSecond: Double

    /// `goal` at the person's perception-proxy size, held in mind with the person's memory noise.
    public init<G: RandomNumberGenerator>(goal: GoalLook, participant: Participant, using g: inout G) {
        goalLook = goal
        jnd = participant["perception.jnd_de00"]
        let sd = participant["memory.goal_noise"]
        encoding = Vector2(g.normal(mean: 0, sd: sd), g.normal(mean: 0, sd: sd))
        drift = Vector2(g.standardNormal(), g.standardNormal())
        driftPerRootSecond = participant["memory.drift_per_sqrt_s"]
    }

    /// A perfect memory of the goal (for checks that need none).
    public init(goal: LabImage, participant: Participant) {
        goalLook = GoalLook(goal)
        jnd = participant["perception.jnd_de00"]
        encoding = Vector2(0, 0); drift = Vector2(0, 0); driftPerRootSecond = 0
    }

    /// How the remembered goal of `region` is off, `elapsed` seconds after the goal was seen.
    func memoryError(_ region: PhotoRegion, elapsed: Double) -> Vector2 {
        encoding + drift * (driftPerRootSecond * max(0, elapsed).squareRoot())
    }

    /// Area (mm²) at which judgements wobble by half a JND; smaller photos wobble more.
    public static let referenceAreaMM2 = 10_000.0

    /// Looks at `photo`, shown `areaMM2` square millimetres large (0 if unknown):
    /// colour judgements get less reliable as the sample shrinks, so the noise
    /// grows as √(reference area / area), capped at 3× (assumption, after the
    /// field-size effect on colour discrimination).
    ///
    /// The comparison is with the goal as remembered `elapsed` seconds after it was
    /// seen: the mean shift of each region is judged against the remembered one
    /// (its direction included), the texture of the difference against the goal itself.
    public func look<G: RandomNumberGenerator>(
        at photo: Image, areaMM2: Double = 0, elapsed: Double = 0, using g: inout G
    ) -> PhotoPercept {
        look(RegionComparison(photo, goal: goalLook), areaMM2: areaMM2, elapsed: elapsed, using: &g)
    }

    /// The same judgement from a comparison already made (`RegionComparison` of the photo with this goal).
    public func look<G: RandomNumberGenerator>(
        _ comparison: RegionComparison, areaMM2: Double = 0, elapsed: Double = 0,
        using g: inout G
    ) -> PhotoPercept {
        let sizeFactor = areaMM2 > 0 ? min(3, max(0.7, (Self.referenceAreaMM2 / areaMM2).squareRoot())) : 1
        var difference: [PhotoRegion: Double] = [:], lightness: [PhotoRegion: Double] = [:],
            chroma: [PhotoRegion: Double] = [:]
        for (region, sum) in zip(comparison.regions, comparison.sums) {
            let de = sum.x, dl = sum.y, dc = sum.z, n = sum.w
            let shift = Vector2(dl / n, dc / n)
            let remembered = shift + memoryError(region, elapsed: elapsed)
            // ΔE² ≈ texture² + mean shift²: keep the texture, judge the shift from memory.
            let texture = max(0, (de / n) * (de / n) - shift.dot(shift))
            // Judgements wobble by about half a JND from glance to glance.
            difference[region] = max(
                0, (texture + remembered.dot(remembered)).squareRoot() + g.normal(mean: 0, sd: jnd / 2 * sizeFactor))
            lightness[region] = remembered.x
            chroma[region] = remembered.y
        }
        return PhotoPercept(difference: difference, lightness: lightness, chroma: chroma)
    }
}
