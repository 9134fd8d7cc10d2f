import Foundation

/// Writes a folder of output (a report, an export, a replay, a validation, a power analysis,
/// an audit) under a temporary name beside it and swaps it in at the end, so a failure never
/// leaves a half-written folder and the previous one stays in place until then.
/// The staging name (`.NAME.partial-PID`) is the one `Leftovers` cleans after a crash.
///
/// Output folders are Refine's own: the target must be absent, an empty folder, or a folder
/// Refine wrote and nobody changed since (`OutputManifest`). Anything else — a file, a
/// user's folder, the current folder, a folder holding one of the command's inputs — is
/// refused before anything is written, and nothing is touched.
public enum StagedFolder {
    /// Calls `build` with an empty staging folder, then replaces `output` with it.
    /// `inputs` are the files the command reads (database, spec): the output may not hold them.
    @discardableResult
    public static func write(to output: URL, inputs: [String] = [], _ build: (URL) throws -> Void) throws -> URL {
        let fm = FileManager.default
        try claim(output, inputs: inputs)
        let named = output
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw OutputFolderError("\(output.path): cannot create the folder '\(parent.path)': "
                                    + error.localizedDescription)
        }
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).partial-\(getpid())")
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        do {
            try build(staging)
            try OutputManifest.write(in: staging)
            // The build may have taken minutes: look again before moving anything aside.
            try claim(named, inputs: inputs)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        let old = parent.appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
        if fm.fileExists(atPath: output.path) { try fm.moveItem(at: output, to: old) }
        try fm.moveItem(at: staging, to: output)
        try? fm.removeItem(at: old)
        return output
    }

    /// Throws `OutputFolderError` unless Refine may write `output`, replacing what is there.
    public static func claim(_ output: URL, inputs: [String] = []) throws {
        let fm = FileManager.default
        let named = output.relativePath
        let target = realPath(output.path)
        if target == "/" { throw OutputFolderError("\(named): is the root folder; name a new folder for the output") }
        if contains(target, realPath(fm.currentDirectoryPath)) {
            throw OutputFolderError("\(named): is the current folder or holds it; name a new folder for the output")
        }
        for input in inputs where contains(target, realPath(input)) {
            let what = target == realPath(input) ? "is" : "holds"
            throw OutputFolderError("\(named): \(what) the input '\(input)'; name another folder for the output")
        }
        guard let attributes = try? fm.attributesOfItem(atPath: output.path) else { return }  // absent: ours to make
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?:
            if let why = try OutputManifest.foreignContent(of: output, named: named) { throw OutputFolderError(why) }
        case .typeSymbolicLink?:
            throw OutputFolderError("\(named): is a symbolic link; name a folder for the output, not a link")
        default:
            throw OutputFolderError("\(named): is a file, and the output is a folder; name another path")
        }
    }

    /// `path` made absolute with its existing part's links resolved (the rest appended as given).
    static func realPath(_ path: String) -> String {
        var head = URL(fileURLWithPath: path).standardizedFileURL.path
        var tail: [String] = []
        while head != "/" {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
            }
            let url = URL(fileURLWithPath: head)
            tail.append(url.lastPathComponent)
            head = url.deletingLastPathComponent().path
        }
        return "/" + tail.reversed().joined(separator: "/")
    }

    /// Whether `inner` is `outer` or lies under it.
    static func contains(_ outer: String, _ inner: String) -> Bool {
        inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }
}

/// An output path Refine will not write to (a user's file or folder, an input): exit 2.
public struct OutputFolderError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
