import Foundation
import GRDB

/// What `refine merge` combined.
public struct MergeSummary: Sendable {
    public var output: String
    public var runID: Int64
    public var shards: [String]
    public var trials: Int
    /// Seconds spent copying (all shards) and the trials copied per second.
    public var seconds: Double
    public var trialsPerSecond: Double { seconds > 0 ? Double(trials) / seconds : 0 }
}

/// Combines the databases of `--shard I/N` runs into one database whose run
/// looks exactly like a one-machine run of the whole experiment (DESIGN §7).
///
/// Refuses inputs that do not belong together — a different spec, seed or shard
/// count, the same shard twice, a key stored twice, a missing or unfinished
/// shard — and writes the output under a temporary name, renamed into place only
/// when complete.
public enum ShardMerge {
    /// Merges `inputs` into `output`; `catalog` reads the shards' spec to count
    /// the whole experiment's planned trials.
    /// `progress` hears each shard as it is copied: its path, its trials and the seconds it took.
    public static func merge(
        inputs: [String], output: String, allowPartial: Bool = false,
        catalog: QuestionCatalog,
        progress: (_ shard: String, _ trials: Int, _ seconds: Double) -> Void = { _, _, _ in }
    ) throws -> MergeSummary {
        guard !inputs.isEmpty else { throw StoreError(path: output, message: "no shard databases to merge") }
        let fm = FileManager.default
        guard !fm.fileExists(atPath: output) else {
            throw StoreError(
                path: output, message: "already exists; merge into a new file (remove it first to replace it)")
        }
        let folder = (output as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw StoreError(
                path: output,
                message: "the folder '\(folder)' does not exist; create it first or choose another -o path")
        }
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            throw StoreError(path: output, message: "the folder '\(folder)' is not writable; choose another -o path")
        }
        // One completed run from each input.
        var picked: [(path: String, run: RunRecord)] = []
        for path in inputs {
            let runs = try RunStore(readingFrom: path).runs().filter { $0.variant.isEmpty }
            guard let run = runs.last(where: { $0.effectiveStatus == "completed" }) else {
                let states = runs.map { "run \($0.id) \($0.effectiveStatus)" }.joined(separator: ", ")
                throw StoreError(
                    path: path,
                    message:
                        "no completed run to merge (\(states.isEmpty ? "no runs" : states)); finish it with `refine "
                            + "run --resume`"
                )
            }
            picked.append((path, run))
        }
        let first = picked[0].run
        // The user model of the first shard that recorded one (shards stored before schema v7 did not).
        let model = picked.first { !$0.run.modelSHA256.isEmpty }
        for (path, run) in picked.dropFirst() {
            if run.specSHA256 != first.specSHA256 {
                throw StoreError(
                    path: path,
                    message:
                        "its spec (SHA-256 \(run.specSHA256.prefix(12))…) differs from \(picked[0].path)'s "
                            + "(\(first.specSHA256.prefix(12))…); shards must come from the same spec"
                )
            }
            if let model, !run.drewSamePeople(as: model.run.modelSHA256) {
                throw StoreError(
                    path: path,
                    message:
                        "its people were drawn from another user model (catalogue SHA-256 "
                            + "\(run.modelSHA256.prefix(12))…) than \(model.path)'s "
                            + "(\(model.run.modelSHA256.prefix(12))…); shards must be run by the same refine"
                )
            }
            if run.seed != first.seed {
                throw StoreError(
                    path: path, message: "its seed \(run.seed) differs from \(picked[0].path)'s \(first.seed)")
            }
            if run.shardCount != first.shardCount {
                throw StoreError(
                    path: path,
                    message:
                        "it is shard \(run.shardIndex)/\(run.shardCount) but \(picked[0].path) "
                            + "is \(first.shardIndex)/\(first.shardCount)"
                )
            }
        }
        var seen: [Int: String] = [:]
        for (path, run) in picked {
            if let other = seen[run.shardIndex] {
                throw StoreError(path: path, message: "shard \(run.shardIndex)/\(run.shardCount) is also in \(other)")
            }
            seen[run.shardIndex] = path
        }
        let missing = (1...first.shardCount).filter { seen[$0] == nil }
        if !missing.isEmpty && !allowPartial {
            throw StoreError(
                path: output,
                message:
                    "shards \(missing.map { "\($0)/\(first.shardCount)" }.joined(separator: ", ")) are missing; pass "
                        + "them too (or --allow-partial)"
            )
        }

