import Foundation

/// Trial values tagged with the participant who produced each one: the raw
/// material of participant-level inference (DESIGN §8), and what a baseline
/// stores per strategy and metric.
public struct ParticipantValues: Sendable, Hashable {
    public var values: [Double]
    /// `participants[i]` produced `values[i]`.
    public var participants: [String]

    public init(values: [Double] = [], participants: [String] = []) {
        precondition(values.count == participants.count, "one participant per value")
        self.values = values
        self.participants = participants
    }

    public var isEmpty: Bool { values.isEmpty }
    public var count: Int { values.count }

    public mutating func append(_ value: Double, participant: String) {
        values.append(value)
        participants.append(participant)
    }

    /// True when no participant contributed more than one value: then the trials
    /// are independent and the classical intervals (Wilson) apply.
    public var oneValuePerParticipant: Bool { Set(participants).count == participants.count }
}

extension Array where Element == String {
    /// The distinct participants, sorted, and each element's index among them
    /// (what `Set(self).sorted()` and a lookup per element give). Trials come in
    /// key order, a participant's together, so a name is hashed once per run of
    /// equal neighbours rather than once per trial.
    package func participantIndex() -> (ids: [String], owners: [Int32]) {
        var distinct = Set<String>()
        var last: String?
        for p in self where p != last {
            distinct.insert(p)
            last = p
        }
        let ids = distinct.sorted()
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, Int32($0.offset)) })
        var owners = [Int32]()
        owners.reserveCapacity(count)
        last = nil
        var current: Int32 = 0
        for p in self {
            if p != last {
                current = index[p]!
                last = p
            }
            owners.append(current)
        }
        return (ids, owners)
    }
}

/// The statistic of a group that a cluster bootstrap resamples.
public enum ClusterStatistic: String, Sendable, Codable {
    /// The mean over trials (for 0/1 metrics: the rate).
    case mean
    /// The median over trials (type 7, as `Descriptive.median`).
    case median
}

/// One group's trials gathered by participant and prepared for resampling.
///
/// A cluster-bootstrap resample is a multiset of participants, i.e. a weight
/// (how many times drawn) per participant. Per-participant sums and counts make
/// a resampled mean O(participants); the values sorted once, each with its
/// participant, make a resampled median one allocation-free scan that stops at
/// the middle, instead of gathering and selecting thousands of values per resample.
///
/// Three layouts of the ordered values:
/// - **exact**: an entry per trial value.
/// - **equal values**: an entry per participant and distinct value, with how
///   many of that participant's values it stands for (`sortedCount`). Taken
///   from trial values where it at most halves the entries (flags, counts,
///   repeated limits); every resampled statistic is the exact layout's to the bit.
/// - **sketched** (`init(sketches:participants:)`, where some sketch is past
///   its exact limit): an entry per participant and `ValueBuckets` bucket,
///   standing for that participant's values in the bucket with the bucket's
///   smallest value in the sample. Values move down by less than
///   `ValueBuckets.relativeWidth` (2.7 × 10⁻³) of themselves, and so does a
///   resampled median or mean of values. A bucket's entry stands at that
///   side's smallest value in it, which differs from side to side, so rank
///   statistics read sketched samples `onBucketScale()`, where values of one
///   bucket tie; `Comparisons.cliffsDelta` states how far that can move them.
public struct ClusteredSample: Sendable {
    /// The distinct participant ids, sorted (so two groups of the same people
    /// index them identically, which is what pairing relies on).
    public let participants: [String]
    public let sums: [Double]
    public let counts: [Int]
    /// All entries' values in ascending order, and the participant index of each.
    package private(set) var sortedValues: [Double]
    package let sortedOwner: [Int32]
    /// How many values each entry of `sortedValues` stands for (empty: one each, the exact layout).
    package let sortedCount: [Int32]
    /// The entries grouped by participant: participant c owns
    /// `grouped[offsets[c]..<offsets[c + 1]]` (for statistics without a fast
    /// path), each standing for `groupedCount` values (empty: one each).
    package let grouped: [Double]
    package let groupedCount: [Int32]
    package let offsets: [Int]
    /// The median of the sample as observed.
    package let observedMedian: Double
    /// Whether entries are `ValueBuckets` buckets of sketches (the sketched
    /// layout) whose values may stand a little above their entry's: not so
    /// where every sketch held whole numbers up to `ValueBuckets.wholeNumbersAlone`
    /// (flags, counts), each bucket then being one value.
    package let isSketched: Bool
    /// The sorted values cut into `bucketStarts.count - 1` runs of consecutive
    /// ranks; `below[k * clusterCount + c]` is how many of participant c's
    /// values come before run k. A resampled median then finds the run holding
    /// its middle rank by bisection (O(participants) per step) and scans only
    /// from there, instead of scanning half of all values: the same scan from a
    /// later start, hence the same value to the bit.
    package let bucketStarts: [Int]
    package let below: [Int32]

