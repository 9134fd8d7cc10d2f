import Foundation

/// Writes a folder of output (a report, a validation, a power analysis) under a
/// temporary name beside it and swaps it in at the end, so a failure never
/// leaves a half-written folder and the previous one stays in place until then.
/// The staging name (`.NAME.partial-PID`) is the one `Leftovers` cleans after a crash.
public enum StagedFolder {
    /// Calls `build` with an empty staging folder, then replaces `output` with it.
    @discardableResult
    public static func write(to output: URL, _ build: (URL) throws -> Void) throws -> URL {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw ReportError("\(output.path): cannot create the folder '\(parent.path)': \(error.localizedDescription)")
        }
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).partial-\(getpid())")
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        do { try build(staging) } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        let old = parent.appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
        if fm.fileExists(atPath: output.path) { try fm.moveItem(at: output, to: old) }
        try fm.moveItem(at: staging, to: output)
        try? fm.removeItem(at: old)
        return output
    }
}
