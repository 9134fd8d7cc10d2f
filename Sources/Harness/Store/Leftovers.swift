import Foundation

/// Temporary files and folders that a killed `refine` leaves behind: a merge's
/// `X.sqlite.partial-PID` (with its `-wal`/`-shm`/`-journal`), a report's
/// `.NAME.partial-PID` staging folder and `.NAME.old-PID` previous report, an
/// atomic write's `.NAME.tmp-PID-…`. The next command writing the same output
/// cleans those whose process is gone and says what it did.
public enum Leftovers {
    /// One leftover dealt with.
    public struct Cleaned: Sendable, CustomStringConvertible {
        public var path: String
        public var pid: Int
        /// The previous report, put back because the killed process had moved it aside.
        public var restoredTo: String?
        public var description: String {
            if let restoredTo { return "restored \(restoredTo) from \(path), left by a killed refine (pid \(pid))" }
            return "removed \(path), left by a killed refine (pid \(pid))"
        }
    }

    /// Cleans the leftovers of `output` (a file or folder path) in its folder. `hidden`
    /// is true for outputs whose temporaries start with a dot (reports, atomic files).
    public static func clean(for output: String, hidden: Bool) -> [Cleaned] {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent()
        let stem = (hidden ? "." : "") + url.lastPathComponent
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return [] }
        var cleaned: [Cleaned] = []
        // Old reports first: one must be put back before its staging folder is removed.
        for name in names.sorted(by: {
            kind(of: $0, stem: stem)?.kind == "old" && kind(of: $1, stem: stem)?.kind != "old"
        }) {
            guard let (kind, pid) = kind(of: name, stem: stem), !processIsAlive(pid) else { continue }
            let path = folder.appendingPathComponent(name).path
            if kind == "old" && !fm.fileExists(atPath: url.path) {
                guard (try? fm.moveItem(atPath: path, toPath: url.path)) != nil else { continue }
                cleaned.append(Cleaned(path: path, pid: pid, restoredTo: url.path))
            } else {
                guard (try? fm.removeItem(atPath: path)) != nil else { continue }
                cleaned.append(Cleaned(path: path, pid: pid))
            }
        }
        return cleaned
    }

    /// `partial`, `old` or `tmp` and the pid, when `name` is a leftover of `stem`.
    static func kind(of name: String, stem: String) -> (kind: String, pid: Int)? {
        guard name.hasPrefix(stem + ".") else { return nil }
        let rest = name.dropFirst(stem.count + 1)
        for kind in ["partial", "old", "tmp"] where rest.hasPrefix(kind + "-") {
            let digits = rest.dropFirst(kind.count + 1).prefix { $0.isASCII && $0.isNumber }
            guard let pid = Int(digits), pid > 0 else { return nil }
            let suffix = rest.dropFirst(kind.count + 1 + digits.count)
            guard
                suffix.isEmpty || ["-wal", "-shm", "-journal"].contains(suffix)
                    || (kind == "tmp" && suffix.hasPrefix("-"))
            else { return nil }
            return (kind, pid)
        }
        return nil
    }

    static func processIsAlive(_ pid: Int) -> Bool {
        pid > 0 && (kill(pid_t(pid), 0) == 0 || errno == EPERM)
    }
}