    /// The values held by participant and sorted. With `ordered: false` only the
    /// per-participant sums and counts are kept (O(participants) memory, no
    /// sort): enough for the mean (a rate), not for the median, Cliff's delta or `gather`.
    public init(_ sample: ParticipantValues, ordered: Bool = true) {
        let (ids, owner) = sample.participants.participantIndex()
        self.init(values: sample.values, owners: owner, participants: ids, ordered: ordered)
    }

    /// `values[i]` given by participant `participants[owners[i]]`; `participants`
    /// distinct and sorted (as `participantIndex` makes them).
    package init(values: [Double], owners owner: [Int32], participants ids: [String], ordered: Bool) {
        precondition(values.count == owner.count, "one owner per value")
        var sums = [Double](repeating: 0, count: ids.count)
        var counts = [Int](repeating: 0, count: ids.count)
        for (v, c) in zip(values, owner) { sums[Int(c)] += v; counts[Int(c)] += 1 }
        self.participants = ids
        self.sums = sums
        self.counts = counts
        self.trialCount = values.count
        self.ordered = ordered
        isSketched = false
        guard ordered else {
            (sortedValues, sortedOwner, sortedCount, grouped, groupedCount, offsets, bucketStarts, below) = (
                [], [], [], [], [], [], [], []
            )
            observedMedian = .nan
            return
        }
        // Ties broken by participant so the layout never depends on input order.
        let order = values.indices.sorted { i, j in
            values[i] != values[j] ? values[i] < values[j] : owner[i] < owner[j]
        }
        let sortedValues = order.map { values[$0] }, sortedOwner = order.map { owner[$0] }
        let n = values.count
        observedMedian =
            n == 0 ? .nan : sortedValues[(n - 1) / 2] + (sortedValues[n / 2] - sortedValues[(n - 1) / 2]) / 2
        if let cells = Cells(sortedValues: sortedValues, owners: sortedOwner, clusters: ids.count, atMost: n / 2) {
            (self.sortedValues, self.sortedOwner, self.sortedCount) = (cells.values, cells.owners, cells.counts)
            (grouped, groupedCount, offsets) = Self.group(cells.values, cells.owners, cells.counts, clusters: ids.count)
        } else {
            (self.sortedValues, self.sortedOwner, self.sortedCount) = (sortedValues, sortedOwner, [])
            // Each participant's values in the order they came, as always.
            (grouped, groupedCount, offsets) = Self.group(values, owner, [], clusters: ids.count)
        }
        (bucketStarts, below) = Self.buckets(owners: self.sortedOwner, counts: self.sortedCount, clusters: ids.count)
    }

    /// A sample of one sketch per participant (`participants` distinct and
    /// sorted, `sketches[c]` participant c's): the values themselves where every
    /// sketch is exact (the sample `init(values:…)` makes of them, to the bit),
    /// else the sketched layout of their buckets, whose observed median is then
    /// known to within `ValueBuckets.relativeWidth` as well.
    public init(sketches: [ValueSketch], participants ids: [String]) {
        precondition(sketches.count == ids.count, "one sketch per participant")
        if sketches.allSatisfy(\.isExact) {
            let values = sketches.flatMap { $0.exactValues! }
            let owners = sketches.enumerated().flatMap { c, s in repeatElement(Int32(c), count: s.count) }
            self.init(values: values, owners: owners, participants: ids, ordered: true)
            return
        }
        let cells = Cells(sketches)
        // Whole numbers up to `wholeNumbersAlone` are alone in their buckets: then each entry is one value, as from
        // trial values.
        let oneValueEach =
            sketches.allSatisfy(\.isWhole) && cells.values.allSatisfy { abs($0) <= ValueBuckets.wholeNumbersAlone }
        self.init(
            cells: cells, participants: ids, sums: sketches.map(\.sum), counts: sketches.map(\.count),
            sketched: !oneValueEach)
    }

