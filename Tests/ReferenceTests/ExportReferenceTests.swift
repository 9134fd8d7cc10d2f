import Foundation
@testable import Harness
@testable import Questions
@testable import Reports
@testable import Statistics
import Testing
@testable import TestSupport

/// `refine export` and its R script against R itself (lme4, survival), on the
/// fixture made by Fixtures/make_export_reference.py: a balanced 288-trial run
/// with synthetic metrics, exported by refine and read and fitted by R. The test
/// rebuilds the same database from the trials in the fixture and checks that
/// - the tables it exports today are byte for byte the ones R read;
/// - R read every trial: its counts per level of each factor and per metric
///   (export.R's design.csv) are the table's;
/// - the per-strategy means and rates and the paired strategy differences Refine
///   computes equal the fixed effects of the balanced linear mixed models R fits,
///   and its ANOVA variance components equal lmer's REML ones;
/// - the estimates `refine export` reports equal those export.R printed, and
///   export.R fitted exactly the models the export describes.
@Suite("Export against R (lme4)")
struct ExportReferenceTests {
    struct Reference: Decodable {
        struct Trial: Decodable {
            var key, strategy, device, participant, group, task, task_label: String
            var replication: Int
            var metrics: [String: Double]
        }
        struct ModelRow: Decodable { var metric, model: String; var n: Int; var term: String; var estimate: Double?; var std_error: Double? }
        struct DesignRow: Decodable, Hashable { var factor, level: String; var n: Int }
        struct ExportR: Decodable { var models: [ModelRow]; var design: [DesignRow] }
        struct Fit: Decodable { var fixef: [String: Double]; var variances: [String: Double]; var singular: Bool; var n: Int }
        var versions: [String: String]
        var csv_sha256, parquet_sha256: String
        var export_r: ExportR
        var direct: [String: Fit]
        var trials: [Trial]
    }

