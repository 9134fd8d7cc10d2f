import Foundation
import Testing
@testable import ImageEngine

/// The AVX2/FMA preview kernels (`PreviewAVX2`) against the float path encoded
/// exactly and against the portable preview kernels, on real photos (one cut
/// to an odd width, so rows end in a partial vector), for every stage they
/// cover: local gain or not, exposure curve or not, saturation with 0, 1 and 3
/// bands, darkening and lightening vignette; from the compact source of a
/// cached photo and from the float photo (one-shot).
@Suite struct PreviewAVX2Tests {
    /// Real photos made smaller (a debug build renders the float path in unoptimised Swift: at full
    /// size this suite took 21 s), one cut to an odd width (rows end in a partial vector of either build).
    static func photos() throws -> [Image] {
        let rocket = try Fixtures.photo("rocket.png")
        return [rocket.downscaled(toFit: 320), try Fixtures.photo("hubble.png").downscaled(toFit: 320),
                try Fixtures.photo("flower.png").downscaled(toFit: 320), rocket.resampledArea(width: 203, height: 149)]
    }

    static let settings: [Adjustments] = [
            Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4, whiteLevel: 0.1,
                        saturation: 0.2, blueSkies: 0.3, vignette: Vignette(strength: 0.4, radius: 0.5)),
            Adjustments(brightness: -0.4, contrast: 0.5, blueSkies: -0.6, skinTones: 0.5, greenery: -0.3),   // no local gain, 3 bands
            Adjustments(shadows: -0.6, highlights: -0.5, vignette: Vignette(strength: -0.6)),   // no curve: (√g·√x)²
            Adjustments(saturation: -0.7),                                                    // neither: (√x)²
            Adjustments(shadows: 0.4, saturation: 0.9, greenery: 1),                         // chroma limit binds
        ]

    @Test func avx2PreviewIsWithinOneCodeOfTheFloatPath() throws {
        let photos = try Self.photos(), settings = Self.settings
        var worst = 0, worstPortable = 0, off = 0, portableOff = 0, differ = 0, total = 0
        for photo in photos {
            for a in settings {
                let plan = PlanCache.shared.plan(for: a.normalizedForRendering)
                #expect(PreviewAVX2.covers(plan) == PreviewAVX2.available)
                let exact = Renderer(threads: 2, cachesAnalysis: false).render(photo, with: a).srgb8(includeAlpha: true)
                // Cached (compact source) and one-shot (float photo), each on AVX2 and on the portable kernels.
                for cached in [true, false] {
                var fast: [UInt8] = [], portable: [UInt8] = []
                // The AVX2 kernel itself (the AVX-512 build computes its codes: compared below).
                var avx2 = Renderer(threads: 2, cachesAnalysis: cached)
                avx2.usesAVX512Preview = false
                avx2.render(photo, with: a, intoSRGB8: &fast)
                var r = Renderer(threads: 2, cachesAnalysis: cached)
                r.usesAVX2Preview = false
                r.render(photo, with: a, intoSRGB8: &portable)
                #expect(fast.count == exact.count)
                for i in 0..<exact.count {
                    let d = abs(Int(fast[i]) - Int(exact[i])), dp = abs(Int(portable[i]) - Int(exact[i]))
                    worst = max(worst, d); worstPortable = max(worstPortable, dp)
                    if d != 0 { off += 1 }
                    if dp != 0 { portableOff += 1 }
                    if fast[i] != portable[i] { differ += 1 }
                }
                total += exact.count
                }
            }
        }
        let share = { (k: Int) in Double(k) / Double(total) }
        print("AVX2 preview: max \(worst) code(s) from the float path, \(share(off)) of samples off; portable \(worstPortable), \(share(portableOff)); AVX2 ≠ portable in \(share(differ))")
        #expect(worst <= 1)
        #expect(Double(off) <= Double(portableOff) + 0.005 * Double(total))
        #expect(share(differ) < 0.01)
        Renderer.clearAnalysisCache()
    }

    /// The 16-lane AVX-512F build (`preview_body.h`: gathered curve lookups,
    /// display codes computed by `pcode8` instead of read from the 4096-entry
    /// table) against the float path encoded exactly and against the AVX2
    /// kernel, cached and one-shot, every stage (skipped without AVX-512F):
    /// within 1 code of both, and no more often off the float path than the
    /// AVX2 kernel (the table's steps are coarser than the polynomial's error).
    @Test(.enabled(if: PreviewAVX2.wide)) func avx512PreviewIsWithinOneCodeOfFloatAndAVX2() throws {
        var compared = 0, differ = 0, worstNarrow = 0, worstExact = 0, off = 0, narrowOff = 0
        for photo in try Self.photos() {
            for a in Self.settings {
                let exact = Renderer(threads: 2, cachesAnalysis: false).render(photo, with: a).srgb8(includeAlpha: true)
                for cached in [true, false] {
                    var wide: [UInt8] = [], narrow: [UInt8] = []
                    Renderer(threads: 2, cachesAnalysis: cached).render(photo, with: a, intoSRGB8: &wide)
                    var r = Renderer(threads: 2, cachesAnalysis: cached)
                    r.usesAVX512Preview = false
                    r.render(photo, with: a, intoSRGB8: &narrow)
                    #expect(wide.count == narrow.count && wide.count == exact.count)
                    for i in 0..<exact.count {
                        let dn = abs(Int(wide[i]) - Int(narrow[i])), de = abs(Int(wide[i]) - Int(exact[i]))
                        worstNarrow = max(worstNarrow, dn); worstExact = max(worstExact, de)
                        if dn != 0 { differ += 1 }
                        if de != 0 { off += 1 }
                        if narrow[i] != exact[i] { narrowOff += 1 }
                    }
                    compared += exact.count
                }
            }
        }
        let share = { (k: Int) in Double(k) / Double(compared) }
        print("AVX-512 preview: \(differ) of \(compared) samples differ from AVX2 (max \(worstNarrow)); "
              + "max \(worstExact) code(s) from the float path, \(share(off)) of samples off (AVX2 \(share(narrowOff)))")
        #expect(compared > 0)
        #expect(worstNarrow <= 1 && worstExact <= 1)
        #expect(off <= narrowOff)
        Renderer.clearAnalysisCache()
    }
}
