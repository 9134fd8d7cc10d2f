import Foundation
import Harness

/// The mark Refine leaves in every output folder it writes: `.refine-output.sha256`, one
/// line per file, `HASH  PATH` as `sha256sum` writes them (so `sha256sum -c` checks them).
/// A folder is Refine's to replace only when everything in it is listed here, unchanged:
/// a file the user added or edited is never deleted by running a command again.
public enum OutputManifest {
    public static let fileName = ".refine-output.sha256"

    /// Lists every file under `folder` (but the manifest) with its SHA-256.
    static func write(in folder: URL) throws {
        let lines = try files(under: folder).map { path in
            guard let hash = try digest(folder.appendingPathComponent(path)) else {
                throw ReportError("\(folder.path)/\(path): Refine wrote something that is not a regular file")
            }
            return "\(hash)  \(path)"
        }
        let text = lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
        try Data(text.utf8).write(to: folder.appendingPathComponent(fileName))
    }

    /// Why `folder` (which exists and is a folder) is not Refine's to replace, or nil when it is:
    /// it is empty, or it holds a manifest and every file in it is listed there with the same
    /// contents (folders with no files in them are Refine's to remove then: nothing is lost).
    static func foreignContent(of folder: URL, named: String) throws -> String? {
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        if entries.isEmpty { return nil }
        let found = try files(under: folder)
        let manifest = folder.appendingPathComponent(fileName)
        // Without the mark, even an empty subfolder (a new `.git`) is the user's.
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            let foreign = sample(found.isEmpty ? entries : found)
            return "\(named): the folder holds files Refine did not write (\(foreign)); "
                + "name a new or empty folder, or move them away"
        }
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n") where line.count > 66 {
            listed[String(line.dropFirst(66))] = String(line.prefix(64))
        }
        var checked: [String: Bool] = [:]
        for path in found {
            let hash = listed[path]
            if let hash, try digest(folder.appendingPathComponent(path)) == hash { continue }
            // A subfolder Refine wrote carries its own mark: a file it vouches for is Refine's even when the
            // outer mark is older (a report restored from version control beside replays written since).
            if try vouchedForBySubfolder(path, in: folder, checked: &checked) { continue }
            guard hash != nil else {
                return "\(named): '\(path)' was not written by Refine (it is not in \(fileName)); "
                    + "move it away or name another folder"
            }
            return "\(named): '\(path)' was changed after Refine wrote it; move it away or name another folder"
        }
        return nil
    }

    /// Whether the nearest subfolder of `folder` above `path` that holds a mark is wholly as its mark says
    /// (then everything in it, the mark too, is Refine's). `checked` keeps each subfolder's answer.
    static func vouchedForBySubfolder(_ path: String, in folder: URL, checked: inout [String: Bool]) throws -> Bool {
        var parts = path.split(separator: "/").dropLast().map(String.init)
        while !parts.isEmpty {
            let relative = parts.joined(separator: "/")
            if let known = checked[relative] { return known }
            let sub = folder.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: sub.appendingPathComponent(fileName).path) {
                let ours = try foreignContent(of: sub, named: relative) == nil
                checked[relative] = ours
                return ours
            }
            parts.removeLast()
        }
        return false
    }

    /// Files (not folders) under `folder`, hidden ones too, as sorted relative paths; the manifest left out.
    static func files(under folder: URL) throws -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        func walk(_ relative: String) throws {
            let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            for name in try fm.contentsOfDirectory(atPath: url.path) {
                let path = relative.isEmpty ? name : relative + "/" + name
                // attributesOfItem does not follow links: a link to a folder is a file here.
                let type = try fm.attributesOfItem(atPath: url.appendingPathComponent(name).path)[.type]
                if type as? FileAttributeType == .typeDirectory {
                    try walk(path)
                } else if path != fileName {
                    found.append(path)
                }
            }
        }
        try walk("")
        return found.sorted()
    }

    private static func sample(_ paths: [String]) -> String {
        let shown = paths.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return paths.count > 3 ? "\(shown) and \(paths.count - 3) more" : shown
    }

    /// A regular file's SHA-256 in hex, read in 1 MiB pieces; nil for anything else (links, FIFOs,
    /// sockets), which Refine never writes and so never counts as its own.
    static func digest(_ url: URL) throws -> String? {
        let type = try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
        guard type == .typeRegular, let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        return try SHA256.hex(reading: handle)
    }
}
