// engine-bench: the image engine against its peers on a 12-megapixel photo —
// `refine render` end to end against libvips, the full pipeline against numpy,
// the float subset against libvips — timed in alternation round after round
// (median and range printed), plus the 2048×1536 preview against its frame
// budgets. How each peer is made fair: README.md next to this file.
import Foundation
import ImageEngine

struct Options {
    var width = 4000, height = 3000
    var jobs: [Int] = [1, 2]
    var rounds = 5
    var frames = 60
    var levels = [6, 1]
    var json = false
    var peer = true
    var repeats = 3
    var breakdown = false
    /// Renders the 2048×1536 preview to 8-bit in a loop (mask cached), for `perf record`.
    var profilePreview = false
    /// Renders the 256-px proxy in a loop without the analysis cache, for `perf record`.
    var profileColdProxy = false
    /// Renders the 2048×1536 preview to 8-bit with the analysis cache off, for `perf record`.
    var profileOneShot = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func usage() -> Never {
        print("""
        usage: engine-bench [--jobs 1,2] [--rounds 5] [--frames 60] [--levels 6,1] [--size 4000x3000] [--no-peer] [--json]
               engine-bench --breakdown [--size WxH] [--repeats 3]
               engine-bench --profile-preview | --profile-one-shot [--jobs 1] [--repeats 40] | --profile-cold-proxy [--repeats 5]
        Build with: swift build -c release --product engine-bench
        The peers need python3 with numpy and pyvips (pip install numpy pyvips; apt-get install -y libvips42).
        """)
        exit(2)
    }
    func ints(_ s: String?) -> [Int] { (s ?? "").split(separator: ",").compactMap { Int($0) } }
    while let a = args.popFirst() {
        switch a {
        case "--jobs": o.jobs = ints(args.popFirst()); if o.jobs.isEmpty { usage() }
        case "--levels": o.levels = ints(args.popFirst()).filter { (0...9).contains($0) }
        case "--size":
            let p = (args.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
            guard p.count == 2 else { usage() }
            o.width = p[0]; o.height = p[1]
        case "--rounds": o.rounds = max(1, Int(args.popFirst() ?? "") ?? 5)
        case "--frames": o.frames = max(1, Int(args.popFirst() ?? "") ?? 60)
        case "--repeats": o.repeats = max(1, Int(args.popFirst() ?? "") ?? 3)
        case "--no-peer": o.peer = false
        case "--breakdown": o.breakdown = true
        case "--profile-preview": o.profilePreview = true
        case "--profile-cold-proxy": o.profileColdProxy = true
        case "--profile-one-shot": o.profileOneShot = true
        case "--json": o.json = true
        case "-h", "--help": usage()
        default: print("unknown argument \(a)"); usage()
        }
    }
    return o
}

let opts = parseOptions()
let mp = Double(opts.width * opts.height) / 1e6
let loadAtStart = loadAverage()
let photo = try makePhoto(opts.width, opts.height)
if opts.profileOneShot {
    profileOneShot(photo, repeats: opts.repeats, threads: opts.jobs.first ?? 1)
    exit(0)
}
if opts.profileColdProxy || opts.profilePreview || opts.breakdown {
    runDiagnostics(opts, photo)
    exit(0)
}

// The photo twice on disk: raw float32 for the float peers, an 8-bit PNG for the render pair.
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("engine-bench-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let rawURL = dir.appendingPathComponent("photo.f32"), pngURL = dir.appendingPathComponent("photo.png")
try photo.pixels.withUnsafeBytes { try Data($0).write(to: rawURL) }
try PNGFile.write(photo, to: pngURL, threads: opts.jobs.max() ?? 1)
let engineOut = dir.appendingPathComponent("engine-out.png"), peerOut = dir.appendingPathComponent("peer-out.png")

var notes: [String] = []
var versions: [String: String] = [:]
var results: [JobReport] = []
for j in opts.jobs {
    let loadStart = loadAverage()
    var peer: Peer? = nil
    if opts.peer {
        peer = Peer(jobs: j, setup: ["op": "setup", "raw": rawURL.path, "width": opts.width, "height": opts.height, "jobs": j,
                                     "png": pngURL.path, "out": peerOut.path], notes: &notes)
        for key in ["numpy", "libvips", "pyvips"] { if let v = peer?.info[key] as? String { versions[key] = v } }
    }
    var pairs: [Pair] = []
    let renderer = Renderer(threads: j, cachesAnalysis: false)
    _ = renderer.render(photo.downscaled(toFit: 256), with: fullPipeline)   // plan cache warm

    // `refine render`: what RenderCommand does for 8-bit output, in process.
    // At --jobs 1, libvips still writes its PNG on a thread of its own beside
    // its one worker; the pinned rounds put both sides on one and the same core.
    for (level, pinned) in opts.levels.map({ ($0, false) }) + (j == 1 ? opts.levels.map { ($0, true) } : []) {
        var cpu = -1
        if pinned, let p = peer {
            cpu = currentCPU()
            guard cpu >= 0, pinCurrentThread(to: [cpu]), p.send(["op": "pin", "cpus": [cpu]]) != nil else { notes.append("cannot pin to CPU \(cpu)"); continue }
        }
        defer { if pinned { pinCurrentThread(to: allCPUs); _ = peer?.send(["op": "pin", "cpus": allCPUs]) } }
        let c = PNGCompression(level: level, filter: .adaptive)
        var bytes = 0
        let engine = {
            timed {
                let image = try! PNGFile.read(pngURL, threads: j)
                let data = try! renderer.renderPNG(image, with: vipsSubset, compression: c, name: engineOut.path)
                try! AtomicFile.write(data, to: engineOut)
                bytes = data.count
            }
        }
        let cmd: [String: Any] = ["op": "vips_render", "level": level, "filter": "adaptive"]
        if let p = alternate(opts.rounds, peer.flatMap { $0.hasVips ? $0 : nil }, cmd, engine, &notes) {
            let name = "refine render, PNG in → PNG out (subset), zlib \(level), adaptive filters" + (pinned ? ", both pinned to CPU \(cpu)" : "")
            pairs.append(Pair(name: name, peer: "libvips",
                              rounds: p.rounds, engineBytes: bytes, peerBytes: p.peerBytes, loadStart: p.loadStart, loadEnd: loadAverage()))
        }
    }
    // The full pipeline against numpy: analysis cache off, so the mask is built every time, as numpy does.
    if let p = alternate(opts.rounds, peer.flatMap { $0.hasNumpy ? $0 : nil }, ["op": "numpy_full"],
                         { timed { _ = renderer.render(photo, with: fullPipeline) } }, &notes) {
        pairs.append(Pair(name: "full pipeline, float in → float out", peer: "numpy", rounds: p.rounds,
                          loadStart: p.loadStart, loadEnd: loadAverage()))
    }
    if let p = alternate(opts.rounds, peer.flatMap { $0.hasVips ? $0 : nil }, ["op": "vips_subset"],
                         { timed { _ = renderer.render(photo, with: vipsSubset).gaussianBlurred(sigma: subsetSigma, threads: j) } }, &notes) {
        pairs.append(Pair(name: "subset + Gaussian blur σ 2 (13 taps), float in → float out", peer: "libvips", rounds: p.rounds,
                          loadStart: p.loadStart, loadEnd: loadAverage()))
    }
    peer?.stop()
    let preview = measurePreview(photo, threads: j, frames: opts.frames)
    var report = JobReport(jobs: j, pairs: pairs, preview: preview, load_average_start: loadStart, load_average_end: loadAverage())
    measureSmallFigures(photo, threads: j, into: &report)
    results.append(report)
}
if !opts.peer { notes.append("peers skipped (--no-peer)") }

let report = Report(width: opts.width, height: opts.height, megapixels: mp, rounds: opts.rounds,
                    load_average_start: loadAtStart, load_average_end: loadAverage(), versions: versions,
                    results: results, notes: notes)
if opts.json {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try enc.encode(report), as: UTF8.self))
} else {
    print(report.text)
}
