import ArgumentParser
import Foundation
import Harness
import Reports

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two strategies in a run, or one strategy across runs or databases.",
        discussion: """
            Each side is STRATEGY, or DB:STRATEGY, or DB@RUN:STRATEGY (a run id in that database); a side without a \
            database uses --db, and without a run the latest completed run that has the strategy.

            For every metric: the difference B − A (medians, or rates for 0/1 metrics) and Cliff's delta, with \
            intervals from a seeded bootstrap over participants (paired when both sides come from runs of the same \
            seed with the same participants, e.g. two strategies of one run; unpaired otherwise), then a rank \
            test with participants as the unit (each person's mean is one value: Wilcoxon signed-rank of the \
            per-person differences when paired, Mann–Whitney otherwise) with Holm and Benjamini–Hochberg \
            corrections across the metrics. With --out, also writes ECDF plots and a Markdown/HTML table.
            """)

    @Argument(help: "Side A, e.g. nearest-corner or runs/pip.sqlite@3:nearest-corner.")
    var a: String

    @Argument(help: "Side B.")
    var b: String

    @Option(help: "Database for sides that name none.")
    var db: String?

    @Option(name: .customLong("metric"), help: "A metric to compare (repeat; default: every metric both sides have).")
    var metrics: [String] = []

    @Option(help: "Confidence level of the intervals.")
    var confidence: Double = 0.95

    @Option(help: "Folder for plots and a table (created).")
    var out: String?

    @Flag(help: "Print JSON.")
    var json = false

    struct Side {
        var label: String
        var trials: [TrialRow]
        var run: RunRecord
    }

    /// Side `text`; `loaded` holds the runs already read, so two strategies of one
    /// run (the usual comparison) share one trial store instead of reading it twice.
    func side(_ text: String, loaded: inout [String: ResultSet]) throws -> Side {
        var database = db, runID: Int64?, strategy = text
        if let colon = text.lastIndex(of: ":") {
            strategy = String(text[text.index(after: colon)...])
            var location = String(text[..<colon])
            if let at = location.lastIndex(of: "@") {
                guard let id = Int64(location[location.index(after: at)...]) else {
                    throw InputError("'\(text)': expected DB@RUN:STRATEGY with a numeric run id")
                }
                runID = id
                location = String(location[..<at])
            }
            database = location
        }
        guard let database else { throw InputError("'\(text)' names no database; pass --db or write DB:STRATEGY") }
        let store = try RunStore(readingFrom: database)
        let runs = try store.runs()
        guard let run = try runID.map({ id in
            guard let r = runs.first(where: { $0.id == id }) else { throw InputError("\(database): no run \(id)") }
            return r
        }) ?? runs.reversed().first(where: { r in
            r.effectiveStatus == "completed" && r.variant.isEmpty
                && (try? store.reader.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM trial WHERE run_id = ? AND strategy = ?)", arguments: [r.id, strategy]) } ?? false) == true
        }) else {
            throw InputError("\(database): no completed run has strategy '\(strategy)'")
        }
        let place = "\(URL(fileURLWithPath: database).standardizedFileURL.path)@\(run.id)"
        let results: ResultSet
        if let known = loaded[place] { results = known } else {
            do { results = try ResultSet.load(from: store, experiment: run.experiment, runID: run.id) } catch let e as ReportError { throw InputError(e.description) }
            loaded[place] = results
        }
        let trials = results.trials(strategy: strategy)
        guard !trials.isEmpty else {
            let known = Set(results.trials.map(\.strategy)).sorted()
            throw InputError("\(database) run \(run.id) has no strategy '\(strategy)'; it has \(known.joined(separator: ", "))")
        }
        return Side(label: text, trials: trials, run: run)
    }

    func run() throws {
        try reportingErrors {
            guard confidence > 0.5 && confidence < 1 else { throw InputError("--confidence: expected a level between 0.5 and 1, got \(confidence)") }
            var loaded: [String: ResultSet] = [:]
            let sa = try side(a, loaded: &loaded), sb = try side(b, loaded: &loaded)
            loaded = [:]  // the sides keep their rows (and the store); the runs' lists of every row can go
            let names = metrics.isEmpty ? sa.trials.recordedMetrics.intersection(sb.trials.recordedMetrics).sorted() : metrics
            let rows = Comparisons.compare(sa.trials, sb.trials, metrics: names, sameSeed: sa.run.seed == sb.run.seed,
                                           confidence: confidence, seed: 20_181_121)
            if let unknown = names.first(where: { m in !rows.contains { $0.metric == m } }) {
                throw InputError("metric '\(unknown)' is missing on one side")
            }
            if let out { try CompareFigures.write(rows: rows, a: (sa.label, sa.trials), b: (sb.label, sb.trials), to: out, confidence: confidence) }
            if json { try printJSON(rows); return }
            print("A = \(sa.label) (run \(sa.run.id), n = \(sa.trials.count))   B = \(sb.label) (run \(sb.run.id), n = \(sb.trials.count))   \(rows.first?.paired == true ? "paired by participant" : "unpaired")")
            for line in CompareFigures.table(rows, confidence: confidence) { print(line.joined(separator: "  ")) }
        }
    }
}
