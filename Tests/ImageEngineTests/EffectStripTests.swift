@testable import ImageEngine
import Testing

/// The fused pass applies an effect a strip at a time (`EffectKernel.apply(to:)`, the mode decided once); the
/// reference render a pixel at a time. Both must give the bits of the per-pixel form the engine had before the
/// split (`before`, kept here as it was written), for every family and look, both sides of the position, at full
/// and part amount.
@Suite struct EffectStripTests {
    @Test func stripEqualsPixelByPixelForEveryFamily() {
        var seed: UInt64 = 1205
        func u() -> Float { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Float(seed >> 40) / 0x1p24 }
        let n = Strip.capacity - 3
        let pixels = (0..<n).map { i in SIMD4<Float>(u(), u(), u(), i % 4 == 0 ? u() : 1) * (i % 9 == 0 ? 2 : 1) }
        var effects: [Effect] = []
        for amount in [1.0, 0.6] {
            for family in EffectFamily.allCases {
                let looks = family == .vintage ? Looks.vintage.count : family == .artistic ? Looks.artistic.count : 1
                for look in 0..<looks {
                    for position in [0.3, 0.8] {
                        effects.append(Effect(family: family, position: position, look: look, amount: amount))
                    }
                }
            }
        }
        let strip = Strip.allocate()
        defer { strip.deallocate() }
        for e in effects {
            let made = EffectKernel.make(e)
            let curves = made.curves?.table ?? [], duotone = made.duotone
            curves.withUnsafeBufferPointer { c in
                duotone.withUnsafeBufferPointer { d in
                    let c = made.curves == nil ? nil : c.baseAddress, d = duotone.isEmpty ? nil : d.baseAddress
                    for (i, p) in pixels.enumerated() {
                        strip.r[i] = p.x; strip.g[i] = p.y; strip.b[i] = p.z; strip.a[i] = p.w
                    }
                    made.kernel.apply(to: strip, n, curves: c, duotone: d)
                    for (i, p) in pixels.enumerated() {
                        let q = Self.before(made.kernel, p, curves: c, duotone: d)
                        let pixel = made.kernel.apply(p, curves: c, duotone: d)
                        let got = SIMD4(strip.r[i], strip.g[i], strip.b[i], strip.a[i])
                        #expect((0..<4).allSatisfy { got[$0].bitPattern == q[$0].bitPattern }, "strip \(i) of \(e)")
                        #expect((0..<4).allSatisfy { pixel[$0].bitPattern == q[$0].bitPattern }, "pixel \(i) of \(e)")
                    }
                }
            }
        }
        #expect(effects.count > 12)
    }

    /// `EffectKernel.apply` as it was before the strip form (b9209199), one SIMD4 pixel at a time.
    static func before(
        _ k: EffectKernel, _ p: SIMD4<Float>, curves c: UnsafePointer<SIMD4<Float>>?,
        duotone d: UnsafePointer<SIMD4<Float>>?
    ) -> SIMD4<Float> {
        var q: SIMD4<Float>
        switch k.mode {
        case .mono(let w):
            let g = max(p.x * w.x + p.y * w.y + p.z * w.z, 0)
            q = SIMD4(g, g, g, p.w)
        case .aura(let a):
            let mx = max(p.x, max(p.y, p.z)), mn = min(p.x, min(p.y, p.z))
            let s = Num.smoothstep(0.12, 0.55, (mx - mn) / (mx + 1e-4))
            let f: Float = a >= 0 ? 1 + a * (1.1 * s - 0.6 * (1 - s)) : 1 + a * (0.85 * s + 0.15 * (1 - s))
            q = scaleChroma(p, f)
        case .gains(let g):
            q = p * g
        case .duotone:
            let e = SRGB.encodeFast(Luma.y(p)) * 256
            let i = min(max(Int(e), 0), 255)
            let f = min(max(e - Float(i), 0), 1)
            q = d![i] + (d![i + 1] - d![i]) * f
            q.w = p.w
        case .look:
            q = p
            if k.saturation != 1 { q = scaleChroma(p, k.saturation) }
            if k.hasCurves, let c { q = CurveLUT.apply(q, c) }
            if k.posterize > 1 {
                let n = Float(k.posterize - 1)
                var r = q
                for ch in 0..<3 { r[ch] = SRGB.decode((SRGB.encodeFast(q[ch]) * n).rounded() / n) }
                q = r
            }
        }
        if k.amount < 1 { q = p + (q - p) * k.amount }
        return q
    }

    /// `Num.scaleChroma` as it was written on a SIMD4.
    static func scaleChroma(_ p: SIMD4<Float>, _ k: Float) -> SIMD4<Float> {
        let y = Luma.y(p)
        let mn = min(p.x, min(p.y, p.z))
        var k = max(k, 0)
        if mn < y && y > 0 { k = min(k, y / (y - mn)) }
        return SIMD4(max(y + (p.x - y) * k, 0), max(y + (p.y - y) * k, 0), max(y + (p.z - y) * k, 0), p.w)
    }
}
