/// A look made with a Curves tool: one monotone tone curve (`ToneCurve`, on the
/// encoded 0…1 scale) applied to each of red, green and blue. None of the
/// exposure designs has such a control, so a goal made this way is not a point of
/// any design's control space: each design can only approximate it.
public struct CurvesLook: Sendable, Hashable {
    public let curve: ToneCurve

    public init(_ points: [(Double, Double)]) { curve = ToneCurve(points) }

    /// `image` with the curve applied per channel (alpha untouched).
    public func apply(to image: Image) -> Image {
        // A 4096-entry table on the encoded scale: the curve is smooth, so linear
        // interpolation between entries is far below a just-noticeable difference.
        let n = 4096
        let table = (0...n).map { Float(SRGB.decode(curve(Double($0) / Double(n)))) }
        func map(_ v: Float) -> Float {
            let e = Double(SRGB.encode(min(1, max(0, v)))) * Double(n)
            let i = min(n - 1, Int(e)), t = Float(e - Double(i))
            return table[i] + (table[i + 1] - table[i]) * t
        }
        var out = image
        for i in out.pixels.indices {
            let p = out.pixels[i]
            out.pixels[i] = SIMD4(map(p.x), map(p.y), map(p.z), p.w)
        }
        return out
    }
}
