import Foundation

/// A published study in the human-results corpus (`Data/human/<study>.yaml`):
/// what a scorecard needs to cite it and to compare with its findings.
public struct HumanStudy: Sendable {
    public var id: String
    /// "Parhi, Karlson & Bederson 2006" style: authors and year as the file gives them.
    public var citation: String
    public var doi: String?
    public var participants: Int?
    public var findings: [String: Finding]

    public struct Finding: Sendable {
        public var id: String
        public var kind: String
        public var measure: String
        public var unit: String?
        /// The published number; for a pair, both.
        public var values: [Double]
        /// The published standard deviation across people, when given.
        public var sd: Double?
        public var direction: String?
        public var location: String
    }

    public static func load(folder: String, id: String) throws -> HumanStudy {
        let path = "\(folder)/\(id).yaml"
        let node = try YAMLDocument.root(path: path, what: "study \(id) of the corpus",
                                         expected: "citation, design, findings")
        let citation = try node.required("citation")
        let authors = try citation.required("authors").list().map { try $0.string() }
        // The corpus writes `[Last, F.; Other, G.]`, which YAML reads as a list split at the commas.
        let surnames = authors.joined(separator: ", ").split(separator: ";").map {
            String($0.split(separator: ",").first ?? $0).trimmingCharacters(in: .whitespaces)
        }
        let names = surnames.count > 2 ? "\(surnames[0]) et al." : surnames.joined(separator: " & ")
        let year = try citation.optional("year")?.string() ?? "unknown"
        let doi = try citation.optional("doi")?.string()
        let participants = try node.required("design").optional("participants")
            .flatMap { try? $0.int(in: 1...10_000_000) }
        var findings: [String: Finding] = [:]
        for item in try node.required("findings").list() {
            let id = try item.required("id").string()
            let values = try item.optional("value").map { v in try v.list().map { try $0.double() } } ?? []
            findings[id] = Finding(id: id, kind: try item.required("kind").string(),
                                   measure: try item.required("measure").string(),
                                   unit: try item.optional("unit")?.string(), values: values,
                                   sd: try item.optional("dispersion")?.optional("sd")?.double(),
                                   direction: try item.optional("direction")?.string(),
                                   location: try item.optional("location")?.string() ?? "unknown")
        }
        // A study whose authors the corpus could not read is named by its id.
        let cited = authors.contains("unknown") || authors.isEmpty ? id
            : "\(names) \(year == "unknown" ? "n.d." : year)"
        return HumanStudy(id: id, citation: cited, doi: doi == "unknown" ? nil : doi,
                          participants: participants, findings: findings)
    }
}
