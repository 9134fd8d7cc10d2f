import Foundation
import Harness
import Statistics

/// Each strategy's lead metrics at each position in a session (`session_trial`),
/// read in the report's pass (`Reader`) for the learning section instead of
/// selected from the loaded trials. Per strategy, bin of positions and metric,
/// a `Pool` of the values over people, and per person how many values they
/// gave and how many were 1: all a rate's interval resamples (`ParticipantTally`).
///
/// A bin is one position while sessions have at most `maxBins`; a longer
/// session (a run of many replications) halves the bins' number by merging
/// neighbours, so memory follows `maxBins`, not the session's length. First
/// use (position 1) is kept apart, whatever the bins. A position is a whole
/// number from 1 below 10⁹; one far past the rest (a hand-stored row) widens
/// every bin to reach it. Rows come session by session, so bins widen during
/// the first long session, while the pools are still exact; pools merged once
/// counted in buckets become `ValueSketch`es (slower to add to).
///
/// The section reads medians (of any order of the values) and rates (integer
/// counts), so a pool keeps no trial order and needs no key order.
struct SessionPositions {
    /// Values a pool of one bin holds as they are. A default spec's hold at
    /// most 600 (pip's, a bin being one position), so their medians, and those
    /// of pools merged from them, are the trials' own; past this a pool's
    /// median is its buckets' (within `ValueBuckets.relativeWidth`). A run's pools fill side by side
    /// (rows come session by session), so this bounds the pass's memory: at
    /// 10⁷ synthesized trials (564 positions) 4096 cost ≈ 54 MB more than 1024.
    static let exactLimit = 1024
    /// Bins of positions a strategy's curve has at most.
    static let maxBins = 128

    /// Which trials of a strategy: first use, the bins from a position on, or one bin.
    enum Part {
        case first
        /// The bins whose first position is at least this one.
        case from(Int)
        case bin(Int)
    }

    /// Positions a bin holds (a power of 2).
    private(set) var width = 1
    /// The longest session read (nil: no trial recorded its position).
    private(set) var longest: Int?
    /// [strategy][bin], [strategy]: trials there, and at position 1.
    private var trials: [[Int]] = [], firstTrials: [Int] = []
    /// [strategy][bin][metric], [strategy][metric]: the pools (metrics in the reader's order).
    private var pools: [[[Pool]]] = [], firstPools: [[Pool]] = []
    private var strategies: [String] = [], metrics: [String] = []
    /// Participants by the codes the pools' counts use.
    private(set) var participants: [String] = []

    /// How many bins hold a trial of some strategy.
    var bins: Int { trials.map { $0.lastIndex { $0 > 0 }.map { $0 + 1 } ?? 0 }.max() ?? 0 }
    /// The first position of bin `b`.
    func binStart(_ b: Int) -> Int { b * width + 1 }
    /// The first position of the first bin starting at or after `position`.
    func binStart(atOrAfter position: Int) -> Int { binStart((position - 1 + width - 1) / width) }

    /// Trials of `strategy` in `part`.
    func trialCount(_ strategy: String, _ part: Part) -> Int {
        guard let s = strategies.firstIndex(of: strategy) else { return 0 }
        return switch part {
        case .first: firstTrials[s]
        case .from(let p): trials[s].indices.reduce(0) { $0 + (binStart($1) >= p ? trials[s][$1] : 0) }
        case .bin(let b): b < trials[s].count ? trials[s][b] : 0
        }
    }

    /// The strategy's values of `metric` in `part`; nil when none recorded it.
    func pool(_ strategy: String, _ metric: String, _ part: Part) -> Pool? {
        guard let s = strategies.firstIndex(of: strategy), let m = metrics.firstIndex(of: metric) else { return nil }
        let chosen: [Pool] =
            switch part {
            case .first: [firstPools[s][m]]
            case .from(let p): pools[s].indices.filter { binStart($0) >= p }.map { pools[s][$0][m] }
            case .bin(let b): b < pools[s].count ? [pools[s][b][m]] : []
            }
        let recorded = chosen.filter { $0.count > 0 }
        guard var all = recorded.first else { return nil }
        for pool in recorded.dropFirst() { all.merge(pool) }  // in place: no copy of the values gathered so far per bin
        return all
    }

    /// Halves the number of bins: each pair of neighbours becomes one.
    private mutating func coarsen() {
        width *= 2
        for s in trials.indices {
            trials[s] = stride(from: 0, to: trials[s].count, by: 2).map {
                trials[s][$0] + ($0 + 1 < trials[s].count ? trials[s][$0 + 1] : 0)
            }
            pools[s] = stride(from: 0, to: pools[s].count, by: 2).map { i in
                i + 1 < pools[s].count ? zip(pools[s][i], pools[s][i + 1]).map { $0.merged(with: $1) } : pools[s][i]
            }
        }
    }

