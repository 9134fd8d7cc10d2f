import Foundation
import GRDB
import UserModels

/// A run as the database records it.
public struct RunRecord: Sendable, Hashable {
    public var id: Int64
    public var experiment: String
    public var question: String
    public var specPath: String
    public var specSHA256: String
    public var seed: String
    /// '' for ordinary runs; `path=value` for a sensitivity-sweep run.
    public var variant: String
    /// As stored; `effectiveStatus` turns a dead "running" run into "interrupted".
    public var status: String
    public var effectiveStatus: String
    public var shardIndex: Int
    public var shardCount: Int
    public var jobs: Int
    public var plannedTrials: Int
    public var finishedTrials: Int
    public var startedAt: String
    public var finishedAt: String?
    public var heartbeatAt: String
    public var host: String
    public var pid: Int

    /// The SHA-256 of the user model its people were drawn from (`Provenance.modelSHA256` when it ran); '' when
    /// stored before schema v7.
    public var modelSHA256: String = ""

    /// Whether this run is of `spec`'s exact text and seed, `variant` and `shard`, and of this refine's people
    /// (or of people not recorded): one that a resume continues.
    public func isRun(of spec: ExperimentSpec, shard: Shard, variant: String = "") -> Bool {
        specSHA256 == spec.sha256 && seed == String(spec.seed) && self.variant == variant
            && shardIndex == shard.index && shardCount == shard.count && drewSamePeople(as: Provenance.modelSHA256)
    }

    /// Whether the run's people came from the user model with SHA-256 `model`; true when either is unknown ('').
    public func drewSamePeople(as model: String) -> Bool {
        modelSHA256.isEmpty || model.isEmpty || modelSHA256 == model
    }
}

/// One finished trial, ready to store.
public struct TrialResult: Sendable {
    public var trial: PlannedTrial
    public var participantID: String
    public var participantGroup: String
    public var outcome: TrialOutcome
    /// The trial's position in its experiment's whole plan (`TrialPlan.trials`),
    /// which makes its row id in the database (`TrialIdentity.planID`); nil for a
    /// trial made by hand, which is stored with its key as text instead.
    public var planIndex: Int?

    public init(
        trial: PlannedTrial, participantID: String, participantGroup: String, outcome: TrialOutcome,
        planIndex: Int? = nil
    ) {
        self.trial = trial
        self.participantID = participantID
        self.participantGroup = participantGroup
        self.outcome = outcome
        self.planIndex = planIndex
    }
}

/// The SQLite results database (DESIGN §7): WAL mode, a busy timeout, parameter
/// binding only, migrations. Safe to share between threads; GRDB serialises
/// writes and lets reads run beside them.
public final class RunStore: Sendable {
    public let path: String
    /// For reports and tools that query the database directly.
    public let reader: any DatabaseReader
    private let pool: DatabasePool?
    /// Checkpoints the writer's WAL off the storing threads (nil when read-only).
    private let checkpointer: Checkpointer?
    private let closed = Locked(false)
    /// The writer's INSERT, rebuilt when a metric is new to the database (one
    /// writing thread at a time; locked for Sendable).
    private let insertPlans = Locked<TrialInsert?>(nil)
    /// `level` ids of the factor values this store has written or met (one writing
    /// thread at a time; ids never change once committed, so another process adding
    /// levels cannot make one stale; cleared when a batch rolls back).
    private let levelIDs = Locked<[String: Int64]>([:])
    /// Each run's question, which begins its trials' plan keys.
    private let runQuestions = Locked<[Int64: String]>([:])

    /// CPU seconds spent folding the WAL into the file off the storing threads
    /// (`Checkpointer`), so far.
    public var checkpointCPUSeconds: Double { checkpointer?.cpuSeconds.current ?? 0 }

    /// Trials one INSERT stores (`TrialInsert`), for peers that insert as the store does.
    public static var rowsPerInsert: Int { TrialInsert.rowsPerStatement }

    /// A run whose heartbeat is older than this is shown as interrupted.
    public static let heartbeatTimeout: TimeInterval = 120

