import Foundation

struct JobReport: Codable {
    var jobs: Int
    var pairs: [Pair]
    var preview: PreviewReport
    var load_average_start: Double
    var load_average_end: Double
    var proxy_256_cold_ms = 0.0
    var proxy_256_ms = 0.0
    var mean_delta_e00_256_ms = 0.0
    var bandwidth_gb_per_s = 0.0
}

struct Report: Codable {
    var width: Int, height: Int, megapixels: Double
    var rounds: Int
    var load_average_start: Double, load_average_end: Double
    var versions: [String: String]
    var results: [JobReport]
    var notes: [String]

    var text: String {
        func la(_ a: Double, _ b: Double) -> String { String(format: "load average %.2f → %.2f", a, b) }
        func mb(_ b: Int?) -> String { b.map { String(format: "%.2f MB", Double($0) / 1e6) } ?? "" }
        var out = ["engine-bench: \(width)×\(height) (\(String(format: "%.1f", megapixels)) MP), \(rounds) rounds, "
                   + "engine and peer alternating; \(la(load_average_start, load_average_end))"]
        if !versions.isEmpty {
            out.append("peers: numpy \(versions["numpy"] ?? "n/a") (float32, row bands over --jobs threads), "
                       + "libvips \(versions["libvips"] ?? "n/a") (pyvips \(versions["pyvips"] ?? "n/a"), concurrency = --jobs)")
        }
        out.append("median [min–max] over rounds; ratio = peer time / engine time per round (above 1: the engine is faster)")
        for r in results {
            out.append("")
            out.append("--jobs \(r.jobs)   (\(la(r.load_average_start, r.load_average_end)))")
            for p in r.pairs {
                let cpu = String(format: "CPU %.2f / %.2f s", p.engine_cpu_s.median, p.peer_cpu_s.median)
                let sizes = p.engine_bytes != nil ? ", output \(mb(p.engine_bytes)) / \(mb(p.peer_bytes))" : ""
                let mps = p.engine_bytes == nil ? String(format: " = %.1f MP/s", megapixels / p.engine_s.median) : ""
                out.append("  \(p.name)")
                out.append("    engine \(p.engine_s.text(" s"))\(mps)   \(p.peer) \(p.peer_s.text(" s"))   → ×\(p.ratio.text(""))")
                out.append("    (\(cpu)\(sizes); \(la(p.load_average_start, p.load_average_end)))")
            }
            let v = r.preview
            let ok8 = v.interactive_srgb8_ms.median <= v.budget_interactive_ms ? "yes" : "no"
            let ok1 = v.one_shot_srgb8_ms.median <= v.budget_one_shot_ms ? "yes" : "no"
            out.append("  preview 2048×1536 → 8-bit sRGB, mask cached   \(v.interactive_srgb8_ms.text(" ms"))   "
                       + "120 Hz budget \(String(format: "%.2f", v.budget_interactive_ms)) ms: \(ok8) "
                       + "(\(v.interactive_frames_within_budget)/\(v.interactive_srgb8_ms.n) frames within)")
            out.append("    portable kernels, alternated frame by frame \(v.interactive_srgb8_portable_ms.text(" ms"))   "
                       + "→ ×\(v.interactive_srgb8_portable_ratio.text(""))")
            out.append("    AVX2 build, alternated frame by frame       \(v.interactive_srgb8_avx2_ms.text(" ms"))   "
                       + "→ ×\(v.interactive_srgb8_avx2_ratio.text(""))")
            out.append("  preview 2048×1536 → 8-bit sRGB, one-shot      \(v.one_shot_srgb8_ms.text(" ms"))   "
                       + "60 Hz budget \(String(format: "%.2f", v.budget_one_shot_ms)) ms: \(ok1)")
            out.append("    portable kernels, alternated frame by frame \(v.one_shot_srgb8_portable_ms.text(" ms"))   "
                       + "→ ×\(v.one_shot_srgb8_portable_ratio.text(""))")
            out.append("    AVX2 build, alternated frame by frame       \(v.one_shot_srgb8_avx2_ms.text(" ms"))   "
                       + "→ ×\(v.one_shot_srgb8_avx2_ratio.text(""))")
            out.append("    float output: mask cached \(v.interactive_float_ms.text(" ms")), one-shot into a new buffer \(v.one_shot_float_new_buffer_ms.text(" ms"))")
            out.append(String(format: "  proxy 256 px  %.3f ms render (mask cached; %.3f ms cold), %.3f ms mean ΔE00 against a goal; copy bandwidth %.1f GB/s",
                              r.proxy_256_ms, r.proxy_256_cold_ms, r.mean_delta_e00_256_ms, r.bandwidth_gb_per_s))
        }
        for n in notes { out.append("note: \(n)") }
        return out.joined(separator: "\n")
    }
}
