import Foundation

/// Writes a table as an Apache Parquet file, the smallest correct subset of the
/// format (https://parquet.apache.org/docs/file-format/): the magic `PAR1`; row
/// groups of at most `rowGroupRows` rows (one for a small table), each with one
/// column chunk per column holding a single data page (v1), PLAIN-encoded and
/// uncompressed; then the footer (`FileMetaData` in the Thrift compact protocol),
/// its length as 4 bytes little-endian, and `PAR1` again.
///
/// Strings are BYTE_ARRAY annotated UTF8 (converted type) and STRING (logical
/// type); whole numbers INT64; reals DOUBLE. Optional columns are OPTIONAL with
/// definition levels (bit width 1) in the RLE/bit-packed hybrid encoding, with
/// the 4-byte length prefix of data page v1; missing values take no space among
/// the values. Flat schema only: no repetition levels.
///
/// Rows are buffered per column for the open row group only, so memory is
/// bounded by `rowGroupRows`, not by the size of the table.
public final class ParquetWriter: TableWriter {
    public let columns: [TableColumn]
    private let file: OutputFile
    private let rowGroupRows: Int
    private let keyValues: [(String, String)]
    private let createdBy: String
    /// The open row group: each column's PLAIN-encoded values, and for optional
    /// columns whether each row has a value.
    private var values: [[UInt8]]
    private var defined: [[Bool]]
    private var rows = 0
    private var rowGroups: [RowGroup] = []

    struct Chunk { var offset: Int; var size: Int }
    struct RowGroup { var chunks: [Chunk]; var rows: Int }

    static let magic = Array("PAR1".utf8)

    /// Creates `url` and writes the leading magic. `keyValues` go into the footer's
    /// key-value metadata.
    public init(columns: [TableColumn], to url: URL, keyValues: [(String, String)] = [],
                createdBy: String = "refine", rowGroupRows: Int = 131_072) throws {
        precondition(rowGroupRows > 0)
        self.columns = columns
        self.rowGroupRows = rowGroupRows
        self.keyValues = keyValues
        self.createdBy = createdBy
        values = Array(repeating: [], count: columns.count)
        defined = Array(repeating: [], count: columns.count)
        file = try OutputFile(creating: url)
        try file.write(Self.magic)
    }

    public func append(_ row: [TableValue]) throws {
        precondition(row.count == columns.count, "a row of \(row.count) values for \(columns.count) columns")
        for (i, value) in row.enumerated() {
            let column = columns[i]
            switch (value, column.kind) {
            case (.missing, _):
                precondition(column.optional, "missing value in required column \(column.name)")
                defined[i].append(false)
                continue
            case (.string(let s), .string):
                let utf8 = Array(s.utf8)
                Self.append(UInt32(utf8.count), to: &values[i])
                values[i].append(contentsOf: utf8)
            case (.int(let n), .int64):
                Self.append(UInt64(bitPattern: n), to: &values[i])
            case (.double(let x), .double):
                Self.append(x.bitPattern, to: &values[i])
            case (.int(let n), .double):
                Self.append(Double(n).bitPattern, to: &values[i])
            default:
                preconditionFailure("a \(value) in the \(column.kind) column \(column.name)")
            }
            if column.optional { defined[i].append(true) }
        }
        rows += 1
        if rows == rowGroupRows { try flushRowGroup() }
    }

    public func finish() throws -> Int {
        try flushRowGroup()
        let footer = footerBytes()
        try file.write(footer)
        var length: [UInt8] = []
        Self.append(UInt32(footer.count), to: &length)
        try file.write(length)
        try file.write(Self.magic)
        return try file.close()
    }

    // MARK: Row groups and pages

    private func flushRowGroup() throws {
        guard rows > 0 else { return }
        var chunks: [Chunk] = []
        for (i, column) in columns.enumerated() {
            var page: [UInt8] = []
            if column.optional {
                let levels = Self.definitionLevels(defined[i])
                Self.append(UInt32(levels.count), to: &page)
                page.append(contentsOf: levels)
            }
            page.append(contentsOf: values[i])
            var header = ThriftCompactWriter()
            header.i32(1, 0)                          // type: DATA_PAGE
            header.i32(2, Int32(page.count))          // uncompressed_page_size
            header.i32(3, Int32(page.count))          // compressed_page_size (UNCOMPRESSED)
            header.structure(5) { h in                // data_page_header
                h.i32(1, Int32(rows))                 // num_values, nulls included
                h.i32(2, Encoding.plain)              // encoding
                h.i32(3, Encoding.rle)                // definition_level_encoding
                h.i32(4, Encoding.rle)                // repetition_level_encoding (none are written)
            }
            header.end()
            chunks.append(Chunk(offset: file.offset, size: header.bytes.count + page.count))
            try file.write(header.bytes)
            try file.write(page)
            values[i].removeAll(keepingCapacity: true)
            defined[i].removeAll(keepingCapacity: true)
        }
        rowGroups.append(RowGroup(chunks: chunks, rows: rows))
        rows = 0
    }

