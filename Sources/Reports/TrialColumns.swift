import Foundation
import GRDB
import Harness

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
/// Immutable once built, hence safe to share between threads.
final class TrialColumns: @unchecked Sendable {
    /// Factor values (strategy, device, participant, group, task, task label) as indices into `names[field]`.
    private(set) var codes: [[Int32]]
    private(set) var names: [[String]]
    private var lookup: [[String: Int32]]
    /// The question of the keys (their text before the first "/"), from the first trial.
    private var question: [UInt8]?
    /// Each trial's replication where its key is the plan's, else -1 (key in `verbatim`).
    private(set) var replications: [Int32] = []
    private var verbatim: [Int: [UInt8]] = [:]
    let metricNames: [String]
    let metricIndex: [String: Int]
    private(set) var metrics: [MetricColumn]

    static let factorCount = 6

    /// The factors, by their place in `codes` and `names`.
    enum Factor: Int { case strategy, device, participant, group, task, taskLabel }

    /// Every trial's code of `f` (an index into `names(of: f)`).
    func codes(of f: Factor) -> [Int32] { codes[f.rawValue] }
    /// The distinct values of `f`, by code.
    func names(of f: Factor) -> [String] { names[f.rawValue] }

    init(metricNames: [String]) {
        self.metricNames = metricNames
        metricIndex = Dictionary(metricNames.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        metrics = Array(repeating: MetricColumn(), count: metricNames.count)
        codes = Array(repeating: [], count: Self.factorCount)
        names = Array(repeating: [], count: Self.factorCount)
        lookup = Array(repeating: [:], count: Self.factorCount)
    }

    var count: Int { replications.count }

    /// The bytes the columns hold (array contents; not the distinct factor
    /// names, which are few): what a report's trial store costs, per trial
    /// 1 or 8 per metric, 4 per factor, 4 for the key's replication (and the
    /// bytes of any key that is not the plan's).
    var heldBytes: Int {
        codes.reduce(0) { $0 + $1.count * MemoryLayout<Int32>.stride } + replications.count * MemoryLayout<Int32>.stride
            + verbatim.values.reduce(0) { $0 + $1.count }
            + metrics.reduce(0) { $0 + $1.heldBytes }
    }

    /// Makes room for `count` trials, so the columns are allocated once instead of doubling (and copying) as
    /// they grow: a doubling array briefly holds its old and new storage.
    func reserve(_ count: Int) {
        for f in codes.indices { codes[f].reserveCapacity(count) }
        for m in metrics.indices { metrics[m].reserve(count) }
        replications.reserveCapacity(count)
    }

    /// Appends a trial: its key, its six factor values and its metrics (by `metricNames` index).
    func append(key: some Collection<UInt8>, factor: (Int) -> String, factorMatches: (Int, String) -> Bool, metric: (Int) -> Double?) {
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
        if let r = planReplication(key, row: replications.count) {
            replications.append(r)
        } else {
            verbatim[replications.count] = Array(key)
            replications.append(-1)
        }
    }

    /// The parts of row `i`'s key before its replication: question, strategy, device, participant, task.
    private func keyParts(_ i: Int) -> [String] {
        [String(decoding: question ?? [], as: UTF8.self), factor(.strategy, i), factor(.device, i), factor(.participant, i), factor(.task, i)]
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
        let r = replications[i]
        if r < 0 { return String(decoding: verbatim[i]!, as: UTF8.self) }
        return keyParts(i).joined(separator: "/") + "/r\(r)"
    }

    @inline(__always) func factor(_ f: Factor, _ i: Int) -> String { names[f.rawValue][Int(codes[f.rawValue][i])] }

    @inline(__always) func value(_ metric: String, _ i: Int) -> Double? {
        guard let m = metricIndex[metric] else { return nil }
        let v = metrics[m][i]
        return v.isNaN ? nil : v
    }

    /// Reads run `runID`: one pass over its rows as they are stored, then each
    /// column put in key order (one gather a column).
    static func load(from store: RunStore, runID: Int64) throws -> TrialColumns {
        var table = TrialColumns(metricNames: [])
        let fields: [ScannedTrial.Field] = [.strategy, .device, .participant, .group, .task, .taskLabel]
        let order = try store.scanTrials(runID: runID, names: { names, count in
            table = TrialColumns(metricNames: names)
            table.reserve(count)
        }) { row in
            table.append(key: row.bytes(.key), factor: { row.string(fields[$0]) },
                         factorMatches: { f, last in last.utf8.elementsEqual(row.bytes(fields[f])) },
                         metric: { row.metric($0) })
        }
        table.permute(order)
        return table
    }

    /// Puts row `order[k]` at row k (`order` a permutation of the rows).
    func permute(_ order: [Int32]) {
        precondition(order.count == count, "a permutation of the rows")
        if order.indices.allSatisfy({ order[$0] == Int32($0) }) { return }
        for f in codes.indices {
            let column = codes[f]
            codes[f] = order.map { column[Int($0)] }
        }
        let stored = replications
        replications = order.map { stored[Int($0)] }
        for m in metrics.indices { metrics[m].permute(order) }
        if !verbatim.isEmpty {
            var at = [Int32](repeating: 0, count: order.count)
            for (k, i) in order.enumerated() { at[Int(i)] = Int32(k) }
            verbatim = Dictionary(uniqueKeysWithValues: verbatim.map { (Int(at[$0.key]), $0.value) })
        }
    }
}
