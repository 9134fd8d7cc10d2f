import Foundation
@testable import Reports

/// A temporary file holding a large run's 8-byte metric columns while the
/// report does not need them (`TrialColumns`): column m of a run of n trials
/// is the n Doubles at byte m × n × 8. At 10⁷ trials each such column is
/// 81 MB and a PIP run has eleven, more than the report's memory goal by
/// themselves; a column read back from the page cache takes a few tens of
/// milliseconds.
///
/// The file is unlinked as soon as it is created, so it disappears when the
/// process ends, however it ends, and never shows up beside a user's files.
/// It is made in `TMPDIR` (else `/tmp`), which must have room for the columns
/// (8 bytes per trial and spilled metric); that directory is named in the error
/// when it does not.
final class ColumnSpill: @unchecked Sendable {
    private let fd: Int32
    private let directory: String
    /// Trials per column.
    let rows: Int

    init(rows: Int) throws {
        directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/refine-columns-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ReportError(
                "\(directory): cannot create a temporary file for the run's metric columns "
                    + "(\(String(cString: strerror(errno)))); set TMPDIR to a writable directory"
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
        self.rows = rows
    }

    deinit { close(fd) }

    private func offset(column: Int, row: Int) -> off_t { off_t((column * rows + row) * MemoryLayout<Double>.stride) }

    /// Writes `values` as rows `row…` of `column`.
    func write(_ values: UnsafeBufferPointer<Double>, column: Int, row: Int) throws {
        guard let base = values.baseAddress, !values.isEmpty else { return }
        let raw = UnsafeRawBufferPointer(start: base, count: values.count * MemoryLayout<Double>.stride)
        var done = 0
        while done < raw.count {
            let n = pwrite(
                fd, raw.baseAddress! + done, raw.count - done, offset(column: column, row: row) + off_t(done))
            guard n > 0 else {
                throw ReportError(
                    "\(directory): cannot write the run's metric columns to a temporary file "
                        + "(\(String(cString: strerror(errno)))); it needs \(rows * 8 / 1_000_000) MB per 8-byte "
                        + "metric, or set TMPDIR to a disk with room"
                )
            }
            done += n
        }
    }

    /// Column `column`, all its rows.
    func read(column: Int) throws -> [Double] {
        try [Double](unsafeUninitializedCapacity: rows) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < raw.count {
                let n = pread(
                    fd, raw.baseAddress! + done, raw.count - done, offset(column: column, row: 0) + off_t(done))
                guard n > 0 else {
                    throw ReportError(
                        "\(directory): cannot read back the run's metric columns from their temporary file "
                            + "(\(n == 0 ? "file shorter than written" : String(cString: strerror(errno))))"
                    )
                }
                done += n
            }
            count = rows
        }
    }
}
