import Foundation

/// Checks a path given as an input file (a photo, a spec, a recipe, a database)
/// before anything opens it: opening a FIFO would block forever, a device could
/// stream without end, and a directory or a symlink loop otherwise surfaces as a
/// Cocoa error number that tells a person nothing.
public enum InputFile {
    /// Nil when `path` names a regular file (after following symlinks); otherwise a
    /// short reason to put after the path, e.g. "is a directory, not a file".
    public static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: return lstat(path, &info) == 0 ? "is a symbolic link to nothing" : "does not exist"
            case ELOOP: return "is not a regular file (a symbolic link loop)"
            case ENOTDIR: return "does not exist (a folder on its path is a file)"
            case EACCES: return "cannot be read (permission denied on a folder on its path)"
            case ENAMETOOLONG: return "is too long a path"
            default: return "cannot be read (\(String(cString: strerror(errno))))"
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory, not a file"
        case S_IFIFO: return "is not a regular file (a FIFO)"
        case S_IFCHR, S_IFBLK: return "is not a regular file (a device)"
        case S_IFSOCK: return "is not a regular file (a socket)"
        default: return "is not a regular file"
        }
    }

    /// Reads a whole regular file, refusing anything else first; the error
    /// message is one sentence naming the file.
    public static func read(_ path: String) throws(InputFileError) -> Data {
        if let problem = problem(at: path) { throw InputFileError(path: path, reason: problem) }
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw InputFileError(path: path, reason: "cannot be read (\(describe(error)))")
        }
    }

    /// The operating system's words for a file error (e.g. "Permission denied"),
    /// without Cocoa's domain and code.
    public static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}

/// A path that cannot be read as an input file.
public struct InputFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    /// E.g. "is a directory, not a file".
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path) \(reason)" }
}
