import Foundation

/// The disk (or the user's quota) ran out while writing `path`. Every command
/// reports it the same way: one sentence and exit 3, a failure of the machine
/// rather than of the input.
public struct DiskFullError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public init(path: String) { self.path = path }
    public var description: String {
        "\(path): no space left on the device; free some space and run the command again"
    }

    /// Whether `error` (or the error under it) is ENOSPC or EDQUOT, or Cocoa's out-of-space error.
    public static func matches(_ error: any Error) -> Bool {
        if error is DiskFullError { return true }
        var current: NSError? = error as NSError
        while let ns = current {
            if ns.domain == NSPOSIXErrorDomain && (ns.code == Int(ENOSPC) || ns.code == Int(EDQUOT)) { return true }
            if ns.domain == NSCocoaErrorDomain && ns.code == NSFileWriteOutOfSpaceError { return true }
            current = ns.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return false
    }

    /// Whether the file system holding `directory` has (almost) no room left: how a
    /// failure of a helper program (gnuplot) is told apart from a bug.
    public static func isFull(_ directory: String) -> Bool {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }
}
