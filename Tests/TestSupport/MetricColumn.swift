import Foundation

/// One metric of a run's trials, held in 1 byte a trial while every value is
/// a small integer (most metrics are 0/1 flags or counts: reached, landed,
/// corrections, session position) and in 8 once one is not. A value is kept
/// small only when decoding gives back the same `Double` bit for bit (−0.0
/// stays wide), so what a report reads never depends on the layout; NaN (not
/// recorded) is the one reserved byte.
struct MetricColumn: Sendable {
    private var small: [Int8] = []
    private var wide: [Double] = []
    /// Whether the column holds 1 byte a trial (`small`) or 8 (`wide`).
    private(set) var isSmall = true
    private var reserved = 0

    /// The byte that stands for NaN (a trial that did not record the metric).
    private static let missing = Int8.min

    init() {}

    /// A column of 8-byte values (read back from a `ColumnSpill`).
    init(wide values: [Double]) {
        wide = values
        isSmall = false
    }

    var count: Int { isSmall ? small.count : wide.count }
    /// The bytes the values take.
    var heldBytes: Int { isSmall ? small.count : wide.count * MemoryLayout<Double>.stride }

    mutating func reserve(_ n: Int) {
        reserved = n
        if isSmall { small.reserveCapacity(n) } else { wide.reserveCapacity(n) }
    }

    /// The byte of `v` when it is a small integer that decodes to the same bits.
    @inline(__always) private static func code(_ v: Double) -> Int8? {
        if v.isNaN { return missing }
        guard v >= -127, v <= 127, v == v.rounded() else { return nil }
        let c = Int8(v)
        return Double(c).bitPattern == v.bitPattern ? c : nil
    }

    mutating func append(_ v: Double) {
        if !isSmall { wide.append(v); return }
        if let c = Self.code(v) { small.append(c); return }
        // The first value that is not small: the column goes wide for good.
        wide.reserveCapacity(max(reserved, small.count + 1))
        for c in small { wide.append(c == Self.missing ? .nan : Double(c)) }
        wide.append(v)
        small = []
        isSmall = false
    }

    /// Hands a wide column's values to `write` and empties it, keeping its
    /// storage for the next ones (a spilling load: `TrialColumns`); a small
    /// column is left as it is.
    mutating func flushWide(_ write: (UnsafeBufferPointer<Double>) throws -> Void) rethrows {
        guard !isSmall else { return }
        try wide.withUnsafeBufferPointer(write)
        // A column that went wide late holds every earlier row here once: keep
        // storage for a block of rows, not for all of those.
        if wide.capacity > 2 * max(reserved, 1) {
            wide = []
            wide.reserveCapacity(reserved)
        } else {
            wide.removeAll(keepingCapacity: true)
        }
    }

    /// Puts value `order[k]` at place k.
    mutating func permute(_ order: [Int32]) {
        if isSmall {
            let stored = small
            small = order.map { stored[Int($0)] }
        } else {
            let stored = wide
            wide = order.map { stored[Int($0)] }
        }
    }

    @inline(__always) subscript(i: Int) -> Double {
        if !isSmall { return wide[i] }
        let c = small[i]
        return c == Self.missing ? .nan : Double(c)
    }
}
