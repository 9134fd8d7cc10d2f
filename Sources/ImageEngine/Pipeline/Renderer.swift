import Foundation

/// Renders a photo with `Adjustments`: one fused per-pixel pass over row tiles,
/// plus the few stages that need neighbourhoods (the local tone mask before it,
/// brush masks, and the glow look after it).
///
/// Per pixel, in order: local shadow/highlight gain → brush exposure → exposure
/// curve (LUT) → color → brush saturation → effect → vignette. All-zero
/// adjustments return the input itself.
///
/// Schedule: images under ~0.16 MP (perception proxies) render on the calling
/// thread; larger ones are split into 16-row tiles over `threads` workers. The
/// output is bit-identical for any thread count.
public struct Renderer: Sendable {
    /// Worker threads for large images.
    public let threads: Int

    /// `threads` defaults to the number of active cores.
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threads = max(1, threads)
    }

    /// Renders `image` with `adjustments`.
    public func render(_ image: Image, with adjustments: Adjustments) -> Image {
        var out = Image(width: 0, height: 0, pixels: [])
        render(image, with: adjustments, into: &out)
        return out
    }

    /// Renders into `output`, reusing its pixel storage when it already has the
    /// right size and is not shared. An interactive preview loop (60 renders a
    /// second into the same buffer) saves the page faults of a fresh buffer.
    public func render(_ image: Image, with adjustments: Adjustments, into output: inout Image) {
        let a = adjustments.normalizedForRendering
        if a == Adjustments() || image.pixelCount == 0 { output = image; return }
        let plan = PlanCache.shared.plan(for: a)
        let schedule = Schedule(threads: threads)
        let w = image.width, h = image.height
        let mask = plan.localGain != nil ? LocalToneMask(image: image, schedule: schedule) : nil
        let brushes = a.brushes.isEmpty ? nil : BrushMasks(strokes: a.brushes, source: image)

        // Uninitialised: the workers touch their own rows first, so the kernel's
        // page zeroing happens in parallel instead of in one serial memset.
        var out: [SIMD4<Float>]
        if output.width == w && output.height == h {
            out = output.pixels
            output = Image(width: 0, height: 0, pixels: [])   // drop our reference: no copy-on-write below
        } else {
            out = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        }
        let (xIndex, xFrac) = mask?.columnTables(width: w) ?? ([0], [0])
        let vig = VignetteGeometry(width: w, height: h, strength: plan.vignetteStrength, radius: plan.vignetteRadius)

        // Plain-data copies for the hot loop: no optionals of reference-counted
        // values inside it, so no retain/release per pixel.
        let hasMask = mask != nil, hasExposure = plan.exposureLUT != nil
        let hasColor = plan.color != nil, color = plan.color ?? ColorKernel(Adjustments())
        let hasEffect = plan.effect != nil
        let effect = plan.effect ?? EffectKernel.make(Effect(family: .aura)).kernel
        let hasEffectCurves = plan.effectCurves != nil, hasDuotone = !plan.duotone.isEmpty
        let hasBrushStops = brushes?.hasStops ?? false, hasBrushSat = brushes?.hasSaturation ?? false
        let lowW = mask?.lowW ?? 1, lowH = mask?.lowH ?? 1, scaleY = mask?.scaleY ?? 1

        withPointers(image.pixels, xIndex, xFrac, mask?.coeffs ?? [.zero], plan.localGain ?? [1],
                     plan.exposureLUT?.table ?? [.zero], plan.effectCurves?.table ?? [.zero],
                     plan.duotone.isEmpty ? [.zero] : plan.duotone, brushes?.stops ?? [0], brushes?.saturation ?? [0],
                     vig.dx2) { src, xi, xf, coeffs, gainT, expT, effC, duo, bStops, bSat, vdx in
            out.withUnsafeMutableBufferPointer { op in
                let dst = SharedMutablePointer(base: op.baseAddress!)
                schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                    // Local copies of everything the loop reads: captured values live in
                    // the closure context, which the compiler must reload after every
                    // store through `d` (it may alias); locals stay in registers.
                    let hasMask = hasMask, hasExposure = hasExposure, hasColor = hasColor, color = color
                    let hasEffect = hasEffect, effect = effect, hasEffectCurves = hasEffectCurves
                    let hasDuotone = hasDuotone, hasBrushStops = hasBrushStops, hasBrushSat = hasBrushSat
                    let vig = vig, vigActive = vig.active
                    let gainT = gainT.base, expT = expT.base, effC = effC.base, duo = duo.base
                    let bStops = bStops.base, bSat = bSat.base, vdx = vdx.base, src = src.base, dst = dst.base
                    let abRow = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: hasMask ? w : 1)
                    defer { abRow.deallocate() }
                    for y in rows {
                        if hasMask {
                            LocalToneMask.interpolateRow(y, width: w, lowW: lowW, lowH: lowH, scaleY: scaleY,
                                                         into: abRow, xIndex: xi.base, xFrac: xf.base, c: coeffs.base)
                        }
                        let vdy = vig.dy2(y)
                        let row = y * w
                        let s = src + row, d = dst + row
                        for x in 0..<w {
                            var p = s[x]
                            if hasMask {
                                let ab = abRow[x]
                                let base = ab.x * Num.fastLog2(Luma.y(p)) + ab.y
                                let g = Self.lerpTable(gainT, base, LocalToneCurve.baseMin,
                                                       LocalToneCurve.baseMax, LocalToneCurve.lutSize)
                                p.x *= g; p.y *= g; p.z *= g
                            }
                            if hasBrushStops {
                                let st = bStops[row + x]
                                if st != 0 { let g = exp2(st); p.x *= g; p.y *= g; p.z *= g }
                            }
                            if hasExposure { p = CurveLUT.apply(p, expT) }
                            if hasColor { p = color.apply(p) }
                            if hasBrushSat {
                                let st = bSat[row + x]
                                if st != 0 { p = Num.scaleChroma(p, 1 + st) }
                            }
                            if hasEffect {
                                p = effect.apply(p, curves: hasEffectCurves ? effC : nil,
                                                 duotone: hasDuotone ? duo : nil)
                            }
                            if vigActive { p = vig.apply(p, dx2: vdx[x], dy2: vdy) }
                            d[x] = p
                        }
                    }
                }
            }
        }
        var result = Image(width: w, height: h, hasAlpha: image.hasAlpha, pixels: out)
        if let e = plan.effect, e.glow > 0 {
            result = Glow.apply(result, strength: e.glow * e.amount, schedule: schedule)
        }
        output = result
    }

    @inline(__always)
    static func lerpTable(_ t: UnsafePointer<Float>, _ v: Float, _ lo: Float, _ hi: Float, _ n: Int) -> Float {
        let s = min(max((v - lo) * (1 / (hi - lo)), 0), 1) * Float(n)
        let i = min(Int(s), n - 1)
        let f = s - Float(i)
        return t[i] + (t[i + 1] - t[i]) * f
    }
}

