import Foundation

/// A single file a command writes for a machine to read (a JUnit file, a CI summary). Like a
/// report's folder (`StagedFolder`), it replaces only what it wrote before: a file at the path must
/// be empty or carry the same `marker` line, else the command stops with exit 2 and the file untouched.
/// Written to a temporary file beside it and renamed, so a reader never sees half of it.
public enum OwnedFile {
    public static func write(_ text: String, to path: String, marker: String) throws {
        precondition(text.hasPrefix(marker) || text.contains("\n\(marker)\n"), "the text carries its own marker")
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if let kind = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType {
            guard kind == .typeRegular else {
                throw OutputFolderError("\(path): exists and is not a regular file; "
                                        + "Refine writes only a file of its own there")
            }
            let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 512)).flatMap { $0 }.map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
            // Empty: made for a tool to fill (GitHub's $GITHUB_STEP_SUMMARY is such a file).
            guard head.isEmpty || head.contains(marker) else {
                throw OutputFolderError("\(path): exists and was not written by Refine (no '\(marker)' line); "
                                        + "Refine does not replace it: name another file, or move it away")
            }
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputFolderError("\(path): the folder \(folder.path) does not exist")
        }
        let staging = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try Data(text.utf8).write(to: staging)
        guard rename(staging.path, path) == 0 else {
            try? FileManager.default.removeItem(at: staging)
            throw OutputFolderError("\(path): could not be written (\(String(cString: strerror(errno))))")
        }
    }
}
