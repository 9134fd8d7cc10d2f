import Foundation
import Testing
@testable import ImageEngine

/// `refine image info` reads photos a row at a time (issue 15, item 11): the
/// figures must be those of the whole decoded image, for every color type,
/// depth, alpha and interlacing.
@Suite struct PNGRowsTests {
    func compare(_ bytes: [UInt8], _ what: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString).png")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try PNGFile.read(url)
        var stats = PhotoStatistics()
        let (header, hasAlpha) = try PNGRows.forEach(url.path) { stats.add($0) }
        #expect(header.width == whole.width && header.height == whole.height, "\(what)")
        #expect(hasAlpha == whole.hasAlpha, "\(what)")
        #expect(stats.pixelCount == whole.pixelCount, "\(what)")
        #expect(stats.histogram == Histogram(of: whole), "\(what)")
        #expect(stats.clipping == Clipping(of: whole), "\(what)")
        let mean = whole.pixels.reduce(0.0) { $0 + Double(Luma.y($1)) } / Double(whole.pixelCount)
        #expect(abs(stats.meanLuminance - mean) < 1e-9, "\(what)")
    }

    @Test func rowsGiveTheWholeImagesFigures() throws {
        let w = 13, h = 9
        for interlaced in [false, true] {
            for depth in [1, 2, 4, 8, 16] {
                let maxV = (1 << depth) - 1
                try compare(TestPNG.encode(width: w, height: h, colorType: 0, depth: depth,
                                           pixels: (0..<(w * h)).map { [UInt16(($0 * 37) % (maxV + 1))] }, interlaced: interlaced),
                            "gray \(depth) interlaced \(interlaced)")
            }
            for depth in [8, 16] {
                let maxV = (1 << depth) - 1
                let rgb = (0..<(w * h)).map { i in [UInt16(i * 5 % maxV), UInt16(i * 11 % maxV), UInt16(i * 3 % maxV)] }
                try compare(TestPNG.encode(width: w, height: h, colorType: 2, depth: depth, pixels: rgb, interlaced: interlaced),
                            "rgb \(depth) interlaced \(interlaced)")
                let rgba = rgb.enumerated().map { $1 + [UInt16(($0 * 97) % (maxV + 1))] }
                try compare(TestPNG.encode(width: w, height: h, colorType: 6, depth: depth, pixels: rgba, interlaced: interlaced),
                            "rgba \(depth) interlaced \(interlaced)")
                let ga = (0..<(w * h)).map { [UInt16($0 * 7 % maxV), UInt16(maxV)] }
                try compare(TestPNG.encode(width: w, height: h, colorType: 4, depth: depth, pixels: ga, interlaced: interlaced),
                            "gray+alpha \(depth) interlaced \(interlaced)")
            }
            for depth in [1, 2, 4, 8] {
                let n = 1 << depth
                let pal = (0..<n).map { (UInt8($0 * 255 / max(n - 1, 1)), UInt8(255 - $0 * 255 / max(n - 1, 1)), UInt8(($0 * 40) % 256)) }
                try compare(TestPNG.encode(width: w, height: h, colorType: 3, depth: depth, pixels: (0..<(w * h)).map { [UInt16($0 % n)] },
                                           palette: pal, trns: [128], interlaced: interlaced),
                            "palette \(depth) interlaced \(interlaced)")
            }
        }
        for name in ["chelsea.png", "rocket.png"] {
            try compare([UInt8](Data(contentsOf: Fixtures.photos.appendingPathComponent(name))), name)
        }
    }

    @Test func rowsRefuseWhatTheDecoderRefuses() throws {
        let dir = FileManager.default.temporaryDirectory
        #expect(throws: PNGError.self) { try PNGRows.forEach(dir.path) { _ in } }
        var bytes = TestPNG.encode(width: 8, height: 8, colorType: 2, depth: 8, pixels: Array(repeating: [1, 2, 3], count: 64))
        bytes.removeLast(30)
        let url = dir.appendingPathComponent("rows-truncated-\(UUID().uuidString).png")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: PNGError.self) { try PNGRows.forEach(url.path) { _ in } }
    }
}
