import Foundation

/// Survival observations with multiplicities: entry i stands for `counts[i]`
/// observations of the encoded value `values[i]` (`SurvivalObservation.encoded`:
/// the time if reached, minus the time if censored), all given by participant
/// `owners[i]` (an index into the sample's sorted participants).
///
/// Every trial its own entry (`counts` nil) is the exact sample; a
/// participant's values summed into histogram buckets (`ValueSketch`) are
/// entries of a bucket's smallest value and count, so the curves, restricted
/// means and log-rank tests built from them cost memory by buckets, not by
/// trials. The estimators count integers per time, so an entry of count k is
/// the same to the bit as k entries of count 1.
public struct SurvivalEntries: Sendable {
    public var values: [Double] = []
    public var owners: [Int32] = []
    /// Each entry's multiplicity; nil when every entry is one observation.
    public var counts: [Int32]?

    public init(values: [Double], owners: [Int32], counts: [Int32]? = nil) {
        precondition(
            values.count == owners.count && (counts?.count ?? values.count) == values.count,
            "one owner and count per value")
        (self.values, self.owners, self.counts) = (values, owners, counts)
    }

    /// How many observations the entries stand for.
    public var observationCount: Int { counts.map { $0.reduce(0) { $0 + Int($1) } } ?? values.count }
    @inline(__always) package func count(_ i: Int) -> Int { counts.map { Int($0[i]) } ?? 1 }

    /// The entries sorted by time (ties in their order): times, event flags, owners and counts.
    package func sortedByTime() -> (times: [Double], events: [Bool], owners: [Int32], counts: [Int32]?) {
        precondition(values.count < Int(Int32.max), "fewer than 2³¹ entries")
        let order = (0..<Int32(values.count)).sorted { abs(values[Int($0)]) < abs(values[Int($1)]) }
        return (
            order.map { abs(values[Int($0)]) }, order.map { values[Int($0)] > 0 }, order.map { owners[Int($0)] },
            counts.map { c in order.map { c[Int($0)] } }
        )
    }
}
