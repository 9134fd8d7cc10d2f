import Foundation
import GRDB
import Harness

/// A run's trials held by column: each factor as a small index into its
/// distinct values, each metric as one array of Double (NaN where a trial did
/// not record it; SQLite stores no NaN), the keys as one UTF-8 buffer. About
/// 8 bytes per trial and metric plus ~60 per trial, instead of a dictionary and
/// seven strings per trial; a `TrialRow` is a reference to the table and an index.
///
/// Immutable once built, hence safe to share between threads.
final class TrialColumns: @unchecked Sendable {
    /// Factor values (strategy, device, participant, group, task, task label) as indices into `names[field]`.
    private(set) var codes: [[Int32]]
    private(set) var names: [[String]]
    private var lookup: [[String: Int32]]
    private(set) var keyBytes: [UInt8] = []
    private(set) var keyEnds: [Int] = []
    let metricNames: [String]
    let metricIndex: [String: Int]
    private(set) var metrics: [[Double]]

    static let factorCount = 6

    init(metricNames: [String]) {
        self.metricNames = metricNames
        metricIndex = Dictionary(metricNames.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        metrics = Array(repeating: [], count: metricNames.count)
        codes = Array(repeating: [], count: Self.factorCount)
        names = Array(repeating: [], count: Self.factorCount)
        lookup = Array(repeating: [:], count: Self.factorCount)
    }

    var count: Int { keyEnds.count }

    /// The bytes the columns hold (array contents; not the distinct factor
    /// names, which are few): what a report's trial store costs, per trial
    /// 8 per metric, 4 per factor, 8 for the key's end and the key's bytes.
    var heldBytes: Int {
        codes.reduce(0) { $0 + $1.count * MemoryLayout<Int32>.stride } + keyBytes.count + keyEnds.count * MemoryLayout<Int>.stride
            + metrics.reduce(0) { $0 + $1.count * MemoryLayout<Double>.stride }
    }

    /// Makes room for `count` trials with keys of about `keyBytes` bytes in all,
    /// so the columns are allocated once instead of doubling (and copying) as
    /// they grow: a doubling array briefly holds its old and new storage.
    func reserve(_ count: Int, keyBytes bytes: Int) {
        for f in codes.indices { codes[f].reserveCapacity(count) }
        for m in metrics.indices { metrics[m].reserveCapacity(count) }
        keyEnds.reserveCapacity(count)
        keyBytes.reserveCapacity(bytes)
    }

    /// Appends a trial: its key, its six factor values and its metrics (by `metricNames` index).
    func append(key: some Collection<UInt8>, factor: (Int) -> String, factorMatches: (Int, String) -> Bool, metric: (Int) -> Double?) {
        keyBytes.append(contentsOf: key)
        keyEnds.append(keyBytes.count)
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
    }

    func key(_ i: Int) -> String {
        let start = i == 0 ? 0 : keyEnds[i - 1]
        return String(decoding: keyBytes[start..<keyEnds[i]], as: UTF8.self)
    }

    @inline(__always) func factor(_ f: Int, _ i: Int) -> String { names[f][Int(codes[f][i])] }

    @inline(__always) func value(_ metric: String, _ i: Int) -> Double? {
        guard let m = metricIndex[metric] else { return nil }
        let v = metrics[m][i]
        return v.isNaN ? nil : v
    }

    /// Reads run `runID` in key order (one pass, one row in flight).
    static func load(from store: RunStore, runID: Int64) throws -> TrialColumns {
        var table: TrialColumns?
        let fields: [ScannedTrial.Field] = [.strategy, .device, .participant, .group, .task, .taskLabel]
        let size = try store.reader.read { db in
            try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(length(key)), 0) FROM trial WHERE run_id = ?", arguments: [runID])
        }
        try store.scanTrials(runID: runID, names: {
            table = TrialColumns(metricNames: $0)
            if let size { table!.reserve(size[0], keyBytes: size[1]) }
        }) { row in
            let t = table!
            t.append(key: row.bytes(.key), factor: { row.string(fields[$0]) },
                     factorMatches: { f, last in last.utf8.elementsEqual(row.bytes(fields[f])) },
                     metric: { row.metric($0) })
        }
        return table ?? TrialColumns(metricNames: [])
    }
}
