import Foundation
import Testing
@testable import Reports

/// The Parquet writer, checked without Python: the file's framing byte by byte,
/// and its footer and page headers read back by a small Thrift compact-protocol
/// decoder written here from the protocol's spec (independently of the writer's
/// encoder), down to the values in each page. scripts/check-parquet checks the
/// same files against pyarrow.
@Suite("Parquet writer")
struct ParquetWriterTests {
    // MARK: A Thrift compact-protocol reader

    /// A decoded Thrift value.
    indirect enum Value: Equatable {
        case int(Int64)
        case bool(Bool)
        case binary([UInt8])
        case list([Value])
        case structure([Int16: Value])

        var int: Int64? { if case .int(let v) = self { v } else { nil } }
        var string: String? { if case .binary(let b) = self { String(decoding: b, as: UTF8.self) } else { nil } }
        var list: [Value]? { if case .list(let v) = self { v } else { nil } }
        var fields: [Int16: Value]? { if case .structure(let v) = self { v } else { nil } }
        subscript(_ id: Int16) -> Value? { fields?[id] }
    }

    struct Reader {
        let bytes: [UInt8]
        var at: Int

        mutating func byte() -> UInt8 { defer { at += 1 }; return bytes[at] }

        mutating func varint() -> UInt64 {
            var shift: UInt64 = 0, out: UInt64 = 0
            while true {
                let b = byte()
                out |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { return out }
                shift += 7
            }
        }

        mutating func zigzag() -> Int64 {
            let v = varint()
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        }

        mutating func value(_ type: UInt8) -> Value {
            switch type {
            case 1: return .bool(true)
            case 2: return .bool(false)
            case 3: return .int(Int64(Int8(bitPattern: byte())))
            case 4, 5, 6: return .int(zigzag())
            case 8:
                let n = Int(varint())
                defer { at += n }
                return .binary(Array(bytes[at..<at + n]))
            case 9, 10:
                let header = byte()
                let count = header >> 4 == 15 ? Int(varint()) : Int(header >> 4)
                return .list((0..<count).map { _ in value(header & 0x0F) })
            case 12: return structure()
            default: Issue.record("Thrift type \(type) at byte \(at)"); return .int(0)
            }
        }

        mutating func structure() -> Value {
            var fields: [Int16: Value] = [:]
            var last: Int16 = 0
            while true {
                let header = byte()
                if header == 0 { return .structure(fields) }
                let delta = header >> 4
                let id = delta == 0 ? Int16(zigzag()) : last + Int16(delta)
                fields[id] = value(header & 0x0F)
                last = id
            }
        }
    }

    // MARK: A small table

    static let columns = [
        TableColumn("run_id", .int64, meaning: ""),
        TableColumn("label", .string, meaning: ""),
        TableColumn("photo", .string, optional: true, meaning: ""),
        TableColumn("time_s", .double, optional: true, meaning: ""),
    ]
    static let rows: [[TableValue]] = [
        [.int(7), .string("a, \"quoted\" → é"), .string("china"), .double(1.5)],
        [.int(7), .string(""), .missing, .double(-0.25)],
        [.int(-3), .string("line\nbreak"), .string("rocket"), .missing],
        [.int(Int64.max), .string("x"), .missing, .double(1e-300)],
        [.int(0), .string("y"), .string("coffee"), .double(.infinity)],
    ]

