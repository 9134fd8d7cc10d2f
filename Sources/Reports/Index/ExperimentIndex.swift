import Foundation

/// One experiment's line in `Reports/index.html`: its answer (read from its
/// report's `answer.json`) and where it stands against its committed baseline.
public struct IndexEntry: Sendable, Codable, Hashable {
    /// Where the experiment stands against the regression gate.
    public enum GateState: String, Sendable, Codable {
        case pass, regression, noGate = "no gate", noBaseline = "no baseline", noRun = "no run", error

        /// The state with a coloured mark, so pass and fail read at a glance in HTML and Markdown alike.
        public var marked: String {
            switch self {
            case .pass: "✅ pass"
            case .regression: "❌ regression"
            case .error: "⚠️ error"
            case .noGate, .noBaseline, .noRun: "➖ \(rawValue)"
            }
        }
    }

    public var experiment: String
    public var title: String
    public var spec: String
    /// The report folder, relative to the index.
    public var report: String
    /// Nil when the experiment has no report yet.
    public var answer: Answer?
    public var gate: GateState
    /// What the gate found, in a few words (the regressions, or why it could not run).
    public var gateDetail: String

    public init(
        experiment: String, title: String, spec: String, report: String, answer: Answer?, gate: GateState,
        gateDetail: String
    ) {
        self.experiment = experiment
        self.title = title
        self.spec = spec
        self.report = report
        self.answer = answer
        self.gate = gate
        self.gateDetail = gateDetail
    }
}

/// `Reports/index.html` (and `index.md`, `index.json`): every experiment with its
/// answer and its status against the gate, linking to each report.
public enum ExperimentIndex {
    /// The answer a report folder holds, or nil if it has none (no report yet, or one written before answers were
    /// saved).
    public static func answer(inReport folder: URL) throws -> Answer? {
        let file = folder.appendingPathComponent("answer.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do { return try JSONDecoder().decode(Answer.self, from: Data(contentsOf: file)) } catch {
            throw ReportError(
                "\(file.path): not a report's answer (\(error.localizedDescription)); rewrite the report with `refine "
                    + "report`"
            )
        }
    }

    /// The index: `validation`, when given, opens it (how far the simulated people agree with published
    /// human results), then every experiment's answer and gate.
    public static func document(_ entries: [IndexEntry], validation: ValidationSummary? = nil) -> ReportDocument {
        var doc = ReportDocument(title: "Refine: every experiment, its answer and its gate")
        if let validation {
            doc.add(.paragraph(validation.sentence))
            doc.add(.link(text: "Open the validation report", href: "validation/index.html"))
        }
        doc.add(
            .paragraph(
                "Each experiment's answer comes from its latest report; the gate compares its latest run with the "
                    + "committed baseline (`refine check`)."
            ))
        doc.add(
            .table(
                header: ["experiment", "gate", "report"],
                rows: entries.map {
                    [
                        $0.title, $0.gate.marked + ($0.gateDetail.isEmpty ? "" : ": " + $0.gateDetail),
                        $0.answer == nil ? "no report yet" : "\($0.report)/index.html"
                    ]
                }, links: entries.map { [nil, nil, $0.answer == nil ? nil : "\($0.report)/index.html"] }))
        for e in entries {
            doc.add(.heading(level: 2, text: e.title))
            doc.add(
                .paragraph(
                    "Spec \(e.spec); gate: \(e.gate.rawValue)\(e.gateDetail.isEmpty ? "" : " (\(e.gateDetail))")."))
            guard let a = e.answer else {
                doc.add(.paragraph("No report yet: run `refine report \(e.spec)`."))
                continue
            }
            doc.add(.link(text: "Open the report", href: "\(e.report)/index.html"))
            doc.add(.paragraph("Answer (run \(a.run), headline metric \(a.metric.isEmpty ? "none" : a.metric)):"))
            // The one-screen answer; an answer.json from before the ranking has only its comparisons.
            if a.summary.isEmpty {
                doc.add(.bullets(a.verdicts))
            } else {
                doc.add(.paragraph(a.summary.joined(separator: " ")))
            }
            doc.add(.paragraph("Main caveat: \(a.caveat)"))
        }
        return doc
    }

    /// Writes `index.html`, `index.md` and `index.json` into `folder`, each atomically.
    public static func write(_ entries: [IndexEntry], validation: ValidationSummary? = nil, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let doc = document(entries, validation: validation)
        try doc.html.write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try doc.markdown.write(to: folder.appendingPathComponent("index.md"), atomically: true, encoding: .utf8)
        try JSONFiles.write(entries, to: folder.appendingPathComponent("index.json"))
    }
}
