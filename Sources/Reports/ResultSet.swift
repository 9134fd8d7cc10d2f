import Foundation
import GRDB
import Harness

/// Everything a report needs from the database: the run, its provenance and its trials.
public struct ResultSet: Sendable {
    public var run: RunRecord
    /// The run's provenance columns, in schema order (spec text excluded).
    public var provenance: [(String, String)]
    public var dataFiles: [(String, String)]
    /// The spec text the run was made from.
    public var specText: String
    /// The selections the report's sections asked for, summarised in the pass (`SelectionReader`).
    var selections: [TrialSelection: SelectedTrials] = [:]

    /// The summary of `selection`; the section must have asked for it.
    package func selected(_ selection: TrialSelection) -> SelectedTrials {
        guard let s = selections[selection] else {
            preconditionFailure("a section reads \(selection) without asking for it (SelectionRequests.add)")
        }
        return s
    }

    /// Loads the run `head` describes (`head(from:experiment:runID:)`), in one
    /// pass over its rows that feeds `readers` (the summaries its sections read).
    static func load(from store: RunStore, head: Head, alongside readers: [any RunReader]) throws -> ResultSet {
        try store.read(runID: head.run.id, into: readers)
        return ResultSet(
            run: head.run, provenance: head.provenance, dataFiles: head.dataFiles, specText: head.specText)
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
    /// Throws when one drew its people from another user model than the spec's latest main run: a report would
    /// otherwise set a sweep made under one catalogue against a main run made under another.
    public static func latestVariantRuns(
        of spec: ExperimentSpec, in store: RunStore,
        matching: (String) -> Bool
    ) throws -> [String: RunRecord] {
        let runs = try store.runs().filter {
            $0.experiment == spec.name && $0.specSHA256 == spec.sha256 && $0.effectiveStatus == "completed"
        }
        let variants = runs.filter { !$0.variant.isEmpty && matching($0.variant) }
        let latest = Dictionary(variants.map { ($0.variant, $0) }, uniquingKeysWith: { a, b in a.id > b.id ? a : b })
        if let main = runs.last(where: { $0.variant.isEmpty }),
            let other = latest.values.sorted(by: { $0.id < $1.id }).first(where: {
                !$0.drewSamePeople(as: main.modelSHA256)
            })
        {
            // What to run again: the side whose people are not this refine's (the main run first when both).
            let advice =
                main.modelSHA256 == Provenance.modelSHA256
                ? "run `\(rerun(other.variant, spec.path))` on this database again, then the report"
                : "the main run's people are not this refine's: run `refine run \(spec.path)` on this database "
                    + "again, then its sweeps and the report"
            throw ReportError(
                "\(store.path): run \(other.id) ('\(other.variant)') drew its people from another user model than "
                    + "run \(main.id), the main run (the parameter catalogue changed between them), so the report "
                    + "would mix the two; \(advice)")
        }
        return latest
    }

    /// The command that makes a variant run of `label` anew.
    static func rerun(_ label: String, _ path: String) -> String {
        if label.hasPrefix("screen/") { return "refine sensitivity \(path) --screen" }
        if label.hasPrefix("study/") { return "refine sensitivity \(path) --screen --study" }
        if label.hasPrefix("ablate=") { return "refine sensitivity \(path) --ablate" }
        if label.hasPrefix("tune:") { return "refine tune \(path)" }
        return "refine sensitivity \(path)"
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
                "\(current.path): its \(differ.joined(separator: ", ")) \(differ.count == 1 ? "differs" : "differ") "
                    + "from run \(run.id)'s "
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
}
