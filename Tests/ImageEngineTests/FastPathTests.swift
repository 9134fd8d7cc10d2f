import Foundation
import Testing
@testable import ImageEngine

/// Bounds on every shortcut the fast paths take: the strip kernels against the
/// scalar reference pipeline, the cached analysis against a fresh one, the
/// 8-bit preview table, the float approximations, and the vectorised CIEDE2000.
@Suite struct FastPathTests {
    static let photoNames = ["astronaut.png", "camera.png", "chelsea.png", "china.png", "coffee.png",
                             "flower.png", "hubble.png", "rocket.png"]

    static func lab(_ p: SIMD4<Float>) -> Lab {
        ColorScience.lab(linear: SIMD3(Double(max(p.x, 0)), Double(max(p.y, 0)), Double(max(p.z, 0))))
    }

    /// The strip kernels compute the scalar reference's math: max ΔE00 per pixel
    /// well under 0.5 (measured 1.8e-5: float rounding and the table index split) on
    /// every real photo, with random settings, effects, brushes and vignettes.
    @Test func earlyExitGoalCheckAgreesWithTheMean() throws {
        let photo = try Fixtures.photo("coffee.png").downscaled(toFit: 160)
        let goal = LabImage(Renderer(threads: 1).render(photo, with: Adjustments(brightness: 0.2, contrast: 0.3)))
        for (k, a) in [Adjustments(), Adjustments(brightness: 0.15, contrast: 0.25), Adjustments(brightness: 0.2, contrast: 0.3),
                       Adjustments(saturation: -1)].enumerated() {
            let image = Renderer(threads: 1).render(photo, with: a)
            let mean = image.meanDeltaE2000(to: goal)
            for tolerance in [0.001, mean * 0.999, mean, mean * 1.001, 2, 50] {
                #expect(image.isWithinDeltaE2000(of: goal, tolerance: tolerance) == (mean < tolerance), "case \(k), tolerance \(tolerance), mean \(mean)")
            }
        }
    }

    @Test func deltaEMapMatchesTheDirectFormulaPerPixel() throws {
        let photo = try Fixtures.photo("chelsea.png").downscaled(toFit: 96)
        let other = Renderer(threads: 1).render(photo, with: Adjustments(brightness: 0.3, saturation: -0.5, blueSkies: 0.8))
        let a = LabImage(photo), b = LabImage(other)
        let map = a.deltaE2000Map(to: b)
        var worst: Float = 0
        for i in map.indices { worst = max(worst, abs(map[i] - LabImage.deltaE2000(a.pixels[i], b.pixels[i]))) }
        #expect(worst < 1e-3, "largest per-pixel difference \(worst)")
        #expect(a.deltaE2000Map(to: a).allSatisfy { $0 < 1e-4 })
    }

    @Test("a remembered ΔE00 map has the bits of a fresh one, look after look")
    func deltaEMapMemo() throws {
        let photo = try Fixtures.photo("chelsea.png").downscaled(toFit: 64)
        let goal = LabImage(Renderer(threads: 1).render(photo, with: Adjustments(brightness: 0.3, saturation: -0.5, blueSkies: 0.8)))
        var rng = SeededRNG(seed: 12)
        let memo = DeltaEMapMemo()
        var now = LabImage(photo).pixels
        for look in 0..<12 {
            // A few pixels change between looks (a stroke), at times all of them; −0 stands in for 0 once.
            let changed = look == 5 ? now.count : Int.random(in: 0...40, using: &rng)
            for _ in 0..<changed {
                let i = Int.random(in: 0..<now.count, using: &rng)
                now[i] = look == 7 ? SIMD4(now[i].x, -0.0, 0, 0) : goal.pixels[(i * 7) % now.count]
            }
            let current = LabImage(width: goal.width, height: goal.height, pixels: now)
            let fresh = current.deltaE2000Map(to: goal), kept = memo.map(current, to: goal)
            #expect(fresh.map(\.bitPattern) == kept.map(\.bitPattern), "look \(look)")
        }
        // Another size starts afresh.
        let small = LabImage(photo.downscaled(toFit: 32)), smallGoal = LabImage(photo.downscaled(toFit: 32))
        #expect(memo.map(small, to: smallGoal).map(\.bitPattern) == small.deltaE2000Map(to: smallGoal).map(\.bitPattern))
    }

