import Foundation
import Harness

/// Each strategy's lead metrics at each position in a session (`session_trial`),
/// read in the report's pass (`Reader`) for the learning section instead of
/// kept per trial. Per strategy, position and metric (a `Pool`): the values
/// pooled over people, held exactly and put in key order while there are at
/// most `exactLimit` of them, a `ValueSketch` past that; and per person how
/// many values they gave and how many were 1, which is all a rate's interval
/// resamples (`ParticipantTally`).
struct SessionPositions {
    /// Values a pool holds exactly. A default spec's pool holds a few hundred,
    /// so its medians and means are the trials' own; past this a pool's median
    /// is its buckets' (within `ValueBuckets.relativeWidth`) and its mean adds
    /// in stored order (the last bits may differ).
    static let exactLimit = 4096

    /// One strategy's values of one metric at one position, or at several merged.
    struct Pool {
        /// While exact: the values, and each one's scan position (key rank after the pass).
        fileprivate(set) var values: [Double] = [], ranks: [Int32] = []
        /// Past `exactLimit`: every value.
        fileprivate(set) var sketch: ValueSketch?
        /// Whether every value is 0 or 1.
        fileprivate(set) var zeroOrOne = true
        /// By participant code: values given, and those equal to 1.
        fileprivate(set) var valued: [Int32] = [], successes: [Int32] = []

        var count: Int { sketch?.count ?? values.count }

        fileprivate mutating func add(_ v: Double, participant p: Int, position: Int32, limit: Int) {
            if sketch != nil { sketch!.add(v) } else { values.append(v); ranks.append(position) }
            if sketch == nil && values.count > limit {
                sketch = ValueSketch(values)
                (values, ranks) = ([], [])
            }
            zeroOrOne = zeroOrOne && (v == 0 || v == 1)
            if valued.count <= p {
                valued += Array(repeating: 0, count: p + 1 - valued.count)
                successes += Array(repeating: 0, count: p + 1 - successes.count)
            }
            valued[p] += 1
            if v == 1 { successes[p] += 1 }
        }

        /// The values of both pools (exact ones in key order; a sketch past `limit`).
        func merged(with other: Pool, limit: Int) -> Pool {
            var out = Pool()
            out.zeroOrOne = zeroOrOne && other.zeroOrOne
            out.valued = Self.sum(valued, other.valued)
            out.successes = Self.sum(successes, other.successes)
            if sketch == nil && other.sketch == nil && values.count + other.values.count <= limit {
                let allValues = values + other.values, allRanks = ranks + other.ranks
                let order = allRanks.indices.sorted { allRanks[$0] < allRanks[$1] }
                out.values = order.map { allValues[$0] }
                out.ranks = order.map { allRanks[$0] }
                return out
            }
            var s = sketch ?? ValueSketch(values)
            s.merge(other.sketch ?? ValueSketch(other.values))
            out.sketch = s
            return out
        }

        private static func sum(_ a: [Int32], _ b: [Int32]) -> [Int32] {
            (0..<max(a.count, b.count)).map { ($0 < a.count ? a[$0] : 0) + ($0 < b.count ? b[$0] : 0) }
        }

        /// Whether the metric is a rate here (`Comparisons.isRate(_:metric:)` of the values).
        func isRate(metric: String) -> Bool { Comparisons.isRate(metric: metric, zeroOrOne: zeroOrOne) }
        var mean: Double { sketch.map { $0.sum / Double($0.count) } ?? Descriptive.mean(values) }
        var median: Double { sketch.map { ValueSketch.median([$0]) } ?? Descriptive.median(values) }

        /// The per-participant counts of its 1s, participants named by `names` (codes as the pass gave them).
        func tally(names: [String]) -> ParticipantTally {
            let people = valued.indices.filter { valued[$0] > 0 }
            return ParticipantTally(participants: people.map { names[$0] }, valued: people.map { Int(valued[$0]) },
                                    successes: people.map { Int(successes[$0]) })
        }
    }

