import Foundation
import Testing
@testable import ImageEngine

@Suite struct AdjustmentTests {
    static func randomImage(_ w: Int, _ h: Int, seed: UInt64, gray: Bool = false) -> Image {
        var rng = SeededRNG(seed: seed)
        return Image(width: w, height: h) { _, _ in
            let r = SRGB.decodeTable8[Int(rng.next() % 256)]
            if gray { return SIMD4(r, r, r, 1) }
            return SIMD4(r, SRGB.decodeTable8[Int(rng.next() % 256)], SRGB.decodeTable8[Int(rng.next() % 256)], 1)
        }
    }

    static func randomAdjustments(_ rng: inout SeededRNG, effect: Bool = true) -> Adjustments {
        func u() -> Double { Double(Int(rng.next() % 201) - 100) / 100 }
        var a = Adjustments(blackLevel: u(), shadows: u(), brightness: u(), contrast: u(), highlights: u(),
                            whiteLevel: u(), saturation: u(), blueSkies: u(), skinTones: u(), greenery: u())
        if effect && rng.next() % 2 == 0 {
            let e = EffectCatalog.all[Int(rng.next() % 24)]
            a.effect = e.effect
        }
        if rng.next() % 2 == 0 { a.vignette = Vignette(strength: abs(u()), radius: abs(u())) }
        return a
    }

    @Test func identityReturnsInputExactly() throws {
        let photo = try Fixtures.photo("flower.png")
        let out = Renderer(threads: 2).render(photo, with: Adjustments())
        #expect(out == photo)
        #expect(out.srgb8() == photo.srgb8())
        // Zero-strength extras are still the identity.
        var a = Adjustments()
        a.vignette.radius = 0.8
        a.effect = Effect(family: .aura, amount: 0)
        #expect(Renderer().render(photo, with: a) == photo)
    }

