import Foundation

extension Renderer {
    /// The scalar reference implementation of the fused pass (one `SIMD4` pixel
    /// at a time, mask rebuilt every call): the plain statement of the algorithm
    /// that the strip kernels are tested against. Not used for rendering.
    func renderReference(_ image: Image, with adjustments: Adjustments, into output: inout Image) {
        if let (soft, rest) = BrushSoftening.split(image, adjustments) {
            return renderReference(soft, with: rest, into: &output)
        }
        let a = adjustments.normalizedForRendering
        if a == Adjustments() || image.pixelCount == 0 { output = image; return }
        let plan = PlanCache.shared.plan(for: a)
        let schedule = Schedule(threads: threads)
        let w = image.width, h = image.height
        let mask = plan.localGain != nil ? LocalToneMask(image: image, schedule: schedule) : nil
        let brushes = a.brushes.isEmpty ? nil : BrushMasks(strokes: a.brushes, source: image)

        var out = Self.outputPixels(&output, width: w, height: h)
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

        withPointers(
            image.pixels, xIndex, xFrac, mask?.coeffs ?? [.zero], plan.localGain ?? [1],
            plan.exposureLUT?.table ?? [.zero], plan.effectCurves?.table ?? [.zero],
            plan.duotone.isEmpty ? [.zero] : plan.duotone, brushes?.stops ?? [0], brushes?.saturation ?? [0],
            vig.dx2
        ) { src, xi, xf, coeffs, gainT, expT, effC, duo, bStops, bSat, vdx in
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
                            LocalToneMask.interpolateRow(
                                y, width: w, lowW: lowW, lowH: lowH, scaleY: scaleY,
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
                                let g = Self.lerpTable(
                                    gainT, base, LocalToneCurve.baseMin,
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
                                p = effect.apply(
                                    p, curves: hasEffectCurves ? effC : nil,
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