    func write(rowGroupRows: Int = 1000) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refine-parquet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("t.parquet")
        let writer = try ParquetWriter(columns: Self.columns, to: url, keyValues: [("refine.run_id", "7")], rowGroupRows: rowGroupRows)
        for row in Self.rows { try writer.append(row) }
        let size = try writer.finish()
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(bytes.count == size)
        return bytes
    }

    /// The footer, after checking the framing: PAR1, …, footer, its length (LE), PAR1.
    func footer(_ bytes: [UInt8]) -> Value { footerAndStart(bytes).0 }

    func footerAndStart(_ bytes: [UInt8]) -> (Value, Int) {
        #expect(Array(bytes.prefix(4)) == Array("PAR1".utf8))
        #expect(Array(bytes.suffix(4)) == Array("PAR1".utf8))
        let n = bytes.count
        let length = Int(bytes[n - 8]) | Int(bytes[n - 7]) << 8 | Int(bytes[n - 6]) << 16 | Int(bytes[n - 5]) << 24
        var reader = Reader(bytes: bytes, at: n - 8 - length)
        let meta = reader.structure()
        #expect(reader.at == n - 8, "the footer decodes to exactly its stated length")
        return (meta, n - 8 - length)
    }

    /// The definition levels and PLAIN values of one column chunk's single data page.
    func page(_ bytes: [UInt8], chunk: Value, column: TableColumn) -> (levels: [Bool]?, values: [TableValue]) {
        let meta = chunk[3]!
        var reader = Reader(bytes: bytes, at: Int(meta[9]!.int!))
        let header = reader.structure()
        #expect(header[1]?.int == 0, "a DATA_PAGE")
        let size = Int(header[2]!.int!)
        #expect(header[3]?.int == Int64(size), "uncompressed")
        #expect(reader.at - Int(meta[9]!.int!) + size == Int(meta[6]!.int!), "the chunk is its page header and page")
        let count = Int(header[5]![1]!.int!)
        #expect(header[5]![2]?.int == 0 && header[5]![3]?.int == 3, "PLAIN values, RLE levels")
        var at = reader.at
        func u32() -> Int { defer { at += 4 }; return (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u64() -> UInt64 { defer { at += 8 }; return (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        var levels: [Bool]?
        if column.optional {
            let length = u32()
            var r = Reader(bytes: bytes, at: at)
            var decoded: [Bool] = []
            while r.at < at + length {
                let h = r.varint()
                if h & 1 == 1 {
                    for _ in 0..<Int(h >> 1) {
                        let b = r.byte()
                        for bit in 0..<8 { decoded.append(b >> bit & 1 == 1) }
                    }
                } else {
                    let v = r.byte() == 1
                    decoded += Array(repeating: v, count: Int(h >> 1))
                }
            }
            at += length
            levels = Array(decoded.prefix(count))
        }
        var values: [TableValue] = []
        for i in 0..<count {
            if let levels, !levels[i] { values.append(.missing); continue }
            switch column.kind {
            case .int64: values.append(.int(Int64(bitPattern: u64())))
            case .double: values.append(.double(Double(bitPattern: u64())))
            case .string:
                let n = u32()
                values.append(.string(String(decoding: bytes[at..<at + n], as: UTF8.self)))
                at += n
            }
        }
        #expect(at == reader.at + size, "the page holds exactly its levels and values")
        return (levels, values)
    }

    @Test("framing, schema, row count and every value read back through a Thrift decoder")
    func roundTrip() throws {
        let bytes = try write()
        let (meta, footerStart) = footerAndStart(bytes)
        #expect(meta[1]?.int == 1, "version")
        #expect(meta[3]?.int == Int64(Self.rows.count), "num_rows")
        #expect(meta[6]?.string == "refine", "created_by")
        let kv = meta[5]!.list!.map { ($0[1]!.string!, $0[2]!.string!) }
        #expect(kv.count == 1 && kv[0] == ("refine.run_id", "7"))
        // Schema: the root, then one leaf per column with its type, repetition and annotations.
        let schema = meta[2]!.list!
        #expect(schema.count == Self.columns.count + 1)
        #expect(schema[0][4]?.string == "schema" && schema[0][5]?.int == Int64(Self.columns.count) && schema[0][1] == nil)
        for (element, column) in zip(schema.dropFirst(), Self.columns) {
            #expect(element[4]?.string == column.name)
            #expect(element[1]?.int == ["int64": 2, "double": 5, "string": 6][column.kind.rawValue])
            #expect(element[3]?.int == (column.optional ? 1 : 0))
            if column.kind == .string {
                #expect(element[6]?.int == 0, "converted type UTF8")
                #expect(element[10] == .structure([1: .structure([:])]), "logical type STRING")
            } else {
                #expect(element[6] == nil && element[10] == nil)
            }
        }
        // One row group, one chunk per column, each a single page holding the rows.
        let groups = meta[4]!.list!
        #expect(groups.count == 1)
        let chunks = groups[0][1]!.list!
        #expect(chunks.count == Self.columns.count && groups[0][3]?.int == Int64(Self.rows.count))
        #expect(groups[0][5]?.int == 4, "the first chunk starts right after the magic")
        var end = 4
        for (j, (chunk, column)) in zip(chunks, Self.columns).enumerated() {
            let m = chunk[3]!
            #expect(chunk[2]?.int == m[9]?.int && m[9]?.int == Int64(end), "chunks are contiguous, in column order")
            end += Int(m[7]!.int!)
            #expect(m[1]?.int == schema[j + 1][1]?.int && m[4]?.int == 0 && m[5]?.int == Int64(Self.rows.count))
            #expect(m[3]?.list?.compactMap(\.string) == [column.name])
            let (levels, values) = page(bytes, chunk: chunk, column: column)
            #expect(values == Self.rows.map { $0[j] }, "\(column.name)")
            if column.optional { #expect(levels?.count == Self.rows.count) }
        }
        #expect(groups[0][2]?.int == Int64(end - 4), "total_byte_size")
        #expect(end == footerStart, "the footer follows the last chunk")
    }

    @Test("several row groups: each its own chunks, the rows in order")
    func rowGroups() throws {
        let bytes = try write(rowGroupRows: 2)
        let meta = footer(bytes)
        let groups = meta[4]!.list!
        #expect(groups.map { $0[3]!.int! } == [2, 2, 1] && meta[3]?.int == 5)
        #expect(groups.map { $0[7]!.int! } == [0, 1, 2], "ordinals")
        for (j, column) in Self.columns.enumerated() {
            let values = groups.flatMap { page(bytes, chunk: $0[1]!.list![j], column: column).values }
            #expect(values == Self.rows.map { $0[j] }, "\(column.name)")
        }
    }

    @Test("an empty table is a valid file with no row groups")
    func empty() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("refine-parquet-\(UUID().uuidString).parquet")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try ParquetWriter(columns: Self.columns, to: url)
        _ = try writer.finish()
        let meta = footer(try [UInt8](Data(contentsOf: url)))
        #expect(meta[3]?.int == 0 && meta[4]?.list == [] && meta[2]?.list?.count == 5)
    }

    @Test("definition levels: one RLE run when alike, bit-packed groups of eight otherwise")
    func definitionLevels() {
        #expect(ParquetWriter.definitionLevels(Array(repeating: true, count: 5)) == [0x0A, 0x01])
        #expect(ParquetWriter.definitionLevels(Array(repeating: false, count: 300)) == [0xD8, 0x04, 0x00])
        #expect(ParquetWriter.definitionLevels([true, false, true]) == [0x03, 0b101])
        let nine = [true, true, false, false, false, false, false, true, true]
        #expect(ParquetWriter.definitionLevels(nine) == [0x05, 0b1000_0011, 0b0000_0001])
        #expect(ParquetWriter.definitionLevels([]) == [])
    }

    @Test("the Thrift encoder: field deltas, long field ids, zigzag varints, long lists")
    func thrift() {
        var w = ThriftCompactWriter()
        w.i32(1, -1)
        w.i64(20, 300)
        w.i16(21, 2)
        w.stringList(22, (0..<16).map { String($0) })
        w.structure(23) { s in s.string(1, "é") }
        w.end()
        #expect(Array(w.bytes.prefix(8)) == [0x15, 0x01, 0x06, 0x28, 0xD8, 0x04, 0x14, 0x04])
        var r = Reader(bytes: w.bytes, at: 0)
        let v = r.structure()
        #expect(r.at == w.bytes.count)
        #expect(v[1]?.int == -1 && v[20]?.int == 300 && v[21]?.int == 2)
        #expect(v[22]?.list?.compactMap(\.string) == (0..<16).map { String($0) })
        #expect(v[23]?[1]?.string == "é")
    }
}
