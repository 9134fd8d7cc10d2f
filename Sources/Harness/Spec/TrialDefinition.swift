import Yams

/// The part of a spec that decides its trials, apart from how they are presented. `refine report
/// SPEC` may present a run with a SPEC whose title, text, metrics or gate changed since the run,
/// but not with one whose trials would differ from the run's.
public enum TrialDefinition {
    /// Top-level keys that decide the run's trials, and its sweeps' (`sensitivity`, `tuning`: the report
    /// reads their runs too; `declared_designs`: the design files the strategies name, as read). What is left
    /// may change: `title`, `description`, `report`, `metrics`, `gate`.
    public static let keys = ["name", "question", "seed", "replications", "devices", "strategies", "population",
                              "tasks", "limits", "policy", "sensitivity", "tuning", DeclaredDesignText.key]

    /// The keys among `keys` whose content differs between two specs' texts (comments, key order
    /// within the file and quoting aside); empty when the two define the same trials.
    public static func differences(_ a: String, _ b: String) -> [String] {
        let (x, y) = (mapping(a), mapping(b))
        return keys.filter { x[$0] != y[$0] }
    }

    /// Each top-level key's value, written back out in one canonical form.
    static func mapping(_ text: String) -> [String: String] {
        guard let root = try? Yams.compose(yaml: text), case .mapping(let m) = root else { return [:] }
        var out: [String: String] = [:]
        for (key, value) in m {
            guard let name = key.string else { continue }
            out[name] = (try? Yams.serialize(node: canonical(value))) ?? ""
        }
        return out
    }

    /// Mappings with their keys sorted and scalars as plain text, so that `{a: 1, b: 2}` and a block
    /// mapping of the same, or `'5'` and `5`, compare equal.
    static func canonical(_ node: Node) -> Node {
        switch node {
        case .scalar(let s): return .scalar(.init(s.string))
        case .sequence(let s): return .sequence(.init(s.map(canonical)))
        case .mapping(let m):
            let pairs = m.map { (canonical($0.key), canonical($0.value)) }
                .sorted { ($0.0.string ?? "") < ($1.0.string ?? "") }
            return .mapping(.init(pairs))
        case .alias: return node
        }
    }
}

extension TrialDefinition {
    /// The people a spec's text asks for, read without loading the spec: `population.participants`
    /// and `expert_fraction` (default 0.5); nil when the text has no readable population.
    public static func people(_ text: String) -> (participants: Int, expertFraction: Double)? {
        guard let root = try? Yams.compose(yaml: text), let population = root["population"],
              let participants = population["participants"]?.int else { return nil }
        return (participants, population["expert_fraction"]?.float ?? 0.5)
    }
}
