import Foundation
@testable import Harness
@testable import Reports

/// A run loaded with every trial in memory (`TrialColumns`): the straightforward
/// path that tests hold the reports' one-pass readers (`SelectionReader`,
/// `RunSamples.Reader`, …) against. Reports never hold a run's trials.
@dynamicMemberLookup
struct LoadedRun {
    var results: ResultSet
    var trials: [TrialRow]

    subscript<T>(dynamicMember path: KeyPath<ResultSet, T>) -> T { results[keyPath: path] }

    /// Run `runID`, or the latest completed run of `experiment`, with its trials.
    static func load(from store: RunStore, experiment: String, runID: Int64? = nil) throws -> LoadedRun {
        try load(from: store, head: ResultSet.head(from: store, experiment: experiment, runID: runID))
    }

    /// The run `head` describes with its trials, read in the same pass as `readers`.
    static func load(
        from store: RunStore, head: ResultSet.Head, alongside readers: [any RunReader] = []
    ) throws -> LoadedRun {
        let loader = TrialColumns.Loader()
        let results = try ResultSet.load(from: store, head: head, alongside: [loader] + readers)
        let table = loader.table
        return LoadedRun(results: results, trials: (0..<table.count).map { TrialRow(table: table, index: $0) })
    }

    /// The trials of `strategy` (on `device`, when given), in order: the same rows
    /// as filtering on the names, compared by factor code instead of by string per trial.
    func trials(strategy: String, device: String? = nil) -> [TrialRow] {
        ResultSet.trials(strategy: strategy, device: device, trials)
    }
}

extension ResultSet {
    static func trials(strategy: String, device: String? = nil, _ trials: [TrialRow]) -> [TrialRow] {
        var out: [TrialRow] = []
        // Counted first and allocated once: grown by doubling, a strategy's 3.4 M
        // rows (54 MB) briefly held their old and new storage.
        for counting in [true, false] {
            var size = 0
            var table: TrialColumns?
            var wanted: (Int32, Int32?) = (-1, nil)
            var strategies = FactorColumn(), devices = FactorColumn()
            for t in trials {
                if t.table !== table {
                    table = t.table
                    (strategies, devices) = (t.table.codes(of: .strategy), t.table.codes(of: .device))
                    wanted = (
                        t.table.names(of: .strategy).firstIndex(of: strategy).map(Int32.init) ?? -1,
                        device.map { d in t.table.names(of: .device).firstIndex(of: d).map(Int32.init) ?? -1 }
                    )
                }
                guard strategies[t.index] == wanted.0 else { continue }
                if let d = wanted.1, devices[t.index] != d { continue }
                if counting { size += 1 } else { out.append(t) }
            }
            if counting { out.reserveCapacity(size) }
        }
        return out
    }

    /// Values of `metric` in `rows`, skipping trials that did not record it.
    static func values(_ metric: String, in rows: [TrialRow]) -> [Double] {
        var read = MetricReader(metric)
        return rows.compactMap { read($0) }
    }
}
