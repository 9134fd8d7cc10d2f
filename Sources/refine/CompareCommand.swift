import ArgumentParser
import Foundation
import Harness
import Questions
import Reports
import Statistics

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two strategies in a run, or one strategy across runs or databases.",
        discussion: """
            Each side is STRATEGY, or DB:STRATEGY, or DB@RUN:STRATEGY (a run id in that database); a side without a \
            database uses --db, and without a run the latest completed run that has the strategy.

            When the sides come from two runs, it first says what differs between them besides the code: seed, \
            population, variant and the parts of the spec that decide the trials.

            For every metric (bookkeeping such as session_trial left out unless named): the difference B − A \
            and its verdict exactly as the report's Answer makes them (the one contrast of two strategies: rates \
            for 0/1 metrics, the restricted mean of the Kaplan–Meier curve up to the time limit for time to \
            effect, else means; the interval's level, resamples, directions and practical margins from side A's \
            stored spec), and Cliff's delta, with \
            intervals from a seeded bootstrap over participants (paired when both sides come from runs of the same \
            seed with the same participants, e.g. two strategies of one run; unpaired otherwise), then a rank \
            test with participants as the unit (each person's mean is one value: Wilcoxon signed-rank of the \
            per-person differences when paired, Mann–Whitney otherwise) with Holm and Benjamini–Hochberg \
            corrections across the metrics. With --out, also writes ECDF plots and a Markdown/HTML table.

            Each run is read in one pass, never loaded. Where someone gave more than \(ValueSketch.exactLimit) \
            values of a metric, \
            that side's values are held as per-participant log-bucket sketches (Docs/Scale.md): medians and \
            ECDFs are then within \(formatNumber(ValueBuckets.relativeWidth * 100, digits: 2))% of the values, \
            means and rank tests exact, and Cliff's delta is \
            followed by the share of pairs tied in a bucket, the most it can be off (cliffsDeltaTieShare in \
            --json).
            """)

    @Argument(help: "Side A, e.g. nearest-corner or runs/pip.sqlite@3:nearest-corner.")
    var a: String

    @Argument(help: "Side B.")
    var b: String

    @Option(help: "Database for sides that name none.")
    var db: String?

    @Option(name: .customLong("metric"), help: "A metric to compare (repeat; default: every metric both sides have).")
    var metrics: [String] = []

    @Option(help: "Confidence level of the intervals (default: side A's spec's, as its report uses).")
    var confidence: Double?

    @Option(help: "Folder for plots and a table (created).")
    var out: String?

    @Flag(help: "Print JSON.")
    var json = false

    /// Where a side's strategy lives: a run of a database.
    struct Place {
        var label: String
        var strategy: String
        var store: RunStore
        var run: RunRecord
        /// The run, named so that two sides of one run read it once.
        var key: String
    }

    /// Side `text`'s database, run and strategy.
    func place(_ text: String) throws -> Place {
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
        let run: RunRecord
        if let runID {
            guard let r = runs.first(where: { $0.id == runID }) else {
                throw InputError("\(database): no run \(runID)")
            }
            guard try store.hasTrials(runID: r.id, strategy: strategy) else {
                let known = try store.strategies(runID: r.id)
                throw InputError(
                    "\(database) run \(r.id) has no strategy '\(strategy)'; "
                        + (known.isEmpty ? "it has no trials" : "it has \(known.joined(separator: ", "))"))
            }
            run = r
        } else {
            guard let r = try store.latestCompletedRun(withStrategy: strategy) else {
                throw InputError("\(database): no completed run has strategy '\(strategy)'")
            }
            run = r
        }
        return Place(
            label: text, strategy: strategy, store: store, run: run,
            key: "\(URL(fileURLWithPath: database).standardizedFileURL.path)@\(run.id)")
    }

    /// What differs between the two sides' runs besides the code: seed, people, and the parts of the spec
    /// that decide trials (`TrialDefinition`), so a difference is not read as the code's when it is the setup's.
    /// `specA`: side A's stored spec, parsed once by the caller.
    func differences(_ pa: Place, _ pb: Place, specA: ExperimentSpec?) throws -> [String] {
        func text(_ p: Place) throws -> String {
            try ResultSet.head(from: p.store, experiment: p.run.experiment, runID: p.run.id).specText
        }
        let (ta, tb) = (try text(pa), try text(pb))
        var out: [String] = []
        if pa.run.seed != pb.run.seed { out.append("seed \(pa.run.seed) vs \(pb.run.seed) (different people)") }
        if pa.run.variant != pb.run.variant {
            out.append("variant '\(pa.run.variant)' vs '\(pb.run.variant)'")
        }
        if let a = specA,
            let b = try? ResultSet.storedSpec(of: pb.run, storedText: tb, catalog: .standard),
            a.population != b.population
        {
            out.append(
                "population \(a.population.participants) people "
                    + "(\(formatNumber(a.population.expertFraction * 100))% experts) "
                    + "vs \(b.population.participants) (\(formatNumber(b.population.expertFraction * 100))%)")
        }
        let keys = TrialDefinition.differences(ta, tb).filter { !["seed", "population"].contains($0) }
        if !keys.isEmpty { out.append("the spec's \(keys.joined(separator: ", "))") }
        return out
    }

    /// The two sides, each run read in one pass (`ComparedSide.read`): once for two strategies of one run.
    func sides(_ pa: Place, _ pb: Place) throws -> (ComparedSide, ComparedSide) {
        let wanted = metrics.isEmpty ? nil : metrics
        func read(_ places: [Place]) throws -> [ComparedSide] {
            do {
                return try ComparedSide.read(
                    store: places[0].store, runID: places[0].run.id,
                    sides: places.map { ($0.label, $0.strategy) }, metrics: wanted)
            } catch let e as ReportError { throw InputError(e.description) }
        }
        if pa.key == pb.key {
            let both = try read([pa, pb])
            return (both[0], both[1])
        }
        return (try read([pa])[0], try read([pb])[0])
    }

    /// The spec side A's run was made from, as stored with it (nil if it no longer parses).
    func storedSpec(_ p: Place) -> ExperimentSpec? {
        guard let text = try? ResultSet.head(from: p.store, experiment: p.run.experiment, runID: p.run.id).specText
        else { return nil }
        return try? ResultSet.storedSpec(of: p.run, storedText: text, catalog: .standard)
    }

    func run() throws {
        try reportingErrors {
            if let confidence, !(confidence > 0.5 && confidence < 1) {
                throw InputError("--confidence: expected a level between 0.5 and 1, got \(confidence)")
            }
            let pa = try place(a), pb = try place(b)
            let (sa, sb) = try sides(pa, pb)
            // Every measurement both sides have; bookkeeping (a trial's place in its session, which gesture
            // was meant) is not a metric to compare unless named.
            let names =
                metrics.isEmpty
                ? sa.recordedMetrics.intersection(sb.recordedMetrics)
                    .filter { MetricCatalog.definition($0).kind != .bookkeeping }.sorted()
                : metrics
            // Side A's spec says how precisely, which way is better and what difference matters, as in its report.
            let spec = storedSpec(pa)
            let differ = pa.key == pb.key ? [] : try differences(pa, pb, specA: spec)
            var settings =
                spec.map(Contrast.Settings.init)
                ?? Contrast.Settings(confidence: 0.95, resamples: 2000, timeLimit: .infinity)
            if let confidence { settings.confidence = confidence }
            let rows = Comparisons.compare(
                sa, sb, metrics: names, sameSeed: pa.run.seed == pb.run.seed,
                settings: settings, seed: 20_181_121
            ) { metric in
                (spec?.better(metric) ?? MetricCatalog.definition(metric).better, spec?.practical[metric])
            }
            let confidence = settings.confidence
            if let unknown = names.first(where: { m in !rows.contains { $0.metric == m } }) {
                throw InputError("metric '\(unknown)' is missing on one side")
            }
            if let out { try CompareFigures.write(rows: rows, a: sa, b: sb, to: out, confidence: confidence) }
            if json { try printJSON(rows); return }
            print(
                "A = \(sa.label) (run \(pa.run.id), n = \(sa.trials))   B = \(sb.label) (run \(pb.run.id), n "
                    + "= \(sb.trials))   \(rows.first?.paired == true ? "paired by participant" : "unpaired")"
            )
            if pa.key != pb.key {
                print(
                    differ.isEmpty
                        ? "the two runs differ in nothing but the code that made them (same spec and seed)"
                        : "the two runs differ in: " + differ.joined(separator: "; "))
            }
            for line in CompareFigures.table(rows, confidence: confidence) { print(line.joined(separator: "  ")) }
            if rows.contains(where: { $0.cliffsDeltaTieShare != nil }) { print(CompareFigures.sketchNote) }
        }
    }
}
