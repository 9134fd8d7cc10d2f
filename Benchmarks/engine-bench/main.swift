// engine-bench: throughput of the image engine on a 12-megapixel photo, with
// the same math run by numpy and the comparable subset by libvips (peer.py),
// plus a memory-bandwidth bound measured on this machine.
import Foundation
import ImageEngine

struct Options {
    var width = 4000, height = 3000
    var jobs: [Int] = [1, 2]
    var json = false
    var peer = true
    var repeats = 3
    var breakdown = false
    /// Renders the 2048×1536 preview in a loop (one thread, mask cached), for `perf record`.
    var profilePreview = false
    /// Renders the 256-px proxy in a loop without the analysis cache, for `perf record`.
    var profileColdProxy = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func usage() -> Never {
        print("""
        usage: engine-bench [--jobs 1,2] [--size 4000x3000] [--repeats 3] [--no-peer] [--json]
        Build with: swift build -c release --product engine-bench
        The peer (numpy, libvips) needs python3 with numpy and pyvips (pip install numpy pyvips)
        or the vips CLI (apt-get install -y libvips-tools).
        """)
        exit(2)
    }
    while let a = args.popFirst() {
        switch a {
        case "--jobs": o.jobs = (args.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }; if o.jobs.isEmpty { usage() }
        case "--size":
            let p = (args.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
            guard p.count == 2 else { usage() }
            o.width = p[0]; o.height = p[1]
        case "--repeats": o.repeats = max(1, Int(args.popFirst() ?? "") ?? 3)
        case "--no-peer": o.peer = false
        case "--breakdown": o.breakdown = true
        case "--profile-preview": o.profilePreview = true
        case "--profile-cold-proxy": o.profileColdProxy = true
        case "--json": o.json = true
        case "-h", "--help": usage()
        default: print("unknown argument \(a)"); usage()
        }
    }
    return o
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Best of `n` wall times of `body`, in seconds.
func best(_ n: Int, _ body: () -> Void) -> Double {
    var b = Double.infinity
    for _ in 0..<n { let t = now(); body(); b = min(b, now() - t) }
    return b
}

/// A deterministic 12 MP test photo: a real photo enlarged (bilinear) with a
/// little seeded grain, so local operators see real structure.
func makePhoto(_ w: Int, _ h: Int) throws -> Image {
    let src = try PNGFile.read(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/photos/rocket.png"))
    var state: UInt64 = 42
    return Image(width: w, height: h) { x, y in
        let fx = (Double(x) + 0.5) * Double(src.width) / Double(w) - 0.5
        let fy = (Double(y) + 0.5) * Double(src.height) / Double(h) - 0.5
        let x0 = min(max(Int(fx), 0), src.width - 1), y0 = min(max(Int(fy), 0), src.height - 1)
        let x1 = min(x0 + 1, src.width - 1), y1 = min(y0 + 1, src.height - 1)
        let tx = Float(min(max(fx - Double(x0), 0), 1)), ty = Float(min(max(fy - Double(y0), 0), 1))
        let top = src[x0, y0] + (src[x1, y0] - src[x0, y0]) * tx
        let bot = src[x0, y1] + (src[x1, y1] - src[x0, y1]) * tx
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let n = Float(Int(state >> 40) & 0xff) / 255 - 0.5
        var p = top + (bot - top) * ty
        p *= 1 + 0.04 * n
        p.w = 1
        return p
    }
}

/// The full pipeline measured: all six exposure controls (shadows/highlights
/// local), saturation and blue skies, a vignette. peer.py implements the same.
let fullPipeline = Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4,
                               whiteLevel: 0.1, saturation: 0.2, blueSkies: 0.3,
                               vignette: Vignette(strength: 0.4, radius: 0.5))
/// The subset libvips can do too: levels, brightness/contrast, saturation,
/// vignette, and then a Gaussian blur (σ = 2).
let vipsSubset = Adjustments(blackLevel: 0.1, brightness: 0.2, contrast: 0.3, whiteLevel: 0.1, saturation: 0.2,
                             vignette: Vignette(strength: 0.4, radius: 0.5))
let subsetSigma = 2.0

/// Sustained copy bandwidth (bytes read + written per second), best of 3.
func memoryBandwidth(threads: Int) -> Double {
    let count = 256 << 20 / 16
    let src = [SIMD4<Float>](repeating: SIMD4(1, 2, 3, 4), count: count)
    var dst = [SIMD4<Float>](repeating: .zero, count: count)
    let t = best(3) {
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                let sp = UInt(bitPattern: s.baseAddress!), dp = UInt(bitPattern: d.baseAddress!)
                let chunk = count / threads
                DispatchQueue.concurrentPerform(iterations: threads) { i in
                    let a = i * chunk, b = i == threads - 1 ? count : a + chunk
                    let s = UnsafePointer<SIMD4<Float>>(bitPattern: sp)!, d = UnsafeMutablePointer<SIMD4<Float>>(bitPattern: dp)!
                    (d + a).update(from: s + a, count: b - a)
                }
            }
        }
    }
    return Double(2 * count * 16) / t
}

