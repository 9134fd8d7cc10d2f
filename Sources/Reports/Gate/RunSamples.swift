import Foundation
import Harness
import Statistics

/// Each strategy's metrics by participant, read in one pass over a run's
/// stored rows (`RunStore.scanTrials`) without loading its trial store: what
/// `refine check`, `refine baseline update` and `refine compare` read. Memory
/// is one `ValueSketch` per strategy, metric and participant (and, while a
/// person's sketch is exact, the scan positions of its values), not a column
/// per metric of every trial.
///
/// A sample is the loaded run's with one difference: the sums of sketches past
/// their exact limit add in the order the rows are stored, so their means may
/// differ from the loaded run's in the last bits. Values kept exactly (and
/// their sums) come out in key order, however the run's workers finished.
public struct RunSamples: Sendable {
    /// The strategies read, in the order their first rows were stored.
    public private(set) var strategies: [String] = []
    /// The metrics read, sorted: the store's, or those asked for (one the store lacks has no values).
    public private(set) var metrics: [String] = []
    /// Trials of each strategy read.
    public private(set) var trialCounts: [String: Int] = [:]
    /// Trials in the run (of every strategy).
    public private(set) var trials = 0
    private var participants: [String] = []
    /// [strategy][metric][participant]
    private var sketches: [[[ValueSketch]]] = []
    /// [strategy][metric][participant]: the key ranks of an exact sketch's values.
    private var ranks: [[[[Int32]]]] = []

    /// Reads run `runID`: `metrics` (nil: every metric the store has) of the
    /// strategies in `only` (nil: all).
    public init(store: RunStore, runID: Int64, metrics wanted: [String]? = nil, only: Set<String>? = nil) throws {
        let reader = Reader(metrics: wanted, only: only)
        try store.read(runID: runID, into: [reader])
        self = reader.samples
    }

    /// Reads the samples as a pass goes by (`RunStore.read(runID:into:)`), so
    /// they can share it with other readers; `samples` once the pass is over.
    final class Reader: RunReader {
        private let wanted: [String]?
        private var scan: Scan
        private var columns: [Int?] = []
        private(set) var samples = RunSamples()

        init(metrics wanted: [String]? = nil, only: Set<String>? = nil) {
            self.wanted = wanted
            scan = Scan(only: only)
        }

        func start(metrics names: [String], trials count: Int) {
            samples.metrics = Array(Set(wanted ?? names)).sorted()
            columns = samples.metrics.map { names.firstIndex(of: $0) }
            samples.trials = count
        }

        func read(_ row: borrowing ScannedTrial) { scan.add(row, columns: columns) }

        func finish(keyOrder order: [Int32]) {
            samples.strategies = scan.strategyNames
            samples.participants = scan.participants.names
            samples.trialCounts = Dictionary(uniqueKeysWithValues: zip(scan.strategyNames, scan.strategyTrials))
            samples.sketches = scan.sketches
            samples.ranks = RunSamples.keyRanks(scan.positions, of: scan.sketches, order: order)
            // The samples hold what they need; the pass's positions go now, not when the reader does.
            scan = Scan(only: scan.only)
        }
    }

    private init() {}

    /// The strategy's values of `metric` by participant, or nil when none of its
    /// trials recorded the metric (or it was not read).
    public func sample(strategy: String, metric: String) -> BaselineSample? {
        guard let s = strategies.firstIndex(of: strategy), let m = metrics.firstIndex(of: metric) else { return nil }
        let mine = sketches[s][m].indices.filter { sketches[s][m][$0].count > 0 }
        guard !mine.isEmpty else { return nil }
        if mine.allSatisfy({ sketches[s][m][$0].isExact }) {
            var entries: [(rank: Int32, value: Double, participant: Int)] = []
            for p in mine {
                for (r, v) in zip(ranks[s][m][p], sketches[s][m][p].exactValues!) { entries.append((r, v, p)) }
            }
            entries.sort { $0.rank < $1.rank }
            return .values(
                ParticipantValues(
                    values: entries.map(\.value), participants: entries.map { participants[$0.participant] }))
        }
        let sorted = mine.sorted { participants[$0] < participants[$1] }
        // A person still held exactly: their values re-added in key order.
        let inKeyOrder = sorted.map { p in
            let sketch = sketches[s][m][p]
            guard let values = sketch.exactValues else { return sketch }
            return ValueSketch(zip(ranks[s][m][p], values).sorted { $0.0 < $1.0 }.map(\.1))
        }
        return .sketches(participants: sorted.map { participants[$0] }, sketches: inKeyOrder)
    }