    @Test func stripPipelineMatchesScalarReference() throws {
        var rng = SeededRNG(seed: 77)
        var worst = 0.0
        for name in Self.photoNames {
            let photo = try Fixtures.photo(name).downscaled(toFit: 320)
            for k in 0..<4 {
                var a = AdjustmentTests.randomAdjustments(&rng)
                if k == 0 { a.effect = nil }
                if k == 1 {
                    a.brushes = [BrushStroke(kind: .lighten, points: [BrushPoint(x: 0.3, y: 0.4), BrushPoint(x: 0.6, y: 0.5)]),
                                 BrushStroke(kind: .saturate, points: [BrushPoint(x: 0.5, y: 0.5)])]
                }
                let fast = Renderer(threads: 2).render(photo, with: a)
                var ref = Image(width: 0, height: 0, pixels: [])
                Renderer(threads: 1).renderReference(photo, with: a, into: &ref)
                #expect(fast.width == ref.width && fast.height == ref.height)
                for i in stride(from: 0, to: photo.pixelCount, by: 3) {
                    let d = ColorScience.deltaE2000(Self.lab(fast.pixels[i]), Self.lab(ref.pixels[i]))
                    worst = max(worst, d)
                    #expect(fast.pixels[i].w == ref.pixels[i].w)
                }
            }
        }
        #expect(worst < 0.5, "max ΔE00 fast vs reference: \(worst)")
    }

    /// Re-rendering from the cached mask gives the very bits a fresh build gives,
    /// and a mutated copy of a photo (new buffer, copy-on-write) is never served
    /// the old photo's mask.
    @Test func cachedAnalysisIsExactAndKeyedByPixels() throws {
        let photo = try Fixtures.photo("rocket.png")
        let a = Adjustments(shadows: 0.7, highlights: 0.5, saturation: 0.2)
        let cold = Renderer(threads: 2, cachesAnalysis: false).render(photo, with: a)
        let warm = Renderer(threads: 2)
        _ = warm.render(photo, with: a)
        #expect(warm.render(photo, with: a) == cold)
        var edited = photo
        for i in 0..<(edited.pixelCount / 2) { edited.pixels[i] = SIMD4(0.9, 0.9, 0.9, 1) }
        let editedCold = Renderer(threads: 2, cachesAnalysis: false).render(edited, with: a)
        #expect(warm.render(edited, with: a) == editedCold)
        #expect(warm.render(photo, with: a) == cold)
        Renderer.clearAnalysisCache()
        #expect(warm.render(photo, with: a) == cold)
    }

    /// Above the parallel threshold, 1, 2 and 3 threads give identical bits, float and 8-bit.
    @Test func largeRenderIndependentOfThreadCount() throws {
        let photo = try Fixtures.photo("hubble.png")   // 0.87 MP: tiled over threads
        var rng = SeededRNG(seed: 5)
        for _ in 0..<3 {
            let a = AdjustmentTests.randomAdjustments(&rng)
            let renders = [1, 2, 3].map { Renderer(threads: $0, cachesAnalysis: $0 != 2).render(photo, with: a) }
            #expect(renders[0] == renders[1] && renders[1] == renders[2])
            var b1: [UInt8] = [], b2: [UInt8] = []
            Renderer(threads: 1).render(photo, with: a, intoSRGB8: &b1)
            Renderer(threads: 2).render(photo, with: a, intoSRGB8: &b2)
            #expect(b1 == b2)
        }
    }

