import Foundation
import Testing
@testable import ImageEngine

/// A chunk that declares more bytes than the file holds is refused before libpng is asked to
/// allocate them (issue 43: an 80-byte file declaring a 2 GB tEXt chunk cost 2 GB).
@Suite("PNG chunk lengths")
struct ChunkLengthTests {
    /// Signature and a 1×1 RGB IHDR, then `tail`.
    func png(_ tail: [UInt8]) -> Data {
        Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13] + Array("IHDR".utf8)
             + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde] + tail)
    }

    @Test("a 2 GB text chunk in an 81-byte file is named, with its offset and what remains")
    func oversizedChunk() throws {
        let data = png([0x7f, 0xff, 0xff, 0xf0] + Array("tEXt".utf8) + Array("key\0value".utf8) + [UInt8](repeating: 0, count: 27))
        let error = try #require(throws: PNGError.self) { try PNGHeader.checkChunkLengths(data, name: "x.png") }
        #expect(error.message.contains("the tEXt chunk at byte 33 declares 2147483632 bytes of data, but only 32 remain"))
        let error2 = try #require(throws: PNGError.self) { try PNGFile.decode(data, name: "x.png") }
        #expect(error2.message.contains("tEXt chunk at byte 33"))
    }

    @Test("the same walk on disk, and every real photo passes it")
    func onDiskAndRealPhotos() throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { $0.hasSuffix(".png") }
        #expect(!names.isEmpty)
        for name in names {
            let url = photos.appendingPathComponent(name)
            let size = try Data(contentsOf: url).count
            try PNGHeader.checkChunkLengths(file: url.path, size: size)
        }
    }
}
