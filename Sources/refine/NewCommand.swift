import ArgumentParser
import Designs
import Foundation
import Harness
import Questions

/// `refine new design NAME --like STRATEGY`: a design file to edit, copied from a Swift design.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a design file (FOLDER/NAME.yaml) to edit: a declared copy of an existing design.",
        discussion: """
            The file declares the design in YAML exactly (its trials equal the Swift design's bit for bit); edit \
            it and name it as a strategy's design in a spec (design: its path from the spec's folder). \
            Docs/YourDesign.md is \
            the walkthrough. `refine list designs` marks the designs a file can declare [declarable]. An \
            existing file is never replaced.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable { case design }

    @Argument(help: "What to write: design.")
    var kind: Kind

    @Argument(help: "The new design's name: lowercase letters, digits, '-' and '_' (the file is NAME.yaml).")
    var name: String

    @Option(help: "The design to copy, as `refine list designs` names it, e.g. six-sliders.")
    var like: String

    @Option(name: .customLong("parameter"), help: "A parameter of the copied design, NAME=VALUE (repeatable).")
    var parameters: [String] = []

    @Option(help: "Folder to write the design file in.")
    var folder: String = "Designs"

    func validate() throws {
        guard name.count <= 100, name.range(of: #"\A[a-z0-9][a-z0-9_-]*\z"#, options: .regularExpression) != nil else {
            throw ValidationError("NAME '\(name)': use up to 100 lowercase letters, digits, '-' and '_', starting with "
                + "a letter or digit")
        }
    }

    func run() throws {
        try reportingErrors {
            let text = try Self.declaration(like: like, parameters: parameters)
            let path = (folder as NSString).appendingPathComponent("\(name).yaml")
            try Self.create(path, with: text)
            print(path)
        }
    }

    /// Writes `text` to a new file at `path`: refused when anything is there (nothing a user owns is replaced),
    /// and removed again if the write fails (never a half-written file). The folder is made if missing.
    static func create(_ path: String, with text: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw InputError("--folder \(folder): cannot create it (\(error.localizedDescription))")
            }
        } else if !folder.isEmpty, !isFolder.boolValue {
            throw InputError("--folder \(folder): exists and is not a folder")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if errno == EEXIST {
                throw InputError("\(path) exists; refine never replaces a file you own: choose another NAME or "
                    + "remove it yourself")
            }
            throw InputError("\(path): cannot create it (\(reason))")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == bytes.count, closed == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw InputError("\(path): cannot write it (\(reason)); nothing was left behind")
        }
    }

    /// The design file declaring strategy `like` with `parameters` (`NAME=VALUE`).
    static func declaration(like: String, parameters: [String]) throws -> String {
        let owners = QuestionCatalog.standard.questions.filter { q in q.design.strategies.contains { $0.name == like } }
        guard let question = owners.first else {
            let all = QuestionCatalog.standard.questions.flatMap { $0.design.strategies.map(\.name) }
            throw InputError("--like: no design '\(like)'\(suggestion(like, all)); `refine list designs` lists them")
        }
        var values: [String: ParameterValue] = [:]
        for p in parameters {
            let parts = p.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw InputError("--parameter '\(p)': expected NAME=VALUE") }
            values[parts[0]] = Double(parts[1]).map(ParameterValue.number) ?? .text(parts[1])
        }
        let text: String?
        do {
            text = try DeclaredDesigns.questions.first { $0.name == question.name }?
                .declaration(like: like, parameters: StrategyParameters(values))
        } catch let e as StrategyParameterError {
            throw InputError("--parameter: \(e)")
        }
        guard let text else {
            throw InputError(
                "--like \(like): the \(question.name) question's design files cannot express this design yet; "
                    + "these can: \(DeclaredDesigns.declarable.joined(separator: ", "))")
        }
        return text
    }
}

/// The designs a design file can declare, for `refine new design` and `refine list designs`.
enum DeclaredDesigns {
    static var questions: [any DeclaringQuestion] {
        QuestionCatalog.standard.questions.compactMap { $0 as? any DeclaringQuestion }
    }

    /// Strategy names whose design (at its default parameters) a design file declares.
    static var declarable: [String] {
        questions.flatMap { q in
            q.design.strategies.map(\.name).filter {
                ((try? q.declaration(like: $0, parameters: StrategyParameters())) ?? nil) != nil
            }
        }
    }
}