        let partial = output + ".partial-\(getpid())"
        try? fm.removeItem(atPath: partial)
        do {
            let summary: (runID: Int64, trials: Int)
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                summary = try write(
                    picked: picked, model: model?.run.modelSHA256 ?? "", to: partial, complete: missing.isEmpty,
                    catalog: catalog, progress: progress)
            } catch let error as DatabaseError {
                throw RunStore.explain(error, path: output)
            }
            for suffix in ["-wal", "-shm"] { try? fm.removeItem(atPath: partial + suffix) }
            try fm.moveItem(atPath: partial, toPath: output)
            // Wall time only for the rate printed; nothing stored depends on it.
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return MergeSummary(
                output: output, runID: summary.runID, shards: picked.map(\.path), trials: summary.trials,
                seconds: seconds)
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: partial + suffix) }
            throw error
        }
    }

    /// `model`: the user model the shards' people were drawn from ('' when none recorded one).
    private static func write(
        picked: [(path: String, run: RunRecord)], model: String, to path: String, complete: Bool,
        catalog: QuestionCatalog,
        progress: (String, Int, Double) -> Void
    ) throws -> (runID: Int64, trials: Int) {
        var config = Configuration()
        config.busyMode = .timeout(30)
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        try Schema.migrator.migrate(queue)
        return try queue.inDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ? AS shard", arguments: [DatabaseFile.attachLocation(picked[0].path)])
            // The merged run copies the first shard's provenance and covers every shard;
            // its planned count is the whole experiment's, so a partial merge shows as such.
            let specText =
                try String.fetchOne(
                    db, sql: "SELECT spec_text FROM shard.run WHERE id = ?", arguments: [picked[0].run.id]) ?? ""
            let planned =
                (try? SpecLoader.parse(specText, file: picked[0].run.specPath, catalog: catalog)).map(TrialPlan.count)
                ?? picked.reduce(0) { $0 + $1.run.plannedTrials }
            try db.execute(
                sql: """
                    INSERT INTO run (experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version, \
                    git_commit, git_dirty,
                        os, swift_version, argv, host, pid, shard_index, shard_count, jobs, trace, planned_trials, \
                    started_at,
                        finished_at, heartbeat_at, status, variant, git_dirty_paths, model_sha256)
                    SELECT experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version, git_commit, \
                    git_dirty,
                        os, swift_version, argv, host, pid, 1, 1, jobs, trace, ?, started_at, finished_at, \
                    heartbeat_at, ?, '',
                        git_dirty_paths, ?
                    FROM shard.run WHERE id = ?
                    """,
                arguments: [
                    planned, complete ? "completed" : "interrupted",
                    model, picked[0].run.id
                ])
            let runID = db.lastInsertedRowID
            try db.execute(sql: "DETACH DATABASE shard")
            var trials = 0
            for (shardPath, run) in picked {
                try db.execute(sql: "ATTACH DATABASE ? AS shard", arguments: [DatabaseFile.attachLocation(shardPath)])
                let shardStart = DispatchTime.now().uptimeNanoseconds
                try db.inTransaction {
                    let runRows = try TrialIdentity.rows(of: runID, in: db)
                    let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE \(runRows)")!
                    // The shard's metrics, each into its column here: from the shard's own
                    // columns (v4 and v5: one pass over its trials), or from its long
                    // `metric` table (v3).
                    let names: [String], values: String
                    var arguments: [any DatabaseValueConvertible] = [runID]
                    if try Bool.fetchOne(
                        db,
                        sql:
                            "SELECT count(*) > 0 FROM shard.sqlite_master WHERE type = 'table' AND name = 'metric_name'"
                    )! {
                        let shardColumns = try Row.fetchAll(
                            db, sql: "SELECT name, column_name FROM shard.metric_name ORDER BY id"
                        )
                        .map { (name: $0[0] as String, column: $0[1] as String) }
                        names = shardColumns.map(\.name)
                        values = shardColumns.map { ", s." + MetricColumns.quoted($0.column) }.joined()
                    } else {
                        names = try String.fetchAll(
                            db,
                            sql: """
                                SELECT DISTINCT m.name FROM shard.metric m JOIN shard.trial s ON s.id = m.trial_id \
                                WHERE s.run_id = ? ORDER BY m.name
                                """, arguments: [run.id])
                        values = names.map { _ in
                            ", (SELECT value FROM shard.metric m WHERE m.trial_id = s.id AND m.name = ?)"
                        }.joined()
                        arguments += names as [any DatabaseValueConvertible]
                    }
                    let columns = try MetricColumns.ensure(names, in: db)
                    let column = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.column) })
                    let into = names.map { ", " + MetricColumns.quoted(column[$0]!) }.joined()
                    arguments.append(run.id)
                    do {
                        if try Bool.fetchOne(
                            db,
                            sql:
                                "SELECT count(*) > 0 FROM shard.sqlite_master WHERE type = 'table' AND name = "
                                    + "'trial_row'"
                        )! {
                            try copyCodedTrials(db, into: runID, from: run.id, columns: into, values: values)
                        } else {
                            try copyTextTrials(db, into: runID, arguments: arguments, columns: into, values: values)
                        }
                    } catch let e as DatabaseError where e.resultCode == .SQLITE_CONSTRAINT {
                        throw StoreError(
                            path: shardPath,
                            message: "a trial key it holds is already in another shard; shards must not overlap")
                    }
                    let added = try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE \(runRows)")! - before
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO data_file (run_id, path, sha256) SELECT ?, path, sha256 \
                            FROM shard.data_file WHERE run_id = ?
                            """, arguments: [runID, run.id])
                    trials += added
                    progress(shardPath, added, Double(DispatchTime.now().uptimeNanoseconds - shardStart) / 1e9)
                    return .commit
                }
                try db.execute(sql: "DETACH DATABASE shard")
            }
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return (runID, trials)
        }
    }

    /// Copies a v5 or v6 shard's trials of run `shardRun` (`TrialRows`): its
    /// `level` values added here, its codes mapped through a temporary table of
    /// integers, rows copied in the shard's stored order; then its events.
    /// A v6 shard's plan trials keep their plan index (`TrialIdentity`), so two
    /// shards holding one trial clash on the primary key; every other row (all of
    /// a v5 shard's) takes the next id of the run's upper half and its key as text,
    /// which `trial_row_other_key` keeps unique.
    private static func copyCodedTrials(
        _ db: Database, into runID: Int64, from shardRun: Int64, columns: String, values: String
    ) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO main.level (value) SELECT value FROM shard.level ORDER BY value;
                DROP TABLE IF EXISTS temp.level_map;
                CREATE TEMP TABLE level_map (shard_id INTEGER PRIMARY KEY, id INTEGER NOT NULL);
                INSERT INTO temp.level_map SELECT s.id, m.id FROM shard.level s JOIN main.level m ON m.value = s.value;
                """)
        let codes = """
            JOIN temp.level_map ms ON ms.shard_id = s.strategy JOIN temp.level_map md ON md.shard_id = s.device
            JOIN temp.level_map mp ON mp.shard_id = s.participant \
            JOIN temp.level_map mg ON mg.shard_id = s.participant_group
            JOIN temp.level_map mk ON mk.shard_id = s.task JOIN temp.level_map ml ON ml.shard_id = s.task_label
            """
        // Since v6 a shard's plan trials are the lower half of its run's id range
        // (`TrialIdentity`); in a v5 shard every row is one of the others.
        let isV6 = try Int.fetchOne(db, sql: "PRAGMA shard.user_version")! >= 6
        let shardPlan =
            "s.id BETWEEN \(TrialIdentity.range(of: shardRun).lowerBound) "
                + "AND \(TrialIdentity.otherRange(of: shardRun).lowerBound - 1) AND +s.run_id = \(shardRun)"
        let shardOthers =
            isV6
            ? "s.id BETWEEN \(TrialIdentity.otherRange(of: shardRun).lowerBound) "
                + "AND \(TrialIdentity.otherRange(of: shardRun).upperBound) AND +s.run_id = \(shardRun)"
            : "s.run_id = \(shardRun)"
        let planID = "(\(TrialIdentity.range(of: runID).lowerBound) | (s.id & \(TrialIdentity.otherOffset - 1)))"
        // A plan key ('') of a row that is not a plan trial is written out as text, from
        // the merged run's question (the shard's own).
        func level(_ map: String) -> String { "(SELECT value FROM main.level WHERE id = \(map).id)" }
        let planKey = TrialRows.planKeySQL(
            question: "(SELECT question FROM main.run WHERE id = \(runID))", strategy: level("ms"),
            device: level("md"), participant: level("mp"), task: level("mk"), replication: "s.replication")
        let keyText = "CASE WHEN s.key <> '' THEN s.key ELSE \(planKey) END"
        let into = "INSERT INTO trial_row (\(TrialInsert.fixedColumns.joined(separator: ", "))\(columns))"
        let factors = "\(runID), ms.id, md.id, mp.id, mg.id, mk.id, ml.id, s.replication"
        if isV6 {
            try db.execute(
                sql: """
                    \(into) SELECT \(planID), \(factors), s.key, s.seed\(values) FROM shard.trial_row s \(codes) \
                    WHERE \(shardPlan) ORDER BY s.id;
                    INSERT INTO event (trial_id, seq, t, kind, detail)
                    SELECT \(planID), e.seq, e.t, e.kind, e.detail FROM shard.event e \
                    JOIN shard.trial_row s ON s.id = e.trial_id WHERE \(shardPlan);
                    """)
        }
        let firstOther = try TrialIdentity.nextOtherID(run: runID, db)
        try db.execute(
            sql: """
                \(into) SELECT \(firstOther - 1) + row_number() OVER (ORDER BY s.id), \(factors), \(keyText), \
                s.seed\(values)
                FROM shard.trial_row s \(codes) WHERE \(shardOthers) ORDER BY s.id;
                INSERT INTO event (trial_id, seq, t, kind, detail)
                SELECT n.id, e.seq, e.t, e.kind, e.detail FROM shard.event e
                JOIN shard.trial_row s ON s.id = e.trial_id \(codes)
                JOIN main.trial_row n ON n.run_id = \(runID) AND n.key = \(keyText) AND n.key <> ''
                WHERE \(shardOthers);
                """)
        try db.execute(sql: "DROP TABLE temp.level_map")
    }

    /// Copies a v1–v4 shard's trials (its `trial` table, `arguments`: the merged
    /// run, the v3 metric names, the shard's run), coding their factor values here
    /// (schema v5, `TrialRows`) in key order; then its events.
    private static func copyTextTrials(
        _ db: Database, into runID: Int64, arguments: [any DatabaseValueConvertible], columns: String, values: String
    ) throws {
        let shardRun = arguments.last!
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO main.level (value)
                    SELECT strategy FROM shard.trial WHERE run_id = ?1 \
                UNION SELECT device FROM shard.trial WHERE run_id = ?1
                    UNION SELECT participant FROM shard.trial WHERE run_id = ?1 \
                UNION SELECT participant_group FROM shard.trial WHERE run_id = ?1
                    UNION SELECT task FROM shard.trial WHERE run_id = ?1 \
                UNION SELECT task_label FROM shard.trial WHERE run_id = ?1
                    ORDER BY 1
                """, arguments: [shardRun])
        let codes = """
            JOIN main.level ls ON ls.value = s.strategy JOIN main.level ld ON ld.value = s.device
            JOIN main.level lp ON lp.value = s.participant JOIN main.level lg ON lg.value = s.participant_group
            JOIN main.level lk ON lk.value = s.task JOIN main.level ll ON ll.value = s.task_label
            """
        // No plan index is known for these rows: ids in the run's upper half, keys as
        // text (unique through `trial_row_other_key`), as `TrialIdentity` has it.
        let firstOther = try TrialIdentity.nextOtherID(run: runID, db)
        try db.execute(
            sql: """
                INSERT INTO trial_row (id, run_id, strategy, device, participant, participant_group, task, task_label,
                                       replication, key, seed\(columns))
                SELECT \(firstOther - 1) + row_number() OVER (ORDER BY s.key), ?, ls.id, ld.id, lp.id, lg.id, lk.id, \
                ll.id,
                       s.replication, s.key, s.seed\(values)
                FROM shard.trial s \(codes) WHERE s.run_id = ? ORDER BY s.key
                """, arguments: StatementArguments(arguments))
        try db.execute(
            sql: """
                INSERT INTO event (trial_id, seq, t, kind, detail)
                SELECT n.id, e.seq, e.t, e.kind, e.detail FROM shard.event e
                JOIN shard.trial s ON s.id = e.trial_id
                JOIN main.trial_row n ON n.run_id = \(runID) AND n.key = s.key AND n.key <> ''
                WHERE s.run_id = ?
                """, arguments: [shardRun])
    }
}
