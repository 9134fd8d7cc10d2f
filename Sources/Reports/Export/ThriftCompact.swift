import Foundation

/// The Thrift compact protocol, writing side only, as far as Parquet's footer and
/// page headers need it: structs of i16/i32/i64 integers, binary strings, lists
/// and nested structs (field headers with id deltas, zigzag varints, the stop byte).
/// Spec: https://github.com/apache/thrift/blob/master/doc/specs/thrift-compact-protocol.md
struct ThriftCompactWriter {
    /// Compact-protocol type codes of a field or list element.
    enum TypeCode: UInt8 {
        case i16 = 4, i32 = 5, i64 = 6, binary = 8, list = 9, structure = 12
    }

    private(set) var bytes: [UInt8] = []
    /// The last field id written in each open struct (field ids are sent as deltas).
    private var lastField: [Int16] = [0]

    mutating func i16(_ id: Int16, _ value: Int16) {
        header(id, .i16)
        varint(zigzag(Int64(value)))
    }

    mutating func i32(_ id: Int16, _ value: Int32) {
        header(id, .i32)
        varint(zigzag(Int64(value)))
    }

    mutating func i64(_ id: Int16, _ value: Int64) {
        header(id, .i64)
        varint(zigzag(value))
    }

    mutating func string(_ id: Int16, _ value: String) {
        header(id, .binary)
        binary(Array(value.utf8))
    }

    /// A struct field whose members `body` writes.
    mutating func structure(_ id: Int16, _ body: (inout ThriftCompactWriter) -> Void) {
        header(id, .structure)
        lastField.append(0)
        body(&self)
        stop()
    }

    /// A list of structs, each written by `body`.
    mutating func structList<T>(_ id: Int16, _ items: [T], _ body: (inout ThriftCompactWriter, T) -> Void) {
        header(id, .list)
        listHeader(count: items.count, .structure)
        for item in items {
            lastField.append(0)
            body(&self, item)
            stop()
        }
    }

    mutating func i32List(_ id: Int16, _ items: [Int32]) {
        header(id, .list)
        listHeader(count: items.count, .i32)
        for item in items { varint(zigzag(Int64(item))) }
    }

    mutating func stringList(_ id: Int16, _ items: [String]) {
        header(id, .list)
        listHeader(count: items.count, .binary)
        for item in items { binary(Array(item.utf8)) }
    }

    /// Ends the outermost struct (the message itself): its stop byte.
    mutating func end() {
        precondition(lastField.count == 1, "a struct is still open")
        bytes.append(0)
    }

    // MARK: Encoding

    private mutating func header(_ id: Int16, _ type: TypeCode) {
        let delta = Int(id) - Int(lastField[lastField.count - 1])
        if delta > 0 && delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            varint(zigzag(Int64(id)))
        }
        lastField[lastField.count - 1] = id
    }

    private mutating func stop() {
        bytes.append(0)
        lastField.removeLast()
    }

    private mutating func listHeader(count: Int, _ element: TypeCode) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | element.rawValue)
        } else {
            bytes.append(0xF0 | element.rawValue)
            varint(UInt64(count))
        }
    }

    private mutating func binary(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    private mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    private func zigzag(_ n: Int64) -> UInt64 {
        UInt64(bitPattern: (n << 1) ^ (n >> 63))
    }
}
