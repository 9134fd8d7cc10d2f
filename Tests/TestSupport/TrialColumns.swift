import Foundation
import GRDB
@testable import Harness
@testable import Reports

/// A run's trials held by column: each factor as a small index into its
/// distinct values, each metric as one column (`MetricColumn`: 1 byte a trial
/// while its values are small integers, else a Double; NaN where a trial did
/// not record it; SQLite stores no NaN), the keys as one UTF-8 buffer. About
/// 1–8 bytes per trial and metric plus ~60 per trial, instead of a dictionary and
/// seven strings per trial; a `TrialRow` is a reference to the table and an index.
/// A key is not stored where it is the one the plan gives every trial
/// (`question/strategy/device/participant/task/rN`, `TrialPlan`): it is rebuilt
/// from the factors and the replication (4 bytes a trial instead of ~50); any
/// other key is kept verbatim, so `key(_:)` always returns the stored text.
///
/// A large run's 8-byte metric columns wait in a temporary file
/// (`ColumnSpill`) and are read back when a section asks for them
/// (`column(_:)`), at most `residentBudget` bytes of them in memory at once,
/// least recently used first out: at 10⁷ trials they are 81 MB each, and a
/// report reads them a few at a time.
///
/// Immutable once built (which columns are in memory aside, under a lock),
/// hence safe to share between threads.
final class TrialColumns: @unchecked Sendable {
    /// Factor values (strategy, device, participant, group, task, task label) as indices into `names[field]`.
    private(set) var codes: [FactorColumn]
    private(set) var names: [[String]]
    private var lookup: [[String: Int32]]
    /// The question of the keys (their text before the first "/"), from the first trial.
    private var question: [UInt8]?
    /// Each trial's replication + 1 where its key is the plan's, else 0 (key in
    /// `verbatim`): 1 byte a trial up to 255 replications (`FactorColumn`).
    private var replicationCodes = FactorColumn()
    /// Each trial's replication where its key is the plan's, else -1 (key in `verbatim`).
    @inline(__always) func replication(_ i: Int) -> Int32 { replicationCodes[i] - 1 }
    var replications: [Int32] { (0..<count).map(replication) }
    private var verbatim: [Int: [UInt8]] = [:]
    let metricNames: [String]
    let metricIndex: [String: Int]
    /// The metric columns; a spilled one holds nothing while it is not in memory.
    private var metrics: [MetricColumn]
    /// Where spilled columns wait (nil: every column is in memory); set while loading.
    private var spill: ColumnSpill?
    /// The spilled columns.
    private var spilled: Set<Int> = []
    /// Spilled columns now in memory, least recently used first.
    private var resident: [Int] = []
    private let residency = NSLock()
    /// Spilled columns read back so far (a 10⁷-trial PIP report reads 167, 14 a column).
    private(set) var reloads = 0
    /// Reloads a column may cost on average before eviction stops (`column(_:)`).
    static let reloadsPerColumn = 48

    /// Runs whose 8-byte columns would take more than this are loaded spilling
    /// them (`ColumnSpill`); below it every column stays in memory, as it always did.
    static let spillAbove = 512 << 20
    /// The bytes of spilled columns kept in memory at once (two at 10⁷ trials).
    static let residentBudget = 170 << 20
    private var residentBudget = TrialColumns.residentBudget

    static let factorCount = 6

    /// The factors, by their place in `codes` and `names`.
    enum Factor: Int { case strategy, device, participant, group, task, taskLabel }

    /// Every trial's code of `f` (an index into `names(of: f)`).
    func codes(of f: Factor) -> FactorColumn { codes[f.rawValue] }
    /// The distinct values of `f`, by code.
    func names(of f: Factor) -> [String] { names[f.rawValue] }

