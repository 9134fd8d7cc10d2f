import GRDB
import GRDBSQLite

/// One v5 `trial_row` as a scan reads it: columns 0–5 the factor codes, 6 the
/// replication, 7 the stored key ('' for the plan's).
enum CodedRow {
    /// The row's codes (checked against `levels`) and replication; `key` is set to
    /// its key, the plan key rebuilt from `question` and the levels' bytes.
    static func read(
        _ handle: OpaquePointer, levels: LevelTable, question: [UInt8], runID: Int64,
        key: inout [UInt8]
    ) throws -> (codes: (Int32, Int32, Int32, Int32, Int32, Int32), replication: Int64) {
        var codes = (Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0))
        let known = withUnsafeMutableBytes(of: &codes) { raw in
            let c = raw.bindMemory(to: Int32.self)
            var known = true
            for f in 0..<6 {
                let code = sqlite3_column_int64(handle, Int32(f))
                known = known && code >= 0 && code < Int64(levels.count)
                c[f] = Int32(truncatingIfNeeded: code)
            }
            return known
        }
        guard known else {
            throw DatabaseError(
                resultCode: .SQLITE_CORRUPT,
                message:
                    "trial_row: a factor code of run \(runID) names no row of `level` (was `level` edited by hand?)")
        }
        let replication = sqlite3_column_int64(handle, 6)
        let explicit = Int(sqlite3_column_bytes(handle, 7))
        key.removeAll(keepingCapacity: true)
        if explicit > 0 {
            key.append(contentsOf: UnsafeBufferPointer(start: sqlite3_column_text(handle, 7), count: explicit))
        } else {
            key.append(contentsOf: question)
            key.append(UInt8(ascii: "/")); key.append(contentsOf: levels.bytes(codes.0))
            key.append(UInt8(ascii: "/")); key.append(contentsOf: levels.bytes(codes.1))
            key.append(UInt8(ascii: "/")); key.append(contentsOf: levels.bytes(codes.2))
            key.append(UInt8(ascii: "/")); key.append(contentsOf: levels.bytes(codes.4))
            key.append(UInt8(ascii: "/")); key.append(UInt8(ascii: "r"))
            appendDecimal(replication, to: &key)
        }
        return (codes, replication)
    }

    /// The question that begins run `runID`'s plan keys, as bytes (empty for a run row deleted by hand).
    static func question(of runID: Int64, in db: Database) throws -> [UInt8] {
        Array((try String.fetchOne(db, sql: "SELECT question FROM run WHERE id = ?", arguments: [runID]) ?? "").utf8)
    }

    /// Decodes rows for a scan: the key rebuilt into one scratch buffer and the
    /// factors' bytes taken from `levels`, so a row costs no allocation.
    struct Decoder {
        let levels: LevelTable
        let question: [UInt8]
        let runID: Int64
        private var key: [UInt8] = []
        private var decoded = [UnsafeBufferPointer<UInt8>](
            repeating: UnsafeBufferPointer(start: nil, count: 0),
            count: ScannedTrial.Field.allCases.count)

        init(levels: LevelTable, question: [UInt8], runID: Int64) {
            self.levels = levels
            self.question = question
            self.runID = runID
        }

        /// Reads the row at `handle` (columns as `CodedRow.read` expects, metrics from
        /// column 8), hands its codes, replication and key to `seen`, then the trial to `body`.
        mutating func decode(
            _ handle: OpaquePointer,
            seen: ((Int32, Int32, Int32, Int32, Int32, Int32), Int64, [UInt8]) throws -> Void = { _, _, _ in },
            body: (borrowing ScannedTrial) throws -> Void
        ) throws {
            let (codes, replication) = try CodedRow.read(
                handle, levels: levels, question: question, runID: runID, key: &key)
            try seen(codes, replication, key)
            let levels = levels
            try key.withUnsafeBufferPointer { k in
                decoded[0] = k
                decoded[1] = levels.bytes(codes.0); decoded[2] = levels.bytes(codes.1);
                decoded[3] = levels.bytes(codes.2)
                decoded[4] = levels.bytes(codes.3); decoded[5] = levels.bytes(codes.4);
                decoded[6] = levels.bytes(codes.5)
                try decoded.withUnsafeBufferPointer { d in
                    try body(
                        ScannedTrial(handle: handle, decoded: d.baseAddress!, firstMetric: 8, replication: replication))
                }
            }
        }
    }

    /// Appends `n` in decimal, as `"\(n)"` would, without making a String.
    static func appendDecimal(_ n: Int64, to bytes: inout [UInt8]) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = n.magnitude,
            digits:
                (
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
                ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[count] = UInt8(ascii: "0") + UInt8(m % 10); m /= 10; count += 1 } while m > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }
}
