import Foundation
import Testing
@testable import ImageEngine

/// The colour controls' second axis (luminance of the pixels a control acts on):
/// it lightens or darkens its own hues by up to one stop, keeps chromaticity,
/// leaves grays and other hues alone, never clips, and the strip kernels agree
/// with the scalar reference.
@Suite struct ColorLuminanceTests {
    static func pixel(_ r: Double, _ g: Double, _ b: Double) -> SIMD4<Float> {
        let l = SRGBColor(r, g, b).linear
        return SIMD4(Float(l.x), Float(l.y), Float(l.z), 1)
    }

    // The sky and foliage bands' centre colours (ColorKernel.bands), a skin tone inside its
    // band (the centre colour itself is past the band's chroma fade), a gray and a dim sky.
    static let sky = pixel(0.40, 0.60, 0.85), grass = pixel(0.36, 0.54, 0.23), skin = pixel(0.85, 0.72, 0.64)
    static let gray = pixel(0.5, 0.5, 0.5), dimSky = pixel(0.16, 0.24, 0.34)
    static let strip = Image(width: 5, height: 1, pixels: [sky, grass, skin, gray, dimSky])

    static func render(_ a: Adjustments) -> Image { Renderer(threads: 1).render(strip, with: a) }

    @Test("Each band's luminance moves its own hue by a stop at the band centre, nothing else")
    func bandsMoveTheirOwnHues() {
        // Darkening is never capped: the sky's centre colour (full colourfulness
        // ramp, full band weight) is exactly halved at −1.
        let darker = Self.render(Adjustments(blueSkiesLuminance: -1))
        #expect(abs(darker.pixels[0].y / Self.sky.y - 0.5) < 1e-4)
        #expect(abs(darker.pixels[4].y / Self.dimSky.y - 0.5) < 1e-4)
        for i in [1, 3] { #expect(abs(darker.pixels[i] - Self.strip.pixels[i]).max() < 1e-6, "pixel \(i)") }
        let greener = Self.render(Adjustments(greeneryLuminance: 1))
        #expect(greener.pixels[1].y > Self.grass.y * 1.9)
        #expect(abs(greener.pixels[3] - Self.gray).max() < 1e-6)
        let skinDarker = Self.render(Adjustments(skinTonesLuminance: -0.5))
        #expect(skinDarker.pixels[2].y < Self.skin.y * 0.8)
    }

    @Test("Luminance keeps chromaticity (r:g:b) and leaves grays exactly gray")
    func keepsChromaticity() {
        for a in [Adjustments(saturationLuminance: 0.7), Adjustments(blueSkiesLuminance: -0.6, greeneryLuminance: 0.4)] {
            let out = Self.render(a)
            for i in 0..<Self.strip.pixelCount {
                let p = Self.strip.pixels[i], q = out.pixels[i]
                let s = p.x + p.y + p.z, t = q.x + q.y + q.z
                #expect(abs(q.x / t - p.x / s) < 1e-5 && abs(q.z / t - p.z / s) < 1e-5, "pixel \(i)")
            }
            #expect(out.pixels[3] == Self.gray)
        }
    }

    @Test("Brightening stops where the brightest channel reaches white")
    func brighteningNeverClips() {
        let out = Self.render(Adjustments(saturationLuminance: 1, blueSkiesLuminance: 1, skinTonesLuminance: 1, greeneryLuminance: 1))
        for i in 0..<out.pixelCount {
            let m = max(out.pixels[i].x, max(out.pixels[i].y, out.pixels[i].z))
            #expect(m <= 1.0001, "pixel \(i): \(out.pixels[i])")
            #expect(m >= max(Self.strip.pixels[i].x, max(Self.strip.pixels[i].y, Self.strip.pixels[i].z)) - 1e-6)
        }
        // The sky centre (blue channel 0.69 linear) stops at white rather than doubling.
        #expect(abs(out.pixels[0].z - 1) < 1e-4)
    }

    @Test("More luminance never darkens a pixel (seeded random pixels and settings)")
    func monotoneInTheSetting() {
        let img = AdjustmentTests.randomImage(32, 32, seed: 5)
        var rng = SeededRNG(seed: 9)
        for _ in 0..<6 {
            let lo = Double(Int(rng.next() % 180) - 100) / 100, hi = lo + 0.2
            let names = [\Adjustments.saturationLuminance, \.blueSkiesLuminance, \.skinTonesLuminance, \.greeneryLuminance]
            let key = names[Int(rng.next() % 4)]
            var a = Adjustments(), b = Adjustments()
            a[keyPath: key] = lo; b[keyPath: key] = hi
            let x = Renderer(threads: 1).render(img, with: a), y = Renderer(threads: 1).render(img, with: b)
            for i in 0..<img.pixelCount { #expect(Luma.y(y.pixels[i]) >= Luma.y(x.pixels[i]) - 1e-6) }
        }
    }

    @Test("Strip kernels agree with the scalar reference on a real photo")
    func stripMatchesReference() throws {
        let photo = try Fixtures.photo("flower.png").downscaled(toFit: 200)
        let a = Adjustments(saturation: 0.3, blueSkies: -0.4, saturationLuminance: -0.5, blueSkiesLuminance: 0.8,
                            skinTonesLuminance: -0.3, greeneryLuminance: 0.6)
        let fast = Renderer(threads: 2).render(photo, with: a)
        var ref = Image(width: 0, height: 0, pixels: [])
        Renderer(threads: 1).renderReference(photo, with: a, into: &ref)
        var worst = 0.0
        for i in 0..<photo.pixelCount {
            worst = max(worst, ColorScience.deltaE2000(FastPathTests.lab(fast.pixels[i]), FastPathTests.lab(ref.pixels[i])))
        }
        #expect(worst < 0.5, "max ΔE00 fast vs reference: \(worst)")
        #expect(fast != Renderer(threads: 2).render(photo, with: Adjustments(saturation: 0.3, blueSkies: -0.4)))
    }

    @Test("Recipes: the luminance keys are snake_case, settable, and left out at zero")
    func recipes() throws {
        let enc = JSONEncoder(); enc.outputFormatting = .sortedKeys
        let plain = String(decoding: try enc.encode(Adjustments(blueSkies: 0.4)), as: UTF8.self)
        #expect(!plain.contains("luminance"))
        var a = Adjustments()
        try a.set("blue_skies_luminance", to: "0.5")
        try a.set("saturation_luminance", to: "-0.25")
        let json = String(decoding: try enc.encode(a), as: UTF8.self)
        #expect(json.contains("\"blue_skies_luminance\":0.5") && json.contains("\"saturation_luminance\":-0.25"))
        #expect(try JSONDecoder().decode(Adjustments.self, from: Data(json.utf8)) == a)
        #expect(!a.colorIsIdentity && !a.colorLuminanceIsIdentity)
        #expect(throws: AdjustmentError.self) { try a.set("greenery_luminance", to: "1.5") }
    }

    /// The strip kernel (stops for the whole strip, then the gains) gives, bit for bit, what taking each pixel in
    /// turn gives: skipped where the ramp is 0 or the stops are exactly 0, else `exp2` and the white cap.
    @Test func stripKernelEqualsThePixelByPixelFormBitForBit() {
        var seed: UInt64 = 512
        func u() -> Float { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Float(seed >> 40) / 0x1p24 }
        let settings = [
            Adjustments(saturationLuminance: 0.7), Adjustments(blueSkiesLuminance: -0.6, greeneryLuminance: 0.4),
            Adjustments(skinTonesLuminance: 0.9), Adjustments(saturationLuminance: -0.3, blueSkiesLuminance: 1),
        ]
        let strip = Strip.allocate()
        defer { strip.deallocate() }
        for a in settings {
            let lum = ColorLuminance(a)
            for round in 0..<20 {
                let n = Strip.capacity - round
                // Colours, greys (ramp 0) and near-greys, some past white.
                let pixels = (0..<n).map { i -> SIMD3<Float> in
                    let scale: Float = i % 9 == 0 ? 3 : 1
                    if i % 7 == 0 { let g = u(); return SIMD3(g, g, g) * scale }
                    if i % 5 == 0 { let g = u(); return SIMD3(g, g * 1.01, g * 0.99) }
                    return SIMD3(u(), u(), u()) * scale
                }
                for (i, p) in pixels.enumerated() { strip.r[i] = p.x; strip.g[i] = p.y; strip.b[i] = p.z }
                Kernels.colorLuminance(lum, strip, n)
                let rampInv: Float = 1 / (0.2 - 0.02)
                for (i, p) in pixels.enumerated() {
                    var expected = p
                    let (cu, cv, nn, rel, ramp) = Kernels.chroma(p.x, p.y, p.z, rampInv)
                    if ramp > 0 {
                        let stops = lum.stops(u: cu, v: cv, invN: nn > 0 ? 1 / nn : 0, rel: rel, ramp: ramp)
                        if stops != 0 {
                            expected *= ColorLuminance.capped(exp2(stops), maxChannel: max(p.x, p.y, p.z))
                        }
                    }
                    let got = SIMD3(strip.r[i], strip.g[i], strip.b[i])
                    #expect(got.x.bitPattern == expected.x.bitPattern && got.y.bitPattern == expected.y.bitPattern
                        && got.z.bitPattern == expected.z.bitPattern, "pixel \(i) of \(a)")
                }
            }
        }
    }
}
