import Foundation

/// One participant's values of one metric, held in memory that does not grow
/// with their trials: the values themselves while there are at most
/// `exactLimit` of them, then a log-bucket histogram.
///
/// A bucket is a range of values whose base-2 logarithms share
/// ⌊log₂|v| · 256⌋ (`ValueBuckets.ordinal`), so its values are within a
/// factor 2^(1/256) of each other; it keeps how many values fell in it and the
/// smallest of them, which stands for them all. Every value is then known to a
/// relative error below 2^(1/256) − 1 < 2.72 × 10⁻³, and values that are equal
/// (counts, 0/1 flags, whole numbers up to 368) stay exact, each alone in its
/// bucket. A histogram holds at most one entry per bucket however many trials
/// come: a person's values spanning a factor 3 fill at most 407 buckets, 16
/// bytes each. (Finer buckets cost more than they save: at 1,024 a doubling a
/// person's sketch of 3,000 values held about as many bytes as the values.)
///
/// Sketches merge (`merge`): the counts add and the smallest values are
/// compared, so a sketch of two sets is the same whatever the order (its sum
/// aside, which adds in the order the values came).
public struct ValueSketch: Sendable, Equatable {
    /// Values kept as they are, in the order they came, up to this many.
    public static let exactLimit = 256

    /// How many values came.
    public private(set) var count = 0
    /// Their sum, in the order they came (what a mean reads).
    public private(set) var sum = 0.0
    /// Values not yet in the histogram: every value while the sketch is exact.
    private var pending: [Double] = []
    /// The histogram, by ascending ordinal: each bucket's ordinal, count and smallest value.
    /// (Ordinals fit 32 bits: `ValueBuckets.ordinal` stays within ±(2²⁰ + 10⁶).)
    private var ordinals: [Int32] = [], counts: [Int32] = [], minima: [Double] = []
    /// Whether the values are held as they are (never more than `exactLimit` of them).
    public private(set) var isExact = true
    /// Whether every value was a whole number (false for a sketch read from a
    /// file, which does not say). Whole numbers of magnitude up to
    /// `ValueBuckets.wholeNumbersAlone` are alone in their buckets, so a
    /// histogram of them is their values exactly.
    public private(set) var isWhole = true

    public init() {}

    /// A sketch of `values`, added in order.
    public init(_ values: some Sequence<Double>) {
        for v in values { add(v) }
    }

    /// A histogram sketch of `buckets` (each one's smallest value and count,
    /// ascending by bucket), as a baseline file stores it.
    package init(buckets: [(value: Double, count: Int32)], count: Int, sum: Double) {
        self.count = count
        self.sum = sum
        isExact = false
        isWhole = false
        ordinals = buckets.map { ValueBuckets.ordinal($0.value) }
        counts = buckets.map(\.count)
        minima = buckets.map(\.value)
    }

    /// Adds a value (never NaN: NaN is a value not recorded).
    public mutating func add(_ value: Double) {
        precondition(!value.isNaN, "a sketch holds recorded values, never NaN")
        count += 1
        sum += value
        if isWhole && value != value.rounded() { isWhole = false }
        pending.append(value)
        if pending.count > (isExact ? Self.exactLimit : foldLimit) {
            isExact = false
            fold()
        }
    }

    /// Adds the values of `other`.
    public mutating func merge(_ other: ValueSketch) {
        count += other.count
        sum += other.sum
        isWhole = isWhole && other.isWhole
        if isExact && other.isExact && pending.count + other.pending.count <= Self.exactLimit {
            pending += other.pending
            return
        }
        isExact = false
        pending += other.pending
        fold()
        let (o, c, m) = Self.union((ordinals, counts, minima), (other.ordinals, other.counts, other.minima))
        (ordinals, counts, minima) = (o, c, m)
    }

    /// The values while the sketch is exact, in the order they came; nil after.
    public var exactValues: [Double]? { isExact ? pending : nil }

    /// The buckets, ascending: each one's smallest value (which stands for its
    /// values) and how many values it holds. For an exact sketch, its distinct
    /// buckets all the same (so exact and folded sketches can be compared).
    public var buckets: [(value: Double, count: Int32)] {
        let h = histogram
        return zip(h.minima, h.counts).map { ($0, $1) }
    }

    /// The histogram with every value folded in: ascending ordinals, each bucket's count and smallest value.
    package var histogram: (ordinals: [Int32], counts: [Int32], minima: [Double]) {
        var copy = self
        copy.fold()
        return (copy.ordinals, copy.counts, copy.minima)
    }