    /// Reads the pools as the report's pass goes by.
    final class Reader: RunReader {
        private var columns: [Int?] = [], position: Int?
        private var strategies = ScanCodes(), participants = ScanCodes()
        private let exactLimit: Int, maxBins: Int
        private var summary = SessionPositions()

        /// The pools read, once the pass is over.
        var positions: SessionPositions {
            var out = summary
            (out.strategies, out.participants) = (strategies.names, participants.names)
            return out
        }

        /// `metrics`: the metrics to pool; `exactLimit` and `maxBins` are smaller in tests.
        init(metrics: [String], exactLimit: Int = SessionPositions.exactLimit, maxBins: Int = SessionPositions.maxBins)
        {
            summary.metrics = metrics
            (self.exactLimit, self.maxBins) = (exactLimit, maxBins)
        }

        func start(metrics names: [String], trials _: Int) {
            position = names.firstIndex(of: "session_trial")
            columns = summary.metrics.map { names.firstIndex(of: $0) }
        }

        func read(_ row: borrowing ScannedTrial) {
            guard let position, let k = row.metric(position), k >= 1, k == k.rounded(), k < 1e9 else { return }
            let s = strategies.code(row.bytes(.strategy)), cell = Int(k)
            summary.longest = max(summary.longest ?? cell, cell)
            if s == summary.trials.count {
                summary.trials.append([])
                summary.pools.append([])
                summary.firstTrials.append(0)
                summary.firstPools.append(newPools())
            }
            while (cell - 1) / summary.width >= maxBins { summary.coarsen() }
            let bin = (cell - 1) / summary.width
            if summary.trials[s].count <= bin {
                let more = bin + 1 - summary.trials[s].count
                summary.trials[s] += repeatElement(0, count: more)
                summary.pools[s] += repeatElement(newPools(), count: more)
            }
            summary.trials[s][bin] += 1
            if cell == 1 { summary.firstTrials[s] += 1 }
            let p = participants.code(row.bytes(.participant))
            for (m, column) in columns.enumerated() {
                guard let column, let v = row.metric(column) else { continue }
                summary.pools[s][bin][m].add(v, participant: p)
                if cell == 1 { summary.firstPools[s][m].add(v, participant: p) }
            }
        }

        func finish(keyOrder _: [Int32]) {}

        private func newPools() -> [Pool] {
            summary.metrics.map { Pool(counted: !Comparisons.hasUnit($0), exactLimit: exactLimit) }
        }
    }
}

extension SessionPositions {
    /// Values of one metric pooled over people: as they are up to an exact
    /// limit, then counted in `ValueBuckets` buckets (a bucket's count and
    /// smallest value, which stands for its values), in an array over the
    /// buckets' range where that is narrow (a metric's values at one position
    /// span a few doublings), else a `ValueSketch`. Adding a value to the array
    /// is an index, not a sort. While every value is 0 or 1 (and the metric is not named
    /// with a unit) each person's count of values and of 1s is kept too.
    struct Pool {
        private(set) var count = 0
        /// The values as they came while at most `exactLimit`.
        private var values: [Double] = []
        private let exactLimit: Int
        /// Past the exact limit: zeros, and counts and smallest values of buckets `first…` (positive values).
        private var zeros: Int32 = 0, first: Int32 = 0, counts: [Int32] = [], minima: [Double] = []
        /// Past a narrow range of buckets: every value.
        private var sketch: ValueSketch?
        private var sum = 0.0
        /// Whether every value is 0 or 1.
        private(set) var zeroOrOne = true
        /// By participant code: values given and 1s among them (while `zeroOrOne` and counted).
        private var valued: [Int32] = [], ones: [Int32] = []
        private let counted: Bool

        /// Buckets an array may span before the pool becomes a sketch (32 doublings; 96 kB).
        static let denseSpan = 8192

        /// `counted`: whether per-person counts may be needed (a metric not named with a unit).
        init(counted: Bool, exactLimit: Int = SessionPositions.exactLimit) {
            (self.counted, self.exactLimit) = (counted, exactLimit)
        }

        mutating func add(_ v: Double, participant p: Int) {
            count += 1
            sum += v
            if zeroOrOne && v != 0 && v != 1 { (zeroOrOne, valued, ones) = (false, [], []) }
            if zeroOrOne && counted {
                if valued.count <= p {
                    // In place (amortised), not a copy per newcomer: codes grow as people come.
                    valued.append(contentsOf: repeatElement(0, count: p + 1 - valued.count))
                    ones.append(contentsOf: repeatElement(0, count: p + 1 - ones.count))
                }
                valued[p] += 1
                if v == 1 { ones[p] += 1 }
            }
            if sketch != nil { sketch!.add(v); return }
            if isExact && values.count < exactLimit { values.append(v); return }
            if isExact { for x in values { bucket(x) }; values = [] }
            bucket(v)
        }

