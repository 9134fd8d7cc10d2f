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

    /// Whether per-image analysis (the local tone mask) is cached by image
    /// identity (`AnalysisCache`), so re-rendering the same photo with new
    /// slider values skips it. Off only to measure or bound memory.
    public let cachesAnalysis: Bool

    /// Whether an 8-bit preview of a cached photo may take the AVX2/FMA kernels
    /// (`PreviewAVX2`) when the CPU has them. Off: the portable strip kernels,
    /// to compare the two (tests, engine-bench).
    public var usesAVX2Preview = true

    /// Whether that preview takes the kernels' 16-lane AVX-512F build
    /// (`rk_preview_row_avx512`: gathered lookups, display codes computed,
    /// within 1 code of the AVX2 kernel) when the CPU has AVX-512F.
    /// Off: the 8-lane AVX2 build (tests, engine-bench).
    public var usesAVX512Preview = true

    /// `threads` defaults to the number of active cores.
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(threads: threads, cachesAnalysis: true)
    }

    /// `cachesAnalysis: false` rebuilds the per-image analysis on every render
    /// (what a one-shot batch render pays; the benchmark's like-for-like figure).
    public init(threads: Int, cachesAnalysis: Bool) {
        self.threads = max(1, threads)
        self.cachesAnalysis = cachesAnalysis
    }

    /// Drops the cached per-image analyses (and the photos they keep alive).
    public static func clearAnalysisCache() { AnalysisCache.shared.clear() }

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
        render(image, with: adjustments, masks: nil, into: &output)
    }

    /// Renders with `adjustments.brushes` already rasterised for `image` as `masks`
    /// (nil: rasterised here); `BrushCanvas` keeps them from render to render. The
    /// masks are made on `image` before softening: the caller rasterises from
    /// scratch when an edge-detecting stroke would read the softened photo.
    func render(_ image: Image, with adjustments: Adjustments, masks: BrushMasks?, into output: inout Image) {
        if let (soft, rest) = BrushSoftening.split(image, adjustments, soften: masks?.soften) {
            return render(soft, with: rest, masks: masks, into: &output)
        }
        let a = adjustments.normalizedForRendering
        if a == Adjustments() || image.pixelCount == 0 { output = image; return }
        let w = image.width, h = image.height
        var out = Self.outputPixels(&output, width: w, height: h)
        let plan = PlanCache.shared.plan(for: a)
        out.withUnsafeMutableBufferPointer { op in
            fusedPass(image, a, plan, masks: masks, floatOut: op.baseAddress!, byteOut: nil)
        }
        var result = Image(width: w, height: h, hasAlpha: image.hasAlpha, pixels: out)
        if let e = plan.effect, e.glow > 0 {
            result = Glow.apply(result, strength: e.glow * e.amount, schedule: Schedule(threads: threads))
        }
        output = result
    }

    /// Renders straight to display pixels: interleaved RGBA, 8-bit sRGB, 4 bytes a
    /// pixel (alpha straight). `bytes` is resized as needed and reused otherwise.
    ///
    /// The preview path: it skips the 16-byte float output (a quarter of the
    /// memory traffic to write) and encodes through `SRGB.encodeTable8`, which is
    /// at most one code off the exact encoder. All-zero adjustments encode the
    /// input exactly (`Image.srgb8`), so the identity round-trips bit for bit.
    public func render(_ image: Image, with adjustments: Adjustments, intoSRGB8 bytes: inout [UInt8]) {
        if let (soft, rest) = BrushSoftening.split(image, adjustments) {
            return render(soft, with: rest, intoSRGB8: &bytes)
        }
        let n = image.pixelCount * 4
        if bytes.count != n { bytes = [UInt8](repeating: 0, count: n) }
        let a = adjustments.normalizedForRendering
        if a == Adjustments() || image.pixelCount == 0 { bytes = image.srgb8(includeAlpha: true); return }
        let plan = PlanCache.shared.plan(for: a)
        if let e = plan.effect, e.glow > 0 {
            // The glow needs the whole float result first (a blurred copy of it).
            var tmp = Image(width: 0, height: 0, pixels: [])
            render(image, with: adjustments, into: &tmp)
            tmp.pixels.withUnsafeBufferPointer { sp in
                bytes.withUnsafeMutableBufferPointer { bp in
                    SRGB.encodeTable8.withUnsafeBufferPointer { lut in
                        let st = Strip.allocate()
                        defer { st.deallocate() }
                        var x0 = 0
                        while x0 < sp.count {
                            let k = min(Strip.capacity, sp.count - x0)
                            Kernels.deinterleave(sp.baseAddress! + x0, k, st)
                            Kernels.encodeSRGB8(
                                st, k, bp.baseAddress! + 4 * x0, lut.baseAddress!, vignette: Kernels.noVignette)
                            x0 += k
                        }
                    }
                }
            }
            return
        }
        // A cached photo is previewed from its compact source (`PreviewSource`); brushes
        // (a mask per stroke, made per render) take the float photo.
        let preview =
            cachesAnalysis && a.brushes.isEmpty
            ? AnalysisCache.shared.previewSource(for: image, schedule: Schedule(threads: threads)) : nil
        bytes.withUnsafeMutableBufferPointer { bp in
            fusedPass(image, a, plan, preview: preview, floatOut: nil, byteOut: bp.baseAddress!)
        }
    }
}

