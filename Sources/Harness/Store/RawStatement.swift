import GRDB
import GRDBSQLite

/// A prepared SQLite statement driven through the C API, for bulk inserts where
/// GRDB's boxed arguments would dominate the cost. Finalized when released.
final class RawStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    /// SQLite copies transient text at bind time.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ connection: OpaquePointer, _ sql: String) throws {
        self.connection = connection
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }
    func bind(_ index: Int32, _ value: String) {
        _ = value.utf8.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
        } ?? value.withCString { sqlite3_bind_text(handle, index, $0, -1, Self.transient) }
    }

    /// Runs the statement once and resets it for the next row.
    func step() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
        }
    }
}
