import Foundation
import Interaction
import UserModels

/// Reads `Experiments/replications/<study>.yaml`; every error names the file, line,
/// column and field, as spec errors do.
public enum ReplicationLoader {
    static let keys = ["study", "about", "participants", "task", "findings"]
    static let statistics = ["value", "ratio", "increase", "trend", "contrast", "plateau", "fit"]

    /// Every replication in `folder` (files ending .yaml, sorted by name); `more`: task kinds beyond Harness's.
    public static func loadAll(folder: String, more: ReplicationTaskKinds = [:]) throws -> [Replication] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw SpecError(file: folder,
                            message: "cannot read this folder; expected one replication YAML file per study")
        }
        return try names.filter { $0.hasSuffix(".yaml") }.sorted().map { try load(path: "\(folder)/\($0)", more: more) }
    }

    public static func load(path: String, more: ReplicationTaskKinds = [:]) throws -> Replication {
        try parse(YAMLDocument.root(path: path, what: "replication", expected: "study, task and findings"), more: more)
    }

    public static func parse(_ text: String, file: String, more: ReplicationTaskKinds = [:]) throws -> Replication {
        try parse(YAMLDocument.root(text: text, file: file, expected: "study, task and findings"), more: more)
    }

    static func parse(_ node: SpecNode, more: ReplicationTaskKinds) throws -> Replication {
        let file = node.file
        try node.rejectUnknownKeys(keys)
        let study = try node.required("study").string()
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        guard stem == study else {
            throw try node.required("study").error("'\(study)' must match the file's name '\(stem)'")
        }
        let task = try ReplicationTasks.parse(try node.required("task"), more: more)
        let findings = try node.required("findings").list().map(parseFinding)
        guard !findings.isEmpty else { throw node.error("expected at least one finding") }
        return Replication(study: study, file: file, about: try node.optional("about")?.string() ?? "",
                           participants: try node.required("participants").int(in: 2...500),
                           task: task, findings: findings)
    }

    static func parseFinding(_ node: SpecNode) throws -> FindingTest {
        try node.rejectUnknownKeys(["finding", "published", "bound", "known", "why", "in_sample"] + statistics)
        let present = try statistics.filter { try node.optional($0) != nil }
        guard present.count == 1 else {
            throw node.error("expected exactly one statistic: one of \(statistics.joined(separator: ", "))")
        }
        let known = try node.optional("known")?.string()
        if let known, known != "disagrees" {
            throw try node.required("known").error("expected 'disagrees' (a finding the people do not reproduce yet)")
        }
        let why = try node.optional("why")?.string()
        if known != nil && why == nil { throw node.error("a known disagreement needs a 'why'") }
        return FindingTest(finding: try node.required("finding").string(),
                           statistic: try parseStatistic(present[0], try node.required(present[0])),
                           bound: try node.optional("bound")?.named("bound", as: FindingTest.Bound.self),
                           published: try node.optional("published")?.double(),
                           knownDisagreement: known.map { _ in why! },
                           inSample: try node.optional("in_sample")?.string())
    }

    static func parseStatistic(_ kind: String, _ node: SpecNode) throws -> Statistic {
        let allowed: [String: [String]] = [
            "value": ["measure", "at"], "ratio": ["measure", "at", "over"], "increase": ["measure", "at", "over"],
            "trend": ["measure", "at", "over", "expect"], "contrast": ["measure", "at", "against", "expect"],
            "plateau": ["measure", "at", "over"], "fit": ["measure", "at", "over", "goodness"],
        ]
        try node.rejectUnknownKeys(allowed[kind]!)
        let measure = try node.required("measure").string()
        let cell = Observations.Cell(measure, try condition(node.optional("at")))
        switch kind {
        case "value": return .value(cell)
        case "ratio", "increase":
            let over = Observations.Cell(measure, try condition(node.required("over")))
            return .ratio(cell, over: over, minusOne: kind == "increase")
        case "trend":
            return .trend(cell, over: try node.required("over").string(),
                          expect: try node.required("expect").named("trend"))
        case "contrast":
            return .contrast(cell, against: Observations.Cell(measure, try condition(node.required("against"))),
                             expect: try node.required("expect").named("order"))
        case "plateau": return .plateau(cell, over: try node.required("over").string())
        default:
            return .fit(cell, over: try node.required("over").string(),
                        goodness: try node.optional("goodness")?.named("goodness") ?? .r2)
        }
    }

    /// `{size_mm: 3.8, layout: random}`: numbers written as `Observations.level` writes them.
    static func condition(_ node: SpecNode?) throws -> [String: String] {
        guard let node else { return [:] }
        var levels: [String: String] = [:]
        for (factor, value) in try node.entries() {
            let text = try value.string()
            levels[factor] = Double(text).map(Observations.level) ?? text
        }
        return levels
    }
}
