@testable import ImageEngine
import Testing

/// The fused pass applies an effect a strip at a time (`EffectKernel.apply(to:)`, the mode decided once); the
/// reference render a pixel at a time. Both must give the same bits, for every family, at full and part amount.
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
                    effects.append(Effect(family: family, position: 0.3, look: look, amount: amount))
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
                        let q = made.kernel.apply(p, curves: c, duotone: d)
                        let got = SIMD4(strip.r[i], strip.g[i], strip.b[i], strip.a[i])
                        #expect((0..<4).allSatisfy { got[$0].bitPattern == q[$0].bitPattern }, "pixel \(i) of \(e)")
                    }
                }
            }
        }
        #expect(effects.count > 12)
    }
}