    /// The metrics at least one of the strategy's trials recorded.
    public func recordedMetrics(strategy: String) -> Set<String> {
        guard let s = strategies.firstIndex(of: strategy) else { return [] }
        return Set(metrics.indices.filter { m in sketches[s][m].contains { $0.count > 0 } }.map { metrics[$0] })
    }

    /// Scan positions turned into key ranks, for the values still held exactly:
    /// through the inverse of the key order, 4 bytes a trial while it is made
    /// (as the order itself), not a dictionary entry per value held.
    private static func keyRanks(
        _ positions: [[[[Int32]]]], of sketches: [[[ValueSketch]]], order: [Int32]
    ) -> [[[[Int32]]]] {
        let anyExact = sketches.contains { $0.contains { $0.contains { $0.isExact && $0.count > 0 } } }
        guard anyExact else { return positions.map { $0.map { $0.map { _ in [] } } } }
        var rank = [Int32](repeating: -1, count: order.count)
        for (k, i) in order.enumerated() { rank[Int(i)] = Int32(k) }
        return zip(positions, sketches).map {
            zip($0, $1).map { zip($0, $1).map { $1.isExact ? $0.map { rank[Int($0)] } : [] } }
        }
    }

    /// The pass itself: rows sorted into sketches by strategy and participant.
    private struct Scan {
        let only: Set<String>?
        var strategyNames: [String] = [], strategyTrials: [Int] = []
        var participants = ScanCodes()
        var strategyIndex: [String: Int] = [:]
        var sketches: [[[ValueSketch]]] = [], positions: [[[[Int32]]]] = []
        /// The last row's strategy (-1: one not read) and its bytes.
        var strategy = -2
        var strategyBytes: [UInt8] = []
        var position: Int32 = 0

        init(only: Set<String>?) { self.only = only }

        mutating func add(_ row: borrowing ScannedTrial, columns: [Int?]) {
            defer { position += 1 }
            // Rows of one strategy and person mostly follow each other: compare bytes before hashing a name.
            let sBytes = row.bytes(.strategy)
            if strategy == -2 || !sBytes.elementsEqual(strategyBytes) {
                strategy = strategy(named: String(decoding: sBytes, as: UTF8.self), metrics: columns.count)
                strategyBytes = Array(sBytes)
            }
            guard strategy >= 0 else { return }
            strategyTrials[strategy] += 1
            let (s, p) = (strategy, participants.code(row.bytes(.participant)))
            for (m, column) in columns.enumerated() {
                guard let column, let v = row.metric(column) else { continue }
                if sketches[s][m].count <= p {
                    sketches[s][m] += Array(repeating: ValueSketch(), count: p + 1 - sketches[s][m].count)
                    positions[s][m] += Array(repeating: [], count: p + 1 - positions[s][m].count)
                }
                sketches[s][m][p].add(v)
                if sketches[s][m][p].isExact {
                    positions[s][m][p].append(position)
                } else if !positions[s][m][p].isEmpty {
                    positions[s][m][p] = []
                }
            }
        }

        /// The index of strategy `name`, added on first sight; -1 for one not read.
        private mutating func strategy(named name: String, metrics: Int) -> Int {
            if let s = strategyIndex[name] { return s }
            guard only?.contains(name) ?? true else { strategyIndex[name] = -1; return -1 }
            strategyIndex[name] = strategyNames.count
            strategyNames.append(name)
            strategyTrials.append(0)
            sketches.append(Array(repeating: [], count: metrics))
            positions.append(Array(repeating: [], count: metrics))
            return strategyNames.count - 1
        }
    }
}

extension Baseline {
    /// strategy → metric → `BaselineSample` of run `runID` (`RunSamples`: one
    /// pass over the stored rows, without loading the run's trial store), and
    /// how many trials the run has.
    public static func samples(
        from store: RunStore, runID: Int64, metrics: [String]
    ) throws -> (samples: [String: [String: BaselineSample]], trials: Int) {
        let run = try RunSamples(store: store, runID: runID, metrics: metrics)
        var out: [String: [String: BaselineSample]] = [:]
        for strategy in run.strategies {
            for metric in run.metrics {
                if let sample = run.sample(strategy: strategy, metric: metric) {
                    out[strategy, default: [:]][metric] = sample
                }
            }
        }
        return (out, run.trials)
    }
}