struct JobResult: Codable {
    var jobs: Int
    var full_mpix_per_s: Double
    var subset_mpix_per_s: Double
    var bandwidth_gb_per_s: Double
    var bandwidth_bound_mpix_per_s: Double
    var fraction_of_bandwidth_bound: Double
    var preview_2048x1536_ms: Double
    var preview_2048x1536_reused_buffer_ms: Double
    var preview_2048x1536_interactive_ms: Double
    var preview_2048x1536_interactive_srgb8_ms: Double
    var proxy_256_cold_ms: Double
    var proxy_256_ms: Double
    var mean_delta_e00_256_ms: Double
    var numpy_full_mpix_per_s: Double?
    var ratio_vs_numpy: Double?
    var vips_subset_mpix_per_s: Double?
    var ratio_vs_vips: Double?
}

struct Report: Codable {
    var width: Int, height: Int, megapixels: Double
    var results: [JobResult]
    var peer_notes: [String]
}

let opts = parseOptions()
let mp = Double(opts.width * opts.height) / 1e6
let photo = try makePhoto(opts.width, opts.height)
if opts.profileColdProxy {
    let proxy = photo.downscaled(toFit: 256)
    let r = Renderer(threads: 1, cachesAnalysis: false)
    for _ in 0..<(opts.repeats * 100) { _ = r.render(proxy, with: fullPipeline) }
    exit(0)
}
if opts.profilePreview {
    let preview = photo.resampledArea(width: 2048, height: 1536)
    let r = Renderer(threads: 1)
    var buffer = r.render(preview, with: fullPipeline)
    var bytes: [UInt8] = []
    for _ in 0..<opts.repeats { r.render(preview, with: fullPipeline, into: &buffer) }
    for _ in 0..<(opts.repeats / 4) { r.render(preview, with: fullPipeline, intoSRGB8: &bytes) }
    let proxy = photo.downscaled(toFit: 256), goal = LabImage(r.render(proxy, with: vipsSubset))
    for _ in 0..<(opts.repeats * 4) { _ = proxy.meanDeltaE2000(to: goal) }
    exit(0)
}
if opts.breakdown {
    // Per-stage cost on this image, one thread: where the time goes.
    // Analysis cache off: each stage pays for everything it needs (the mask too).
    let r = Renderer(threads: 1, cachesAnalysis: false)
    let stages: [(String, Adjustments)] = [
        ("global exposure curve", Adjustments(brightness: 0.2, contrast: 0.3)),
        ("local shadows/highlights", Adjustments(shadows: 0.5, highlights: 0.4)),
        ("saturation", Adjustments(saturation: 0.2)),
        ("saturation + blue skies", Adjustments(saturation: 0.2, blueSkies: 0.3)),
        ("vignette", Adjustments(vignette: Vignette(strength: 0.4, radius: 0.5))),
        ("exposure + local", Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4, whiteLevel: 0.1)),
        ("exposure + local + color", Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4, whiteLevel: 0.1, saturation: 0.2, blueSkies: 0.3)),
        ("full pipeline", fullPipeline),
    ]
    var buffer = r.render(photo, with: fullPipeline)
    for (name, a) in stages {
        let t = best(opts.repeats) { r.render(photo, with: a, into: &buffer) }
        print(String(format: "%-28@ %8.2f ms  %7.1f MP/s", name as NSString, t * 1000, mp / t))
    }
    let cached = Renderer(threads: 1)
    let tc = best(opts.repeats) { cached.render(photo, with: fullPipeline, into: &buffer) }
    print(String(format: "%-28@ %8.2f ms  %7.1f MP/s", "full pipeline, mask cached" as NSString, tc * 1000, mp / tc))
    var bytes: [UInt8] = []
    let t8 = best(opts.repeats) { cached.render(photo, with: fullPipeline, intoSRGB8: &bytes) }
    print(String(format: "%-28@ %8.2f ms  %7.1f MP/s", "  … to 8-bit sRGB" as NSString, t8 * 1000, mp / t8))
    let t = best(opts.repeats) { _ = [SIMD4<Float>](unsafeUninitializedCapacity: photo.pixelCount) { b, n in
        b.baseAddress!.update(from: photo.pixels, count: photo.pixelCount); n = photo.pixelCount } }
    print(String(format: "%-28@ %8.2f ms  %7.1f MP/s", "copy (allocate + copy)" as NSString, t * 1000, mp / t))
    exit(0)
}
let preview = photo.resampledArea(width: 2048, height: 1536)
let proxy = photo.downscaled(toFit: 256)