    @Test func moreBrightnessNeverDarkensMoreBlackLevelNeverLightens() {
        let img = Self.randomImage(64, 64, seed: 1)
        var rng = SeededRNG(seed: 11)
        for _ in 0..<30 {
            var base = Self.randomAdjustments(&rng, effect: false)
            base.shadows = 0; base.highlights = 0
            func luma(_ a: Adjustments) -> [Float] { Renderer(threads: 1).render(img, with: a).pixels.map(Luma.y) }
            // Brightness.
            var lo = base, hi = base
            lo.brightness = Double(Int(rng.next() % 200) - 100) / 100
            hi.brightness = min(1, lo.brightness + 0.1 + Double(rng.next() % 50) / 100)
            let l0 = luma(lo), l1 = luma(hi)
            for i in 0..<l0.count { #expect(l1[i] >= l0[i] - 1e-6) }
            // Black level.
            lo = base; hi = base
            lo.blackLevel = Double(Int(rng.next() % 200) - 100) / 100
            hi.blackLevel = min(1, lo.blackLevel + 0.1 + Double(rng.next() % 50) / 100)
            let b0 = luma(lo), b1 = luma(hi)
            for i in 0..<b0.count { #expect(b1[i] <= b0[i] + 1e-6) }
            // White level: more never darkens.
            lo = base; hi = base
            lo.whiteLevel = -0.5; hi.whiteLevel = 0.5
            let w0 = luma(lo), w1 = luma(hi)
            for i in 0..<w0.count { #expect(w1[i] >= w0[i] - 1e-6) }
        }
    }

    @Test func shadowsLiftAndHighlightsRecover() throws {
        let photo = try Fixtures.photo("rocket.png")
        let r = Renderer(threads: 2)
        let lifted = r.render(photo, with: Adjustments(shadows: 0.8))
        func meanY(_ i: Image) -> Double { i.pixels.reduce(0.0) { $0 + Double(Luma.y($1)) } / Double(i.pixelCount) }
        #expect(meanY(lifted) > meanY(photo) * 1.5)
        // Pixels never go darker when lifting shadows.
        for i in stride(from: 0, to: photo.pixelCount, by: 7) { #expect(Luma.y(lifted.pixels[i]) >= Luma.y(photo.pixels[i]) - 1e-5) }
        let recovered = r.render(try Fixtures.photo("china.png"), with: Adjustments(highlights: 1))
        #expect(meanY(recovered) < meanY(try Fixtures.photo("china.png")))
    }

    /// No halo: along a hard edge (dark block beside a bright field), lifting the
    /// shadows must not brighten the bright side nor leave a bright rim in the dark one.
    @Test func shadowLiftHasNoHaloAtHardEdges() {
        let w = 400, h = 200
        let img = Image(width: w, height: h) { x, _ in x < 200 ? SIMD4(0.01, 0.01, 0.012, 1) : SIMD4(0.5, 0.55, 0.7, 1) }
        let out = Renderer(threads: 1).render(img, with: Adjustments(shadows: 1))
        let y = h / 2
        let dark = (20..<190).map { Luma.y(out[$0, y]) }
        let bright = (210..<380).map { Luma.y(out[$0, y]) }
        // Dark side lifted evenly (no rim near the edge).
        #expect(dark.min()! > 0.02)
        #expect(dark.max()! / dark.min()! < 1.15)
        // Bright side untouched near the edge.
        #expect(abs(bright.first! - Luma.y(img[210, y])) / Luma.y(img[210, y]) < 0.05)
        #expect(bright.max()! / bright.min()! < 1.05)
    }

    @Test func graysStayGrayUnderColorControls() {
        let img = Self.randomImage(48, 32, seed: 5, gray: true)
        var rng = SeededRNG(seed: 9)
        for _ in 0..<40 {
            var a = Self.randomAdjustments(&rng, effect: false)
            a.effect = nil
            let out = Renderer(threads: 1).render(img, with: a)
            for p in out.pixels { #expect(p.x == p.y && p.y == p.z) }
        }
        // Aura and black & white keep grays gray too.
        for e in EffectCatalog.all where e.family == .aura || e.family == .blackAndWhite {
            let out = Renderer(threads: 1).render(img, with: Adjustments(effect: e.effect))
            for i in 0..<img.pixelCount { #expect(abs(out.pixels[i] - img.pixels[i]).max() < 1e-5) }
        }
    }

    @Test func selectiveColorTouchesItsOwnHues() {
        let sky = SRGBColor(0.35, 0.55, 0.85).linear, grass = SRGBColor(0.3, 0.5, 0.2).linear
        let img = Image(width: 2, height: 1, pixels: [SIMD4(Float(sky.x), Float(sky.y), Float(sky.z), 1),
                                                      SIMD4(Float(grass.x), Float(grass.y), Float(grass.z), 1)])
        func chroma(_ p: SIMD4<Float>) -> Float { max(p.x, max(p.y, p.z)) - min(p.x, min(p.y, p.z)) }
        let more = Renderer(threads: 1).render(img, with: Adjustments(blueSkies: 1))
        #expect(chroma(more.pixels[0]) > chroma(img.pixels[0]) * 1.3)
        #expect(abs(chroma(more.pixels[1]) - chroma(img.pixels[1])) < 1e-4)
        let green = Renderer(threads: 1).render(img, with: Adjustments(greenery: -1))
        #expect(chroma(green.pixels[1]) < chroma(img.pixels[1]) * 0.3)
    }

    @Test func outputIndependentOfThreadCount() throws {
        let photo = try Fixtures.photo("rocket.png")
        var rng = SeededRNG(seed: 21)
        for k in 0..<4 {
            var a = Self.randomAdjustments(&rng)
            if k == 0 { a.effect = EffectCatalog.named("artistic-3")!.effect }
            a.brushes = [BrushStroke(kind: .lighten, points: [BrushPoint(x: 0.2, y: 0.3), BrushPoint(x: 0.6, y: 0.5)], detectEdges: k % 2 == 0)]
            let one = Renderer(threads: 1).render(photo, with: a)
            let two = Renderer(threads: 2).render(photo, with: a)
            let three = Renderer(threads: 3).render(photo, with: a)
            #expect(one == two && two == three)
        }
    }

    @Test func codableUsesStableSnakeCaseKeys() throws {
        var a = Adjustments(blackLevel: 0.1, shadows: 0.2, whiteLevel: -0.3, blueSkies: 0.4, skinTones: 0.5)
        a.effect = Effect(family: .blackAndWhite, position: 0.3, mix: ChannelMix(red: 0.5, green: 0.3, blue: 0.2))
        a.vignette = Vignette(strength: 0.4, radius: 0.6)
        a.brushes = [BrushStroke(kind: .darken, points: [BrushPoint(x: 0.5, y: 0.5)], detectEdges: true)]
        let enc = JSONEncoder(); enc.outputFormatting = .sortedKeys
        let json = String(decoding: try enc.encode(a), as: UTF8.self)
        for key in ["black_level", "shadows", "white_level", "blue_skies", "skin_tones", "greenery", "saturation",
                    "\"effect\"", "\"family\":\"bw\"", "\"position\"", "\"vignette\"", "\"strength\"", "\"radius\"", "detect_edges"] {
            #expect(json.contains(key), "\(key) missing in \(json)")
        }
        #expect(try JSONDecoder().decode(Adjustments.self, from: Data(json.utf8)) == a)
        let partial = try JSONDecoder().decode(Adjustments.self, from: Data(#"{"shadows": 0.5, "effect": {"family": "vintage", "look": 2}}"#.utf8))
        #expect(partial.shadows == 0.5 && partial.effect?.look == 2 && partial.brightness == 0)
        var s = Adjustments()
        try s.set("effect", to: "bw-3")
        try s.set("vignette.strength", to: "0.5")
        #expect(s.effect == EffectCatalog.named("bw-3")!.effect && s.vignette.strength == 0.5)
        #expect(throws: AdjustmentError.self) { try s.set("brightnes", to: "1") }
        #expect(throws: AdjustmentError.self) { try s.set("brightness", to: "2") }
    }

    @Test func catalogHas24NamedEffects() {
        #expect(EffectCatalog.all.count == 24)
        #expect(Set(EffectCatalog.all.map(\.id)).count == 24)
        for f in EffectFamily.allCases { #expect(EffectCatalog.family(f).count == 4) }
        #expect(EffectCatalog.named("bw-3")?.family == .blackAndWhite)
        // Every effect changes a colorful photo, and all 24 differ from each other.
        let img = Self.randomImage(24, 16, seed: 2)
        let renders = EffectCatalog.all.map { Renderer(threads: 1).render(img, with: Adjustments(effect: $0.effect)) }
        for (i, r) in renders.enumerated() {
            #expect(r.meanDeltaE2000(to: img) > 1, "\(EffectCatalog.all[i].id)")
            for j in 0..<i { #expect(r != renders[j]) }
        }
        // The B&W one-swipe curve passes through mixes that sum to 1.
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            let m = Effect.blackAndWhiteMix(at: t)
            #expect(abs(m.red + m.green + m.blue - 1) < 1e-9)
        }
    }

    @Test func vignetteDarkensCornersNotCenter() {
        let img = Image(width: 101, height: 61, filledWith: SIMD4(0.5, 0.5, 0.5, 1))
        let out = Renderer(threads: 1).render(img, with: Adjustments(vignette: Vignette(strength: 0.8, radius: 0.3)))
        #expect(out[50, 30] == img[50, 30])
        #expect(out[0, 0].x < 0.25)
    }
}
