import Foundation
@testable import Harness
@testable import Reports

/// One stored trial with its factors and metrics: a view of one row of its
/// run's column store (`TrialColumns`), so an array of them costs 16 bytes a trial.
public struct TrialRow: Sendable {
    let table: TrialColumns
    let index: Int

    init(table: TrialColumns, index: Int) {
        self.table = table
        self.index = index
    }

    /// A free-standing trial (tests, tools): a table of one row.
    public init(
        key: String, strategy: String, device: String, participant: String, group: String, task: String,
        taskLabel: String, metrics: [String: Double]
    ) {
        let names = metrics.keys.sorted()
        let table = TrialColumns(metricNames: names)
        let factors = [strategy, device, participant, group, task, taskLabel]
        table.append(
            key: Array(key.utf8), factor: { factors[$0] }, factorMatches: { f, v in factors[f] == v },
            metric: { metrics[names[$0]] })
        self.init(table: table, index: 0)
    }

    public var key: String { table.key(index) }
    public var strategy: String { table.factor(.strategy, index) }
    public var device: String { table.factor(.device, index) }
    public var participant: String { table.factor(.participant, index) }
    public var group: String { table.factor(.group, index) }
    public var task: String { table.factor(.task, index) }
    public var taskLabel: String { table.factor(.taskLabel, index) }
    /// Every metric the trial recorded.
    public var metrics: [String: Double] {
        var out: [String: Double] = [:]
        for (m, name) in table.metricNames.enumerated() {
            let v = table.column(m)[index]
            if !v.isNaN { out[name] = v }
        }
        return out
    }

    public subscript(_ metric: String) -> Double? { table.value(metric, index) }
}

/// Reads one metric of many rows as `row[metric]` does, looking its column up
/// by name once per table instead of once per row (a hash of the name each time).
struct MetricReader {
    let metric: String
    private var table: TrialColumns?
    private var column: MetricColumn?

    init(_ metric: String) { self.metric = metric }

    /// The row's value, nil where it did not record the metric.
    mutating func callAsFunction(_ row: TrialRow) -> Double? {
        if row.table !== table {
            table = row.table
            column = row.table.metricIndex[metric].map { row.table.column($0) }
        }
        guard let v = column?[row.index], !v.isNaN else { return nil }
        return v
    }
}

extension Array where Element == TrialRow {
    /// The rows whose value of `metric` (nil where not recorded) passes `keep`:
    /// `filter { keep($0[metric]) }`, with the metric's column found once per
    /// table instead of by name (a hash) at every row.
    func filter(_ metric: String, _ keep: (Double?) -> Bool) -> [TrialRow] {
        var read = MetricReader(metric)
        return filterCounted { keep(read($0)) }
    }

    /// `filter(isIncluded)`, counting first so the result is allocated once at
    /// its size: grown by doubling, a selection of 10⁷ rows briefly held its
    /// old and new storage (≈ 270 MB for 162). `isIncluded` is asked twice a row.
    func filterCounted(_ isIncluded: (TrialRow) -> Bool) -> [TrialRow] {
        var n = 0
        for t in self where isIncluded(t) { n += 1 }
        var out: [TrialRow] = []
        out.reserveCapacity(n)
        for t in self where isIncluded(t) { out.append(t) }
        return out
    }

    /// The rows whose value of `factor` passes `keep`, asked once per distinct
    /// value in each table instead of once per row.
    func filter(_ factor: TrialColumns.Factor, _ keep: (String) -> Bool) -> [TrialRow] {
        var table: TrialColumns?
        var codes = FactorColumn(), kept: [Bool] = []
        return filterCounted { row in
            if row.table !== table {
                table = row.table
                codes = row.table.codes(of: factor)
                kept = row.table.names(of: factor).map(keep)
            }
            return kept[Int(codes[row.index])]
        }
    }

    /// `value` of each row, computed once per distinct value of `first` (and
    /// `second`, when given) in each table: `value` must depend on those alone.
    func mapFactors<T>(
        _ first: TrialColumns.Factor, _ second: TrialColumns.Factor? = nil, _ value: (TrialRow) -> T
    ) -> [T] {
        var table: TrialColumns?
        var a = FactorColumn(), b: FactorColumn?
        var known: [Int64: T] = [:]
        return map { row in
            if row.table !== table {
                table = row.table
                a = row.table.codes(of: first)
                b = second.map { row.table.codes(of: $0) }
                known = [:]
            }
            let pair = Int64(a[row.index]) << 32 | Int64(UInt32(bitPattern: b?[row.index] ?? 0))
            if let v = known[pair] { return v }
            let v = value(row)
            known[pair] = v
            return v
        }
    }
}
