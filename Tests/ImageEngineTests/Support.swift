import Foundation
@testable import ImageEngine

/// Test helpers: fixture paths, a seeded RNG and a tiny PNG encoder able to
/// write every color type, bit depth and Adam7 interlacing (libpng's simplified
/// write API cannot), so the reader can be tested on all of them.
enum Fixtures {
    static let directory: URL = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) { return url }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }()

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Rows of a TSV file, skipping comments and the header.
    static func tsv(_ name: String) throws -> [[String]] {
        let lines = try text(name).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        return lines.dropFirst().map { $0.split(separator: "\t").map(String.init) }
    }

    static let photos: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos")

    static func photo(_ name: String) throws -> Image { try PNGFile.read(photos.appendingPathComponent(name)) }
}

/// SplitMix64: tiny, seeded, reproducible.
struct SeededRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum TestPNG {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[i] = c
        }
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(crc32(t + data))
    }

    /// zlib stream with stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n >= data.count ? 1 : 0
            out += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be32(b << 16 | a)
    }

    /// Packs samples (one `[UInt16]` per pixel, already at `depth` bits) into scanlines with filter 0.
    static func scanlines(_ px: [[UInt16]], width: Int, height: Int, depth: Int) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            out.append(0)
            if depth >= 8 {
                for x in 0..<width {
                    for s in px[y * width + x] {
                        if depth == 16 { out += [UInt8(s >> 8), UInt8(s & 0xff)] } else { out.append(UInt8(s)) }
                    }
                }
            } else {
                var acc = 0, bits = 0
                for x in 0..<width {
                    for s in px[y * width + x] {
                        acc = acc << depth | Int(s); bits += depth
                        if bits == 8 { out.append(UInt8(acc)); acc = 0; bits = 0 }
                    }
                }
                if bits > 0 { out.append(UInt8(acc << (8 - bits))) }
            }
        }
        return out
    }

    /// Encodes `pixels` (samples per pixel as the color type needs) as a PNG.
    static func encode(width: Int, height: Int, colorType: UInt8, depth: Int, pixels: [[UInt16]],
                       palette: [(UInt8, UInt8, UInt8)] = [], trns: [UInt8] = [], interlaced: Bool = false) -> [UInt8] {
        var raw: [UInt8] = []
        if interlaced {
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            for (x0, y0, dx, dy) in passes {
                let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
                if xs.isEmpty || ys.isEmpty { continue }
                var sub: [[UInt16]] = []
                for y in ys { for x in xs { sub.append(pixels[y * width + x]) } }
                raw += scanlines(sub, width: xs.count, height: ys.count, depth: depth)
            }
        } else {
            raw = scanlines(pixels, width: width, height: height, depth: depth)
        }
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [UInt8(depth), colorType, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if !trns.isEmpty { file += chunk("tRNS", trns) }
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return file
    }
}

/// Element-wise absolute value of a float vector (the standard library has none).
func abs<V: SIMD>(_ v: V) -> V where V.Scalar: FloatingPoint {
    v.replacing(with: .zero - v, where: v .< .zero)
}
