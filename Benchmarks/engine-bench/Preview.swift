import Foundation
import ImageEngine

/// The 2048×1536 preview (an iPad Pro screen), frame by frame.
struct PreviewReport: Codable {
    /// The editor's loop: the same photo re-rendered with a new `shadows` value
    /// each frame into the same display buffer, its tone mask cached.
    var interactive_srgb8_ms: Spread
    /// The same frames on the portable (SSE2) kernels, alternated frame by frame
    /// with the ones above; ratio = portable / chosen per frame pair (1: no AVX2 on this CPU).
    var interactive_srgb8_portable_ms: Spread
    var interactive_srgb8_portable_ratio: Spread
    /// The same frames on the 8-lane AVX2 build, alternated with the two above;
    /// ratio = AVX2 / chosen per frame (1: the chosen build is AVX2, no AVX-512F here).
    var interactive_srgb8_avx2_ms: Spread
    var interactive_srgb8_avx2_ratio: Spread
    var interactive_float_ms: Spread
    /// A photo seen for the first time: analysis cache off, so the mask is built.
    var one_shot_srgb8_ms: Spread
    var one_shot_srgb8_portable_ms: Spread
    var one_shot_srgb8_portable_ratio: Spread
    var one_shot_srgb8_avx2_ms: Spread
    var one_shot_srgb8_avx2_ratio: Spread
    var one_shot_float_new_buffer_ms: Spread
    /// 120 Hz and 60 Hz frame budgets.
    var budget_interactive_ms = 1000.0 / 120
    var budget_one_shot_ms = 1000.0 / 60
    var interactive_frames_within_budget: Int
}

func measurePreview(_ photo: Image, threads: Int, frames: Int) -> PreviewReport {
    let preview = photo.resampledArea(width: 2048, height: 1536)
    var sliders = fullPipeline
    var step = 0
    func next() -> Adjustments { step += 1; sliders.shadows = 0.3 + 0.01 * Double(step % 40); return sliders }
    func frameTimes(_ n: Int, _ body: () -> Void) -> [Double] { (0..<n).map { _ in let t = now(); body(); return (now() - t) * 1000 } }

    let live = Renderer(threads: threads)
    var bytes: [UInt8] = []
    var buffer = live.render(preview, with: next())
    live.render(preview, with: next(), intoSRGB8: &bytes)
    var portable = live
    portable.usesAVX2Preview = false
    portable.render(preview, with: next(), intoSRGB8: &bytes)
    var avx2 = live
    avx2.usesAVX512Preview = false
    avx2.render(preview, with: next(), intoSRGB8: &bytes)
    var live8: [Double] = [], port8: [Double] = [], avx8: [Double] = []
    for f in 0..<frames {
        // The chosen build first in even frames and second in odd ones, as the rounds of a pair.
        if f % 2 == 1 { avx8 += frameTimes(1) { avx2.render(preview, with: next(), intoSRGB8: &bytes) } }
        live8 += frameTimes(1) { live.render(preview, with: next(), intoSRGB8: &bytes) }
        if f % 2 == 0 { avx8 += frameTimes(1) { avx2.render(preview, with: next(), intoSRGB8: &bytes) } }
        port8 += frameTimes(1) { portable.render(preview, with: next(), intoSRGB8: &bytes) }
    }
    let liveFloat = frameTimes(frames) { live.render(preview, with: next(), into: &buffer) }
    let cold = Renderer(threads: threads, cachesAnalysis: false)
    let n = max(5, frames / 4)
    var coldPortable = cold
    coldPortable.usesAVX2Preview = false
    var coldAVX2 = cold
    coldAVX2.usesAVX512Preview = false
    var cold8: [Double] = [], coldPort8: [Double] = [], coldAvx8: [Double] = []
    for f in 0..<n {
        if f % 2 == 1 { coldAvx8 += frameTimes(1) { coldAVX2.render(preview, with: next(), intoSRGB8: &bytes) } }
        cold8 += frameTimes(1) { cold.render(preview, with: next(), intoSRGB8: &bytes) }
        if f % 2 == 0 { coldAvx8 += frameTimes(1) { coldAVX2.render(preview, with: next(), intoSRGB8: &bytes) } }
        coldPort8 += frameTimes(1) { coldPortable.render(preview, with: next(), intoSRGB8: &bytes) }
    }
    let coldFloat = frameTimes(n) { _ = cold.render(preview, with: next()) }
    return PreviewReport(interactive_srgb8_ms: Spread(live8), interactive_srgb8_portable_ms: Spread(port8),
                         interactive_srgb8_portable_ratio: Spread(zip(port8, live8).map { $0 / $1 }),
                         interactive_srgb8_avx2_ms: Spread(avx8), interactive_srgb8_avx2_ratio: Spread(zip(avx8, live8).map { $0 / $1 }),
                         interactive_float_ms: Spread(liveFloat),
                         one_shot_srgb8_ms: Spread(cold8), one_shot_srgb8_portable_ms: Spread(coldPort8),
                         one_shot_srgb8_portable_ratio: Spread(zip(coldPort8, cold8).map { $0 / $1 }),
                         one_shot_srgb8_avx2_ms: Spread(coldAvx8), one_shot_srgb8_avx2_ratio: Spread(zip(coldAvx8, cold8).map { $0 / $1 }),
                         one_shot_float_new_buffer_ms: Spread(coldFloat),
                         interactive_frames_within_budget: live8.filter { $0 <= 1000.0 / 120 }.count)
}

