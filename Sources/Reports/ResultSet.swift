import Foundation
import GRDB
import Harness

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

/// Everything a report needs from the database: the run, its provenance and its trials.
public struct ResultSet: Sendable {
    public var run: RunRecord
    /// The run's provenance columns, in schema order (spec text excluded).
    public var provenance: [(String, String)]
    public var dataFiles: [(String, String)]
    /// The spec text the run was made from.
    public var specText: String
    public var trials: [TrialRow]
    /// The selections the report's sections asked for, summarised in the pass (`SelectionReader`).
    var selections: [TrialSelection: SelectedTrials] = [:]

    /// The summary of `selection`; the section must have asked for it.
    package func selected(_ selection: TrialSelection) -> SelectedTrials {
        guard let s = selections[selection] else {
            preconditionFailure("a section reads \(selection) without asking for it (SelectionRequests.add)")
        }
        return s
    }

    /// Loads run `runID`, or the latest completed run of `experiment`.
    public static func load(from store: RunStore, experiment: String, runID: Int64? = nil) throws -> ResultSet {
        try load(from: store, head: head(from: store, experiment: experiment, runID: runID))
    }

    /// Loads the run `head` describes (`head(from:experiment:runID:)`), in one
    /// pass over its rows that also feeds `readers` (summaries read beside the trials).
    /// Without `loadingTrials`, `trials` stays empty: the readers are all the pass keeps.
    static func load(
        from store: RunStore, head: Head, loadingTrials: Bool = true, alongside readers: [any RunReader] = []
    ) throws -> ResultSet {
        let loader = loadingTrials ? TrialColumns.Loader() : nil
        try store.read(runID: head.run.id, into: [loader].compactMap { $0 } + readers)
        let table = loader?.table
        return ResultSet(
            run: head.run, provenance: head.provenance, dataFiles: head.dataFiles, specText: head.specText,
            trials: table.map { t in (0..<t.count).map { TrialRow(table: t, index: $0) } } ?? [])
    }

    /// A run without its trials: the run, its provenance columns (spec text
    /// excluded), its data files and its spec text.
    public typealias Head = (
        run: RunRecord, provenance: [(String, String)], dataFiles: [(String, String)], specText: String
    )

    /// Run `runID` (or the latest completed run of `experiment`) without its trials.
    public static func head(from store: RunStore, experiment: String, runID: Int64? = nil) throws -> Head {
        let run = try selectRun(in: store, experiment: experiment, runID: runID)
        let head = try store.reader.read { db in
            let runRow = try Row.fetchOne(db, sql: "SELECT * FROM run WHERE id = ?", arguments: [run.id])!
            let provenance: [(String, String)] = Array(runRow.columnNames).filter { $0 != "spec_text" }.map { name in
                (name, runRow[name].map { "\($0)" } ?? "")
            }
            let files = try Row.fetchAll(
                db, sql: "SELECT path, sha256 FROM data_file WHERE run_id = ? ORDER BY path", arguments: [run.id]
            )
            .map { ($0["path"] as String, $0["sha256"] as String) }
            return (provenance, files, runRow["spec_text"] as String)
        }
        return (run, head.0, head.1, head.2)
    }

    /// The latest completed run of each variant of `spec` (made from the same spec
    /// text) whose label passes `matching`: sweep points, screening points, policies.
    public static func latestVariantRuns(
        of spec: ExperimentSpec, in store: RunStore,
        matching: (String) -> Bool
    ) throws -> [String: RunRecord] {
        let runs = try store.runs().filter {
            $0.experiment == spec.name && !$0.variant.isEmpty && matching($0.variant)
                && $0.specSHA256 == spec.sha256 && $0.effectiveStatus == "completed"
        }
        return Dictionary(runs.map { ($0.variant, $0) }, uniquingKeysWith: { a, b in a.id > b.id ? a : b })
    }

    /// Run `runID`, or the latest completed run of `experiment` that is not a
    /// sensitivity variant: the run a report, a baseline or an export reads.
    public static func selectRun(in store: RunStore, experiment: String, runID: Int64? = nil) throws -> RunRecord {
        let runs = try store.runs()
        if let runID {
            guard let r = runs.first(where: { $0.id == runID }) else {
                throw ReportError("\(store.path): no run \(runID); `refine show --db \(store.path)` lists the runs")
            }
            return r
        }
        guard
            let r = runs.last(where: {
                $0.experiment == experiment && $0.variant.isEmpty && $0.effectiveStatus == "completed"
            })
        else {
            let others = runs.filter { $0.experiment == experiment }.map { "run \($0.id) \($0.effectiveStatus)" }
            throw ReportError(
                "\(store.path): no completed run of '\(experiment)'"
                    + (others.isEmpty
                        ? "; run `refine run` first"
                        : " (found \(others.joined(separator: ", ")); finish one with `refine run --resume`)"))
        }
        return r
    }

    /// The spec `run` was made from: `current` when its text is the same, otherwise
    /// the text stored in the run (so a run is read with its own spec even if the
    /// file has changed since).
    public static func spec(of run: RunRecord, storedText: String, current: ExperimentSpec) throws -> ExperimentSpec {
        if run.specSHA256 == current.sha256 { return current }
        // The given spec presents the run (title, text, directions, gate) when its trials are the run's.
        let differ = TrialDefinition.differences(storedText, current.text)
        guard differ.isEmpty else {
            throw ReportError(
                "\(current.path): its \(differ.joined(separator: ", ")) differ from run \(run.id)'s "
                    + "(made from \(run.specPath) as it was then), so its trials would not be the run's; run it again "
                    + "(`refine run \(current.path)`), or report the run as it was made with the spec it stored "
                    + "(`refine report --db DB --run \(run.id)`, no SPEC)")
        }
        // Its sweeps' runs were made from the stored text: they are found by its SHA-256.
        var presented = current
        presented.sha256 = run.specSHA256
        return presented
    }

    /// The spec stored with `run`, for a report that names no spec, read against `catalog`'s questions.
    public static func storedSpec(
        of run: RunRecord, storedText: String, catalog: QuestionCatalog
    ) throws
        -> ExperimentSpec
    {
        try SpecLoader.parse(storedText, file: run.specPath + " (as stored in run \(run.id))", catalog: catalog)
    }

    /// The spec this result set's run was made from (see `spec(of:storedText:current:)`).
    public func spec(current: ExperimentSpec) throws -> ExperimentSpec {
        try Self.spec(of: run, storedText: specText, current: current)
    }

    /// The trials of `strategy` (on `device`, when given), in order: the same rows
    /// as filtering on the names, compared by factor code instead of by string per trial.
    public func trials(strategy: String, device: String? = nil) -> [TrialRow] {
        Self.trials(strategy: strategy, device: device, trials)
    }

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
    public static func values(_ metric: String, in rows: [TrialRow]) -> [Double] {
        var read = MetricReader(metric)
        return rows.compactMap { read($0) }
    }
}
