import Foundation
import Testing
@testable import ImageEngine

@Suite struct PNGTests {
    func decode(_ bytes: [UInt8], limits: PNGLimits = .default) throws -> (image: Image, header: PNGHeader) {
        try PNGFile.decodeWithHeader(Data(bytes), name: "test.png", limits: limits)
    }

    @Test func readsEveryColorTypeAndDepth() throws {
        let w = 11, h = 7
        for interlaced in [false, true] {
            // Gray at 1, 2, 4, 8, 16 bits.
            for depth in [1, 2, 4, 8, 16] {
                let maxV = (1 << depth) - 1
                let px = (0..<(w * h)).map { [UInt16(($0 * 37) % (maxV + 1))] }
                let (img, hdr) = try decode(TestPNG.encode(width: w, height: h, colorType: 0, depth: depth, pixels: px, interlaced: interlaced))
                #expect(hdr.colorType == .gray && hdr.bitDepth == depth && hdr.interlaced == interlaced)
                #expect(img.width == w && img.height == h && !img.hasAlpha)
                for i in 0..<(w * h) {
                    let expected = SRGB.decode(Double(px[i][0]) / Double(maxV))
                    let p = img.pixels[i]
                    #expect(abs(Double(p.x) - expected) < (depth == 16 ? 2e-4 : 1e-6), "gray \(depth) i=\(i)")
                    #expect(p.x == p.y && p.y == p.z)
                }
            }
            // RGB and RGBA, gray+alpha at 8 and 16.
            for depth in [8, 16] {
                let maxV = Double((1 << depth) - 1)
                let rgb = (0..<(w * h)).map { i in [UInt16(i * 5 % Int(maxV)), UInt16(i * 11 % Int(maxV)), UInt16(i * 3 % Int(maxV))] }
                let (a, ha) = try decode(TestPNG.encode(width: w, height: h, colorType: 2, depth: depth, pixels: rgb, interlaced: interlaced))
                #expect(ha.colorType == .rgb)
                for i in 0..<(w * h) {
                    for c in 0..<3 { #expect(abs(Double(a.pixels[i][c]) - SRGB.decode(Double(rgb[i][c]) / maxV)) < 2e-4) }
                }
                let rgba = rgb.enumerated().map { $1 + [UInt16(maxV)] }
                let (b, hb) = try decode(TestPNG.encode(width: w, height: h, colorType: 6, depth: depth, pixels: rgba, interlaced: interlaced))
                #expect(hb.colorType == .rgba && b.hasAlpha)
                #expect(b.meanDeltaE2000(to: a) < 0.01)
                let ga = (0..<(w * h)).map { [UInt16($0 * 7 % Int(maxV)), UInt16(maxV)] }
                let (g, hg) = try decode(TestPNG.encode(width: w, height: h, colorType: 4, depth: depth, pixels: ga, interlaced: interlaced))
                #expect(hg.colorType == .grayAlpha && g.hasAlpha && g.pixels[3].w == 1)
            }
            // Palette at 1, 2, 4, 8 bits, with transparency.
            for depth in [1, 2, 4, 8] {
                let n = 1 << depth
                let pal = (0..<n).map { (UInt8($0 * 255 / max(n - 1, 1)), UInt8(255 - $0 * 255 / max(n - 1, 1)), UInt8(($0 * 40) % 256)) }
                let px = (0..<(w * h)).map { [UInt16($0 % n)] }
                let (img, hdr) = try decode(TestPNG.encode(width: w, height: h, colorType: 3, depth: depth, pixels: px, palette: pal, trns: [128], interlaced: interlaced))
                #expect(hdr.colorType == .palette && img.hasAlpha)
                for i in 0..<(w * h) {
                    let e = pal[Int(px[i][0])]
                    let p = img.pixels[i]
                    let a: Float = px[i][0] == 0 ? 128.0 / 255 : 1
                    #expect(abs(p.w - a) < 1e-6)
                    if a == 1 { #expect(SRGB.encode8(p.x) == e.0 && SRGB.encode8(p.y) == e.1 && SRGB.encode8(p.z) == e.2) }
                }
            }
        }
    }

    @Test func eightBitRoundTripIsExact() throws {
        var rng = SeededRNG(seed: 3)
        let bytes = (0..<(64 * 48 * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let img = Image(srgb8: bytes, width: 64, height: 48, channels: 4)
        let back = try PNGFile.decode(PNGFile.encode(img, bitDepth: 8))
        #expect(back.srgb8(includeAlpha: true) == bytes)
        let rgb = Image(srgb8: Array(bytes.prefix(64 * 48 * 3)), width: 64, height: 48, channels: 3)
        #expect(try PNGFile.decode(PNGFile.encode(rgb)).srgb8() == Array(bytes.prefix(64 * 48 * 3)))
    }

    @Test func sixteenBitRoundTrip() throws {
        let img = Image(width: 32, height: 8) { x, y in SIMD4(Float(x) / 31, Float(y) / 7, 0.25, 1) }
        let data = try PNGFile.encode(img, bitDepth: 16)
        let (back, hdr) = try PNGFile.decodeWithHeader(data)
        #expect(hdr.bitDepth == 16)
        for i in 0..<img.pixelCount { #expect(abs(back.pixels[i] - img.pixels[i]).max() < 1e-4) }
    }

    @Test func realPhotosReadAndRoundTrip() throws {
        for name in ["camera.png", "rocket.png"] {
            let url = Fixtures.photos.appendingPathComponent(name)
            let img = try PNGFile.read(url)
            let again = try PNGFile.decode(PNGFile.encode(img))
            #expect(again.srgb8() == img.srgb8())
        }
    }

    @Test func refusesAbsurdDimensionsBeforeDecoding() throws {
        var bytes = TestPNG.encode(width: 4, height: 4, colorType: 2, depth: 8, pixels: Array(repeating: [1, 2, 3], count: 16))
        // Patch IHDR to 100000 × 100000 and fix its CRC: only the limit can stop it.
        bytes.replaceSubrange(16..<24, with: TestPNG.be32(100_000) + TestPNG.be32(100_000))
        bytes.replaceSubrange(29..<33, with: TestPNG.be32(TestPNG.crc32(Array(bytes[12..<29]))))
        do { _ = try decode(bytes); Issue.record("accepted") } catch let e as PNGError {
            #expect(e.file == "test.png")
            #expect(e.message.contains("100000×100000"))
        }
        let small = TestPNG.encode(width: 300, height: 300, colorType: 0, depth: 8, pixels: Array(repeating: [9], count: 90_000))
        #expect(throws: PNGError.self) { try decode(small, limits: PNGLimits(maxPixels: 10_000)) }
        #expect(try decode(small).image.width == 300)
    }

    @Test func hostileFilesGiveClearErrors() throws {
        let good = TestPNG.encode(width: 8, height: 8, colorType: 2, depth: 8, pixels: Array(repeating: [10, 20, 30], count: 64))
        // Bad CRC on IHDR.
        var badCRC = good; badCRC[30] ^= 0xff
        // Missing IDAT.
        let idatStart = 33
        let idatLen = Int(good[idatStart]) << 24 | Int(good[idatStart + 1]) << 16 | Int(good[idatStart + 2]) << 8 | Int(good[idatStart + 3])
        var noIDAT = good; noIDAT.removeSubrange(idatStart..<(idatStart + 12 + idatLen))
        let cases: [(String, [UInt8])] = [
            ("empty", []), ("not png", Array("hello world, not a png at all".utf8)),
            ("bad crc", badCRC), ("no idat", noIDAT), ("truncated", Array(good.prefix(good.count / 2))),
            ("signature only", Array(good.prefix(8))),
        ]
        for (what, bytes) in cases {
            do { _ = try decode(bytes); Issue.record("\(what) accepted") } catch let e as PNGError {
                #expect(e.description.hasPrefix("test.png: "), "\(what)")
                #expect(e.message.count > 10, "\(what): \(e.message)")
            }
        }
        let err = try #require(throws: PNGError.self) { try PNGFile.read(URL(fileURLWithPath: "/nonexistent/x.png")) }
        #expect(err.file == "/nonexistent/x.png")
    }

    /// Thousands of mutated files: each must decode or throw, never crash.
    @Test func fuzzMutatedFiles() throws {
        var rng = SeededRNG(seed: 20_240_601)
        let seeds: [[UInt8]] = [
            TestPNG.encode(width: 9, height: 5, colorType: 2, depth: 8, pixels: (0..<45).map { [UInt16($0), 3, 200] }),
            TestPNG.encode(width: 6, height: 6, colorType: 3, depth: 2, pixels: (0..<36).map { [UInt16($0 % 4)] },
                           palette: [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)], interlaced: true),
            TestPNG.encode(width: 5, height: 4, colorType: 6, depth: 16, pixels: (0..<20).map { [UInt16($0 * 3000), 7, 9, 65535] }),
            try Array(PNGFile.encode(Fixtures.photo("chelsea.png").downscaled(toFit: 24))),
        ]
        let limits = PNGLimits(maxPixels: 1 << 16, maxDimension: 1024)
        var decoded = 0, refused = 0
        for i in 0..<3000 {
            var b = seeds[i % seeds.count]
            switch rng.next() % 4 {
            case 0: for _ in 0..<(1 + Int(rng.next() % 4)) { b[Int(rng.next() % UInt64(b.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            case 1: b = Array(b.prefix(Int(rng.next() % UInt64(b.count))))
            case 2: let at = 8 + Int(rng.next() % UInt64(b.count - 8)); b.insert(contentsOf: (0..<Int(rng.next() % 16)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
            default: let at = Int(rng.next() % UInt64(b.count)); b[at] ^= 1 << UInt8(rng.next() % 8)
            }
            do {
                let img = try decode(b, limits: limits).image
                #expect(img.pixelCount <= limits.maxPixels)
                decoded += 1
            } catch let e as PNGError {
                #expect(!e.message.isEmpty)
                refused += 1
            }
        }
        #expect(decoded + refused == 3000)
        #expect(refused > 500)
    }

    @Test func atomicWriteLeavesNoPartialFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refine-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("out.png")
        try PNGFile.write(Image(width: 4, height: 4, filledWith: SIMD4(0.5, 0.2, 0.1, 1)), to: url)
        #expect(try PNGFile.read(url).width == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
        #expect(throws: PNGError.self) {
            try PNGFile.write(Image(width: 2, height: 2), to: dir.appendingPathComponent("missing/dir/out.png"))
        }
    }
}