    /// A sample in the cells layout; its observed median is the cells' own.
    private init(cells: Cells, participants ids: [String], sums: [Double], counts: [Int], sketched: Bool) {
        participants = ids
        self.sums = sums
        self.counts = counts
        trialCount = counts.reduce(0, +)
        ordered = true
        isSketched = sketched
        (sortedValues, sortedOwner, sortedCount) = (cells.values, cells.owners, cells.counts)
        (grouped, groupedCount, offsets) = Self.group(cells.values, cells.owners, cells.counts, clusters: ids.count)
        (bucketStarts, below) = Self.buckets(owners: cells.owners, counts: cells.counts, clusters: ids.count)
        observedMedian = cells.median
    }

    /// Whether every value is 0 or 1 (needs `ordered`). A sketched entry at 1
    /// may stand for values up to 1.0027 as well; those are told apart by the
    /// sums, since values of at least 1 add up to their count only when each is 1.
    public var isZeroOne: Bool {
        precondition(ordered || trialCount == 0, "isZeroOne reads the values: make the sample with ordered: true")
        var ones = 0
        for j in sortedValues.indices {
            switch sortedValues[j] {
            case 0: continue
            case 1: ones += entryCount(j)
            default: return false
            }
        }
        return !isSketched || sums.reduce(0, +) == Double(ones)
    }

    /// Entry j stands for this many values.
    @inline(__always) package func entryCount(_ j: Int) -> Int { sortedCount.isEmpty ? 1 : Int(sortedCount[j]) }

    /// The entries regrouped by participant, each participant's in the order
    /// given; `counts`, the values each stands for (empty: one each).
    private static func group(
        _ values: [Double], _ owners: [Int32], _ counts: [Int32], clusters: Int
    ) -> ([Double], [Int32], [Int]) {
        var offsets = [Int](repeating: 0, count: clusters + 1)
        for c in owners { offsets[Int(c) + 1] += 1 }
        for c in 0..<clusters { offsets[c + 1] += offsets[c] }
        var fill = Array(offsets.dropLast())
        var grouped = [Double](repeating: 0, count: values.count)
        var groupedCount = [Int32](repeating: 0, count: counts.count)
        for j in values.indices {
            let c = Int(owners[j])
            grouped[fill[c]] = values[j]
            if !counts.isEmpty { groupedCount[fill[c]] = counts[j] }
            fill[c] += 1
        }
        return (grouped, groupedCount, offsets)
    }

    /// A sample of per-participant sums and counts only (participants sorted,
    /// as `init(_:ordered: false)` makes them): for a mean or a rate summed
    /// elsewhere in one pass (`ParticipantTally`).
    package init(participants: [String], sums: [Double], counts: [Int]) {
        precondition(
            participants.count == sums.count && sums.count == counts.count, "one sum and count per participant")
        self.participants = participants
        self.sums = sums
        self.counts = counts
        self.trialCount = counts.reduce(0, +)
        self.ordered = false
        isSketched = false
        (sortedValues, sortedOwner, sortedCount, grouped, groupedCount, offsets, bucketStarts, below) = (
            [], [], [], [], [], [], [], []
        )
        observedMedian = .nan
    }

    /// Runs of about max(participants, 64) entries, so the table of counts is no
    /// larger than the entries themselves (at most 4096 runs); `counts`, the
    /// values each entry stands for (empty: one each).
    package static func buckets(owners: [Int32], counts: [Int32], clusters: Int) -> ([Int], [Int32]) {
        let n = owners.count
        let runs = max(1, min(4096, n / max(clusters, 64)))
        let starts = (0...runs).map { n * $0 / runs }
        var below = [Int32](repeating: 0, count: (runs + 1) * clusters)
        var running = [Int32](repeating: 0, count: clusters)
        for k in 0..<runs {
            for c in 0..<clusters { below[k * clusters + c] = running[c] }
            for j in starts[k]..<starts[k + 1] { running[Int(owners[j])] += counts.isEmpty ? 1 : counts[j] }
        }
        for c in 0..<clusters { below[runs * clusters + c] = running[c] }
        return (starts, below)
    }