    init(metricNames: [String]) {
        self.metricNames = metricNames
        metricIndex = Dictionary(
            metricNames.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        metrics = Array(repeating: MetricColumn(), count: metricNames.count)
        codes = Array(repeating: FactorColumn(), count: Self.factorCount)
        names = Array(repeating: [], count: Self.factorCount)
        lookup = Array(repeating: [:], count: Self.factorCount)
    }

    var count: Int { replicationCodes.count }

    /// The bytes the columns hold (array contents; not the distinct factor
    /// names, which are few): what a report's trial store costs, per trial
    /// 1 or 8 per metric (of spilled columns, those in memory now), 1–4 per
    /// factor and for the key's replication (`FactorColumn`), and the bytes of
    /// any key that is not the plan's.
    var heldBytes: Int {
        codes.reduce(0) { $0 + $1.heldBytes } + replicationCodes.heldBytes
            + verbatim.values.reduce(0) { $0 + $1.count }
            + locked { metrics.reduce(0) { $0 + $1.heldBytes } }
    }

    /// Whether metric `m`'s column waits in the spill file when not in use.
    func isSpilled(_ m: Int) -> Bool { spilled.contains(m) }

    /// Metric `m`'s column, read back from the spill file if it is not in
    /// memory (evicting the least recently used spilled columns beyond
    /// `residentBudget`; a caller's copy stays valid after its eviction).
    func column(_ m: Int) -> MetricColumn {
        // Without a spill file the columns never change after the load; with one,
        // any column is read under the lock, since a spilled one may be swapped in.
        guard let spill else { return metrics[m] }
        return locked {
            guard spilled.contains(m) else { return metrics[m] }
            if let at = resident.firstIndex(of: m) {
                resident.append(resident.remove(at: at))
                return metrics[m]
            }
            do { metrics[m] = MetricColumn(wide: try spill.read(column: m)) } catch {
                // The file was written by this process moments ago: a failing read is the disk's.
                fatalError("\(error)")
            }
            resident.append(m)
            reloads += 1
            // A pattern that defeats the budget (say `row[a]`, `row[b]`, `row[c]` per
            // row, each a reload) would read the file without end: past the limit,
            // columns stay, the memory the report needed before they were spilled.
            if reloads > Self.reloadsPerColumn * spilled.count { residentBudget = .max }
            var bytes = resident.reduce(0) { $0 + metrics[$1].heldBytes }
            while resident.count > 1, bytes > residentBudget {
                let out = resident.removeFirst()
                bytes -= metrics[out].heldBytes
                metrics[out] = MetricColumn()
            }
            return metrics[m]
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        residency.lock(); defer { residency.unlock() }
        return try body()
    }

    /// Makes room for `count` trials, so the columns are allocated once instead of doubling (and copying) as
    /// they grow: a doubling array briefly holds its old and new storage.
    func reserve(_ count: Int) {
        for f in codes.indices { codes[f].reserve(count) }
        for m in metrics.indices { metrics[m].reserve(count) }
        replicationCodes.reserve(count)
    }

    /// Appends a trial: its key, its six factor values and its metrics (by `metricNames` index).
    func append(
        key: some Collection<UInt8>, factor: (Int) -> String, factorMatches: (Int, String) -> Bool,
        metric: (Int) -> Double?
    ) {
        for f in 0..<Self.factorCount {
            // Rows come in key order, so a factor mostly repeats the previous row's value.
            if let last = codes[f].last, factorMatches(f, names[f][Int(last)]) { codes[f].append(last); continue }
            let value = factor(f)
            if let c = lookup[f][value] { codes[f].append(c); continue }
            let c = Int32(names[f].count)
            names[f].append(value)
            lookup[f][value] = c
            codes[f].append(c)
        }
        for m in metrics.indices { metrics[m].append(metric(m) ?? .nan) }
        if question == nil { question = Array(key.prefix { $0 != UInt8(ascii: "/") }) }
        if let r = planReplication(key, row: count) {
            replicationCodes.append(r + 1)
        } else {
            verbatim[count] = Array(key)
            replicationCodes.append(0)
        }
    }

    /// The parts of row `i`'s key before its replication: question, strategy, device, participant, task.
    private func keyParts(_ i: Int) -> [String] {
        [
            String(decoding: question ?? [], as: UTF8.self), factor(.strategy, i), factor(.device, i),
            factor(.participant, i), factor(.task, i)
        ]
    }

    /// N when `key` is exactly `question/strategy/device/participant/task/rN`
    /// of row `row`'s factors (N written without leading zeros), else nil.
    private func planReplication(_ key: some Collection<UInt8>, row: Int) -> Int32? {
        var it = key.makeIterator()
        for part in keyParts(row) {
            for b in part.utf8 { guard it.next() == b else { return nil } }
            guard it.next() == UInt8(ascii: "/") else { return nil }
        }
        guard it.next() == UInt8(ascii: "r") else { return nil }
        var n: Int64 = 0, digits = 0, first: UInt8 = 0
        while let b = it.next() {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), digits < 9 else { return nil }
            if digits == 0 { first = b }
            n = n * 10 + Int64(b - UInt8(ascii: "0"))
            digits += 1
        }
        // "r0" is canonical, "r01" is not (it would come back as "r1").
        guard digits > 0, digits == 1 || first != UInt8(ascii: "0") else { return nil }
        return Int32(n)
    }

    func key(_ i: Int) -> String {
        let r = replication(i)
        if r < 0 { return String(decoding: verbatim[i]!, as: UTF8.self) }
        return keyParts(i).joined(separator: "/") + "/r\(r)"
    }

    @inline(__always) func factor(_ f: Factor, _ i: Int) -> String { names[f.rawValue][Int(codes[f.rawValue][i])] }

    @inline(__always) func value(_ metric: String, _ i: Int) -> Double? {
        guard let m = metricIndex[metric] else { return nil }
        let v = column(m)[i]
        return v.isNaN ? nil : v
    }

    /// Reads run `runID`: one pass over its rows as they are stored, then each
    /// column put in key order (one gather a column).
    /// Where the run's 8-byte columns would take more than `spillAbove` bytes,
    /// they go to a `ColumnSpill` as they are read, a block of rows at a time,
    /// so the load never holds them all either.
    /// (`residentBudget` and `block`, the rows read between writes to the file, are for tests.)
    static func load(
        from store: RunStore, runID: Int64, spillAbove: Int = spillAbove,
        residentBudget: Int = residentBudget, block: Int = 1 << 16
    ) throws -> TrialColumns {
        let loader = Loader(spillAbove: spillAbove, residentBudget: residentBudget, block: block)
        try store.read(runID: runID, into: [loader])
        return loader.table
    }

    /// Builds a run's trial store as its rows go by (see `load`), so it can
    /// share its pass with other readers (`RunStore.read(runID:into:)`).
    final class Loader: RunReader {
        private(set) var table = TrialColumns(metricNames: [])
        private let spillAbove: Int, residentBudget: Int, block: Int
        /// Each spilled column's rows already in the file.
        private var flushed: [Int] = []
        private static let fields: [ScannedTrial.Field] = [.strategy, .device, .participant, .group, .task, .taskLabel]

        init(
            spillAbove: Int = TrialColumns.spillAbove, residentBudget: Int = TrialColumns.residentBudget,
            block: Int = 1 << 16
        ) {
            (self.spillAbove, self.residentBudget, self.block) = (spillAbove, residentBudget, block)
        }

        func start(metrics names: [String], trials count: Int) throws {
            table = TrialColumns(metricNames: names)
            table.reserve(count)
            table.residentBudget = residentBudget
            if count * names.count * MemoryLayout<Double>.stride > spillAbove {
                table.spill = try ColumnSpill(rows: count)
                for m in table.metrics.indices { table.metrics[m].reserve(block) }
                flushed = Array(repeating: 0, count: names.count)
            }
        }

        func read(_ row: borrowing ScannedTrial) throws {
            let fields = Self.fields
            table.append(
                key: row.bytes(.key), factor: { row.string(fields[$0]) },
                factorMatches: { f, last in last.utf8.elementsEqual(row.bytes(fields[f])) },
                metric: { row.metric($0) })
            if table.spill != nil, table.count % block == 0 { try table.flushWide(&flushed) }
        }

        func finish(keyOrder order: [Int32]) throws {
            if table.spill != nil { try table.flushWide(&flushed) }
            try table.permute(order)
        }
    }

    /// Writes the wide columns' values read since the last flush to the spill
    /// file (`flushed[m]`: column m's rows already there) and empties them.
    private func flushWide(_ flushed: inout [Int]) throws {
        guard let spill else { return }
        for m in metrics.indices where !metrics[m].isSmall {
            let n = metrics[m].count
            try metrics[m].flushWide { try spill.write($0, column: m, row: flushed[m]) }
            flushed[m] += n
            spilled.insert(m)
        }
    }

    /// Puts row `order[k]` at row k (`order` a permutation of the rows).
    func permute(_ order: [Int32]) throws {
        precondition(order.count == count, "a permutation of the rows")
        if order.indices.allSatisfy({ order[$0] == Int32($0) }) { return }
        for f in codes.indices { codes[f].permute(order) }
        replicationCodes.permute(order)
        for m in metrics.indices {
            guard let spill, spilled.contains(m) else { metrics[m].permute(order); continue }
            // One spilled column in memory at a time (twice: as stored and in key order).
            let values = try spill.read(column: m)
            try order.map { values[Int($0)] }.withUnsafeBufferPointer { try spill.write($0, column: m, row: 0) }
            metrics[m] = MetricColumn()
        }
        if !verbatim.isEmpty {
            var at = [Int32](repeating: 0, count: order.count)
            for (k, i) in order.enumerated() { at[Int(i)] = Int32(k) }
            verbatim = Dictionary(uniqueKeysWithValues: verbatim.map { (Int(at[$0.key]), $0.value) })
        }
    }
}