    /// The bytes the sketch holds: 8 a pending value, 16 a bucket.
    public var heldBytes: Int {
        pending.capacity * 8 + ordinals.capacity * 4 + counts.capacity * 4 + minima.capacity * 8
    }

    /// Past the exact limit, pending values are folded in when they outnumber a
    /// quarter of the buckets (at least 32): a fold merges every bucket, so that
    /// is four buckets' work and a sort's a value, for a pending buffer of at
    /// most a quarter of the histogram's memory (its capacity is kept up to
    /// twice the limit).
    private var foldLimit: Int { max(32, ordinals.count / 4) }

    /// Moves the pending values into the histogram.
    private mutating func fold() {
        guard !pending.isEmpty else { return }
        pending.sort()
        var o: [Int32] = [], c: [Int32] = [], m: [Double] = []
        for v in pending {
            let k = ValueBuckets.ordinal(v)
            if o.last == k { c[c.count - 1] += 1 } else { o.append(k); c.append(1); m.append(v) }
        }
        // The exact phase's buffer (256 values) is let go once it is folded.
        pending.removeAll(keepingCapacity: !isExact && pending.capacity <= 2 * foldLimit)
        (ordinals, counts, minima) = Self.union((ordinals, counts, minima), (o, c, m))
    }

    /// Two histograms' buckets merged by ordinal, in arrays of just their size
    /// (most folds add values to buckets already there: sized for both, the
    /// histogram would keep about twice the room it needs).
    private static func union(
        _ a: ([Int32], [Int32], [Double]), _ b: ([Int32], [Int32], [Double])
    ) -> ([Int32], [Int32], [Double]) {
        if a.0.isEmpty { return b }
        if b.0.isEmpty { return a }
        var shared = 0, i = 0, j = 0
        while i < a.0.count && j < b.0.count {
            if a.0[i] < b.0[j] { i += 1 } else if b.0[j] < a.0[i] { j += 1 } else { shared += 1; i += 1; j += 1 }
        }
        let size = a.0.count + b.0.count - shared
        var o: [Int32] = [], c: [Int32] = [], m: [Double] = []
        o.reserveCapacity(size); c.reserveCapacity(size); m.reserveCapacity(size)
        i = 0; j = 0
        while i < a.0.count || j < b.0.count {
            if j == b.0.count || (i < a.0.count && a.0[i] < b.0[j]) {
                o.append(a.0[i]); c.append(a.1[i]); m.append(a.2[i]); i += 1
            } else if i == a.0.count || b.0[j] < a.0[i] {
                o.append(b.0[j]); c.append(b.1[j]); m.append(b.2[j]); j += 1
            } else {
                o.append(a.0[i]); c.append(a.1[i] + b.1[j]); m.append(min(a.2[i], b.2[j])); i += 1; j += 1
            }
        }
        return (o, c, m)
    }

    /// The same values (exact sketches) or the same histogram, count and sum.
    public static func == (a: ValueSketch, b: ValueSketch) -> Bool {
        guard a.count == b.count, a.sum == b.sum, a.isExact == b.isExact else { return false }
        return a.isExact ? a.pending == b.pending : a.histogram == b.histogram
    }
}

/// The log-scale buckets that `ValueSketch` and `ClusteredSample`'s cells
/// share: 256 a doubling, on each side of zero, with zero a bucket of its own.
public enum ValueBuckets {
    /// Buckets per doubling of |value|.
    public static let perOctave = 256
    /// The largest relative difference between two values of one bucket:
    /// 2^(1/256) − 1 ≈ 2.71 × 10⁻³.
    public static let relativeWidth = pow(2, 1 / Double(perOctave)) - 1
    /// Whole numbers of at most this magnitude (368) are alone in their
    /// bucket: the bucket of n is at most n × `relativeWidth` < 1 wide.
    public static let wholeNumbersAlone = (1 / relativeWidth).rounded(.down)

    /// The bucket of `v`, an integer that orders as the values do: 0 for zero,
    /// positive for positive values and negative for negative ones.
    @inline(__always) public static func ordinal(_ v: Double) -> Int32 {
        if v == 0 { return 0 }
        // 2^20 clears every finite bucket (|log₂| ≤ 1075, times 256); ∞ is clamped to the last.
        // Within ±2^21: 32 bits hold it.
        let k = (log2(abs(v)) * Double(perOctave)).rounded(.down)
        let o = (1 << 20) + Int32(min(max(k, -1_000_000), 1_000_000))
        return v > 0 ? o : -o
    }
}