    /// The resampled count of values ranked before run `k`.
    @inline(__always) private func weightedBelow(_ k: Int, _ w: [Int32]) -> Int {
        var total = 0
        let base = k * w.count
        for c in 0..<w.count { total += Int(w[c]) * Int(below[base + c]) }
        return total
    }

    public var clusterCount: Int { participants.count }
    public let trialCount: Int
    /// Whether the values are held in order (see `init(_:ordered:)`).
    public let ordered: Bool

    /// The statistic of the sample as observed (every participant once).
    public func statistic(_ s: ClusterStatistic) -> Double {
        guard trialCount > 0 else { return .nan }
        switch s {
        case .mean: return sums.reduce(0, +) / Double(trialCount)
        case .median:
            precondition(ordered, "a median needs the values in order: ClusteredSample(_:ordered: true)")
            return observedMedian
        }
    }

    /// The statistic of the resample in which participant c appears `weights[c]` times.
    package func statistic(_ s: ClusterStatistic, weights w: [Int32]) -> Double {
        switch s {
        case .mean:
            var total = 0.0, n = 0
            for c in 0..<w.count where w[c] != 0 {
                total += Double(w[c]) * sums[c]
                n += Int(w[c]) * counts[c]
            }
            return total / Double(n)
        case .median:
            precondition(ordered, "a median needs the values in order: ClusteredSample(_:ordered: true)")
            var n = 0
            for c in 0..<w.count where w[c] != 0 { n += Int(w[c]) * counts[c] }
            // 0-based ranks of the two middle values of the resampled multiset.
            let lowRank = (n - 1) / 2, highRank = n / 2
            // The last run that starts at or before the lower middle rank.
            var lo = 0, hi = bucketStarts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if weightedBelow(mid, w) <= lowRank { lo = mid } else { hi = mid - 1 }
            }
            var seen = weightedBelow(lo, w)
            var lower = Double.nan
            for j in bucketStarts[lo]..<sortedValues.count {
                let k = Int(w[Int(sortedOwner[j])])
                if k == 0 { continue }
                seen += k * entryCount(j)
                if lower.isNaN && seen > lowRank { lower = sortedValues[j] }
                if seen > highRank { return lower + (sortedValues[j] - lower) / 2 }
            }
            return lower
        }
    }

    /// Cliff's delta P(a > b) − P(a < b) of the resamples in which participant c
    /// of `a` appears `wa[c]` times and participant c of `b` `wb[c]` times: one
    /// merge of the two sorted samples, no gathering or sorting. The dominance
    /// count is the same integer `RankTests.cliffsDelta` gives on the gathered
    /// values, so the result is the same to the bit.
    package static func cliffsDelta(
        _ a: ClusteredSample, weights wa: [Int32], _ b: ClusteredSample, weights wb: [Int32]
    ) -> Double {
        precondition(a.ordered && b.ordered, "Cliff's delta needs the values in order")
        var nb = 0
        for c in 0..<wb.count where wb[c] != 0 { nb += Int(wb[c]) * b.counts[c] }
        var na = 0, dominance = 0
        // bBelow: resampled b values < x; bNotAbove: ≤ x (x ascending, so both only grow).
        var j = 0, k = 0, bBelow = 0, bNotAbove = 0
        let bv = b.sortedValues, bo = b.sortedOwner
        for i in 0..<a.sortedValues.count {
            let weight = Int(wa[Int(a.sortedOwner[i])]) * a.entryCount(i)
            if weight == 0 { continue }
            let x = a.sortedValues[i]
            while j < bv.count && bv[j] < x { bBelow += Int(wb[Int(bo[j])]) * b.entryCount(j); j += 1 }
            if k < j { k = j; bNotAbove = bBelow }
            while k < bv.count && bv[k] <= x { bNotAbove += Int(wb[Int(bo[k])]) * b.entryCount(k); k += 1 }
            dominance += weight * (bBelow - (nb - bNotAbove))
            na += weight
        }
        return Double(dominance) / Double(na * nb)
    }

    /// The sample with each value replaced by its `ValueBuckets` ordinal, the
    /// order kept: for rank statistics where a side is sketched, so that two
    /// values of one bucket tie whichever sides they are on (a sketch's entry
    /// stands at its own side's smallest value of the bucket).
    package func onBucketScale() -> ClusteredSample {
        var copy = self
        copy.sortedValues = sortedValues.map { Double(ValueBuckets.ordinal($0)) }
        return copy
    }

    /// The resampled trial values (participant c's values `weights[c]` times),
    /// written into `buffer`, for statistics without a fast path.
    package func gather(weights w: [Int32], into buffer: inout [Double]) {
        precondition(ordered, "gathering needs the values grouped: ClusteredSample(_:ordered: true)")
        buffer.removeAll(keepingCapacity: true)
        for c in 0..<w.count where w[c] != 0 {
            for _ in 0..<Int(w[c]) {
                if groupedCount.isEmpty { buffer.append(contentsOf: grouped[offsets[c]..<offsets[c + 1]]); continue }
                for j in offsets[c]..<offsets[c + 1] {
                    buffer.append(contentsOf: repeatElement(grouped[j], count: Int(groupedCount[j])))
                }
            }
        }
    }
}