    /// [strategy][position]: trials there (position 0 unused).
    private var trials: [[Int]] = []
    /// [strategy][position][metric]: the pool (metrics in the reader's order).
    private var pools: [[[Pool]]] = []
    private var strategies: [String] = [], metrics: [String] = []
    /// Values a pool holds exactly (`exactLimit` but in tests).
    private var limit = SessionPositions.exactLimit
    /// Participants by the codes the pools use.
    private(set) var participants: [String] = []

    /// The longest session read (nil: no trial recorded its position).
    var longest: Int? { trials.map { $0.lastIndex { $0 > 0 } ?? 0 }.max().flatMap { $0 > 0 ? $0 : nil } }

    /// Trials of `strategy` at the positions `keep` passes.
    func trialCount(_ strategy: String, _ keep: (Int) -> Bool) -> Int {
        guard let s = strategies.firstIndex(of: strategy) else { return 0 }
        return trials[s].indices.reduce(0) { $0 + (keep($1) ? trials[s][$1] : 0) }
    }

    /// The strategy's pool of `metric` at the positions `keep` passes, merged in position order; nil when none recorded it.
    func pool(_ strategy: String, _ metric: String, _ keep: (Int) -> Bool) -> Pool? {
        guard let s = strategies.firstIndex(of: strategy), let m = metrics.firstIndex(of: metric) else { return nil }
        let chosen = pools[s].indices.filter { keep($0) && pools[s][$0][m].count > 0 }.map { pools[s][$0][m] }
        guard let first = chosen.first else { return nil }
        return chosen.dropFirst().reduce(first) { $0.merged(with: $1, limit: limit) }
    }

    /// Reads the pools as the report's pass goes by; `positions` once it is over.
    final class Reader: RunReader {
        private var columns: [Int?] = [], position: Int?
        private var scanned: Int32 = 0
        private var strategies = ScanCodes(), participants = ScanCodes()
        private(set) var positions = SessionPositions()

        /// `exactLimit` is for tests.
        init(metrics: [String], exactLimit: Int = SessionPositions.exactLimit) {
            positions.metrics = metrics
            positions.limit = exactLimit
        }

        func start(metrics names: [String], trials _: Int) {
            position = names.firstIndex(of: "session_trial")
            columns = positions.metrics.map { names.firstIndex(of: $0) }
        }

        func read(_ row: borrowing ScannedTrial) {
            defer { scanned += 1 }
            guard let position, let k = row.metric(position), k >= 1, k == k.rounded(), k < 1e6 else { return }
            let s = strategies.code(row.bytes(.strategy)), cell = Int(k)
            if s == positions.trials.count { positions.trials.append([]); positions.pools.append([]) }
            if positions.trials[s].count <= cell {
                positions.trials[s] += Array(repeating: 0, count: cell + 1 - positions.trials[s].count)
                positions.pools[s] += Array(repeating: Array(repeating: Pool(), count: columns.count), count: cell + 1 - positions.pools[s].count)
            }
            positions.trials[s][cell] += 1
            let p = participants.code(row.bytes(.participant))
            for (m, column) in columns.enumerated() {
                guard let column, let v = row.metric(column) else { continue }
                positions.pools[s][cell][m].add(v, participant: p, position: scanned, limit: positions.limit)
            }
        }

        func finish(keyOrder order: [Int32]) {
            positions.strategies = strategies.names
            positions.participants = participants.names
            // Scan positions of the values held exactly, turned into key ranks.
            var rank: [Int32: Int32] = [:]
            for byPosition in positions.pools { for byMetric in byPosition { for pool in byMetric { for r in pool.ranks { rank[r] = -1 } } } }
            if !rank.isEmpty { for (k, i) in order.enumerated() where rank[i] != nil { rank[i] = Int32(k) } }
            for s in positions.pools.indices {
                for k in positions.pools[s].indices {
                    for m in positions.pools[s][k].indices where positions.pools[s][k][m].sketch == nil {
                        let pool = positions.pools[s][k][m]
                        let ranks = pool.ranks.map { rank[$0]! }
                        let order = ranks.indices.sorted { ranks[$0] < ranks[$1] }
                        positions.pools[s][k][m].values = order.map { pool.values[$0] }
                        positions.pools[s][k][m].ranks = order.map { ranks[$0] }
                    }
                }
            }
        }
    }
}