// Hand the same pixels to the peer as raw float32 RGBA.
let rawURL = FileManager.default.temporaryDirectory.appendingPathComponent("engine-bench-\(getpid()).f32")
var notes: [String] = []
var peerResults: [Int: [String: Any]] = [:]
if opts.peer {
    photo.pixels.withUnsafeBytes { try? Data($0).write(to: rawURL) }
    defer { try? FileManager.default.removeItem(at: rawURL) }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("peer.py")
    for j in opts.jobs {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script.path, "--raw", rawURL.path, "--width", "\(opts.width)", "--height", "\(opts.height)",
                       "--jobs", "\(j)", "--repeats", "\(opts.repeats)"]
        var env = ProcessInfo.processInfo.environment
        env["VIPS_CONCURRENCY"] = "\(j)"; env["OMP_NUM_THREADS"] = "\(j)"; env["OPENBLAS_NUM_THREADS"] = "\(j)"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        do {
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            if let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                peerResults[j] = obj
                if let n = obj["notes"] as? [String] { notes += n.map { "jobs \(j): \($0)" } }
            } else {
                notes.append("jobs \(j): peer.py printed no JSON (exit \(p.terminationStatus)); run it by hand to see why")
            }
        } catch {
            notes.append("cannot run python3 for the peer: \(error.localizedDescription)")
        }
    }
} else {
    notes.append("peer skipped (--no-peer)")
}