    /// Definition levels (0 missing, 1 present) in the RLE/bit-packed hybrid
    /// encoding with bit width 1: one RLE run when all are alike, otherwise one
    /// bit-packed run of ⌈n/8⌉ groups of eight, least significant bit first.
    static func definitionLevels(_ present: [Bool]) -> [UInt8] {
        var out: [UInt8] = []
        guard let first = present.first else { return out }
        if present.allSatisfy({ $0 == first }) {
            varint(UInt64(present.count) << 1, to: &out)
            out.append(first ? 1 : 0)
            return out
        }
        let groups = (present.count + 7) / 8
        varint(UInt64(groups) << 1 | 1, to: &out)
        for g in 0..<groups {
            var byte: UInt8 = 0
            for bit in 0..<8 where g * 8 + bit < present.count && present[g * 8 + bit] { byte |= 1 << bit }
            out.append(byte)
        }
        return out
    }

    // MARK: Footer

    enum Encoding {
        static let plain: Int32 = 0
        static let rle: Int32 = 3
    }

    enum PhysicalType {
        static func code(_ kind: TableColumn.Kind) -> Int32 {
            switch kind {
            case .int64: 2
            case .double: 5
            case .string: 6
            }
        }
    }

    /// `FileMetaData`: version, schema (a root with one leaf per column), row count,
    /// row groups with their column chunks, key-value metadata, created_by.
    func footerBytes() -> [UInt8] {
        var w = ThriftCompactWriter()
        w.i32(1, 1)                                                     // version
        w.structList(2, [nil] + columns.map { Optional($0) }) { w, column in
            guard let column else {                                     // the root
                w.string(4, "schema")
                w.i32(5, Int32(self.columns.count))                     // num_children
                return
            }
            w.i32(1, PhysicalType.code(column.kind))                    // type
            w.i32(3, column.optional ? 1 : 0)                           // repetition_type: OPTIONAL / REQUIRED
            w.string(4, column.name)
            if column.kind == .string {
                w.i32(6, 0)                                             // converted_type: UTF8
                w.structure(10) { l in l.structure(1) { _ in } }        // logicalType: STRING
            }
        }
        w.i64(3, Int64(rowGroups.reduce(0) { $0 + $1.rows }))            // num_rows
        w.structList(4, Array(rowGroups.enumerated())) { w, item in
            let (ordinal, group) = item
            let total = Int64(group.chunks.reduce(0) { $0 + $1.size })
            w.structList(1, Array(zip(self.columns, group.chunks))) { w, pair in
                let (column, chunk) = pair
                w.i64(2, Int64(chunk.offset))                           // file_offset
                w.structure(3) { m in                                   // meta_data
                    m.i32(1, PhysicalType.code(column.kind))
                    m.i32List(2, column.optional ? [Encoding.plain, Encoding.rle] : [Encoding.plain])
                    m.stringList(3, [column.name])                      // path_in_schema
                    m.i32(4, 0)                                         // codec: UNCOMPRESSED
                    m.i64(5, Int64(group.rows))                         // num_values
                    m.i64(6, Int64(chunk.size))                         // total_uncompressed_size
                    m.i64(7, Int64(chunk.size))                         // total_compressed_size
                    m.i64(9, Int64(chunk.offset))                       // data_page_offset
                }
            }
            w.i64(2, total)                                             // total_byte_size
            w.i64(3, Int64(group.rows))                                 // num_rows
            w.i64(5, Int64(group.chunks.first?.offset ?? 0))            // file_offset
            w.i64(6, total)                                             // total_compressed_size
            w.i16(7, Int16(truncatingIfNeeded: ordinal))                // ordinal
        }
        if !keyValues.isEmpty {
            w.structList(5, keyValues) { w, kv in
                w.string(1, kv.0)
                w.string(2, kv.1)
            }
        }
        w.string(6, createdBy)
        w.end()
        return w.bytes
    }

    // MARK: Little-endian helpers

    static func append(_ v: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    static func append(_ v: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    static func varint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}