    /// The 4096-entry linear → sRGB8 table is never more than one code off the
    /// exact encoder, and the 8-bit render path matches the float path encoded
    /// exactly to within that code; the identity is exact.
    @Test func srgb8TableIsWithinOneCode() throws {
        let lut = SRGB.encodeTable8
        var worst = 0, off = 0
        let steps = 1 << 20
        for i in 0...steps {
            let x = Float(i) / Float(steps)
            let k = Int((x * Float(SRGB.encodeTableSize - 1)).rounded())
            let d = abs(Int(lut[k]) - Int(SRGB.encode8(x)))
            worst = max(worst, d)
            if d != 0 { off += 1 }
        }
        #expect(worst <= 1)
        #expect(Double(off) / Double(steps) < 0.05, "fraction off by one: \(Double(off) / Double(steps))")

        let photo = try Fixtures.photo("flower.png")
        let a = Adjustments(shadows: 0.4, contrast: 0.3, saturation: 0.3, vignette: Vignette(strength: 0.5))
        let r = Renderer(threads: 2)
        let exact = r.render(photo, with: a).srgb8(includeAlpha: true)
        var fast: [UInt8] = []
        r.render(photo, with: a, intoSRGB8: &fast)
        #expect(fast.count == exact.count)
        #expect(zip(fast, exact).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        // Glow goes through the float path, then the table.
        var glow: [UInt8] = []
        let g = Adjustments(effect: EffectCatalog.named("artistic-3")!.effect)
        r.render(photo, with: g, intoSRGB8: &glow)
        #expect(zip(glow, r.render(photo, with: g).srgb8(includeAlpha: true)).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        var id: [UInt8] = []
        r.render(photo, with: Adjustments(), intoSRGB8: &id)
        #expect(id == photo.srgb8(includeAlpha: true))
    }