    static let reference: Reference = {
        let url = Bundle.module.url(forResource: "Fixtures/export_reference", withExtension: "json")!
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// The spec in the source tree (its photos are found relative to it).
    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/export_fixture.yaml").path

    /// A fresh database holding the fixture's run, rebuilt from its trials; removed by the caller.
    static func database() throws -> (store: RunStore, spec: ExperimentSpec, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refine-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let spec = try SpecLoader.load(path: specPath, catalog: .standard)
        let store = try RunStore(path: folder.appendingPathComponent("fixture.sqlite").path)
        let provenance = Provenance(toolVersion: Provenance.toolVersion, gitCommit: "test", gitDirty: false, gitDirtyPaths: [],
                                    os: "test", swiftVersion: "test", argv: ["test"], host: "test", pid: 0)
        let trials = reference.trials
        let runID = try store.beginRun(spec: spec, provenance: provenance, shard: .whole, jobs: 1, trace: false, plannedTrials: trials.count)
        let devices = Dictionary(uniqueKeysWithValues: spec.devices.map { ($0.name, $0) })
        let tasks = Dictionary(uniqueKeysWithValues: spec.tasks.map { ($0.id, $0) })
        try store.record(runID: runID, trials.map { t in
            TrialResult(trial: PlannedTrial(key: t.key, strategy: t.strategy, device: devices[t.device]!, participantIndex: 0,
                                            task: tasks[t.task]!, replication: t.replication, seed: 0, session: "",
                                            sessionIndex: Int(t.metrics["session_trial"] ?? 0), behaviourSeed: 0),
                        participantID: t.participant, participantGroup: t.group,
                        outcome: TrialOutcome(metrics: t.metrics.sorted { $0.key < $1.key }.map { Metric($0.key, $0.value) }, events: []))
        })
        try store.finish(runID: runID, status: "completed")
        return (store, spec, folder)
    }

    static let strategies = ["six-sliders", "exposure-control", "on-image"]
    static let photos = ["temple-range": "china", "rocket-shadows": "rocket", "coffee-highlights": "coffee"]

    /// The direct fits' responses: the metric, transformed as R's formula does.
    static let responses: [(fit: String, metric: String, transform: @Sendable (Double) -> Double)] = [
        ("time_to_done_s", "time_to_done_s", { $0 }),
        ("log_time_to_done_s", "time_to_done_s", { Foundation.log($0) }),
        ("reached_effect", "reached_effect", { $0 }),
    ]

    @Test("the tables exported today are byte for byte the ones R read")
    func sameBytes() throws {
        let (store, spec, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ExportFormat.allCases {
            let out = folder.appendingPathComponent(format.rawValue)
            try TrialExport.write(spec: spec, store: store, format: format, to: out)
            let bytes = try Data(contentsOf: out.appendingPathComponent(format.fileName))
            let expected = format == .csv ? Self.reference.csv_sha256 : Self.reference.parquet_sha256
            #expect(SHA256.hex(bytes) == expected, "\(format.fileName)")
        }
    }

    @Test("R read every trial: its counts per factor level and per metric are the table's")
    func counts() throws {
        let (store, spec, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ResultSet.selectRun(in: store, experiment: spec.name)
        let table = try TrialTable(store: store, run: run, spec: spec)
        let factors = ["strategy", "device", "participant", "group", "task", "photo", "replication"]
        let metricColumns = Array(table.columns.suffix(table.metrics.count).map(\.name))
        var counts: [Reference.DesignRow: Int] = [:]
        var tally: [String: [String: Int]] = [:]
        try table.forEachRow(in: store) { row in
            for (i, column) in table.columns.enumerated() {
                switch row[i] {
                case .string(let s) where factors.contains(column.name): tally[column.name, default: [:]][s, default: 0] += 1
                case .int(let n) where factors.contains(column.name): tally[column.name, default: [:]][String(n), default: 0] += 1
                case .double where metricColumns.contains(column.name): tally["metric", default: [:]][column.name, default: 0] += 1
                default: break
                }
            }
        }
        for (factor, levels) in tally { for (level, n) in levels { counts[Reference.DesignRow(factor: factor, level: level, n: n), default: 0] += 1 } }
        let mine = Set(counts.keys)
        let theirs = Set(Self.reference.export_r.design)
        #expect(mine == theirs, "only Swift: \(mine.subtracting(theirs)); only R: \(theirs.subtracting(mine))")
        #expect(theirs.filter { $0.factor == "strategy" }.map(\.n).reduce(0, +) == Self.reference.trials.count)
        #expect(theirs.contains(.init(factor: "metric", level: "first_touch_s", n: Self.reference.trials.filter { $0.metrics["first_touch_s"] != nil }.count)))
    }

    @Test("per-strategy means and rates, and paired differences, equal the fixed effects of lmer on a balanced design")
    func fixedEffects() throws {
        let (store, spec, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try LoadedRun.load(from: store, experiment: spec.name), results = loaded.results
        let kit = ReportKit(spec: spec, results: results)
        for (fit, metric, transform) in Self.responses {
            let r = try #require(Self.reference.direct[fit])
            #expect(r.n == Self.reference.trials.count)
            var groups: [String: ParticipantValues] = [:]
            for t in Self.reference.trials { groups[t.strategy, default: ParticipantValues()].append(transform(t.metrics[metric]!), participant: t.participant) }
            let base = groups[Self.strategies[0]]!
            #expect(abs(ClusteredSample(base).statistic(.mean) - r.fixef["(Intercept)"]!) < 1e-6, "\(fit): mean of \(Self.strategies[0])")
            for (i, s) in Self.strategies.enumerated().dropFirst() {
                let (statistic, d) = Comparisons.difference(base, groups[s]!, paired: true, confidence: 0.95, resamples: 200,
                                                            seed: UInt64(i), preferMean: true)
                #expect(statistic == (metric == "reached_effect" ? "rate" : "mean"))
                #expect(abs(d.value - r.fixef["strategy\(s)"]!) < 1e-6, "\(fit): \(s) − \(Self.strategies[0])")
                #expect(abs(ClusteredSample(groups[s]!).statistic(.mean) - r.fixef["(Intercept)"]! - r.fixef["strategy\(s)"]!) < 1e-6)
            }
            if metric == "reached_effect" {
                // The rates the reports print (participant-bootstrap estimates) have the same point values.
                for (i, s) in Self.strategies.enumerated() {
                    let rows = loaded.trials.filter { $0.strategy == s }
                    let rate = kit.rateEstimate(metric, ParticipantTally(metric, rows), trials: rows.count).value
                    #expect(abs(rate - r.fixef["(Intercept)"]! - (i == 0 ? 0 : r.fixef["strategy\(s)"]!)) < 1e-6, "rate of \(s)")
                }
            }
        }
    }

    @Test("ANOVA variance components equal lmer's REML estimates on the balanced design")
    func varianceComponents() throws {
        for (fit, metric, transform) in Self.responses {
            let r = try #require(Self.reference.direct[fit])
            var anova = BalancedANOVA(fixed: ["strategy"], random: ["participant", "photo"])
            for t in Self.reference.trials {
                anova.add(transform(t.metrics[metric]!), levels: [t.strategy, t.participant, Self.photos[t.task]!])
            }
            let e = try anova.estimate(reference: ["strategy": Self.strategies[0]]).get()
            #expect(e.n == 288)
            #expect(!r.singular)
            #expect(abs(e.intercept - r.fixef["(Intercept)"]!) < 1e-6, "\(fit)")
            for s in Self.strategies.dropFirst() { #expect(abs(e.contrasts["strategy"]![s]! - r.fixef["strategy\(s)"]!) < 1e-6, "\(fit) \(s)") }
            // To 1e-6 relative: the REML surface is flat at its optimum, and even lme4 with tight
            // tolerances stops ~5e-7 (relative) from it on the raw times (variances ~25).
            for (mine, theirs) in [("participant", "participant"), ("photo", "photo"), ("residual", "Residual")] {
                let v = r.variances[theirs]!
                #expect(abs(e.variances[mine]! - v) <= 1e-6 * abs(v), "\(fit): var(\(mine)) \(e.variances[mine]!) vs lmer \(v)")
            }
        }
        // An unbalanced design is refused, not estimated wrongly.
        var anova = BalancedANOVA(fixed: ["strategy"], random: ["participant"])
        for (i, t) in Self.reference.trials.enumerated() where i != 5 { anova.add(t.metrics["time_to_done_s"]!, levels: [t.strategy, t.participant]) }
        guard case .failure(.unbalanced) = anova.estimate() else { Issue.record("an unbalanced design was estimated"); return }
    }

    @Test("refine export reports the estimates export.R printed, and describes the models it fitted")
    func exportSummary() throws {
        let (store, spec, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try TrialExport.write(spec: spec, store: store, format: .csv, to: folder.appendingPathComponent("out"))
        let rows = Self.reference.export_r.models
        // Every lead metric was fitted by export.R, with the model the export names.
        #expect(summary.models.leads.map(\.metric) == spec.metrics)
        #expect(summary.models.leads.map(\.kind) == [.survival, .binary, .logTime, .count, .logTime])
        for lead in summary.models.leads {
            #expect(Set(rows.filter { $0.metric == lead.metric }.map(\.model)) == [lead.formula], "\(lead.metric)")
        }
        // time_to_done_s is complete and balanced: Refine's estimate of export.R's lmer (with device).
        let done = try #require(summary.balanced.first { $0.metric == "time_to_done_s" })
        let e = try #require(done.estimate)
        #expect(done.scale == "log")
        func theirs(_ term: String) -> Double { rows.first { $0.metric == "time_to_done_s" && $0.term == term }!.estimate! }
        #expect(abs(e.intercept - theirs("(Intercept)")) < 1e-6)
        for s in Self.strategies.dropFirst() { #expect(abs(e.contrasts["strategy"]![s]! - theirs("strategy\(s)")) < 1e-6) }
        #expect(abs(e.contrasts["device"]!["iphone-15-portrait"]! - theirs("deviceiphone-15-portrait")) < 1e-6)
        // export.R runs lme4 with its default optimizer settings, which stop ~1e-7 from the REML optimum here.
        for (mine, term) in [("participant", "var(participant)"), ("photo", "var(photo)"), ("residual", "var(Residual)")] {
            #expect(abs(e.variances[mine]! - theirs(term)) < 1e-6, "\(term)")
        }
        // first_touch_s is missing in some trials: no balanced estimate, and the export says why.
        let first = try #require(summary.balanced.first { $0.metric == "first_touch_s" })
        #expect(first.estimate == nil && first.note?.contains("unbalanced") == true)
    }
}