/// The proxy a simulated user renders, ΔE00 against a goal, and the memory-bandwidth bound.
func measureSmallFigures(_ photo: Image, threads j: Int, into r: inout JobReport) {
    let proxy = photo.downscaled(toFit: 256)
    let cold = Renderer(threads: j, cachesAnalysis: false), live = Renderer(threads: j)
    r.proxy_256_cold_ms = best(20) { _ = cold.render(proxy, with: fullPipeline) } * 1000
    _ = live.render(proxy, with: fullPipeline)
    var sliders = fullPipeline, step = 0
    r.proxy_256_ms = best(50) { step += 1; sliders.shadows = 0.3 + 0.01 * Double(step % 40); _ = live.render(proxy, with: sliders) } * 1000
    let goal = LabImage(cold.render(proxy, with: vipsSubset))
    r.mean_delta_e00_256_ms = best(50) { _ = proxy.meanDeltaE2000(to: goal) } * 1000
    r.bandwidth_gb_per_s = memoryBandwidth(threads: j) / 1e9
}

/// `--breakdown` (per stage, one thread) and the `perf record` loops.
func runDiagnostics(_ opts: Options, _ photo: Image) {
    let mp = Double(photo.pixelCount) / 1e6
    if opts.profileColdProxy {
        let proxy = photo.downscaled(toFit: 256)
        let r = Renderer(threads: 1, cachesAnalysis: false)
        for _ in 0..<(opts.repeats * 100) { _ = r.render(proxy, with: fullPipeline) }
        return
    }
    if opts.profilePreview {
        let preview = photo.resampledArea(width: 2048, height: 1536)
        // The editor's frame only: 8-bit output, mask cached.
        let r = Renderer(threads: opts.jobs.first ?? 1)
        var bytes: [UInt8] = []
        for _ in 0..<opts.repeats { r.render(preview, with: fullPipeline, intoSRGB8: &bytes) }
        return
    }
    // Per-stage cost on this image, one thread, analysis cache off: each stage pays for everything it needs.
    let r = Renderer(threads: 1, cachesAnalysis: false)
    let stages: [(String, Adjustments)] = [
        ("global exposure curve", Adjustments(brightness: 0.2, contrast: 0.3)),
        ("local shadows/highlights", Adjustments(shadows: 0.5, highlights: 0.4)),
        ("saturation", Adjustments(saturation: 0.2)),
        ("saturation + blue skies", Adjustments(saturation: 0.2, blueSkies: 0.3)),
        ("vignette", Adjustments(vignette: Vignette(strength: 0.4, radius: 0.5))),
        ("exposure + local", Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4, whiteLevel: 0.1)),
        ("full pipeline", fullPipeline),
    ]
    var buffer = r.render(photo, with: fullPipeline)
    func line(_ name: String, _ t: Double) { print(String(format: "%-30@ %8.2f ms  %7.1f MP/s", name as NSString, t * 1000, mp / t)) }
    for (name, a) in stages { line(name, best(opts.repeats) { r.render(photo, with: a, into: &buffer) }) }
    let cached = Renderer(threads: 1)
    line("full pipeline, mask cached", best(opts.repeats) { cached.render(photo, with: fullPipeline, into: &buffer) })
    var bytes: [UInt8] = []
    line("  … to 8-bit sRGB", best(opts.repeats) { cached.render(photo, with: fullPipeline, intoSRGB8: &bytes) })
    line("encode 8-bit sRGB (exact)", best(opts.repeats) { _ = photo.srgb8() })
    for level in [1, 6] {
        line("PNG encode, zlib \(level), adaptive", best(opts.repeats) { _ = try? PNGFile.encode(photo, compression: PNGCompression(level: level)) })
    }
}

/// `--profile-one-shot`: the preview rendered to 8-bit with the analysis cache off, in a loop.
func profileOneShot(_ photo: Image, repeats: Int, threads: Int) {
    let preview = photo.resampledArea(width: 2048, height: 1536)
    let r = Renderer(threads: threads, cachesAnalysis: false)
    var bytes: [UInt8] = []
    for _ in 0..<repeats { r.render(preview, with: fullPipeline, intoSRGB8: &bytes) }
}
