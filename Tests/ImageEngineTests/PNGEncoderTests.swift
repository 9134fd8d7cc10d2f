import CPNG
import Foundation
import Testing
@testable import ImageEngine

/// The 8-bit PNG writer: every filter and level round-trips exactly through
/// libpng, the file is well formed (chunk CRCs, one zlib stream whose Adler-32
/// zlib itself checks), the bytes do not depend on the thread count, and the
/// fused render-to-PNG writes the very bytes of render-then-encode.
@Suite struct PNGEncoderTests {
    static func noise(width: Int, height: Int, alpha: Bool, seed: UInt64) -> Image {
        var rng = SeededRNG(seed: seed)
        // Smooth gradients with noise on top: something for every filter to win on.
        return Image(width: width, height: height, hasAlpha: alpha) { x, y in
            let n = Float(rng.next() % 1000) / 20_000
            return SIMD4(Float(x) / Float(max(width, 1)) + n, Float(y) / Float(max(height, 1)), Float((x * y) % 97) / 97 * 0.3 + n,
                         alpha ? Float(rng.next() % 256) / 255 : 1)
        }
    }

    /// Chunks as (type, data), each CRC checked with the test's own CRC-32.
    static func chunks(_ png: Data) -> [(String, [UInt8])] {
        let b = [UInt8](png)
        #expect(Array(b.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= b.count {
            let n = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let typed = Array(b[(i + 4)..<(i + 8 + n)])
            let crc = UInt32(b[i + 8 + n]) << 24 | UInt32(b[i + 9 + n]) << 16 | UInt32(b[i + 10 + n]) << 8 | UInt32(b[i + 11 + n])
            #expect(crc == TestPNG.crc32(typed), "CRC of chunk at \(i)")
            out.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            i += 12 + n
        }
        #expect(i == b.count)
        return out
    }

    /// The row encoder's single correction step gives `encode8`'s codes: no guess
    /// bin holds two thresholds, and every threshold, its float neighbours, the
    /// guards' edge cases and a million random values agree.
    @Test func rowEncoderMatchesExactEncoder() {
        let t = SRGB.thresholds8, bins = Float(SRGB.guessBins)
        for k in 0..<254 { #expect(Int(t[k] * bins) < Int(t[k + 1] * bins), "thresholds \(k) and \(k + 1) share a bin") }
        var xs: [Float] = [0, -0, 1, -1, .nan, .infinity, -.infinity, 1e-30, 0.999_999_9, 1.000_001, .leastNonzeroMagnitude]
        for v in t.prefix(255) { xs += [v, v.nextDown, v.nextUp] }
        xs += SRGB.decodeTable8
        var rng = SeededRNG(seed: 8)
        for _ in 0..<1_000_000 { xs.append(Float(Double(rng.next() % 1_200_000) / 1_000_000 - 0.1)) }
        let pixels = stride(from: 0, to: xs.count - 3, by: 3).map { SIMD4(xs[$0], xs[$0 + 1], xs[$0 + 2], 1) }
        var out = [UInt8](repeating: 0, count: pixels.count * 3)
        pixels.withUnsafeBufferPointer { p in out.withUnsafeMutableBufferPointer { SRGB.encodeRow8(p.baseAddress!, count: p.count, alpha: false, into: $0.baseAddress!) } }
        var mismatches = 0
        for (i, p) in pixels.enumerated() where out[3 * i] != SRGB.encode8(p.x) || out[3 * i + 1] != SRGB.encode8(p.y) || out[3 * i + 2] != SRGB.encode8(p.z) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test func everyFilterAndLevelRoundTripsExactly() throws {
        for (w, h) in [(1, 1), (3, 2), (7, 5), (64, 33)] {
            for alpha in [false, true] {
                let img = Self.noise(width: w, height: h, alpha: alpha, seed: UInt64(w * 100 + h))
                let exact = img.srgb8()
                for filter in PNGFilterChoice.allCases {
                    for level in [0, 1, 6, 9] {
                        let png = try PNGFile.encode(img, compression: PNGCompression(level: level, filter: filter))
                        let back = try PNGFile.decode(png)
                        #expect(back.hasAlpha == alpha)
                        #expect(back.srgb8() == exact, "\(w)×\(h) alpha \(alpha) \(filter) level \(level)")
                    }
                }
            }
        }
    }

    /// Large enough for several bands (about 3 MB of rows each): the seams
    /// decode exactly, the stream is one zlib stream (zlib checks its Adler-32),
    /// and 1, 2 and 3 threads write the same bytes.
    @Test func bandsMakeOneValidStreamWhateverTheThreads() throws {
        let img = Self.noise(width: 901, height: 3000, alpha: false, seed: 9)
        let rowBytes = 901 * 3
        #expect(3000 > 2 * PNGEncoder.bandRows(rowBytes: rowBytes))
        for c in [PNGCompression.default, PNGCompression(level: 1, filter: .none), PNGCompression(level: 9, filter: .paeth)] {
            let one = try PNGFile.encode(img, compression: c, threads: 1)
            #expect(try PNGFile.encode(img, compression: c, threads: 2) == one)
            #expect(try PNGFile.encode(img, compression: c, threads: 3) == one)
            #expect(try PNGFile.decode(one, threads: 2).srgb8() == img.srgb8())

            let chunks = Self.chunks(one)
            #expect(chunks.first?.0 == "IHDR" && chunks[1].0 == "sRGB" && chunks.last?.0 == "IEND")
            #expect(chunks.dropFirst(2).dropLast().allSatisfy { $0.0 == "IDAT" })
            let stream = chunks.filter { $0.0 == "IDAT" }.flatMap(\.1)
            var inflated = [UInt8](repeating: 0, count: (rowBytes + 1) * 3000 + 1)
            var size = uLong(inflated.count)
            let status = stream.withUnsafeBufferPointer { s in
                inflated.withUnsafeMutableBufferPointer { uncompress($0.baseAddress, &size, s.baseAddress, uLong(s.count)) }
            }
            #expect(status == Z_OK, "zlib: \(status)")
            #expect(Int(size) == (rowBytes + 1) * 3000)
        }
    }

    /// Same zlib settings, libpng's filter heuristic and its IDAT chunking: an
    /// image of one band is byte for byte the file libpng's simplified API
    /// writes at its defaults (so report cells rewritten by the engine do not change).
    @Test func oneBandIsLibpngsOwnFile() throws {
        for name in ["rocket.png", "chelsea.png", "coffee.png"] {
            let img = try Fixtures.photo(name)
            let ours = try PNGFile.encode(img)
            let bytes = img.srgb8()
            var png = png_image()
            cpng_image_init(&png)
            defer { png_image_free(&png) }
            png.width = UInt32(img.width); png.height = UInt32(img.height)
            png.format = UInt32(PNG_FORMAT_FLAG_COLOR)
            var size = Int(cpng_image_png_size_max(&png))
            var out = [UInt8](repeating: 0, count: size)
            let ok = bytes.withUnsafeBytes { b in out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, b.baseAddress, 0, nil) } }
            #expect(ok != 0)
            #expect(img.height <= PNGEncoder.bandRows(rowBytes: img.width * 3))
            #expect(ours == Data(out.prefix(size)), "\(name): \(ours.count) bytes vs libpng's \(size)")
        }
    }

    @Test func renderToPNGWritesTheBytesOfRenderThenEncode() throws {
        // Large enough for two PNG bands and many row tiles.
        let photo = try Fixtures.photo("rocket.png").resampledArea(width: 1500, height: 1100)
        var withAlpha = try Fixtures.photo("flower.png").downscaled(toFit: 300)
        withAlpha.hasAlpha = true
        for i in 0..<withAlpha.pixelCount { withAlpha.pixels[i].w = Float(i % 256) / 255 }
        var brushed = Adjustments(shadows: 0.3)
        brushed.brushes = [BrushStroke(kind: .lighten, points: [BrushPoint(x: 0.3, y: 0.4), BrushPoint(x: 0.6, y: 0.5)])]
        let cases: [Adjustments] = [
            Adjustments(), Adjustments(shadows: 0.6, highlights: 0.3, saturation: 0.2, blueSkies: 0.4, vignette: Vignette(strength: 0.4)),
            Adjustments(blackLevel: 0.1, contrast: 0.3, vignette: Vignette(strength: -0.5)), brushed,
            Adjustments(effect: EffectCatalog.named("vintage-2")!.effect), Adjustments(effect: EffectCatalog.named("artistic-3")!.effect),
        ]
        #expect(photo.height > PNGEncoder.bandRows(rowBytes: photo.width * 3))
        // Every case on the small photo with alpha; on the large one (two bands) local gain on 1 and
        // 2 threads and a brush (all six took 19 s of a debug build; the effects' rows are made alike).
        for image in [photo, withAlpha] {
            for (k, a) in cases.enumerated() where image.hasAlpha || [1, 3].contains(k) {
                for threads in k == 1 ? [1, 2] : [2] {
                    let r = Renderer(threads: threads, cachesAnalysis: threads == 1)
                    let c = PNGCompression(level: 1)
                    #expect(try r.renderPNG(image, with: a, compression: c) == PNGFile.encode(r.render(image, with: a), compression: c, threads: threads))
                }
            }
        }
    }
}
