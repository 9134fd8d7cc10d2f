import CKernels
import Foundation

extension Renderer {
    /// Renders `rows` of the fused pass into float pixels or 8-bit sRGB; the
    /// output pointer addresses the first row of `rows`. Pure in the row index,
    /// so it may run for several row ranges at once, in any order.
    typealias RowKernel = (
        _ rows: Range<Int>, _ floatOut: UnsafeMutablePointer<SIMD4<Float>>?,
        _ byteOut: UnsafeMutablePointer<UInt8>?
    ) -> Void

    /// The fused per-pixel pass over row tiles and strips; writes float pixels or 8-bit sRGB.
    func fusedPass(
        _ image: Image, _ a: Adjustments, _ plan: RenderPlan, preview: PreviewSource? = nil, masks: BrushMasks? = nil,
        floatOut: UnsafeMutablePointer<SIMD4<Float>>?, byteOut: UnsafeMutablePointer<UInt8>?
    ) {
        let w = image.width, h = image.height
        withRowKernel(image, a, plan, preview: preview, masks: masks, bytes: byteOut != nil) { kernel in
            Schedule(threads: threads).forEachTile(rows: h, pixelsPerRow: w) { rows in
                kernel(rows, floatOut.map { $0 + rows.lowerBound * w }, byteOut.map { $0 + 4 * rows.lowerBound * w })
            }
        }
    }

