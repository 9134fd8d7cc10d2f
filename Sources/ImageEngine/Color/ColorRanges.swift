/// The colour ranges the engine's selective colour controls act on (blue skies,
/// skin tones, greenery), and how much each pixel belongs to each: the very
/// hue bands and colourfulness ramp `ColorKernel` scales, so a design that picks
/// "the control under the finger" and a metric that asks "which pixels did this
/// change target" classify pixels as the renderer does.
public enum ColorRange: String, Sendable, Hashable, CaseIterable, Codable {
    case sky, skin, foliage

    /// Weight of a linear-RGB pixel in each range (0 outside, 1 at a band's centre
    /// for a clearly colourful pixel), in `allCases` order.
    public static func weights(_ p: SIMD4<Float>) -> [Float] {
        allCases.map { weight(p, in: $0) }
    }

    /// Weight of a linear-RGB pixel in this range alone: `weights(p)` at this
    /// range's place, without building the array (a per-pixel call).
    public func weight(_ p: SIMD4<Float>) -> Float { Self.weight(p, in: self) }

    private static func weight(_ p: SIMD4<Float>, in range: ColorRange) -> Float {
        let u = p.x - p.y, v = (p.x + p.y) * 0.5 - p.z
        let n = (u * u + v * v).squareRoot()
        let rel = n / (Luma.y(p) + 0.02)
        let ramp = Num.smoothstep(0.02, 0.2, rel)
        guard ramp > 0, n > 0 else { return 0 }
        // A band factor with amount 1 is 1 + weight × ramp.
        return ColorKernel.weight(unitBands[range.band], u, v, 1 / n, rel, ramp) - 1
    }

    /// The kernel's bands at amount 1, in `allCases` order. Built once: building
    /// them converts three sRGB colours (a `pow` each) and was, per pixel, most
    /// of what classifying a photo cost.
    private static let unitBands = ColorKernel.bands(skies: 1, skin: 1, greenery: 1, scale: 1)

    /// This range's place in `allCases` and `unitBands`.
    private var band: Int {
        switch self {
        case .sky: 0
        case .skin: 1
        case .foliage: 2
        }
    }

    /// How colourful a pixel is on the engine's ramp (0 gray … 1 clearly coloured):
    /// what overall saturation and its luminance axis act on.
    public static func colourfulness(_ p: SIMD4<Float>) -> Float {
        let u = p.x - p.y, v = (p.x + p.y) * 0.5 - p.z
        let n = (u * u + v * v).squareRoot()
        return Num.smoothstep(0.02, 0.2, n / (Luma.y(p) + 0.02))
    }

    /// The range a pixel belongs to most, if its weight there is at least `threshold`.
    public static func classify(_ p: SIMD4<Float>, threshold: Float = 0.5) -> ColorRange? {
        let w = weights(p)
        guard let i = w.indices.max(by: { w[$0] < w[$1] }), w[i] >= threshold else { return nil }
        return allCases[i]
    }
}
