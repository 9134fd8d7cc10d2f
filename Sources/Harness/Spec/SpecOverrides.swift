import Yams

/// Another seed or number of people for one run without editing the spec (`refine run --seed
/// --participants`): the run stores the spec text it was made from, so the override is written into
/// that text (the value replaced where it stands, comments kept, a first line saying so), and the
/// run's SHA-256, reports and resumes all follow the effective spec.
public struct SpecOverrides: Sendable, Hashable {
    public var seed: UInt64?
    public var participants: Int?

    public init(seed: UInt64? = nil, participants: Int? = nil) {
        self.seed = seed
        self.participants = participants
    }

    public var isEmpty: Bool { seed == nil && participants == nil }

    /// `text` with the overrides written in; `text` itself when there are none.
    public func apply(to text: String, file: String) throws -> String {
        guard !isEmpty else { return text }
        guard let root = try? Yams.compose(yaml: text) else {
            throw SpecError(file: file, message: "cannot apply --seed/--participants: the spec is not valid YAML")
        }
        var edits: [(Mark, String, String)] = []
        if let seed {
            guard let node = root["seed"], node.scalar != nil, let mark = node.mark else {
                throw SpecError(file: file, field: "seed",
                                message: "--seed needs a `seed:` value in the spec to replace")
            }
            edits.append((mark, String(seed), "seed"))
        }
        if let participants {
            guard let node = root["population"]?["participants"], node.scalar != nil, let mark = node.mark else {
                throw SpecError(file: file, field: "population.participants",
                                message: "--participants needs a `population.participants` value in the spec "
                                    + "to replace")
            }
            edits.append((mark, String(participants), "population.participants"))
        }
        // YAML's line breaks ("\r\n" is one Character in Swift, never equal to "\n"); written back as "\n".
        var lines = DeclaredDesignText.lines(text).map(String.init)
        for (mark, value, field) in edits {
            guard mark.line >= 1, mark.line <= lines.count else {
                throw SpecError(file: file, field: field, message: "cannot find the value to replace")
            }
            var line = Array(lines[mark.line - 1])
            let start = mark.column - 1
            var end = start
            while end < line.count, !",}] \t#".contains(line[end]) { end += 1 }
            line.replaceSubrange(start..<end, with: Array(value))
            lines[mark.line - 1] = String(line)
        }
        let said = [seed.map { "--seed \($0)" }, participants.map { "--participants \($0)" }].compactMap { $0 }
        return "# \(file) run with \(said.joined(separator: " ")) (refine run); the file itself unchanged\n"
            + lines.joined(separator: "\n")
    }
}
