import Foundation
import Statistics

/// The trial at the median of one metric among a selection's trials, ties in
/// key order (a missing value read as 0, as the sections sorted them), with
/// that trial's values of some metrics: what a report shows as "a typical
/// result" (the photo re-rendered from a trial's final settings).
///
/// Up to `exactLimit` trials every one is kept, and the pick is the sorted
/// trials' middle one exactly. Past that the trials go to log buckets of the
/// metric (`ValueBuckets`), each holding its count and its first trial in scan
/// order, and the pick is that of the bucket holding the median: within
/// `ValueBuckets.relativeWidth` of the median's value, in memory bounded by
/// the buckets (as `TrialChoice.Picks` picks replays).
struct TypicalTrial {
    static let exactLimit = 1 << 13
    private let exactLimit: Int
    /// Kept while exact: value, scan position, the kept metrics' values.
    private var exact: [(value: Double, position: Int32, kept: [Double?])]? = []
    /// Past the limit: by bucket ordinal, the count and the first trial.
    private var buckets: [Int32: (count: Int, kept: [Double?])] = [:]
    private var count = 0
    /// The pick, once the pass is over.
    private(set) var pick: [Double?]?

    init(exactLimit: Int = Self.exactLimit) { self.exactLimit = exactLimit }

    mutating func add(_ value: Double?, position: Int32, kept: [Double?]) {
        let v = value ?? 0
        count += 1
        if exact != nil {
            exact!.append((v, position, kept))
            guard exact!.count > exactLimit else { return }
            // In scan order, so each bucket keeps its first trial as if it had been bucketed from the start.
            for e in exact!.sorted(by: { $0.position < $1.position }) { bucket(e.value, e.kept) }
            exact = nil
        } else {
            bucket(v, kept)
        }
    }

    private mutating func bucket(_ v: Double, _ kept: [Double?]) {
        let o = ValueBuckets.ordinal(v)
        if let b = buckets[o] { buckets[o] = (b.count + 1, b.kept) } else { buckets[o] = (1, kept) }
    }

    /// Picks the trial: `rank[position]` is a scan position's rank in key order.
    mutating func finish(rank: [Int32]) {
        guard count > 0 else { return }
        if let exact {
            let sorted = exact.sorted { ($0.value, rank[Int($0.position)]) < ($1.value, rank[Int($1.position)]) }
            pick = sorted[sorted.count / 2].kept
        } else {
            var seen = 0
            for o in buckets.keys.sorted() {
                seen += buckets[o]!.count
                if seen > count / 2 { pick = buckets[o]!.kept; break }
            }
        }
        exact = nil
        buckets = [:]
    }
}
