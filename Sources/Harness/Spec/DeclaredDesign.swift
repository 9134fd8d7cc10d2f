import Designs
import Foundation
import ImageEngine
import Interaction
import Yams

/// A design described in a YAML file (`Designs/<name>.yaml`) instead of Swift: a designer's own variant of a
/// screen. A spec names the file as a strategy's `design:`; the question the file says it answers reads its
/// fields (`DeclaringQuestion`) and builds the same kind of design its Swift strategies are, so the same
/// simulated people drive it, the audit checks it and the gate guards it.
///
/// The file's text travels with the spec: `SpecLoader.load` embeds it (`declared_designs:`), so a run, its
/// reports, replays and resumes use the design as it was when the run started, whatever happens to the file.
public struct DeclaredDesign: Sendable, Hashable {
    /// The path a spec names, e.g. `Designs/big-sliders.yaml`.
    public var path: String
    /// Where errors point: the path, or the path as embedded in a run's stored spec.
    public var file: String
    /// The file's text.
    public var text: String
    /// The design question it answers, e.g. `exposure`.
    public var question: String
    /// One sentence on what a person sees and does (reports and `refine list` show it).
    public var summary: String
    /// The Swift strategy it was copied from (`refine new design --like`), if any: a note, nothing reads it.
    public var like: String?

    /// The fields every design file has; its question reads the rest.
    public static let commonFields = ["question", "summary", "like"]

    /// A path a spec may name as a design: a `.yaml` file name of plain characters, relative to the spec's
    /// folder as photos are (it is also a key of the stored spec's `declared_designs:`).
    public static func isDesignPath(_ s: String) -> Bool {
        s.hasSuffix(".yaml") && s.range(of: #"\A[A-Za-z0-9._/-]+\z"#, options: .regularExpression) != nil
    }

    /// Reads the common fields of the design file `path` whose text is `text`; `file` is used in messages.
    public init(path: String, text: String, file: String) throws {
        self.path = path
        self.file = file
        self.text = text
        let root = try Self.root(text, file: file)
        question = try root.required("question").string()
        summary = try root.optional("summary")?.string() ?? "declared in \(path)"
        like = try root.optional("like")?.string()
    }

    /// The `summary:` line of a design file copied from `name` of `question`: its summary, quoted for YAML.
    public static func summaryLine(of name: String, in question: DesignQuestion) -> String {
        let summary = question.strategies.first { $0.name == name }?.summary ?? ""
        return "summary: \"" + summary.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The file's top mapping, for the question to read its own fields from.
    public func root() throws -> SpecNode { try Self.root(text, file: file) }

    static func root(_ text: String, file: String) throws -> SpecNode {
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw SpecLoader.yamlError(error, file: file)
        }
        guard let node else {
            throw SpecError(file: file, message: "the design file is empty; expected a mapping with question, …")
        }
        let root = SpecNode(node: node, path: "", file: file)
        guard root.isMapping else { throw root.error("expected a mapping with question, summary, …") }
        return root
    }
}

extension TrialQuestion {
    /// The parameters strategy `name` reads with `parameters`, as it reads them (`ParameterReads`), when it is
    /// built on a reference device: what `refine list designs --parameters` and copied design files show.
    public func parameterReads(of name: String, parameters: StrategyParameters) throws -> [ParameterReads.Read] {
        let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
        return try ParameterReads.record {
            try check(StrategySpec(label: name, design: name, parameters: parameters.values), on: device)
        }
    }
}

/// A question whose designs a designer may also declare in YAML (`DeclaredDesign`).
public protocol DeclaringQuestion: TrialQuestion {
    /// The fields of a design file this question reads besides `DeclaredDesign.commonFields`.
    var declaredFields: [String] { get }
    /// The text of a design file that declares Swift strategy `name` with `parameters` exactly (a run of the
    /// file gives the strategy's trials bit for bit); nil where the format cannot express that design.
    func declaration(like name: String, parameters: StrategyParameters) throws -> String?
}

/// Declared designs in a spec's text: where it names them and how the run keeps them.
enum DeclaredDesignText {
    static let key = "declared_designs"

