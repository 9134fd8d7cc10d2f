import Foundation

/// One metric of a selection's trials of one participant and one task (a
/// *cell*): what a comparison of the same person's trials of one task under
/// two designs reads (exposure: the split overlays against the crammed
/// control). Memory is bounded by participants × tasks, not by trials:
/// - the first trial by key: its key and value,
/// - the trial with the largest value (a missing one read as 0), the first by key among ties,
/// - how many trials gave each distinct value (missing included), up to `distinctLimit` distinct values.
package struct CellValues {
    /// More distinct values than this in one cell and `counts` is dropped (`overflowed`).
    package static let distinctLimit = 64

    private(set) var firstKey: [UInt8] = []
    package private(set) var firstValue: Double?
    package private(set) var largest: (value: Double, key: [UInt8])?
    /// Trials by value (nil: missing); nil once more than `distinctLimit` distinct values came.
    private(set) var counts: [Double?: Int]? = [:]
    package private(set) var trials = 0

    var overflowed: Bool { counts == nil }

    mutating func add(_ v: Double?, key: UnsafeBufferPointer<UInt8>) {
        trials += 1
        if trials == 1 || key.lexicographicallyPrecedes(firstKey) { (firstKey, firstValue) = (Array(key), v) }
        let x = v ?? 0
        if let l = largest {
            if x > l.value || (x == l.value && key.lexicographicallyPrecedes(l.key)) { largest = (x, Array(key)) }
        } else {
            largest = (x, Array(key))
        }
        if counts != nil {
            counts![v, default: 0] += 1
            if counts!.count > Self.distinctLimit { counts = nil }
        }
    }

    /// How many trials gave exactly `value` (nil: missing); nil when the cell overflowed.
    package func trials(giving value: Double?) -> Int? { counts.map { $0[value] ?? 0 } }
}
