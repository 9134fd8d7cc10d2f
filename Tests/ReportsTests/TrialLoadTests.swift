import Foundation
@testable import Harness
@testable import Questions
import Randomness
@testable import Reports
@testable import Statistics
import Synchronization
import Testing
import UserModels
@testable import TestSupport

/// A report's trial store (`RunStore.scanTrials`, `TrialColumns.load`): the
/// trials a report sees are the run's, in key order, with their factors and
/// values, however the rows were written and whatever else the database holds.
@Suite("Loading a run's trials")
struct TrialLoadTests {
    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Experiments/pip.yaml").standardized.path

    /// The small PIP spec and its trials, simulated once per replication count: nine tests store
    /// the same trials, and simulating them each time took 40 s of a debug build's tests.
    static func simulated(replications: Int?) throws -> (ExperimentSpec, [TrialResult]) {
        try simulations.withLock { cache in
            if let kept = cache[replications ?? 0] { return kept }
            var spec = try SpecLoader.load(path: specPath, catalog: .standard)
            spec.population.participants = 3
            if let replications { spec.replications = replications }
            let made = (spec, try ExperimentRunner.simulate(spec: spec, jobs: 1))
            cache[replications ?? 0] = made
            return made
        }
    }
    private static let simulations = Mutex<[Int: (ExperimentSpec, [TrialResult])]>([:])

    /// Stores `runs` runs of a small PIP spec, each run's trials shuffled and the
    /// runs' batches of `batch` trials interleaved, so no run's rowids follow its keys.
    /// `edit` may change each simulated trial before it is stored.
    static func database(runs: Int, batch: Int, seed: UInt64, replications: Int? = nil,
                         edit: (inout TrialResult) -> Void = { _ in }) throws -> (RunStore, [Int64], [TrialResult], URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refine-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var (spec, results) = try simulated(replications: replications)
        for i in results.indices { edit(&results[i]) }
        let store = try RunStore(path: folder.appendingPathComponent("load.sqlite").path)
        let provenance = Provenance(toolVersion: Provenance.toolVersion, gitCommit: "test", gitDirty: false, gitDirtyPaths: [],
                                    os: "test", swiftVersion: "test", argv: ["test"], host: "test", pid: 0)
        var g = SeededGenerator(seed: seed)
        var ids: [Int64] = [], queues: [[TrialResult]] = []
        for _ in 0..<runs {
            ids.append(try store.beginRun(spec: spec, provenance: provenance, shard: .whole, jobs: 1, trace: false, plannedTrials: results.count))
            queues.append(results.shuffled(using: &g))
        }
        while queues.contains(where: { !$0.isEmpty }) {
            for r in queues.indices where !queues[r].isEmpty {
                try store.record(runID: ids[r], Array(queues[r].prefix(batch)))
                queues[r].removeFirst(min(batch, queues[r].count))
            }
        }
        for id in ids { try store.finish(runID: id, status: "completed") }
        return (store, ids, results, folder)
    }

