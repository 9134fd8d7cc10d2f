import Foundation
import ImageEngine

/// A file written front to back through a buffer, counting the bytes written
/// (the Parquet footer records where each column chunk starts). A full disk is
/// reported as `DiskFullError` naming the file; other failures as `ReportError`.
final class OutputFile {
    let url: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Bytes written so far, buffered or not: the offset of the next byte.
    private(set) var offset = 0
    private static let flushSize = 1 << 20

    init(creating url: URL) throws {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path) else {
            if DiskFullError.isFull(url.deletingLastPathComponent().path) { throw DiskFullError(path: url.path) }
            throw ReportError("\(url.path): cannot create the file")
        }
        self.handle = handle
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        offset += bytes.count
        if buffer.count >= Self.flushSize { try flush() }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch {
            if DiskFullError.matches(error) { throw DiskFullError(path: url.path) }
            throw ReportError("\(url.path): cannot write: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes; returns the file's size.
    func close() throws -> Int {
        try flush()
        if !closed { try? handle.close(); closed = true }
        return offset
    }

    private var closed = false
    deinit { if !closed { try? handle.close() } }
}
