import Foundation
import Yams

/// A YAML file read for its root mapping, with errors that name the file, line and
/// column as spec errors do (replications, the human corpus, fit settings).
enum YAMLDocument {
    /// The root node of the file at `path`; `what` names the file in messages, `expected` its top-level fields.
    static func root(path: String, what: String, expected: String) throws -> SpecNode {
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: path, message: "cannot read the \(what) (expected a UTF-8 YAML file)")
        }
        return try root(text: text, file: path, expected: expected)
    }

    static func root(text: String, file: String, expected: String) throws -> SpecNode {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw SpecLoader.yamlError(error, file: file)
        }
        guard let root else { throw SpecError(file: file, message: "empty; expected \(expected)") }
        let node = SpecNode(node: root, path: "", file: file)
        guard node.isMapping else { throw node.error("expected a mapping with \(expected)") }
        return node
    }
}