    /// Prepares the fused pass for `image` — the per-image analysis it needs
    /// (tone mask, brush masks) and the plan's tables — and hands `body` the
    /// kernel that renders any range of rows. The algorithm lives in the
    /// kernel; who calls it for which rows (tiles over threads, PNG bands) is
    /// the caller's schedule. With a `preview` source (8-bit previews of a
    /// cached photo, no brushes) the first stages read it instead of the float photo.
    /// `bytes`: the caller will ask for 8-bit output, which lets a one-shot frame
    /// take the AVX2 kernels (`PreviewAVX2`). `masks`: `a.brushes` already
    /// rasterised for `image` (`BrushCanvas`), used instead of rasterising them.
    func withRowKernel(
        _ image: Image, _ a: Adjustments, _ plan: RenderPlan, preview: PreviewSource? = nil, masks: BrushMasks? = nil,
        bytes: Bool = false, _ body: (RowKernel) -> Void
    ) {
        let schedule = Schedule(threads: threads)
        let w = image.width, h = image.height
        // The tone mask, and with the cache its per-pixel values too.
        var mask: LocalToneMask? = nil, basePlane: [Float]? = nil
        if plan.localGain != nil && preview == nil {
            if cachesAnalysis {
                (mask, basePlane) = AnalysisCache.shared.toneMask(for: image, schedule: schedule)
            } else {
                mask = LocalToneMask(image: image, schedule: schedule)
            }
        }
        let hasBase = basePlane != nil
        let brushes = a.brushes.isEmpty ? nil : masks ?? BrushMasks(strokes: a.brushes, source: image)
        let (xIndex, xFrac) = mask?.columnTables(width: w) ?? ([0], [0])
        let vig = VignetteGeometry(width: w, height: h, strength: plan.vignetteStrength, radius: plan.vignetteRadius)

        // Plain data for the loops: no optionals of reference-counted values inside them.
        let hasMask = mask != nil, hasExposure = !plan.exposurePairs.isEmpty
        let hasColor = plan.color != nil, color = plan.color ?? ColorKernel(Adjustments())
        let hasEffect = plan.effect != nil
        let effect = plan.effect ?? EffectKernel.make(Effect(family: .aura)).kernel
        let hasEffectCurves = plan.effectCurves != nil, hasDuotone = !plan.duotone.isEmpty
        let hasBrushStops = brushes?.hasStops ?? false, hasBrushSat = brushes?.hasSaturation ?? false
        let lowW = mask?.lowW ?? 1, lowH = mask?.lowH ?? 1, scaleY = mask?.scaleY ?? 1
        let exp0 = plan.exposurePairs.first ?? [.zero]
        let expG = hasExposure ? plan.exposurePairs[1] : [.zero], expB = hasExposure ? plan.exposurePairs[2] : [.zero]

        let planeA: [Float] = mask?.planeA ?? [0, 0], planeB: [Float] = mask?.planeB ?? [0, 0]
        let gainPairs: [SIMD2<Float>] = plan.gainPairs.isEmpty ? [.zero] : plan.gainPairs
        let effCurves: [SIMD4<Float>] = plan.effectCurves?.table ?? [.zero]
        let duotone: [SIMD4<Float>] = plan.duotone.isEmpty ? [.zero] : plan.duotone
        let stops: [Float] = brushes?.stops ?? [0], sat: [Float] = brushes?.saturation ?? [0]
        let lut: [UInt8] = SRGB.encodeTable8, none: [Float] = [0], base: [Float] = basePlane ?? [0]
        let usePreview = preview != nil, previewGain = usePreview && plan.localGain != nil
        let previewAlpha = !(preview?.alpha.isEmpty ?? true)
        let pR: [UInt16] = preview?.sr ?? [0], pG: [UInt16] = preview?.sg ?? [0], pBl: [UInt16] = preview?.sb ?? [0]
        let pBase: [UInt16] = previewGain ? preview!.base : [0], pAlpha: [UInt8] = previewAlpha ? preview!.alpha : [0]
        let rootGain: [SIMD2<Float>] = previewGain ? plan.rootGainPairs : [.zero]
        // AVX2 for 8-bit frames (only previews pass `preview`; a one-shot frame is `preview == nil`
        // on a renderer without the cache, and the caller says it wants bytes).
        let avx2 =
            usesAVX2Preview && PreviewAVX2.covers(plan) && brushes == nil && !hasBase
            && (preview.map { $0.alpha.isEmpty } ?? (bytes && !image.hasAlpha))
        let avx512 = avx2 && usesAVX512Preview && PreviewAVX2.wide
        withPointers(image.pixels, xIndex, xFrac, planeA, planeB, gainPairs, exp0, expG, expB, effCurves, duotone) {
            (
                src: SharedPointer<SIMD4<Float>>, xi: SharedPointer<Int32>, xf: SharedPointer<Float>,
                pA: SharedPointer<Float>, pB: SharedPointer<Float>, gainT: SharedPointer<SIMD2<Float>>,
                e0: SharedPointer<SIMD2<Float>>, e1: SharedPointer<SIMD2<Float>>, e2: SharedPointer<SIMD2<Float>>,
                effC: SharedPointer<SIMD4<Float>>, duo: SharedPointer<SIMD4<Float>>
            ) in
            withPointers(stops, sat, vig.dx2, lut, base, none, none, none, none, none, none) {
                (
                    bStops: SharedPointer<Float>, bSat: SharedPointer<Float>, vdx: SharedPointer<Float>,
                    lut8: SharedPointer<UInt8>,
                    basePtr: SharedPointer<Float>, _: SharedPointer<Float>, _: SharedPointer<Float>,
                    _: SharedPointer<Float>,
                    _: SharedPointer<Float>, _: SharedPointer<Float>, _: SharedPointer<Float>
                ) in
                withPointers(pR, pG, pBl, pBase, pAlpha, rootGain, none, none, none, none, none) {
                    (
                        qR: SharedPointer<UInt16>, qG: SharedPointer<UInt16>, qB: SharedPointer<UInt16>,
                        qBase: SharedPointer<UInt16>,
                        qAlpha: SharedPointer<UInt8>, rootGainT: SharedPointer<SIMD2<Float>>, _: SharedPointer<Float>,
                        _: SharedPointer<Float>,
                        _: SharedPointer<Float>, _: SharedPointer<Float>, _: SharedPointer<Float>
                    ) in
                    var fast =
                        !avx2
                        ? nil
                        : PreviewAVX2.parameters(
                            exposure: hasExposure ? (e0.base, e1.base, e2.base) : nil, color: plan.color, vignette: vig,
                            dx2: vdx.base, lut: lut8.base)
                    if usePreview {
                        fast?.sr = qR.base; fast?.sg = qG.base; fast?.sb = qB.base
                        fast?.base = previewGain ? qBase.base : nil; fast?.rootGain = PreviewAVX2.floats(rootGainT.base)
                    } else {
                        fast?.pixels = UnsafeRawPointer(src.base).assumingMemoryBound(to: Float.self)
                        if hasMask {
                            fast?.xIndex = xi.base; fast?.xFrac = xf.base; fast?.gain = PreviewAVX2.floats(gainT.base)
                        }
                    }
                    body {
                        (
                            rows: Range<Int>, fOut: UnsafeMutablePointer<SIMD4<Float>>?,
                            bOut: UnsafeMutablePointer<UInt8>?
                        ) in
                        let rowBase = rows.lowerBound * w
                        if var fast, let bOut {
                            // Whole rows on AVX2, straight from the source to display bytes.
                            let out = UnsafeMutableRawPointer(bOut).assumingMemoryBound(to: UInt32.self)
                            if usePreview {
                                for y in rows {
                                    let o = out + (y * w - rowBase)
                                    if avx512 {
                                        rk_preview_row_avx512(&fast, y * w, 0, Int32(w), vig.dy2(y), o)
                                    } else {
                                        rk_preview_row_avx2(&fast, y * w, 0, Int32(w), vig.dy2(y), o)
                                    }
                                }
                                return
                            }
                            let ra = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                            let rb = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                            defer { ra.deallocate(); rb.deallocate() }
                            for y in rows {
                                if hasMask {
                                    LocalToneMask.interpolateRowPlanar(
                                        y, lowW: lowW, lowH: lowH, scaleY: scaleY,
                                        planeA: pA.base, planeB: pB.base, intoA: ra, intoB: rb)
                                }
                                let o = out + (y * w - rowBase)
                                if avx512 {
                                    rk_render_row_avx512(&fast, ra, rb, y * w, 0, Int32(w), vig.dy2(y), o)
                                } else {
                                    rk_render_row_avx2(&fast, ra, rb, y * w, 0, Int32(w), vig.dy2(y), o)
                                }
                            }
                            return
                        }
                        // Locals, not captures: captured values live in the closure context,
                        // which must be reloaded after every store through an output pointer.
                        let st = Strip.allocate()
                        let ra = UnsafeMutablePointer<Float>.allocate(capacity: hasMask ? lowW + 1 : 1)
                        let rb = UnsafeMutablePointer<Float>.allocate(capacity: hasMask ? lowW + 1 : 1)
                        defer { st.deallocate(); ra.deallocate(); rb.deallocate() }
                        let vig = vig, color = color, effect = effect
                        let src = src.base, xi = xi.base, xf = xf.base, gainT = gainT.base
                        let e0 = e0.base, e1 = e1.base, e2 = e2.base, vdx = vdx.base
                        let bStops = bStops.base, bSat = bSat.base, effC = effC.base, duo = duo.base
                        for y in rows {
                            if hasMask && !hasBase {
                                LocalToneMask.interpolateRowPlanar(
                                    y, lowW: lowW, lowH: lowH, scaleY: scaleY,
                                    planeA: pA.base, planeB: pB.base, intoA: ra, intoB: rb)
                            }
                            let vdy = vig.dy2(y)
                            var x0 = 0
                            while x0 < w {
                                let n = min(Strip.capacity, w - x0)
                                let p = y * w + x0
                                if usePreview {
                                    Kernels.loadRoots(qR.base + p, n, st.r)
                                    Kernels.loadRoots(qG.base + p, n, st.g)
                                    Kernels.loadRoots(qB.base + p, n, st.b)
                                    // An opaque photo's alpha is 1 all through (looks keep alpha): only a look reads
                                    // it.
                                    if previewAlpha {
                                        Kernels.loadAlpha(qAlpha.base + p, n, st.a)
                                    } else if hasEffect {
                                        Kernels.opaque(n, st.a)
                                    }
                                    if previewGain { Kernels.rootGain(qBase.base + p, n, rootGainT.base, st) }
                                    if hasExposure {
                                        Kernels.rootCurves(st, n, e0, e1, e2, scaled: previewGain)
                                    } else {
                                        Kernels.squares(st, n, scaled: previewGain)
                                    }
                                } else {
                                    Kernels.deinterleave(src + p, n, st)
                                    if hasBase {
                                        Kernels.localGain(st, n, base: basePtr.base + p, table: gainT)
                                    } else if hasMask {
                                        Kernels.maskBase(
                                            st, n, ra: ra, rb: rb, xIndex: xi + x0, xFrac: xf + x0, into: st.t1)
                                        Kernels.localGain(st, n, base: st.t1, table: gainT)
                                    }
                                    if hasBrushStops {
                                        for i in 0..<n {
                                            let s = bStops[p + i]
                                            if s != 0 { let g = exp2(s); st.r[i] *= g; st.g[i] *= g; st.b[i] *= g }
                                        }
                                    }
                                    if hasExposure {
                                        Kernels.curves(st, n, e0, e1, e2)
                                    }
                                }
                                if hasColor { Kernels.color(color, st, n) }
                                if hasBrushSat {
                                    // A rare stage: scalar, one SIMD4 pixel at a time.
                                    for i in 0..<n {
                                        let s = bSat[p + i]
                                        if s == 0 { continue }
                                        let q = Num.scaleChroma(SIMD4(st.r[i], st.g[i], st.b[i], st.a[i]), 1 + s)
                                        st.r[i] = q.x; st.g[i] = q.y; st.b[i] = q.z; st.a[i] = q.w
                                    }
                                }
                                if hasEffect {
                                    let curves = hasEffectCurves ? effC : nil, duotone = hasDuotone ? duo : nil
                                    effect.apply(to: st, n, curves: curves, duotone: duotone)
                                }
                                if vig.active { Kernels.vignetteFactor(vig, st, n, dx2: vdx + x0, dy2: vdy) }
                                if let f = fOut {
                                    let d = f + (p - rowBase)
                                    if !vig.active {
                                        Kernels.interleave(st, n, d)
                                    } else if vig.strength > 0 {
                                        Kernels.interleaveDarken(st, n, d)
                                    } else {
                                        Kernels.interleaveLighten(st, n, d)
                                    }
                                }
                                if let b = bOut {
                                    Kernels.encodeSRGB8(
                                        st, n, b + 4 * (p - rowBase), lut8.base,
                                        vignette: !vig.active
                                            ? Kernels.noVignette
                                            : (vig.strength > 0 ? Kernels.darken : Kernels.lighten),
                                        opaque: usePreview && !previewAlpha)
                                }
                                x0 += n
                            }
                        }
                    }
                }
            }
        }
    }
}