var results: [JobResult] = []
for j in opts.jobs {
    // Throughput and the peer ratios: analysis cache off, so every render pays
    // for its tone mask, as numpy does (like for like).
    let r = Renderer(threads: j, cachesAnalysis: false)
    _ = r.render(proxy, with: fullPipeline) // warm the plan cache
    let tFull = best(opts.repeats) { _ = r.render(photo, with: fullPipeline) }
    let tSub = best(opts.repeats) { _ = r.render(photo, with: vipsSubset).gaussianBlurred(sigma: subsetSigma, threads: j) }
    // A one-shot preview: new buffer, mask built.
    let tPrev = best(max(opts.repeats, 10)) { _ = r.render(preview, with: fullPipeline) }
    var buffer = r.render(preview, with: fullPipeline)
    let tPrevReuse = best(max(opts.repeats, 10)) { r.render(preview, with: fullPipeline, into: &buffer) }
    // The interactive loop: the same photo re-rendered with new slider values into
    // the same buffer; the photo's tone mask is cached (it does not depend on the sliders).
    let live = Renderer(threads: j)
    var sliders = fullPipeline
    var step = 0
    func nextSliders() -> Adjustments { step += 1; sliders.shadows = 0.3 + 0.01 * Double(step % 40); return sliders }
    live.render(preview, with: nextSliders(), into: &buffer)
    let tLive = best(max(opts.repeats, 20)) { live.render(preview, with: nextSliders(), into: &buffer) }
    var bytes: [UInt8] = []
    live.render(preview, with: nextSliders(), intoSRGB8: &bytes)
    let tLive8 = best(max(opts.repeats, 20)) { live.render(preview, with: nextSliders(), intoSRGB8: &bytes) }
    let tProxyCold = best(20) { _ = r.render(proxy, with: fullPipeline) }
    _ = live.render(proxy, with: fullPipeline)
    let tProxy = best(50) { _ = live.render(proxy, with: nextSliders()) }
    let goal = LabImage(r.render(proxy, with: vipsSubset))
    let tDeltaE = best(50) { _ = proxy.meanDeltaE2000(to: goal) }
    let bw = memoryBandwidth(threads: j)
    // The least any render must move: read 16 B and write 16 B per pixel.
    let bound = bw / 32 / 1e6
    var jr = JobResult(jobs: j, full_mpix_per_s: mp / tFull, subset_mpix_per_s: mp / tSub, bandwidth_gb_per_s: bw / 1e9,
                       bandwidth_bound_mpix_per_s: bound, fraction_of_bandwidth_bound: (mp / tFull) / bound,
                       preview_2048x1536_ms: tPrev * 1000, preview_2048x1536_reused_buffer_ms: tPrevReuse * 1000,
                       preview_2048x1536_interactive_ms: tLive * 1000, preview_2048x1536_interactive_srgb8_ms: tLive8 * 1000,
                       proxy_256_cold_ms: tProxyCold * 1000, proxy_256_ms: tProxy * 1000, mean_delta_e00_256_ms: tDeltaE * 1000)
    if let p = peerResults[j] {
        if let n = p["numpy_full_s"] as? Double { jr.numpy_full_mpix_per_s = mp / n; jr.ratio_vs_numpy = n / tFull }
        if let v = p["vips_subset_s"] as? Double { jr.vips_subset_mpix_per_s = mp / v; jr.ratio_vs_vips = v / tSub }
    }
    results.append(jr)
}

let report = Report(width: opts.width, height: opts.height, megapixels: mp, results: results, peer_notes: notes)
if opts.json {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try enc.encode(report), as: UTF8.self))
} else {
    func f(_ v: Double?, _ d: Int = 1) -> String { v.map { String(format: "%.\(d)f", $0) } ?? "n/a" }
    print("engine-bench: \(opts.width)×\(opts.height) (\(String(format: "%.1f", mp)) MP), best of \(opts.repeats)")
    for r in results {
        print("""
        --jobs \(r.jobs)
          full pipeline          \(f(r.full_mpix_per_s)) MP/s   (numpy \(f(r.numpy_full_mpix_per_s, 2)) MP/s → ×\(f(r.ratio_vs_numpy)))
          libvips subset         \(f(r.subset_mpix_per_s)) MP/s   (libvips \(f(r.vips_subset_mpix_per_s)) MP/s → ×\(f(r.ratio_vs_vips, 2)))
          memory bandwidth       \(f(r.bandwidth_gb_per_s, 2)) GB/s copy → bound \(f(r.bandwidth_bound_mpix_per_s)) MP/s; full pipeline at \(f(r.fraction_of_bandwidth_bound * 100)) % of it
          preview 2048×1536      one-shot (mask built): \(f(r.preview_2048x1536_ms, 2)) ms new buffer, \(f(r.preview_2048x1536_reused_buffer_ms, 2)) ms reused buffer
                                 interactive (mask cached, reused buffer): \(f(r.preview_2048x1536_interactive_ms, 2)) ms float, \(f(r.preview_2048x1536_interactive_srgb8_ms, 2)) ms 8-bit sRGB \(min(r.preview_2048x1536_interactive_ms, r.preview_2048x1536_interactive_srgb8_ms) < 16.7 ? "(60 fps: yes)" : "(60 fps: no)")
          proxy 256 px           \(f(r.proxy_256_ms, 3)) ms render (mask cached; \(f(r.proxy_256_cold_ms, 3)) ms cold), \(f(r.mean_delta_e00_256_ms, 3)) ms mean ΔE00 against a goal
        """)
    }
    for n in notes { print("note: \(n)") }
}
