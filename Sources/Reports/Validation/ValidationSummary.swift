import Foundation

/// How far the simulated people agree with published human results, in two sentences: what
/// `refine validate --replications` writes beside its report (`summary.json`) and the reports' index
/// shows above every answer, so that a reader meets the evidence for the people before their verdicts.
public struct ValidationSummary: Codable, Sendable, Hashable {
    /// With the catalogue's parameters: "23 findings from 15 studies: direction agrees in …".
    public var replications: String
    /// The fit's headline (out of sample first), when the validation ran one.
    public var fit: String?
    /// The law checks (Fitts, Hick–Hyman, steering, …): how many pass, of how many.
    public var lawChecksPassing: Int
    public var lawChecks: Int

    public static let file = "summary.json"

    /// The summary a validation report folder holds, or nil when it has none (no replications run there yet).
    public static func read(inReport folder: URL) throws -> ValidationSummary? {
        try JSONFiles.readIfPresent(
            Self.self, at: folder.appendingPathComponent(file).path, what: "the validation's summary",
            remedy: "write it again with `refine validate --replications`")
    }

    /// The paragraph the index opens with.
    var sentence: String {
        "How far the simulated people behind every answer below agree with published human results: "
            + "\(replications); \(lawChecksPassing) of \(lawChecks) law checks pass."
            + (fit.map { " A fit of some of their parameters to the studies (reported, not adopted): " + $0 } ?? "")
    }
}
