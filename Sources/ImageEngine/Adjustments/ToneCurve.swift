/// A smooth monotone curve through control points on the display (encoded)
/// scale, 0…1 → 0…1: Fritsch–Carlson monotone cubic Hermite, so a curve through
/// rising points never dips (no overshoot that would invert tones).
public struct ToneCurve: Sendable, Hashable {
    public let xs: [Double]
    public let ys: [Double]
    let ms: [Double]

    /// Points must have strictly increasing x.
    public init(_ points: [(Double, Double)]) {
        precondition(points.count >= 2)
        xs = points.map(\.0)
        ys = points.map(\.1)
        let n = points.count
        var d = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) { d[i] = (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) }
        var m = [Double](repeating: 0, count: n)
        m[0] = d[0]; m[n - 1] = d[n - 2]
        for i in 1..<(n - 1) { m[i] = d[i - 1] * d[i] <= 0 ? 0 : (d[i - 1] + d[i]) / 2 }
        for i in 0..<(n - 1) where d[i] == 0 { m[i] = 0; m[i + 1] = 0 }
        for i in 0..<(n - 1) where d[i] != 0 {
            let a = m[i] / d[i], b = m[i + 1] / d[i]
            let s = a * a + b * b
            if s > 9 { let t = 3 / s.squareRoot(); m[i] = t * a * d[i]; m[i + 1] = t * b * d[i] }
        }
        ms = m
    }

    /// The curve's value at x (clamped to the first/last point outside).
    public func callAsFunction(_ x: Double) -> Double {
        if x <= xs[0] { return ys[0] }
        if x >= xs[xs.count - 1] { return ys[ys.count - 1] }
        var i = 0
        while x > xs[i + 1] { i += 1 }
        let h = xs[i + 1] - xs[i], t = (x - xs[i]) / h
        let t2 = t * t, t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * ms[i]
            + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * ms[i + 1]
    }
}

/// A per-channel lookup table from linear value to linear value, indexed by
/// sqrt(x) so dark tones get as many entries as bright ones, with linear
/// interpolation. It is how every global per-channel curve becomes one gather.
struct CurveLUT: Sendable {
    static let size = 1024
    /// `size + 2` entries (the last repeats the one before); channel c of entry i is the output for input (i/size)².
    let table: [SIMD4<Float>]

    /// The encoded value each entry stands for, `SRGB.encode((i/size)²)`: the same
    /// for every curve, so computed once (a `pow` per entry fewer per table).
    static let encodedInputs: [Double] = (0...size).map { i in
        let x = Double(i) / Double(size)
        return SRGB.encode(x * x)
    }

    /// `f(encoded, channel) → encoded` on the display scale.
    init(encoded f: (Double, Int) -> Double) {
        // One padding entry past the end, so an input of exactly 1 needs no branch.
        let inputs = Self.encodedInputs
        table = (0...(Self.size + 1)).map { i in
            let e = inputs[min(i, Self.size)]
            var o = SIMD4<Float>(0, 0, 0, 1)
            for c in 0..<3 { o[c] = Float(SRGB.decode(min(max(f(e, c), 0), 1))) }
            return o
        }
    }

    /// The same `f(encoded) → encoded` for every channel: one evaluation per entry.
    init(gray f: (Double) -> Double) {
        let inputs = Self.encodedInputs
        // A curve clamped by levels gives one value to a whole run of entries: decoded once (the same bits).
        var last: (encoded: UInt64, linear: Float)? = nil
        table = (0...(Self.size + 1)).map { i in
            let e = min(max(f(inputs[min(i, Self.size)]), 0), 1)
            if last?.encoded != e.bitPattern { last = (e.bitPattern, Float(SRGB.decode(e))) }
            let v = last!.linear
            return SIMD4<Float>(v, v, v, 1)
        }
    }

    /// Applies the table to r, g, b (alpha untouched). Inputs are clamped to 0…1.
    /// Written per scalar on purpose: generic SIMD conversions and clamps are
    /// not specialised by the compiler and cost ten times more.
    @inline(__always)
    static func apply(_ p: SIMD4<Float>, _ t: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
        SIMD4(channel(p.x, t, 0), channel(p.y, t, 1), channel(p.z, t, 2), p.w)
    }

    @inline(__always)
    static func channel(_ v: Float, _ t: UnsafePointer<SIMD4<Float>>, _ c: Int) -> Float {
        let lo = v > 0 ? v : 0          // maxss
        let x = lo < 1 ? lo : 1          // minss
        let s = x.squareRoot() * Float(size)
        let i = Int(truncatingIfNeeded: Int32(s))
        let f = s - Float(i)
        let a = t[i][c], b = t[i + 1][c]
        return a + (b - a) * f
    }
}

/// Small numeric helpers shared by the kernels.
enum Num {
    @inline(__always) static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    @inline(__always) static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// Scales a pixel's chroma (rgb − Y) by k, keeping luminance Y exactly and
    /// every channel ≥ 0: k is capped where the weakest channel would cross zero
    /// (chroma compression instead of clipping, which would shift luminance and
    /// hue). Grays have zero chroma and stay exactly gray.
    @inline(__always) static func scaleChroma(_ p: SIMD4<Float>, _ k: Float) -> SIMD4<Float> {
        let (r, g, b) = scaleChroma(p.x, p.y, p.z, k)
        return SIMD4(r, g, b, p.w)
    }

    /// The same on three channels (what a loop over planes vectorises).
    @inline(__always) static func scaleChroma(_ r: Float, _ g: Float, _ b: Float, _ k: Float) -> (Float, Float, Float) {
        let y = Luma.y(r, g, b)
        let mn = min(r, min(g, b))
        var k = max(k, 0)
        if mn < y && y > 0 { k = min(k, y / (y - mn)) }
        return (max(y + (r - y) * k, 0), max(y + (g - y) * k, 0), max(y + (b - y) * k, 0))
    }

    /// log2 for positive floats (below 1e-7 clamped), deterministic and
    /// branch-free: the exponent bits plus a polynomial in t = mantissa − 1 that
    /// is 0 at t = 0 and 1 at t = 1, so it is continuous at powers of two. Max
    /// |error| against Foundation's log2 1.6e-5 (a least-squares fit weighted
    /// towards minimax; tested in `FastPathTests.fastLog2IsLog2`). Until this
    /// fix the polynomial fitted ln m, up to 0.31 low just below powers of two.
    @inline(__always) static func fastLog2(_ x: Float) -> Float {
        let v = max(x, 1e-7)
        let bits = v.bitPattern
        let e = Float(Int32(bitPattern: (bits >> 23) & 0xff) - 127)
        let t = Float(bitPattern: (bits & 0x007f_ffff) | 0x3f80_0000) - 1   // mantissa − 1, exact
        let p = t * (1.44191703 + t * (-0.709096377 + t * (0.41560588 + t * (-0.193575516 + t * 0.0451489816))))
        return e + p
    }
}
