import Foundation
import GRDB
import Harness
import Interaction

/// One trial as a run stored it: the run, the spec text it was made from, the
/// photos it read and the trial's metrics. What a replay is checked against.
public struct StoredTrial: Sendable {
    public var run: RunRecord
    public var key: String
    public var specText: String
    public var dataFiles: [(path: String, sha256: String)]
    public var metrics: [String: Double]

    /// Loads trial `key` of run `runID`, or of the latest ordinary run that holds
    /// it (completed runs first). Errors name the database and the key, and say
    /// how to list the keys.
    public static func load(key: String, store: RunStore, runID: Int64? = nil) throws -> StoredTrial {
        let runs = try store.runs()
        let locations = try store.trialLocations(key: key)
        let holding = locations.map(\.runID)
        let run: RunRecord
        if let runID {
            guard let r = runs.first(where: { $0.id == runID }) else {
                throw ReportError("\(store.path): no run \(runID); `refine show --db \(store.path)` lists the runs")
            }
            guard r.variant.isEmpty else {
                throw ReportError(
                    "\(store.path): run \(runID) is the sensitivity variant '\(r.variant)'; replays are of ordinary "
                        + "runs (`refine show --db \(store.path)` lists them)"
                )
            }
            guard holding.contains(runID) else { throw try unknownKey(key, store: store, run: r) }
            run = r
        } else {
            let candidates = runs.filter { holding.contains($0.id) && $0.variant.isEmpty }
            guard let r = candidates.last(where: { $0.effectiveStatus == "completed" }) ?? candidates.last else {
                guard let latest = runs.last(where: { $0.variant.isEmpty }) else {
                    throw ReportError("\(store.path): no runs yet; run `refine run SPEC --db \(store.path)` first")
                }
                throw try unknownKey(key, store: store, run: latest)
            }
            run = r
        }
        return try store.reader.read { db in
            let specText =
                try String.fetchOne(db, sql: "SELECT spec_text FROM run WHERE id = ?", arguments: [run.id]) ?? ""
            let files = try Row.fetchAll(
                db, sql: "SELECT path, sha256 FROM data_file WHERE run_id = ? ORDER BY path", arguments: [run.id]
            )
            .map { (path: $0["path"] as String, sha256: $0["sha256"] as String) }
            var metrics: [String: Double] = [:]
            let trialID = locations.first { $0.runID == run.id }!.trialID
            for row in try Row.fetchAll(
                db, sql: "SELECT name, value FROM metric WHERE trial_id = ?", arguments: [trialID])
            {
                metrics[row["name"]] = row["value"]
            }
            return StoredTrial(run: run, key: key, specText: specText, dataFiles: files, metrics: metrics)
        }
    }

    /// The spec the run was made from, as stored with it (so a replay works on an
    /// old database whatever the file says now).
    public func spec(catalog: QuestionCatalog) throws -> ExperimentSpec {
        do {
            return try SpecLoader.parse(
                specText, file: run.specPath + " (as stored in run \(run.id))", catalog: catalog)
        } catch var e as SpecError where !run.specPath.hasPrefix("/") && e.message.contains("no photo at") {
            // Photo paths are relative to the spec's folder, and the run named its spec relative to where it ran.
            e.message +=
                "; run \(run.id) named its spec as '\(run.specPath)', so replay from the folder the run was made in"
            throw e
        }
    }

    /// Refuses to replay when a photo the run read has changed since: the replay
    /// would not be the trial that was run.
    public func checkDataFiles(now current: [(path: String, sha256: String)]) throws {
        let now = Set(current.map(\.sha256))
        for file in dataFiles where !now.contains(file.sha256) {
            throw ReportError(
                "\(file.path): this photo has changed since run \(run.id) read it "
                    + "(SHA-256 \(file.sha256.prefix(12))… then); a replay would not show the trial that was run"
            )
        }
    }

    /// The keys of `run`, in key order.
    public static func keys(store: RunStore, runID: Int64) throws -> [String] {
        try store.reader.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM trial WHERE run_id = ? ORDER BY key", arguments: [runID])
        }
    }

    /// "No trial KEY": with the nearest key of the run (part by part) and how to list them.
    static func unknownKey(_ key: String, store: RunStore, run: RunRecord) throws -> ReportError {
        let keys = try Self.keys(store: store, runID: run.id)
        var message = "\(store.path): no trial '\(key)' in run \(run.id) (\(run.experiment))"
        if let near = nearestKey(to: key, in: keys) { message += "; did you mean '\(near)'?" }
        message +=
            " List the keys with `refine replay --list --db \(store.path)` (keys look like "
                + "'\(keys.first ?? "question/strategy/device/participant/task/r1")')"
        return ReportError(message)
    }

    /// The stored key closest to `key`, matching it part by part (question,
    /// strategy, device, participant, task, replication), if one exists.
    static func nearestKey(to key: String, in keys: [String]) -> String? {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let split = keys.map { $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        guard let width = split.first?.count, parts.count == width else { return nil }
        var guess: [String] = []
        for i in 0..<width {
            let values = Array(Set(split.map { $0[i] })).sorted()
            guard let v = values.contains(parts[i]) ? parts[i] : nearestName(to: parts[i], in: values) else {
                return nil
            }
            guess.append(v)
        }
        let candidate = guess.joined(separator: "/")
        return Set(keys).contains(candidate) && candidate != key ? candidate : nil
    }
}
