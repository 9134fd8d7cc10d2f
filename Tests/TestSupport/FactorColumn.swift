/// One factor of a run's trials (strategy, device, participant, …) as a code
/// per trial, an index into the factor's distinct values, held in as few
/// bytes as the number of distinct values allows: 1 up to 256 values, 2 up to
/// 65,536, else 4. A run has a handful of strategies, devices and tasks and
/// at most thousands of participants, so six factors cost 7 bytes a trial
/// instead of 24 (at 10⁷ trials, 70 MB instead of 240).
struct FactorColumn: Sendable {
    private var narrow: [UInt8] = []
    private var middle: [UInt16] = []
    private var wide: [Int32] = []
    /// Bytes a code takes: 1, 2 or 4.
    private(set) var width = 1

    var count: Int { width == 1 ? narrow.count : width == 2 ? middle.count : wide.count }
    var heldBytes: Int { count * width }
    var last: Int32? { count == 0 ? nil : self[count - 1] }

    mutating func reserve(_ n: Int) {
        switch width {
        case 1: narrow.reserveCapacity(n)
        case 2: middle.reserveCapacity(n)
        default: wide.reserveCapacity(n)
        }
    }

    mutating func append(_ code: Int32) {
        precondition(code >= 0, "a factor code indexes the factor's values")
        if width == 1, code > Int32(UInt8.max) { widen(to: code > Int32(UInt16.max) ? 4 : 2) }
        if width == 2, code > Int32(UInt16.max) { widen(to: 4) }
        switch width {
        case 1: narrow.append(UInt8(code))
        case 2: middle.append(UInt16(code))
        default: wide.append(code)
        }
    }

    /// Moves every code to `bytes` bytes (the capacity reserved comes along).
    private mutating func widen(to bytes: Int) {
        let codes = (0..<count).map { self[$0] }
        let capacity = max(narrow.capacity, middle.capacity, wide.capacity)
        (narrow, middle, wide) = ([], [], [])
        width = bytes
        reserve(capacity)
        for c in codes {
            if bytes == 2 { middle.append(UInt16(c)) } else { wide.append(c) }
        }
    }

    @inline(__always) subscript(i: Int) -> Int32 {
        switch width {
        case 1: Int32(narrow[i])
        case 2: Int32(middle[i])
        default: wide[i]
        }
    }

    /// Puts code `order[k]` at place k.
    mutating func permute(_ order: [Int32]) {
        switch width {
        case 1: let s = narrow; narrow = order.map { s[Int($0)] }
        case 2: let s = middle; middle = order.map { s[Int($0)] }
        default: let s = wide; wide = order.map { s[Int($0)] }
        }
    }
}
