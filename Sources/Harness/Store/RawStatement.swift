import GRDB
import GRDBSQLite

/// A statement from GRDB's per-connection cache (prepared once, finalized with
/// the connection), driven through SQLite's C API for bulk inserts where GRDB's
/// boxed arguments would dominate the cost.
struct RawStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(_ db: Database, _ sql: String) throws {
        handle = try db.cachedStatement(sql: sql).sqliteStatement
        connection = db.sqliteConnection!
        sqlite3_clear_bindings(handle)
    }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }
    func bindNull(_ index: Int32) { sqlite3_bind_null(handle, index) }

    /// Binds text that SQLite copies (for strings whose storage is not pinned).
    func bind(_ index: Int32, _ value: String) {
        _ =
            value.utf8.withContiguousStorageIfAvailable { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), Self.transient)
                }
            } ?? value.withCString { sqlite3_bind_text(handle, index, $0, -1, Self.transient) }
    }

    /// Binds `length` bytes at `text` without a copy: they must stay valid until
    /// `clearBindings()` (SQLite keeps the pointer, not the bytes).
    func bindInPlace(_ index: Int32, _ text: UnsafePointer<UInt8>, _ length: Int32) {
        _ = text.withMemoryRebound(to: CChar.self, capacity: Int(length)) {
            sqlite3_bind_text(handle, index, $0, length, nil)
        }
    }

    /// Forgets every binding: call before the bytes bound in place go away.
    func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Runs the statement once and resets it for the next row.
    func step() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
        }
    }

    /// SQLite copies transient text at bind time.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