    /// The Lab kernel (branch-free cube root) against the same conversion in
    /// Double with libm's cbrt, gray and coloured from 8e-7 to 2.7 (HDR) linear;
    /// and the R_T table of the CIEDE2000 block against the direct −sin(2Δθ)
    /// over every mean hue (0.001° steps).
    @Test func fastMathErrorBounds() {
        var labErr = 0.0
        let n = 256
        var r = [Float](repeating: 0, count: n), g = r, b = r
        for k in 0..<800 {
            var exact: [SIMD3<Double>] = []
            for j in 0..<n {
                let x = exp(-14 + 15 * Double(k * n + j) / Double(800 * n))   // 8e-7 … 2.7
                let (pr, pg, pb) = j % 2 == 0 ? (x, x, x) : (x, 0.3 * x, 0.6 * x)
                r[j] = Float(pr); g[j] = Float(pg); b[j] = Float(pb)
                let (dr, dg, db) = (Double(r[j]), Double(g[j]), Double(b[j]))
                func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
                let fx = f((0.4124564 * dr + 0.3575761 * dg + 0.1804375 * db) / 0.95047)
                let fy = f(0.2126729 * dr + 0.7151522 * dg + 0.0721750 * db)
                let fz = f((0.0193339 * dr + 0.1191920 * dg + 0.9503041 * db) / 1.08883)
                exact.append(SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)))
            }
            r.withUnsafeMutableBufferPointer { rp in g.withUnsafeMutableBufferPointer { gp in b.withUnsafeMutableBufferPointer { bp in
                LabImage.labPlanar(rp.baseAddress!, gp.baseAddress!, bp.baseAddress!, n) } } }
            for j in 0..<n {
                let d = SIMD3(Double(r[j]), Double(g[j]), Double(b[j])) - exact[j]
                labErr = max(labErr, abs(d.x), abs(d.y), abs(d.z))
            }
        }
        #expect(labErr < 1e-3, "Lab \(labErr)")
        print("Lab kernel vs Double: max |error| \(labErr)")
        var rtErr = 0.0
        for i in 0..<360_000 {
            let h = Double(i) / 1000
            let dTheta = 30 * exp(-pow((h - 275) / 25, 2))
            let exact = -sin(2 * dTheta * .pi / 180)
            let r = h * .pi / 180
            rtErr = max(rtErr, abs(Double(DeltaE2000Block.rtFactor(cos: Float(cos(r)), sin: Float(sin(r)))) - exact))
        }
        #expect(rtErr < 1e-5, "R_T table \(rtErr)")
    }

    /// `Num.fastLog2` and `Kernels.log2` are log2 (against Foundation's, in
    /// Double) to 2e-5 from 1e-7 to 1e4, at powers of two and on either side of
    /// them (measured worst 1.6e-5), give the same bits, and never fall as x grows.
    @Test func fastLog2IsLog2() {
        var worst = 0.0
        var previous = -Float.infinity
        func check(_ x: Float) {
            let v = Num.fastLog2(x)
            #expect(v == Kernels.log2(x))
            worst = max(worst, abs(Double(v) - Foundation.log2(Double(max(x, 1e-7)))))
        }
        for i in 0..<400_000 {
            let x = Float(exp2(-23.2 + 36.5 * Double(i) / 400_000))   // 1e-7 … 1e4
            check(x)
            let v = Num.fastLog2(x)
            #expect(v >= previous, "not monotone at \(x)")
            previous = v
        }
        for k in -23...13 {
            let x = Float(exp2(Double(k)))
            for y in [x.nextDown.nextDown, x.nextDown, x, x.nextUp] { check(y) }
        }
        #expect(worst < 2e-5, "fastLog2 max error \(worst)")
    }

    /// LabImage's conversion (Halley cube root) agrees with the double-precision
    /// ColorScience conversion to 2e-3 in L, a, b on real photos.
    @Test func labConversionMatchesColorScience() throws {
        var worst = 0.0
        for name in Self.photoNames {
            let photo = try Fixtures.photo(name).downscaled(toFit: 128)
            let lab = LabImage(photo)
            for i in 0..<photo.pixelCount {
                let r = Self.lab(photo.pixels[i]), f = lab.pixels[i]
                worst = max(worst, abs(r.l - Double(f.x)), abs(r.a - Double(f.y)), abs(r.b - Double(f.z)))
            }
        }
        #expect(worst < 2e-3, "max Lab error \(worst)")
    }

    /// The vectorised CIEDE2000 agrees with the double-precision formula: the
    /// Sharma pairs to 1e-3 (the fixture's 4 decimals plus float input rounding),
    /// and per pixel on real photo pairs to 2e-3 (worst) with the mean within 1e-4.
    @Test func blockDeltaE2000MatchesDirectFormula() throws {
        let block = DeltaE2000Block()
        defer { block.deallocate() }
        for r in try Fixtures.tsv("ciede2000_sharma.tsv") {
            let v = r.map { Double($0)! }
            var p = SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), 0), q = SIMD4(Float(v[3]), Float(v[4]), Float(v[5]), 0)
            #expect(abs(block.sum(&p, &q, 1) - v[6]) < 1e-3, "pair \(r)")
            #expect(abs(block.sum(&q, &p, 1) - v[6]) < 1e-3, "symmetry \(r)")
        }
        var worst = 0.0, meanDiff = 0.0
        for name in Self.photoNames {
            let a = try Fixtures.photo(name).downscaled(toFit: 160)
            let b = Renderer(threads: 1).render(a, with: Adjustments(brightness: 0.2, saturation: -0.5, blueSkies: 0.8,
                                                                     effect: EffectCatalog.named("warm-cool-1")!.effect))
            let la = LabImage(a), lb = LabImage(b)
            var ref = 0.0
            for i in 0..<a.pixelCount {
                var p = la.pixels[i], q = lb.pixels[i]
                let exact = ColorScience.deltaE2000(Lab(Double(p.x), Double(p.y), Double(p.z)), Lab(Double(q.x), Double(q.y), Double(q.z)))
                worst = max(worst, abs(block.sum(&p, &q, 1) - exact))
                ref += exact
            }
            meanDiff = max(meanDiff, abs(la.meanDeltaE2000(to: lb) - ref / Double(a.pixelCount)))
        }
        #expect(worst < 2e-3, "worst per-pixel ΔE00 error \(worst)")
        #expect(meanDiff < 1e-4, "mean ΔE00 error \(meanDiff)")
    }
}
