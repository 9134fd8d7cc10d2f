import GRDB

/// Schema v6: a trial's row id is its identity, so `trial_row` needs no second
/// index to keep a key once per run.
///
/// Up to v5 the unique index `trial_row_identity` did that: a second B-tree
/// written with every row, a third of the writer's cost (`sqlite-floor`: 3.56 µs
/// a trial with it, 2.36 µs without). Since v6 run `r`'s rows have ids in
/// `r << 40 ..< (r + 1) << 40`:
///
/// - a trial of `refine run` has id `r << 40 | i`, `i` its index in the
///   experiment's whole plan (`TrialPlan.trials`, the same in every shard and on
///   every resume), and its plan key stored as '' (`TrialRows`): storing it twice
///   is a clash on the primary key, which `RunStore.record` reports by the
///   trial's key (`--resume` never stores a key twice) and a merge refuses
///   (shards that overlap);
/// - any other row (a trial stored by hand, through the `trial` view or without
///   a plan index, a row of a v5 database or of an old shard) has an id in the
///   range's upper half, `r << 40 | 1 << 39 | n`. Stored by this version, its
///   key is text, kept unique by `trial_row_other_key`; the `trial` view refuses
///   a plan key the run already holds by looking in the run's range. Rows
///   migrated from v5 keep '' for their plan keys, with nothing but `--resume`
///   (which never stores a key twice) keeping them unique from then on.
///
/// A run's rows are found by their id range (`rows(of:)`), not by `run_id`, which
/// has no index of its own any more.
enum TrialIdentity {
    /// Bits of an id below the run.
    static let runShift: Int64 = 40
    /// The bit of an id that marks a row that is not a plan's trial.
    static let otherBit: Int64 = 39
    /// Ids of rows that are not a plan's trial start here within their run's range.
    static let otherOffset: Int64 = 1 << otherBit

    /// SQL for the first and last id of the run whose id is the expression
    /// `run` (the same text the schema's triggers were made with).
    static func rangeSQL(of run: String) -> (first: String, last: String) {
        ("\(run) << \(runShift)", "((\(run) + 1) << \(runShift)) - 1")
    }

    /// SQL for the first id of the other rows of the run whose id is the expression `run`.
    static func otherStartSQL(of run: String) -> String {
        "(\(run) << \(runShift)) | (1 << \(otherBit))"
    }

    /// The id of run `runID`'s trial at `planIndex` in the experiment's plan.
    static func planID(run runID: Int64, planIndex: Int) throws -> Int64 {
        guard planIndex >= 0, Int64(planIndex) < otherOffset, runID > 0, runID < 1 << (63 - runShift) else {
            throw DatabaseError(
                message:
                    "trial id out of range: run \(runID), plan index \(planIndex) (a run holds fewer than 2^39 "
                        + "trials, a database fewer than 2^23 runs)"
            )
        }
        return runID << runShift | Int64(planIndex)
    }

    /// Run `runID`'s id range.
    static func range(of runID: Int64) -> ClosedRange<Int64> {
        (runID << runShift)...((runID + 1) << runShift - 1)
    }

    /// The ids for `runID`'s rows that are not a plan's trial.
    static func otherRange(of runID: Int64) -> ClosedRange<Int64> {
        (runID << runShift | otherOffset)...range(of: runID).upperBound
    }

    /// The next free id of `runID`'s other rows.
    static func nextOtherID(run runID: Int64, _ db: Database) throws -> Int64 {
        let others = otherRange(of: runID)
        let last = try Int64.fetchOne(
            db, sql: "SELECT id FROM trial_row WHERE id BETWEEN ? AND ? ORDER BY id DESC LIMIT 1",
            arguments: [others.lowerBound, others.upperBound])
        return (last ?? others.lowerBound - 1) + 1
    }

    /// True when the database's trial ids carry their run (schema v6 and later).
    static func isIdentityRowid(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "PRAGMA user_version")! >= 6 && TrialRows.isCoded(db)
    }

    /// A SQL condition selecting run `runID`'s rows of `trial_row` (`alias` its
    /// name in the query, or ''): its id range since v6, with `run_id` checked row
    /// by row; `run_id` through the identity index before. The integers are the
    /// caller's, never text from outside.
    static func rows(of runID: Int64, _ alias: String = "", in db: Database) throws -> String {
        let a = alias.isEmpty ? "" : alias + "."
        guard try isIdentityRowid(db) else { return "\(a)run_id = \(runID)" }
        let r = range(of: runID)
        return "\(a)id BETWEEN \(r.lowerBound) AND \(r.upperBound) AND +\(a)run_id = \(runID)"
    }

    /// Schema v6 from v5: every row's id moved into its run's range (upper half:
    /// `r << 40 | 1 << 39 | old id`, so their order is kept), the events with
    /// them, the identity index dropped, the view's insert trigger and the
    /// progress view remade.
    static func migrate(_ db: Database) throws {
        if let largest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM trial_row"), largest >= otherOffset {
            throw DatabaseError(
                message: "trial id \(largest) is too large to move into its run's range (below 2^39 expected)")
        }
        try db.execute(
            sql: """
                DROP INDEX trial_row_identity;
                UPDATE event
                    SET trial_id = ((SELECT run_id FROM trial_row WHERE id = event.trial_id) << \(runShift))
                        | \(otherOffset) | trial_id
                    WHERE EXISTS (SELECT 1 FROM trial_row WHERE id = event.trial_id);
                UPDATE trial_row SET id = (run_id << \(runShift)) | \(otherOffset) | id;
                DROP VIEW run_progress;
                \(progressViewSQL)
                """)
    }

    /// Every run with its progress, counted in its id range.
    static let progressViewSQL = """
        -- Every run with its progress.
        CREATE VIEW run_progress AS
            SELECT r.id AS run_id, r.experiment, r.variant, r.status, r.started_at, r.finished_at, r.heartbeat_at,
                   r.shard_index, r.shard_count, r.planned_trials,
                   (SELECT count(*) FROM trial_row t
                        WHERE t.id BETWEEN r.id << \(runShift) AND ((r.id + 1) << \(runShift)) - 1) AS finished_trials
            FROM run r;
        """
}
