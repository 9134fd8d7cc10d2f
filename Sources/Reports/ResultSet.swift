import Foundation
import GRDB
import Harness

/// One stored trial with its factors and metrics.
public struct TrialRow: Sendable {
    public var key: String
    public var strategy: String
    public var device: String
    public var participant: String
    public var group: String
    public var task: String
    public var taskLabel: String
    public var metrics: [String: Double]

    public subscript(_ metric: String) -> Double? { metrics[metric] }
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

    /// Loads run `runID`, or the latest completed run of `experiment`.
    public static func load(from store: RunStore, experiment: String, runID: Int64? = nil) throws -> ResultSet {
        let run = try selectRun(in: store, experiment: experiment, runID: runID)
        return try store.reader.read { db in
            let runRow = try Row.fetchOne(db, sql: "SELECT * FROM run WHERE id = ?", arguments: [run.id])!
            let provenance: [(String, String)] = Array(runRow.columnNames).filter { $0 != "spec_text" }.map { name in
                (name, runRow[name].map { "\($0)" } ?? "")
            }
            let files = try Row.fetchAll(db, sql: "SELECT path, sha256 FROM data_file WHERE run_id = ? ORDER BY path", arguments: [run.id])
                .map { ($0["path"] as String, $0["sha256"] as String) }
            var trials: [Int64: TrialRow] = [:]
            var order: [Int64] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT id, key, strategy, device, participant, participant_group, task, task_label
                FROM trial WHERE run_id = ? ORDER BY key
                """, arguments: [run.id]) {
                let id: Int64 = row["id"]
                order.append(id)
                trials[id] = TrialRow(key: row["key"], strategy: row["strategy"], device: row["device"],
                                      participant: row["participant"], group: row["participant_group"],
                                      task: row["task"], taskLabel: row["task_label"], metrics: [:])
            }
            let metrics = try Row.fetchCursor(db, sql: """
                SELECT m.trial_id, m.name, m.value FROM metric m JOIN trial t ON t.id = m.trial_id WHERE t.run_id = ?
                """, arguments: [run.id])
            while let m = try metrics.next() {
                trials[m["trial_id"]]?.metrics[m["name"]] = m["value"]
            }
            return ResultSet(run: run, provenance: provenance, dataFiles: files, specText: runRow["spec_text"],
                             trials: order.map { trials[$0]! })
        }
    }

    /// The latest completed run of each variant of `spec` (made from the same spec
    /// text) whose label passes `matching`: sweep points, screening points, policies.
    public static func latestVariantRuns(of spec: ExperimentSpec, in store: RunStore,
                                         matching: (String) -> Bool) throws -> [String: RunRecord] {
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
        guard let r = runs.last(where: { $0.experiment == experiment && $0.variant.isEmpty && $0.effectiveStatus == "completed" }) else {
            let others = runs.filter { $0.experiment == experiment }.map { "run \($0.id) \($0.effectiveStatus)" }
            throw ReportError("\(store.path): no completed run of '\(experiment)'"
                              + (others.isEmpty ? "; run `refine run` first" : " (found \(others.joined(separator: ", ")); finish one with `refine run --resume`)"))
        }
        return r
    }

    /// The spec `run` was made from: `current` when its text is the same, otherwise
    /// the text stored in the run (so a run is read with its own spec even if the
    /// file has changed since).
    public static func spec(of run: RunRecord, storedText: String, current: ExperimentSpec) throws -> ExperimentSpec {
        run.specSHA256 == current.sha256
            ? current : try SpecLoader.parse(storedText, file: run.specPath + " (as stored in run \(run.id))", catalog: .standard)
    }

    /// The spec this result set's run was made from (see `spec(of:storedText:current:)`).
    public func spec(current: ExperimentSpec) throws -> ExperimentSpec {
        try Self.spec(of: run, storedText: specText, current: current)
    }

    /// Trials grouped by strategy, in the order `strategies` lists them.
    public func byStrategy(_ strategies: [String]) -> [(String, [TrialRow])] {
        strategies.map { s in (s, trials.filter { $0.strategy == s }) }
    }

    /// Values of `metric` in `rows`, skipping trials that did not record it.
    public static func values(_ metric: String, in rows: [TrialRow]) -> [Double] {
        rows.compactMap { $0[metric] }
    }
}