/// The equal-value and sketched layouts of `ClusteredSample`: an entry per
/// cell (a distinct value, or a `ValueBuckets` bucket of sketches) and
/// participant, ascending by cell and then participant, with the cell's value
/// (for a bucket, its smallest in the sample) and how many of the
/// participant's values it stands for.
package struct Cells {
    package var values: [Double] = [], owners: [Int32] = [], counts: [Int32] = []

    /// The cells of equal values (`owners[i]` gave `sortedValues[i]`, sorted
    /// ascending): an entry per distinct value and participant, so nothing is
    /// rounded. Nil where there would be more than `limit` entries.
    package init?(sortedValues: [Double], owners: [Int32], clusters: Int, atMost limit: Int) {
        // Counted first: most samples are not worth it, and say so without allocating.
        var lastCell = [Int](repeating: -1, count: clusters)
        var cell = -1, entries = 0
        for (i, c) in owners.enumerated() {
            if i == 0 || sortedValues[i] != sortedValues[i - 1] { cell += 1 }
            if lastCell[Int(c)] != cell { lastCell[Int(c)] = cell; entries += 1 }
            if entries > limit { return nil }
        }
        var tally = [Int32](repeating: 0, count: clusters), touched: [Int32] = []
        values.reserveCapacity(entries); self.owners.reserveCapacity(entries); counts.reserveCapacity(entries)
        var i = 0
        while i < sortedValues.count {
            let value = sortedValues[i]
            while i < sortedValues.count && sortedValues[i] == value {
                let c = owners[i]
                if tally[Int(c)] == 0 { touched.append(c) }
                tally[Int(c)] += 1
                i += 1
            }
            append(cell: value, &touched, &tally)
        }
    }

    /// The cells of one sketch per participant (`sketches[c]`, participant c's).
    package init(_ sketches: [ValueSketch]) {
        var all: [(ordinal: Int32, owner: Int32, count: Int32, smallest: Double)] = []
        for (c, sketch) in sketches.enumerated() {
            let h = sketch.histogram
            for j in h.ordinals.indices { all.append((h.ordinals[j], Int32(c), h.counts[j], h.minima[j])) }
        }
        all.sort { ($0.ordinal, $0.owner) < ($1.ordinal, $1.owner) }
        var tally = [Int32](repeating: 0, count: sketches.count), touched: [Int32] = []
        var i = 0
        while i < all.count {
            let k = all[i].ordinal
            var smallest = Double.infinity
            while i < all.count && all[i].ordinal == k {
                touched.append(all[i].owner)
                tally[Int(all[i].owner)] = all[i].count
                smallest = min(smallest, all[i].smallest)
                i += 1
            }
            append(cell: smallest, &touched, &tally)
        }
    }

    /// The median of the values the entries stand for (type 7, as `Descriptive.median`).
    package var median: Double {
        let runs = values.indices.lazy.map { (value: values[$0], count: Int(counts[$0])) }
        return Descriptive.quantile(runs: runs, total: counts.reduce(0) { $0 + Int($1) }, 0.5)
    }

    /// Appends one bucket's entries, its participants in order, and clears their tallies.
    private mutating func append(cell value: Double, _ touched: inout [Int32], _ tally: inout [Int32]) {
        touched.sort()
        for c in touched {
            values.append(value); owners.append(c); counts.append(tally[Int(c)])
            tally[Int(c)] = 0
        }
        touched.removeAll(keepingCapacity: true)
    }
}