/// Borrows many arrays' storage at once (keeps the render function readable).
@inline(__always)
func withPointers<A, B, C, D, E, F, G, H, I, J, K>(
    _ a: [A], _ b: [B], _ c: [C], _ d: [D], _ e: [E], _ f: [F], _ g: [G], _ h: [H], _ i: [I], _ j: [J], _ k: [K],
    _ body: (SharedPointer<A>, SharedPointer<B>, SharedPointer<C>, SharedPointer<D>, SharedPointer<E>,
             SharedPointer<F>, SharedPointer<G>, SharedPointer<H>, SharedPointer<I>, SharedPointer<J>,
             SharedPointer<K>) -> Void
) {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in c.withUnsafeBufferPointer { c in
    d.withUnsafeBufferPointer { d in e.withUnsafeBufferPointer { e in f.withUnsafeBufferPointer { f in
    g.withUnsafeBufferPointer { g in h.withUnsafeBufferPointer { h in i.withUnsafeBufferPointer { i in
    j.withUnsafeBufferPointer { j in k.withUnsafeBufferPointer { k in
        body(SharedPointer(base: a.baseAddress!), SharedPointer(base: b.baseAddress!), SharedPointer(base: c.baseAddress!),
             SharedPointer(base: d.baseAddress!), SharedPointer(base: e.baseAddress!), SharedPointer(base: f.baseAddress!),
             SharedPointer(base: g.baseAddress!), SharedPointer(base: h.baseAddress!), SharedPointer(base: i.baseAddress!),
             SharedPointer(base: j.baseAddress!), SharedPointer(base: k.baseAddress!))
    } } } } } } } } } } }
}

