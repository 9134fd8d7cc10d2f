import Dispatch
import Foundation
import GRDBSQLite

/// Folds the write-ahead log into the database file on a thread of its own.
///
/// SQLite's default is to checkpoint inside the commit that takes the WAL past
/// 1,000 pages: the thread storing a batch then copies some 4 MB into the main
/// file and waits for `fdatasync`, while the run's simulation waits on it. Here
/// that commit only asks, and this object's own connection runs a PASSIVE
/// checkpoint (one that never blocks the writer or readers) on a utility
/// thread, which spends most of it waiting for the disk. Durability is the
/// same: a committed batch is in the WAL either way (`synchronous = NORMAL`).
final class Checkpointer: @unchecked Sendable {
    /// WAL pages after a commit that ask for a checkpoint (SQLite's own default).
    static let pages: Int32 = 1000

    private let path: String
    private let queue = DispatchQueue(label: "refine.checkpoint", qos: .utility)
    private let pending = Locked(false)
    /// Opened on `queue` at the first checkpoint; used and closed only there.
    private var connection: OpaquePointer?
    private var isClosed = false
    /// CPU seconds this object's thread has spent checkpointing (for refine-bench).
    let cpuSeconds = Locked(0.0)

    init(path: String) { self.path = path }

    deinit { if let connection { sqlite3_close_v2(connection) } }

    /// Makes `db`'s commits ask this object for checkpoints instead of running
    /// them (`sqlite3_wal_hook` replaces SQLite's automatic checkpoint). `self`
    /// must outlive the connection.
    func install(on db: OpaquePointer) {
        sqlite3_wal_hook(
            db,
            { context, _, _, pages in
                if pages >= Checkpointer.pages {
                    Unmanaged<Checkpointer>.fromOpaque(context!).takeUnretainedValue().request()
                }
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func request() {
        let queued = pending.withLock { p -> Bool in
            defer { p = true }; return p
        }
        guard !queued else { return }
        queue.async { self.checkpoint() }
    }

    private func checkpoint() {
        pending.withLock { $0 = false }
        guard !isClosed else { return }
        if connection == nil {
            guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
                // The commit's own thread will meet the same problem and say so; a
                // checkpoint left undone only leaves the WAL longer until close.
                sqlite3_close_v2(connection)
                connection = nil
                return
            }
            sqlite3_exec(connection, "PRAGMA synchronous = NORMAL", nil, nil, nil)
        }
        let start = threadCPUSeconds()
        sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        let used = threadCPUSeconds() - start
        cpuSeconds.withLock { $0 += used }
    }

    /// Waits for a checkpoint under way and closes this object's connection.
    func close() {
        queue.sync {
            if let connection { sqlite3_close_v2(connection) }
            connection = nil
            isClosed = true
        }
    }
}