    /// `text` (whose parse is `spec`) with the design files its strategies read kept under `declared_designs:`,
    /// so the run's stored spec is whole. Appended as a block when the text is a plain block mapping; otherwise
    /// (flow style, an indented mapping, a document end marker) the whole spec is written out again by the YAML
    /// serializer, comments lost. A spec that carries `declared_designs:` itself must carry every file it names.
    static func embedding(_ spec: ExperimentSpec, in text: String, file: String) throws -> String {
        var designs: [(path: String, text: String)] = []
        for d in spec.strategies.compactMap(\.declared) where !designs.contains(where: { $0.path == d.path }) {
            designs.append((d.path, d.text))
        }
        guard !designs.isEmpty else { return text }
        let root = try? Yams.compose(yaml: text)
        if let kept = root?[key] {
            for d in designs where kept[d.path] == nil {
                throw SpecError(
                    file: file, field: key,
                    message: "names no text for '\(d.path)'; remove the whole `\(key):` section (refine writes it "
                        + "when it stores a run)")
            }
            return text
        }
        // The block is right when the text reads back with the spec's own fields and each file's lines.
        let appended = appending(designs, to: text)
        if case .mapping(let original)? = root, case .mapping(let back)? = try? Yams.compose(yaml: appended),
            back.count == original.count + 1, original.allSatisfy({ back[$0.key] == $0.value }),
            designs.allSatisfy({ d in back[.scalar(.init(key))]?[d.path]?.string.map(content) == content(d.text) })
        {
            return appended
        }
        guard case .mapping(var mapping)? = root else { return appended }
        let files = designs.map { (Node.scalar(.init($0.path)), Node.scalar(.init($0.text))) }
        mapping[.scalar(.init(key))] = .mapping(.init(files))
        let rewritten = try Yams.serialize(node: .mapping(mapping))
        return "# \(file) as refine read it, written out again with the design files it names\n" + rewritten
    }

    /// `text` with `designs` (path, file text) appended under `declared_designs:`.
    static func appending(_ designs: [(path: String, text: String)], to text: String) -> String {
        var out = text.hasSuffix("\n") ? text : text + "\n"
        out += "# The design files this spec names, as they were read (refine): a run keeps them with its spec.\n"
        out += "\(key):\n"
        for (path, design) in designs {
            out += "  \(path): |2\n"
            out += lines(design).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            if !(design.last.map(isBreak) ?? false) { out += "\n" }
        }
        return out
    }

    /// YAML's line breaks ("\n", "\r\n", "\r"; in Swift "\r\n" is one Character, never equal to "\n").
    static func isBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }

    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isBreak)
    }

    /// A file's lines without the empty ones at its end: what a block scalar keeps of it.
    static func content(_ text: String) -> [Substring] {
        var l = lines(text)
        while l.last?.isEmpty == true { l.removeLast() }
        return l
    }

    /// The text of design file `path`, which `node` of a spec names (relative to the spec's folder, as photos).
    static func read(_ path: String, from node: SpecNode) throws -> String {
        let resolved = node.resolve(path)
        let data: Data
        do { data = try InputFile.read(resolved) } catch {
            throw node.error(
                "cannot read the design file '\(path)' (\(resolved); paths are relative to the spec's folder): it "
                    + error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: path, message: "the design file is not UTF-8 text")
        }
        return text
    }

    /// How messages name design file `path` of spec `specFile`: beside the spec, as the user sees it.
    static func shown(_ path: String, besides specFile: String) -> String {
        let folder = (specFile as NSString).deletingLastPathComponent
        return path.hasPrefix("/") || folder.isEmpty ? path : "\(folder)/\(path)"
    }
}

/// A question whose designs are a recognizer and its parameters (a pause detector, a pan's hysteresis, a
/// double-tap window, a scroll view's physics): a design file names the recognizer (`recognizer.kind`, one of
/// the question's Swift designs) and sets its parameters beside it, so a designer's variant is a file with a
/// name and a summary that every spec can share. The strategy it gives is that design with those parameters.
public protocol RecognizerDeclaring: DeclaringQuestion {}

extension RecognizerDeclaring {
    public var declaredFields: [String] { ["recognizer"] }

    /// The Swift design and parameters `declared` sets, with the file's node for each parameter (for messages).
    public func recognizer(_ declared: DeclaredDesign) throws -> (
        design: String, parameters: [String: ParameterValue], nodes: [String: SpecNode]
    ) {
        let node = try declared.root().required("recognizer")
        let kindNode = try node.required("kind"), kind = try kindNode.string()
        let known = design.strategies.map(\.name)
        guard known.contains(kind) else {
            throw kindNode.error(
                "unknown \(name) recognizer '\(kind)'\(suggestion(kind, known)); expected one of "
                    + known.joined(separator: ", "))
        }
        var parameters: [String: ParameterValue] = [:], nodes: [String: SpecNode] = [:]
        for (key, value) in try node.entries() where key != "kind" {
            parameters[key] = try value.parameterValue()
            nodes[key] = value
        }
        return (kind, parameters, nodes)
    }

    public func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        let reads = try parameterReads(of: name, parameters: parameters)
        let described = design.strategies.first { $0.name == name }
        var lines = [
            "# A \(self.name) design declared in YAML: a recognizer and its parameters. Copied from \(name); edit",
            "# it, then name the file as a strategy's design in a spec. Docs/YourDesign.md explains the format.",
            "question: \(self.name)", "like: \(name)", DeclaredDesign.summaryLine(of: name, in: design),
            "recognizer:", "  kind: \(name)"
        ]
        for r in reads {
            let value = parameters.values[r.name]?.description ?? r.defaultValue
            let meaning = described?.parameters[r.name].map { ": \($0)" } ?? ""
            let note = "# allowed \(r.allowed)\(meaning)"
            lines.append(Double(value) != nil ? "  \(r.name): \(value)   \(note)" : "  # \(r.name): \(value)   \(note)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
