import Foundation
import GRDB
import ImageEngine

/// What a database file on disk holds, found without changing it: whether it is
/// Refine's, someone else's, or empty; whether its data sits in a `-wal` file;
/// and how to open it for reading on read-only media.
enum DatabaseFile {
    /// What the tables of a SQLite file say about it.
    enum Contents {
        /// No tables at all: a new file, or the main file of a WAL database whose `-wal` stayed behind.
        case empty
        /// Refine's results, with the migrations applied so far.
        case refine(migrations: [String])
        /// Someone else's database, with its tables.
        case foreign(tables: [String])
    }

    /// The first migration of every Refine database: what marks a file as Refine's.
    static let firstMigration = "v1: runs, trials, metrics, events"

    static func walPath(_ path: String) -> String { path + "-wal" }

    /// The header says WAL mode (file format read/write versions 2 at bytes 18–19),
    /// so committed data may live in the `-wal` file until a checkpoint.
    static func isWALMode(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 20))
        return header.count == 20 && header[18] == 2 && header[19] == 2
    }

    /// A `-wal` file beside `path` with something in it.
    static func walHasData(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: walPath(path))[.size] as? Int) ?? nil
        return (size ?? 0) > 0
    }

    /// Whether SQLite could create its `-shm`/`-wal` files beside `path` (false on read-only media).
    static func folderIsWritable(_ path: String) -> Bool {
        let dir = (path as NSString).deletingLastPathComponent
        return access(dir.isEmpty ? "." : dir, W_OK) == 0
    }

    /// A `file:` URI for `path` with query parameters (SQLite is built with URI support
    /// on the platforms Refine runs on); `%`, `?` and `#` are escaped.
    static func uri(_ path: String, _ parameters: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for c in absolute.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return "file:" + escaped + "?" + parameters
    }

    /// How to name `path` to SQLite when only reading it: `immutable=1` when SQLite could
    /// not create its shared-memory file (read-only media) or when nothing is in a `-wal`
    /// (so inspecting a file leaves no `-shm` beside it); the plain path otherwise, so a
    /// run still writing is read consistently through its WAL.
    static func readOnlyLocation(_ path: String, inspecting: Bool = false) throws -> String {
        if !folderIsWritable(path) {
            if walHasData(path) && isWALMode(path) {
                throw StoreError(
                    path: path,
                    message:
                        "its folder is read-only and \(walPath(path)) holds results not yet in the main file; copy "
                            + "both files to a writable folder and try again"
                )
            }
            return uri(path, "mode=ro&immutable=1")
        }
        // SQLite removes the `-wal` when the last connection closes, so without one no
        // process is writing and the main file is the whole database.
        if !FileManager.default.fileExists(atPath: walPath(path)) && (inspecting || isWALMode(path)) {
            return uri(path, "mode=ro&immutable=1")
        }
        return path
    }

    /// How to ATTACH an input database read-only: `mode=ro`, so attaching never writes
    /// to a shard, and `immutable=1` on read-only media (as `readOnlyLocation`).
    static func attachLocation(_ path: String) throws -> String {
        let location = try readOnlyLocation(path, inspecting: true)
        return location == path ? uri(path, "mode=ro") : location
    }

    /// Opens `path` for reading only, never creating or changing anything on read-only media.
    static func openReadOnly(_ path: String, inspecting: Bool = false) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(30)
        let location = try readOnlyLocation(path, inspecting: inspecting)
        do {
            return try DatabaseQueue(path: location, configuration: config)
        } catch let error as DatabaseError
            where location == path && !walHasData(path)
            && [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
        {
            // A WAL database copied without its `-wal`, in a folder SQLite may not write
            // its shared memory to: the main file is all there is, so read it as it is.
            return try DatabaseQueue(path: uri(path, "mode=ro&immutable=1"), configuration: config)
        }
    }

    /// What the file holds; the file itself is not changed.
    static func contents(_ path: String) throws -> Contents {
        let queue = try openReadOnly(path, inspecting: true)
        defer { try? queue.close() }
        return try queue.read { db in
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name
                    """)
            if tables.isEmpty { return .empty }
            if tables.contains("grdb_migrations") {
                let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                if migrations.contains(firstMigration) { return .refine(migrations: migrations) }
            }
            return .foreign(tables: tables)
        }
    }

    /// "tables a, b and 3 more" — enough to recognise someone else's file.
    static func describe(tables: [String]) -> String {
        let shown = tables.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return (tables.count == 1 ? "the table " : "the tables ") + shown
            + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
    }

    /// Reads the whole file once, in order, so that the page cache holds it
    /// (when it fits in half the memory available). SQLite reads a 4 KB page at
    /// a time in B-tree order, which is far from file order: on a file not yet
    /// cached (a 3.8 GB database of 10⁷ trials) each page would be a disk read
    /// of its own, where one sequential pass reads the file at the disk's speed.
    static func prefetch(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) <= availableMemory() / 2 else { return }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { _ = close(fd) }
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        let chunk = 8 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        defer { buffer.deallocate() }
        while read(fd, buffer, chunk) > 0 {}
    }

    /// The memory the kernel says is available without swapping (0 where it does not say).
    private static func availableMemory() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kB = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kB * 1024
    }

    /// Refuses a directory, FIFO, device or socket given as a database.
    static func requireRegularFile(_ path: String) throws {
        if let problem = InputFile.problem(at: path) {
            throw StoreError(path: path, message: problem)
        }
    }
}