/// Borrows many arrays' storage at once (keeps the render function readable).
@inline(__always)
func withPointers<A, B, C, D, E, F, G, H, I, J, K>(
    _ a: [A], _ b: [B], _ c: [C], _ d: [D], _ e: [E], _ f: [F], _ g: [G], _ h: [H], _ i: [I], _ j: [J], _ k: [K],
    _ body: (
        SharedPointer<A>, SharedPointer<B>, SharedPointer<C>, SharedPointer<D>, SharedPointer<E>,
        SharedPointer<F>, SharedPointer<G>, SharedPointer<H>, SharedPointer<I>, SharedPointer<J>,
        SharedPointer<K>
    ) -> Void
) {
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            c.withUnsafeBufferPointer { c in
                d.withUnsafeBufferPointer { d in
                    e.withUnsafeBufferPointer { e in
                        f.withUnsafeBufferPointer { f in
                            g.withUnsafeBufferPointer { g in
                                h.withUnsafeBufferPointer { h in
                                    i.withUnsafeBufferPointer { i in
                                        j.withUnsafeBufferPointer { j in
                                            k.withUnsafeBufferPointer { k in
                                                body(
                                                    SharedPointer(base: a.baseAddress!),
                                                    SharedPointer(base: b.baseAddress!),
                                                    SharedPointer(base: c.baseAddress!),
                                                    SharedPointer(base: d.baseAddress!),
                                                    SharedPointer(base: e.baseAddress!),
                                                    SharedPointer(base: f.baseAddress!),
                                                    SharedPointer(base: g.baseAddress!),
                                                    SharedPointer(base: h.baseAddress!),
                                                    SharedPointer(base: i.baseAddress!),
                                                    SharedPointer(base: j.baseAddress!),
                                                    SharedPointer(base: k.baseAddress!))
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Renderer {
    /// The pixels a render writes: `output`'s own when it has the size (its reference dropped, so no
    /// copy-on-write follows), else uninitialised ones: the workers touch their own rows first, so the
    /// kernel's page zeroing happens in parallel instead of in one serial memset.
    static func outputPixels(_ output: inout Image, width w: Int, height h: Int) -> [SIMD4<Float>] {
        guard output.width == w && output.height == h else {
            return [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        }
        let pixels = output.pixels
        output = Image(width: 0, height: 0, pixels: [])
        return pixels
    }
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
        dx2 =
            active
            ? (0..<width).map { x in
                let d = (Float(x) + 0.5) / Float(width) - 0.5; return 2 * d * d
            } : [0]
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
                            p =
                                SIMD4<Float>.one - (SIMD4<Float>.one - p.clamped(lowerBound: .zero, upperBound: .one))
                                * (SIMD4<Float>.one - g)
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