/// Vignette geometry: normalised distance from the center (1 at the corners),
/// with a smooth falloff starting at `radius`.
struct VignetteGeometry: Sendable {
    let active: Bool
    let strength: Float
    let inner: Float, outer: Float
    let dx2: [Float]
    let height: Int

    init(width: Int, height: Int, strength: Double, radius: Double) {
        active = strength != 0
        self.strength = Float(strength)
        inner = Float(radius)
        outer = Float(radius + 0.75 * (1 - radius) + 0.25)
        self.height = height
        // Elliptical: the distance is measured in frame-relative units, squared and halved so corners = 1.
        dx2 = active ? (0..<width).map { x in let d = (Float(x) + 0.5) / Float(width) - 0.5; return 2 * d * d } : [0]
    }

    @inline(__always) func dy2(_ y: Int) -> Float {
        let d = (Float(y) + 0.5) / Float(height) - 0.5
        return 2 * d * d
    }

    @inline(__always) func apply(_ p: SIMD4<Float>, dx2: Float, dy2: Float) -> SIMD4<Float> {
        let d = (dx2 + dy2).squareRoot()
        let wgt = Num.smoothstep(inner, outer, d)
        if strength > 0 {
            let f = 1 - strength * wgt
            return SIMD4(p.x * f, p.y * f, p.z * f, p.w)
        }
        let f = -strength * wgt
        return SIMD4(p.x + (1 - p.x) * f, p.y + (1 - p.y) * f, p.z + (1 - p.z) * f, p.w)
    }
}

/// The "Glow" look: a screen blend of a blurred copy (Orton effect). The blur
/// runs on a quarter-size copy, since a glow has no fine detail to keep.
enum Glow {
    static func apply(_ image: Image, strength: Float, schedule: Schedule) -> Image {
        let small = image.downscaled(toFit: max(16, max(image.width, image.height) / 4))
        let sigma = 0.025 * Double(max(small.width, small.height))
        let blurred = small.gaussianBlurred(sigma: sigma, threads: schedule.threads)
        let w = image.width, h = image.height
        let sx = Float(blurred.width) / Float(w), sy = Float(blurred.height) / Float(h)
        var out = image
        out.pixels.withUnsafeMutableBufferPointer { op in
            let dst = SharedMutablePointer(base: op.baseAddress!)
            blurred.pixels.withUnsafeBufferPointer { bp in
                let b = SharedPointer(base: bp.baseAddress!)
                let bw = blurred.width, bh = blurred.height
                schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                    for y in rows {
                        let fy = (Float(y) + 0.5) * sy - 0.5
                        let y0 = min(max(Int(fy.rounded(.down)), 0), bh - 1), y1 = min(y0 + 1, bh - 1)
                        let ty = min(max(fy - Float(y0), 0), 1)
                        for x in 0..<w {
                            let fx = (Float(x) + 0.5) * sx - 0.5
                            let x0 = min(max(Int(fx.rounded(.down)), 0), bw - 1), x1 = min(x0 + 1, bw - 1)
                            let tx = min(max(fx - Float(x0), 0), 1)
                            let top = b.base[y0 * bw + x0] + (b.base[y0 * bw + x1] - b.base[y0 * bw + x0]) * tx
                            let bot = b.base[y1 * bw + x0] + (b.base[y1 * bw + x1] - b.base[y1 * bw + x0]) * tx
                            let g = (top + (bot - top) * ty).clamped(lowerBound: .zero, upperBound: .one) * strength
                            var p = dst.base[y * w + x]
                            let a = p.w
                            p = SIMD4<Float>.one - (SIMD4<Float>.one - p.clamped(lowerBound: .zero, upperBound: .one)) * (SIMD4<Float>.one - g)
                            p.w = a
                            dst.base[y * w + x] = p
                        }
                    }
                }
            }
        }
        return out
    }
}