        /// Counts `v` in its bucket, widening the array, or moving to a sketch past
        /// `denseSpan` or at a negative value. Zero, whose bucket lies far below any
        /// positive one's, is counted apart, so flags and counts stay in the array.
        private mutating func bucket(_ v: Double) {
            guard sketch == nil else { sketch!.add(v); return }
            if v == 0 { zeros += 1; return }
            let o = ValueBuckets.ordinal(v)
            if v < 0 {
                sketch = histogram ?? ValueSketch()
                (zeros, counts, minima) = (0, [], [])
                sketch!.add(v)
                return
            }
            if counts.isEmpty { (first, counts, minima) = (o, [0], [v]) }
            let low = min(first, o), high = max(first + Int32(counts.count) - 1, o)
            if Int(high - low) >= Self.denseSpan {
                sketch = histogram
                (zeros, counts, minima) = (0, [], [])
                sketch!.add(v)
                return
            }
            if o < first {
                counts.insert(contentsOf: repeatElement(0, count: Int(first - o)), at: 0)
                minima.insert(contentsOf: repeatElement(.infinity, count: Int(first - o)), at: 0)
                first = o
            } else if Int(o - first) >= counts.count {
                let more = Int(o - first) + 1 - counts.count
                counts += repeatElement(0, count: more)
                minima += repeatElement(.infinity, count: more)
            }
            let i = Int(o - first)
            counts[i] += 1
            if v < minima[i] { minima[i] = v }
        }

        /// The buckets counted so far as a sketch (nil while exact).
        private var histogram: ValueSketch? {
            if let sketch { return sketch }
            guard !counts.isEmpty || zeros > 0 else { return nil }
            let buckets =
                (zeros > 0 ? [(value: 0.0, count: zeros)] : [])
                + counts.indices.filter { counts[$0] > 0 }.map { (value: minima[$0], count: counts[$0]) }
            // The pool keeps its own count and sum (what its mean reads); the sketch's stand for its buckets.
            return ValueSketch(buckets: buckets, count: buckets.reduce(0) { $0 + Int($1.count) }, sum: 0)
        }

        /// Adds `other`'s values: kept as they are while both pools hold them so
        /// (however many: the section merges a strategy's positions once, for a
        /// moment), else in a sketch.
        mutating func merge(_ other: Pool) {
            count += other.count
            sum += other.sum
            zeroOrOne = zeroOrOne && other.zeroOrOne
            if zeroOrOne && counted {
                Self.add(other.valued, to: &valued)
                Self.add(other.ones, to: &ones)
            } else {
                (valued, ones) = ([], [])
            }
            if isExact && other.isExact { values += other.values; return }
            var s = histogram ?? ValueSketch(values)
            s.merge(other.histogram ?? ValueSketch(other.values))
            (sketch, values, zeros, counts, minima) = (s, [], 0, [], [])
        }

        /// The values of both pools (`merge`).
        func merged(with other: Pool) -> Pool {
            var out = self
            out.merge(other)
            return out
        }

        /// Adds per-person counts, the longer list's length kept.
        private static func add(_ more: [Int32], to counts: inout [Int32]) {
            if counts.count < more.count {
                counts.append(contentsOf: repeatElement(0, count: more.count - counts.count))
            }
            for (i, n) in more.enumerated() { counts[i] += n }
        }

        /// Whether the values are held as they are.
        private var isExact: Bool { sketch == nil && counts.isEmpty && zeros == 0 }

        /// Whether the metric is a rate here (`Comparisons.isRate(_:metric:)` of the values).
        func isRate(metric: String) -> Bool { !Comparisons.hasUnit(metric) && zeroOrOne }
        /// The mean (a rate's: the count of 1s over the count, exact in any order).
        var mean: Double { sum / Double(count) }
        /// The median (type 7): `Descriptive.median` of the values while exact, else their buckets'.
        var median: Double {
            guard let s = histogram else { return Descriptive.median(values) }
            return Cells([s]).median
        }

        /// The per-person counts of its 1s (a rate's), people named by `names` (the reader's codes).
        func tally(names: [String]) -> ParticipantTally {
            let people = valued.indices.filter { valued[$0] > 0 }
            return ParticipantTally(
                participants: people.map { names[$0] }, valued: people.map { Int(valued[$0]) },
                successes: people.map { Int(ones[$0]) })
        }
    }
}