    @Test("each run's trials come back in key order with their factors and values", arguments: [(1, 7), (2, 5), (5, 1)])
    func keyOrder(runs: Int, batch: Int) throws {
        // One run; two runs' batches interleaved; five runs interleaved a trial at a time.
        let (store, ids, results, folder) = try Self.database(runs: runs, batch: batch, seed: UInt64(runs * 10 + batch))
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = results.sorted { $0.trial.key < $1.trial.key }
        for id in ids {
            let loaded = try LoadedRun.load(from: store, experiment: "pip", runID: id).trials
            #expect(loaded.map(\.key) == expected.map(\.trial.key))
            for (row, r) in zip(loaded, expected) {
                #expect(row.strategy == r.trial.strategy && row.device == r.trial.device.name && row.task == r.trial.task.id)
                #expect(row.participant == r.participantID && row.group == r.participantGroup)
                for m in r.outcome.metrics { #expect(row[m.name]?.bitPattern == m.value.bitPattern, "\(r.trial.key) \(m.name)") }
                #expect(row.metrics.count == r.outcome.metrics.count)
            }
        }
    }

    @Test("readers sharing the report's pass get what each gets from a pass of its own", arguments: [1, 12])
    func sharedPass(replications: Int) throws {
        // Twelve replications: past 256 values a person and strategy, so the samples are sketches.
        let (store, ids, _, folder) = try Self.database(runs: 2, batch: 3, seed: 5, replications: replications)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metrics = ["time_to_effect_s", "landed_intended", "settle_time_s"]
        for id in ids {
            let reader = RunSamples.Reader(metrics: metrics), setup = Sections.SetupCounts()
            let shared = try LoadedRun.load(from: store, head: ResultSet.head(from: store, experiment: "pip", runID: id), alongside: [reader, setup])
            let alone = try LoadedRun.load(from: store, experiment: "pip", runID: id)
            #expect(setup.trials == alone.trials.count)
            #expect(setup.participantsByGroup == Dictionary(grouping: Set(alone.trials.map { [$0.participant, $0.group] }), by: { $0[1] }).mapValues(\.count))
            #expect(shared.trials.map(\.key) == alone.trials.map(\.key))
            #expect(shared.trials.map(\.metrics) == alone.trials.map(\.metrics))
            let separate = try RunSamples(store: store, runID: id, metrics: metrics)
            #expect(reader.samples.strategies == separate.strategies && reader.samples.trialCounts == separate.trialCounts)
            #expect(reader.samples.trials == alone.trials.count)
            for s in separate.strategies {
                for m in metrics {
                    let sample = try #require(reader.samples.sample(strategy: s, metric: m))
                    #expect(sample == separate.sample(strategy: s, metric: m), "\(s) \(m)")
                    // Exact while nobody gave more than 256 values, else sketches (12 replications).
                    if case .values = sample { #expect(replications == 1) } else { #expect(replications == 12) }
                }
            }
        }
    }

    @Test("a gate's samples read in one pass over the stored rows are the loaded run's: values in key order, or the same sketches", arguments: [1, 12])
    func gateSamplesStreamed(replications: Int) throws {
        // One replication: a few trials a person (values); twelve: past 256 a person and strategy (sketches).
        let (store, ids, _, folder) = try Self.database(runs: 2, batch: 5, seed: 77, replications: replications)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metrics = ["time_to_effect_s", "landed_intended", "corrections", "settle_time_s", "no_such_metric"]
        var sketched = 0
        for id in ids {
            let loaded = Baseline.samples(try LoadedRun.load(from: store, experiment: "pip", runID: id).trials, metrics: metrics)
            let (streamed, trials) = try Baseline.samples(from: store, runID: id, metrics: metrics)
            #expect(trials == (try LoadedRun.load(from: store, experiment: "pip", runID: id).trials.count))
            #expect(Set(loaded.keys) == Set(streamed.keys) && loaded.keys.allSatisfy { Set(loaded[$0]!.keys) == Set(streamed[$0]!.keys) })
            for (strategy, byMetric) in loaded {
                for (metric, a) in byMetric {
                    let b = streamed[strategy]![metric]!
                    switch (a, b) {
                    case (.values(let x), .values(let y)):
                        #expect(x == y, "\(strategy) \(metric)")
                    case (.sketches(let pa, let sa), .sketches(let pb, let sb)):
                        sketched += 1
                        #expect(pa == pb)
                        for (x, y) in zip(sa, sb) {
                            // The rows come in stored order: the same histogram, the sum in another order.
                            #expect(x.count == y.count && x.histogram == y.histogram && abs(x.sum - y.sum) <= 1e-9 * abs(x.sum))
                            // A person still held exactly: the same values in key order.
                            if x.isExact { #expect(x == y) }
                        }
                    default: Issue.record("\(strategy) \(metric): \(a) against \(b)")
                    }
                }
            }
        }
        #expect((sketched > 0) == (replications > 1))
    }

    @Test("refine compare's sides read in one pass compare as the loaded run's values (1 replication), or within their stated bounds (12: sketches)",
          arguments: [1, 12])
    func compareStreamed(replications: Int) throws {
        let (store, ids, _, folder) = try Self.database(runs: 2, batch: 5, seed: 78, replications: replications)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = try LoadedRun.load(from: store, experiment: "pip", runID: ids[1]).trials
        let strategies = Set(rows.map(\.strategy)).sorted()
        let (x, y) = (strategies[0], strategies[strategies.count - 1])
        let run = try RunSamples(store: store, runID: ids[1], only: [x, y])
        #expect(Set(run.strategies) == [x, y])
        let a = ComparedSide(label: x, strategy: x, samples: run), b = ComparedSide(label: y, strategy: y, samples: run)
        let (ra, rb) = (rows.filter { $0.strategy == x }, rows.filter { $0.strategy == y })
        #expect(a.trials == ra.count && b.trials == rb.count)
        #expect(a.recordedMetrics == Set(ra.flatMap(\.metrics.keys)) && b.recordedMetrics == Set(rb.flatMap(\.metrics.keys)))
        let names = a.recordedMetrics.intersection(b.recordedMetrics).sorted()
        func values(_ m: String, _ t: [TrialRow]) -> ParticipantValues {
            let owned = OwnedValues(m, of: t)
            return ParticipantValues(values: owned.values, participants: owned.owners.map { owned.participants[Int($0)] })
        }
        let loaded = Comparisons.compare(Dictionary(uniqueKeysWithValues: names.map { ($0, values($0, ra)) }),
                                         Dictionary(uniqueKeysWithValues: names.map { ($0, values($0, rb)) }),
                                         metrics: names, sameSeed: true, names: (x, y), resamples: 200, seed: 3)
        let settings = Contrast.Settings(confidence: 0.95, resamples: 200, timeLimit: .infinity)
        let streamed = Comparisons.compare(a, b, metrics: names, sameSeed: true, settings: settings, seed: 3)
        #expect(streamed.count == loaded.count && streamed.count > 3)
        if replications == 1 {
            // Compared as text: a NaN (an interval of a constant metric) never equals itself.
            #expect(String(describing: streamed) == String(describing: loaded))
            for m in names { #expect(a.sample(m)!.ecdf(total: a.trials).elementsEqual(Descriptive.ecdf(ResultSet.values(m, in: ra), total: ra.count), by: ==)) }
            return
        }
        let width = ValueBuckets.relativeWidth
        for (s, l) in zip(streamed, loaded) {
            #expect(s.metric == l.metric && s.statistic == l.statistic && s.nA == l.nA && s.nB == l.nB && s.paired == l.paired)
            #expect(s.participantsA == l.participantsA && abs(s.p - l.p) <= 1e-9, "\(s.metric): a rank test on means")
            #expect(abs(s.a - l.a) <= width * abs(l.a) && abs(s.b - l.b) <= width * abs(l.b), "\(s.metric): \(s.a) \(s.b) against \(l.a) \(l.b)")
            // Time to effect is a restricted mean of survival observations, which neither side was given: none.
            let both = s.difference.value.isNaN && l.difference.value.isNaN
            #expect(both || abs(s.difference.value - l.difference.value) <= width * (abs(l.a) + abs(l.b)) + 1e-12,
                    "\(s.metric)")
            // Flags and counts are alone in their buckets (no bound needed); sketched measurements state one.
            if ResultSet.values(s.metric, in: ra + rb).allSatisfy({ $0 == $0.rounded() }) { #expect(s.cliffsDeltaTieShare == nil, "\(s.metric)") }
            let bound = s.cliffsDeltaTieShare ?? 0
            #expect(bound >= 0 && bound <= 1 && abs(s.cliffsDelta.value - l.cliffsDelta.value) <= bound + 1e-12, "\(s.metric): \(s.cliffsDelta.value) against \(l.cliffsDelta.value) ± \(bound)")
            let curve = try #require(a.sample(s.metric)?.ecdf(total: a.trials))
            #expect(zip(curve, curve.dropFirst()).allSatisfy { $0.x < $1.x && $0.y < $1.y })
            #expect(curve.last!.y == Double(ResultSet.values(s.metric, in: ra).count) / Double(ra.count))
        }
        #expect(loaded.allSatisfy { $0.cliffsDeltaTieShare == nil } && streamed.contains { $0.cliffsDeltaTieShare != nil })
    }

    @Test("a run loaded with its 8-byte columns spilled to a file reads the same values, however few stay in memory",
          arguments: [(1 << 40, 7), (0, 7), (0, 1000)])
    func spilled(residentBudget: Int, block: Int) throws {
        let (store, ids, results, folder) = try Self.database(runs: 2, batch: 5, seed: 77)
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = results.sorted { $0.trial.key < $1.trial.key }
        let table = try TrialColumns.load(from: store, runID: ids[1], spillAbove: 0, residentBudget: residentBudget, block: block)
        #expect((0..<table.metricNames.count).filter { table.isSpilled($0) }.count >= 2, "columns of 8 bytes a trial")
        if residentBudget == 0 {
            // Two spilled columns read one after the other: only the second stays in memory.
            let wide = (0..<table.metricNames.count).filter { table.isSpilled($0) }
            let before = table.heldBytes
            _ = table.column(wide[0]); _ = table.column(wide[1])
            #expect(table.heldBytes == before + 8 * table.count)
        }
        #expect((0..<table.metricNames.count).allSatisfy { table.isSpilled($0) != table.column($0).isSmall })
        #expect(table.count == expected.count)
        // Row by row, metric by metric: with a budget of 0 each read may evict the column read before it.
        for (i, r) in expected.enumerated() {
            #expect(table.key(i) == r.trial.key)
            for m in r.outcome.metrics { #expect(table.value(m.name, i)?.bitPattern == m.value.bitPattern, "\(r.trial.key) \(m.name)") }
        }
        let spilled = (0..<table.metricNames.count).filter { table.isSpilled($0) }.count
        if residentBudget == 0 {
            // Every read of a different column was a reload until eviction stopped; then each column at most once more.
            let limit = TrialColumns.reloadsPerColumn * spilled
            #expect(table.reloads > limit && table.reloads <= limit + 1 + spilled, "\(table.reloads) reloads of \(spilled) columns")
        } else {
            #expect(table.reloads == spilled)
        }
    }
}