    /// Opens (creating if needed) the database at `path` for writing.
    public init(path: String) throws {
        self.path = path
        try Self.checkWritable(path)
        var config = Configuration()
        config.busyMode = .timeout(30)
        // Ids are given by this store itself (`TrialIdentity`) and nothing is ever
        // deleted: checking every metric row's parent would only slow the hot insert path.
        config.foreignKeysEnabled = false
        // In WAL mode NORMAL is safe against a crash or kill of this process (a
        // committed batch survives); only a power cut may lose the last batches,
        // which --resume then reruns. Checkpoints run on the checkpointer's thread.
        let checkpointer = Checkpointer(path: path)
        self.checkpointer = checkpointer
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if let connection = db.sqliteConnection { checkpointer.install(on: connection) }
        }
        // Two processes creating or migrating the same database at once race on
        // the switch to WAL and on the migrations; an advisory lock on the folder
        // serialises just that step (SQLite's own locks are per file and would be
        // dropped by closing another descriptor of the database itself).
        let folder = Self.lockFolder(of: path)
        defer { Self.unlockFolder(folder) }
        // Someone else's database is refused before SQLite writes a byte to it.
        if FileManager.default.fileExists(atPath: path) {
            do {
                switch try DatabaseFile.contents(path) {
                case .foreign(let tables):
                    throw StoreError(
                        path: path,
                        message:
                            "a SQLite database that is not Refine's (it "
                                + "holds \(DatabaseFile.describe(tables: tables))); refusing to change it; choose "
                                + "another --db path"
                    )
                case .refine(let migrations):
                    // Adding a run to a file no reader could open would only hide the damage.
                    try Self.checkSchemaIsKnown(migrations, path: path)
                    let queue = try DatabaseFile.openReadOnly(path)
                    defer { try? queue.close() }
                    try Self.checkPages(queue, path: path)
                case .empty:
                    break
                }
            } catch let error as DatabaseError {
                throw Self.explain(error, path: path)
            }
        }
        do {
            let pool = try DatabasePool(path: path, configuration: config)
            try Schema.migrator.migrate(pool)
            self.pool = pool
            self.reader = pool
        } catch let error as DatabaseError {
            throw Self.explain(error, path: path)
        }
    }

    /// Opens an existing database read-only (reports, `show`, `check`, `merge`'s inputs).
    /// Nothing is written beside it, so results on read-only media can be read.
    public init(readingFrom path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(path: path, message: "no such database; run `refine run SPEC --db \(path)` first")
        }
        try DatabaseFile.requireRegularFile(path)
        try Self.checkSQLiteHeader(path)
        do {
            switch try DatabaseFile.contents(path) {
            case .empty:
                if DatabaseFile.isWALMode(path) && !DatabaseFile.walHasData(path) {
                    throw StoreError(
                        path: path,
                        message:
                            "holds no results: its data was in \(DatabaseFile.walPath(path)), which is missing; copy "
                                + "that file beside it (runs finished by this refine need no -wal)"
                    )
                }
                throw StoreError(
                    path: path,
                    message: "an empty database with no Refine results; run `refine run SPEC --db \(path)` first")
            case .foreign(let tables):
                throw StoreError(
                    path: path,
                    message:
                        "a SQLite database that is not Refine's results (it "
                            + "holds \(DatabaseFile.describe(tables: tables)))"
                )
            case .refine(let migrations):
                try Self.checkSchemaIsKnown(migrations, path: path)
                // v3's long `metric` table reads like v4's view, so a v3 database is read as it is.
                if !migrations.contains(Schema.oldestReadable) {
                    throw StoreError(
                        path: path,
                        message:
                            "the database's schema is older than this refine's (schema version \(Schema.version)); "
                                + "open it with `refine run` to migrate it"
                    )
                }
            }
            DatabaseFile.prefetch(path)
            let queue = try DatabaseFile.openReadOnly(path)
            try Self.checkPages(queue, path: path)
            self.pool = nil
            self.checkpointer = nil
            self.reader = queue
        } catch let error as DatabaseError {
            throw Self.explain(error, path: path)
        }
    }

    /// Folds the WAL into the main file and closes the database, so that the main
    /// file alone holds every result (copying `X.sqlite` to another machine, as the
    /// shard workflow does, loses nothing). The file is left in rollback-journal
    /// mode when no other process has it open; the next writer switches back to WAL.
    /// Safe to call more than once.
    public func close() throws {
        let alreadyClosed = closed.withLock { done in
            defer { done = true }; return done
        }
        guard !alreadyClosed else { return }
        guard let pool else {
            try? (reader as? DatabaseQueue)?.close()
            return
        }
        checkpointer?.close()
        do {
            do {
                _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
                // Another process is still reading or writing: it folds the WAL in when
                // it closes (SQLite checkpoints on the last close), so do not fail a
                // finished run over it.
            }
            try pool.close()
            var config = Configuration()
            config.busyMode = .immediateError
            let queue = try DatabaseQueue(path: path, configuration: config)
            // Refused (SQLITE_BUSY) while another process still has the file open; that
            // process checkpoints when it closes, so the main file ends complete either way.
            try? queue.inDatabase { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try queue.close()
        } catch let error as DatabaseError {
            throw Self.explain(error, path: path)
        }
    }

    private var writer: DatabasePool {
        guard let pool else { preconditionFailure("\(path) was opened read-only") }
        return pool
    }

    // MARK: Runs

    /// Records a new run and returns its id.
    public func beginRun(
        spec: ExperimentSpec, provenance: Provenance, shard: Shard, jobs: Int,
        trace: Bool, plannedTrials: Int, variant: String = "",
        dataFiles: [(path: String, sha256: String)] = []
    ) throws -> Int64 {
        try write { db in
            let now = Self.timestamp()
            try db.execute(
                sql: """
                    INSERT INTO run (experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version,
                        git_commit, git_dirty, os, swift_version, argv, host, pid, shard_index, shard_count, jobs,
                        trace, planned_trials, started_at, heartbeat_at, status, variant, git_dirty_paths, model_sha256)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)
                    """,
                arguments: [
                    spec.name, spec.question, spec.path, spec.text, spec.sha256, String(spec.seed),
                    provenance.toolVersion, provenance.gitCommit, provenance.gitDirty, provenance.os,
                    provenance.swiftVersion, Self.jsonArray(provenance.argv), provenance.host,
                    Int(provenance.pid), shard.index, shard.count, jobs, trace, plannedTrials, now, now, variant,
                    Self.jsonArray(provenance.gitDirtyPaths), Provenance.modelSHA256
                ])
            let id = db.lastInsertedRowID
            for file in dataFiles {
                try db.execute(
                    sql: "INSERT INTO data_file (run_id, path, sha256) VALUES (?, ?, ?)",
                    arguments: [id, file.path, file.sha256])
            }
            return id
        }
    }

    /// The most recent unfinished run of this exact spec, seed and shard, if any.
    /// A run still alive is refused: two processes must not continue one run.
    public func resumableRun(spec: ExperimentSpec, shard: Shard, variant: String = "") throws -> RunRecord? {
        let candidate = try runs().last {
            $0.isRun(of: spec, shard: shard, variant: variant) && $0.status != "completed"
        }
        if let run = candidate, run.effectiveStatus == "running" {
            throw StoreError(
                path: path,
                message:
                    "run \(run.id) is still running (pid \(run.pid) on \(run.host)); wait for it or stop it before "
                        + "resuming"
            )
        }
        return candidate
    }

    /// The latest completed run of the same spec text, seed, variant and shard (what a
    /// resume with nothing unfinished points to).
    public func completedRun(spec: ExperimentSpec, shard: Shard, variant: String = "") throws -> RunRecord? {
        try runs().last { $0.isRun(of: spec, shard: shard, variant: variant) && $0.status == "completed" }
    }

    /// Marks a resumed run as running again in this process.
    public func reopen(runID: Int64, provenance: Provenance, jobs: Int) throws {
        try write { db in
            try db.execute(
                sql:
                    "UPDATE run SET status = 'running', pid = ?, host = ?, jobs = ?, heartbeat_at = ?, finished_at = "
                        + "NULL WHERE id = ?",
                arguments: [Int(provenance.pid), provenance.host, jobs, Self.timestamp(), runID])
        }
    }

    public func heartbeat(runID: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE run SET heartbeat_at = ? WHERE id = ?", arguments: [Self.timestamp(), runID])
        }
    }

    public func finish(runID: Int64, status: String) throws {
        try write { db in
            let now = Self.timestamp()
            try db.execute(
                sql: "UPDATE run SET status = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?",
                arguments: [status, now, now, runID])
        }
    }

    /// The spec text run `runID` was made from, as stored with it ("" for no such run).
    public func specText(runID: Int64) throws -> String {
        try reader.read { db in
            try String.fetchOne(db, sql: "SELECT spec_text FROM run WHERE id = ?", arguments: [runID]) ?? ""
        }
    }

    /// Every run, oldest first, with its effective status.
    public func runs() throws -> [RunRecord] {
        let host = Provenance.hostName
        let rows = try reader.read { db in
            // Each run's trials counted over its own id range since v6 (no index on run_id there: a correlated
            // `run_id = r.id` read the whole table once per run, so listing runs grew with their square).
            let table = try TrialRows.rowTable(db)
            let (first, last) = TrialIdentity.rangeSQL(of: "r.id")
            let count =
                try TrialIdentity.isIdentityRowid(db)
                ? "SELECT count(*) FROM \(table) t WHERE t.id BETWEEN \(first) AND \(last) AND +t.run_id = r.id"
                : "SELECT count(*) FROM \(table) WHERE run_id = r.id"
            return try Row.fetchAll(db, sql: "SELECT r.*, (\(count)) AS finished_trials FROM run r ORDER BY r.id")
        }
        return rows.map { Self.runRecord($0, localHost: host) }
    }

    private static func runRecord(_ row: Row, localHost: String) -> RunRecord {
        let status: String = row["status"]
        let heartbeat: String = row["heartbeat_at"]
        let pid: Int = row["pid"]
        let runHost: String = row["host"]
        var effective = status
        if status == "running" {
            let dead = runHost == localHost && !processIsAlive(pid)
            if dead || age(of: heartbeat) > heartbeatTimeout { effective = "interrupted" }
        }
        return RunRecord(
            id: row["id"], experiment: row["experiment"], question: row["question"], specPath: row["spec_path"],
            specSHA256: row["spec_sha256"], seed: row["seed"], variant: row["variant"], status: status,
            effectiveStatus: effective,
            shardIndex: row["shard_index"], shardCount: row["shard_count"], jobs: row["jobs"],
            plannedTrials: row["planned_trials"], finishedTrials: row["finished_trials"],
            startedAt: row["started_at"], finishedAt: row["finished_at"], heartbeatAt: heartbeat,
            host: runHost, pid: pid, modelSHA256: (row["model_sha256"] as String?) ?? "")
    }

    /// Writes "interrupted" for runs whose process is gone, so plain SQL sees it too.
    public func markDeadRunsInterrupted() throws {
        let dead = try runs().filter { $0.status == "running" && $0.effectiveStatus == "interrupted" }.map(\.id)
        guard !dead.isEmpty else { return }
        try write { db in
            for id in dead {
                try db.execute(sql: "UPDATE run SET status = 'interrupted' WHERE id = ?", arguments: [id])
            }
        }
    }

    // MARK: Trials

    /// How many trials of the run are stored (the key index alone answers it).
    public func finishedCount(runID: Int64) throws -> Int {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM trial WHERE run_id = ?", arguments: [runID]) ?? 0
            }
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM trial_row WHERE \(try TrialIdentity.rows(of: runID, in: db))") ?? 0
        }
    }

    /// Stores a batch of finished trials in one transaction (see `record(runID:_:)` for a laid-out batch).
    public func record(runID: Int64, _ results: [TrialResult]) throws {
        try record(runID: runID, TrialBatch(results, database: path))
    }

    /// Stores a batch of finished trials in one transaction: one `trial_row` each,
    /// its metrics in their columns (schema v4), its id its plan index
    /// (`TrialIdentity`). A trial whose key or plan index the run already holds is
    /// an error naming it, and nothing of the batch is stored (`--resume` never
    /// stores a key twice).
    ///
    /// This is the hot path of every run, on the simulating threads in turn:
    /// cached statements of `TrialInsert.rowsPerStatement` rows (a trial with
    /// events, the few left at the end, and a constraint error's rows go one at
    /// a time), text bound in place from the batch's buffer (still parameter
    /// binding, never string interpolation), nothing looked up per trial.
    public func record(runID: Int64, _ batch: TrialBatch) throws {
        guard batch.count > 0 else { return }
        do { try writeBatch(runID: runID, batch) } catch {
            // The plan may name columns whose transaction rolled back.
            insertPlans.withLock { $0 = nil }
            // ... and levels whose insert rolled back.
            levelIDs.withLock { $0 = [:] }
            throw error
        }
    }

    private func writeBatch(runID: Int64, _ batch: TrialBatch) throws {
        try write { db in
            let plan = try insertPlan(for: batch.names, db)
            let levels = try levelIDs(of: batch.levels, db)
            let question = try runQuestion(runID, db)
            let insertOne = try RawStatement(db, plan.oneRowSQL)
            let many = plan.rowsPerStatement
            let insertMany = many > 1 ? try RawStatement(db, plan.manyRowsSQL) : insertOne
            let insertEvent = try RawStatement(
                db, "INSERT INTO event (trial_id, seq, t, kind, detail) VALUES (?, ?, ?, ?, ?)")
            defer { insertOne.clearBindings(); insertMany.clearBindings() }
            let ids = try rowIDs(of: batch, run: runID, db)
            var nextEvents = batch.events.makeIterator()
            var traced = nextEvents.next()
            try batch.text.withUnsafeBufferPointer { text in
                let rows = BatchRows(
                    batch: batch, runID: runID, width: plan.width, levelIDs: levels,
                    isRunQuestion: batch.questions.map { $0 == question }, ids: ids,
                    metricParams: batch.names.map { plan.params[$0]! }, text: text.baseAddress!)
                var i = 0
                // After a statement's constraint error, its rows go one at a time up to here.
                var oneAtATimeUntil = 0
                while i < batch.count {
                    // Untraced trials go `many` a statement; a traced one alone, its events after it.
                    if many > 1, i >= oneAtATimeUntil, i + many <= batch.count, (traced?.trial ?? .max) >= i + many {
                        for row in 0..<many { rows.bind(i + row, to: insertMany, row: row) }
                        do {
                            try insertMany.step()
                            i += many
                            continue
                        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                            // SQLite undid the statement's rows; storing them one at a time names the trial.
                            oneAtATimeUntil = i + many
                        }
                    }
                    rows.bind(i, to: insertOne, row: 0)
                    do { try insertOne.step() } catch let error as DatabaseError
                        where error.resultCode == .SQLITE_CONSTRAINT
                    {
                        let planIndex = batch.planIndices[i]
                        throw StoreError(
                            path: path,
                            message: "trial \(batch.keys[i]): run \(runID) already holds "
                                + (planIndex >= 0
                                    ? "a trial with its key or its plan index \(planIndex)" : "a trial with its key")
                                + " (SQLite: \(error.message ?? "constraint failed"))", isInternal: true)
                    }
                    if let (index, events) = traced, index == i {
                        traced = nextEvents.next()
                        for (seq, e) in events.enumerated() {
                            insertEvent.bind(1, ids[i]); insertEvent.bind(2, Int64(seq)); insertEvent.bind(3, e.time)
                            insertEvent.bind(4, e.kind); insertEvent.bind(5, e.detail)
                            try insertEvent.step()
                        }
                    }
                    i += 1
                }
            }
        }
    }

    /// Each trial's row id: its plan index's (`TrialIdentity`), or for a trial
    /// without one the next free id in the run's upper half.
    private func rowIDs(of batch: TrialBatch, run runID: Int64, _ db: Database) throws -> [Int64] {
        var otherID = batch.planIndices.allSatisfy { $0 >= 0 } ? 0 : try TrialIdentity.nextOtherID(run: runID, db)
        return try batch.planIndices.map { planIndex in
            if planIndex >= 0 { return try TrialIdentity.planID(run: runID, planIndex: planIndex) }
            defer { otherID += 1 }
            return otherID
        }
    }

    /// The `level` id of each of `values`, adding the values new to the database.
    private func levelIDs(of values: [String], _ db: Database) throws -> [Int64] {
        var known = levelIDs.current
        var ids: [Int64] = []
        ids.reserveCapacity(values.count)
        for value in values {
            if let id = known[value] { ids.append(id); continue }
            try db.execute(sql: "INSERT OR IGNORE INTO level (value) VALUES (?)", arguments: [value])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM level WHERE value = ?", arguments: [value])!
            known[value] = id
            ids.append(id)
        }
        if known.count != levelIDs.current.count { levelIDs.withLock { $0 = known } }
        return ids
    }

    /// The question of run `runID` (which begins its trials' plan keys).
    private func runQuestion(_ runID: Int64, _ db: Database) throws -> String {
        if let q = runQuestions.current[runID] { return q }
        guard let q = try String.fetchOne(db, sql: "SELECT question FROM run WHERE id = ?", arguments: [runID]) else {
            throw StoreError(path: path, message: "no run \(runID) to store trials in", isInternal: true)
        }
        runQuestions.withLock { $0[runID] = q }
        return q
    }

    /// The INSERT naming every known metric column; adds columns for names new
    /// to the database.
    private func insertPlan(for names: [String], _ db: Database) throws -> TrialInsert {
        if let plan = insertPlans.current, names.allSatisfy({ plan.params[$0] != nil }) { return plan }
        // Read inside the write transaction: another process may have added columns.
        let plan = TrialInsert(columns: try MetricColumns.ensure(names, in: db), db)
        insertPlans.withLock { $0 = plan }
        return plan
    }

    // MARK: Helpers

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch let error as DatabaseError {
            throw Self.explain(error, path: path)
        }
    }

    private static func lockFolder(of path: String) -> Int32 {
        let dir = (path as NSString).deletingLastPathComponent
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
        return fd
    }

    private static func unlockFolder(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = flock(fd, LOCK_UN)
        closeDescriptor(fd)
    }

    static func checkWritable(_ path: String) throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: path) { try DatabaseFile.requireRegularFile(path) }
        let dir = (path as NSString).deletingLastPathComponent
        let directory = dir.isEmpty ? "." : dir
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw StoreError(
                path: path,
                message: "the directory '\(directory)' does not exist; create it first or choose another --db path")
        }
        if fm.fileExists(atPath: path) {
            try checkSQLiteHeader(path)
            guard fm.isWritableFile(atPath: path) else {
                throw StoreError(
                    path: path, message: "the database is read-only; choose another --db path or make it writable")
            }
        }
        guard fm.isWritableFile(atPath: directory) else {
            throw StoreError(
                path: path,
                message:
                    "the directory '\(directory)' is not writable (SQLite needs to create its journal there); choose "
                        + "another --db path"
            )
        }
    }

    /// Refuses a non-empty file that is not SQLite, before SQLite touches it; and one whose
    /// size disagrees with the page count in its header (cut short or extended by a copy),
    /// which SQLite itself would read without a word, and a `-wal` it would silently ignore.
    static func checkSQLiteHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError(path: path, message: "cannot open the file for reading")
        }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 100))
        if header.isEmpty { return }
        guard header.count >= 16, header[0..<16].elementsEqual(Array("SQLite format 3\0".utf8)) else {
            throw StoreError(
                path: path,
                message: "not a SQLite database (expected the header 'SQLite format 3' at byte 0); refusing to touch it"
            )
        }
        guard header.count == 100 else {
            throw StoreError(
                path: path,
                message: "the database is truncated (\(header.count) bytes, less than "
                    + "SQLite's 100-byte header); restore it from a copy or run the experiment again")
        }
        let walMode = header[18] == 2 && header[19] == 2
        if !walMode && DatabaseFile.walHasData(path) {
            throw StoreError(
                path: path,
                message: "\(DatabaseFile.walPath(path)) holds data, but the database is "
                    + "not in WAL mode, so SQLite would ignore it: it belongs to another copy of the file; "
                    + "move it away and try again")
        }
        // While a -wal holds pages, the main file's header speaks of the last checkpoint only.
        guard !(walMode && DatabaseFile.walHasData(path)) else { return }
        func word(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pages = word(28)
        // The page count is valid only when the change counter matches version-valid-for (file format §1.3.7).
        guard pages > 0, word(24) == word(92), pageSize >= 512 else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size != pages * pageSize {
            throw StoreError(
                path: path,
                message: "the database is \(size) bytes but its header says \(pages) pages "
                    + "of \(pageSize) bytes (\(pages * pageSize) bytes): it was cut short or extended; "
                    + "restore it from a copy or run the experiment again")
        }
    }

    /// Refuses a database written by a newer refine, whose tables this one would misread.
    static func checkSchemaIsKnown(_ migrations: [String], path: String) throws {
        let known = Set(Schema.migrator.migrations)
        if migrations.contains(where: { !known.contains($0) }) {
            throw StoreError(
                path: path,
                message: "written by a newer refine (schema version above "
                    + "\(Schema.version)); read it with that version")
        }
    }

    /// A damaged page may sit anywhere; find it now, with the file's name, rather than
    /// half-way through a report, a merge or a resumed run. (One pass over the file.)
    static func checkPages(_ queue: DatabaseQueue, path: String) throws {
        let check = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(1)") }
        guard check == ["ok"] else {
            let said = (check.first ?? "integrity check failed").split(whereSeparator: \.isNewline)
                .joined(separator: " ")
            throw StoreError(
                path: path,
                message: "the database is corrupt or truncated (SQLite: \(said)); "
                    + "restore it from a copy or run the experiment again")
        }
    }

    /// A SQLite error from anywhere (a report's queries, a merge) in the store's words;
    /// nil for errors that are not SQLite's.
    public static func explain(_ error: any Error, path: String) -> StoreError? {
        (error as? DatabaseError).map { explain($0, path: path) }
    }

    static func fullPathLength(_ path: String) -> Int {
        (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path).utf8.count
    }

    static func explain(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB: StoreError(path: path, message: "not a SQLite database, or it is corrupt")
        case .SQLITE_CORRUPT:
            StoreError(
                path: path,
                message:
                    "the database is corrupt or truncated (SQLite: \(error.message ?? "malformed")); restore it from "
                        + "a copy or run the experiment again"
            )
        case .SQLITE_FULL:
            StoreError(
                path: path, message: "no space left on the device; free some space and run the command again",
                isDiskFull: true)
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_SHORT_READ:
            StoreError(
                path: path,
                message:
                    "the database is truncated (it ends before its last page); restore it from a copy or run the "
                        + "experiment again"
            )
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            StoreError(
                path: path,
                message: "the database stayed locked by another process for 30 s; try again when it finishes")
        case .SQLITE_READONLY: StoreError(path: path, message: "the database is read-only; choose another --db path")
        case .SQLITE_CANTOPEN where fullPathLength(path) >= 512:
            // SQLite's unix files take full paths under 512 bytes and say only "unable to open".
            StoreError(
                path: path,
                message: "cannot open the database: its full path is \(fullPathLength(path)) "
                    + "bytes long, and SQLite opens paths of at most 511; move it to a shorter path")
        case .SQLITE_CANTOPEN:
            StoreError(path: path, message: "cannot open the database: \(error.message ?? "unknown reason")")
        default:
            StoreError(
                path: path, message: "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error)")",
                isInternal: true)
        }
    }

    /// ISO 8601 in UTC. Wall-clock time is provenance only, never a trial input.
    static func timestamp(_ date: Date = Date()) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    static func age(of timestamp: String) -> TimeInterval {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = f.date(from: timestamp) else { return .infinity }
        return Date().timeIntervalSince(date)
    }

    static func processIsAlive(_ pid: Int) -> Bool {
        pid > 0 && (kill(pid_t(pid), 0) == 0 || errno == EPERM)
    }

    static func jsonArray(_ items: [String]) -> String {
        "[" + items.map { JSONScalar.quote($0) }.joined(separator: ",") + "]"
    }
}

/// The C library's `close`, out of reach inside `RunStore` (whose `close()` shadows it).
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
