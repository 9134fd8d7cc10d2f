import ImageEngine
import Randomness

/// What a look is like, in the terms people talk about looks: how colourful,
/// how contrasty, how warm, and whether it is black and white.
public struct LookFeatures: Sendable, Hashable {
    /// Mean chroma (CIELAB C*).
    public var colourfulness: Double
    /// Standard deviation of L*.
    public var contrast: Double
    /// Mean b* (yellow–blue): positive is warm.
    public var warmth: Double
    /// Mean chroma under 3: no colour to speak of.
    public var monochrome: Bool

    public init(_ image: LabImage) {
        var c = 0.0, l = 0.0, l2 = 0.0, b = 0.0
        for p in image.pixels {
            let a = Double(p.y), bb = Double(p.z), ll = Double(p.x)
            c += (a * a + bb * bb).squareRoot()
            l += ll; l2 += ll * ll; b += bb
        }
        let n = Double(max(1, image.pixels.count))
        colourfulness = c / n
        contrast = max(0, l2 / n - (l / n) * (l / n)).squareRoot()
        warmth = b / n
        monochrome = colourfulness < 3
    }
}

/// One person's taste in looks: weights on how a look differs from the photo as
/// it was (ParameterCatalog `preference.*`), so the appeal of a preview comes
/// from its pixels and differs from person to person.
public struct Taste: Sendable {
    public var colourfulness, contrast, warmth, monochrome, noise: Double

    public init(participant p: Participant) {
        colourfulness = p["preference.colourfulness_weight"]
        contrast = p["preference.contrast_weight"]
        warmth = p["preference.warmth_weight"]
        monochrome = p["preference.monochrome_weight"]
        noise = p["preference.appeal_noise"]
    }

    /// How appealing `look` seems at a glance, compared with the photo as it was.
    public func appeal<G: RandomNumberGenerator>(
        of look: LookFeatures, comparedWith original: LookFeatures, using g: inout G
    ) -> Double {
        colourfulness * (look.colourfulness - original.colourfulness) / 10
            + contrast * (look.contrast - original.contrast) / 10
            + warmth * (look.warmth - original.warmth) / 10
            + monochrome * (look.monochrome && !original.monochrome ? 1 : 0)
            + g.normal(mean: 0, sd: noise)
    }
}
