import Foundation
@testable import Harness
@testable import Questions
@testable import Reports
import Testing

/// The Answer's task-mix check (`TaskMix`): which subsets of the tasks it ranks on, and that it finds a headline
/// one task decides and keeps one no task decides.
@Suite("Task mix")
struct TaskMixTests {
    static func task(_ i: Int, _ fields: [String: String]) -> TaskSpec {
        TaskSpec(id: TaskSpec.numberedID(i, of: 9), label: "task \(i)", goal: .movePIP(from: .topLeft, to: .topRight),
                 fields: fields)
    }

    @Test("a field classes the tasks when every task has it and its values neither all agree nor all differ")
    func classingFields() {
        let tasks = [
            Self.task(0, ["intent": "tap", "size_pt": "28", "gap_pt": "4", "mode": "a"]),
            Self.task(1, ["intent": "tap", "size_pt": "44", "gap_pt": "8", "mode": "a"]),
            Self.task(2, ["intent": "cancel", "size_pt": "28", "mode": "a"]),
        ]
        // gap_pt is missing on one task, mode is the same on all; size_pt and intent part the tasks.
        #expect(TaskMix.classingFields(tasks) == ["intent", "size_pt"])
        let names = TaskMix.subsets(tasks).map(\.name)
        #expect(names.count == 3 + 2 + 2)
        #expect(names.contains("only intent: tap (2 tasks)") && names.contains("only size_pt: 44 (1 task)"))
        let without = TaskMix.subsets(tasks).first { $0.name.hasPrefix("without t01") }
        #expect(without?.tasks == ["t02", "t03"])
        #expect(TaskMix.subsets([Self.task(0, [:])]).isEmpty)
    }

    @Test("where some designs cannot express a goal, the first subset is the tasks every design can express")
    func expressible() {
        let tasks = (0..<3).map { Self.task($0, [:]) }
        let ceilings = [
            DesignCeiling(strategy: "a", task: "t02", deltaE: 3, tolerance: 2, setting: ""),
            DesignCeiling(strategy: "b", task: "t02", deltaE: 1, tolerance: 2, setting: ""),
            DesignCeiling(strategy: "a", task: "t03", deltaE: .nan, tolerance: 2, setting: ""),
        ]
        let first = TaskMix.subsets(tasks, ceilings: ceilings).first
        #expect(first?.name.hasPrefix(TaskMix.expressibleName) == true && first?.tasks == ["t01", "t03"])
        #expect(TaskMix.subsets(tasks, ceilings: Array(ceilings.dropFirst())).count == 3)
    }

    @Test("a spec's task fields are its scalar fields as written, without id and label")
    func specFields() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Experiments/tap-margin.yaml").standardized.path
        let spec = try SpecLoader.load(path: path, catalog: .standard)
        #expect(spec.tasks[4].fields == ["intent": "cancel", "size_pt": "28", "gap_pt": "8"])
        #expect(TaskMix.classingFields(spec.tasks) == ["gap_pt", "intent", "size_pt"])
    }

    /// A PIP run whose corrections are planted: on t01 nearest-corner makes none and projected-momentum 20; on
    /// every other task nearest-corner makes `elsewhere` and projected-momentum 1; the others make 5 everywhere.
    static func check(elsewhere: Double) throws -> TaskMix? {
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 1, batch: 64, seed: 3) { r in
            let first = r.trial.task.id == "t01"
            let value: Double =
                switch r.trial.strategy {
                case "nearest-corner": first ? 0 : elsewhere
                case "projected-momentum": first ? 20 : 1
                default: 5
                }
            r.outcome.metrics.removeAll { $0.name == "corrections" }
            r.outcome.metrics.append(Metric("corrections", value))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = try ResultSet.head(from: store, experiment: "pip", runID: ids[0])
        let spec = try TrialLoadTests.simulated(replications: nil).0
        var requests = SelectionRequests()
        TaskMix.requests(spec: spec, metric: "corrections", ceilings: [], into: &requests)
        let reader = SelectionReader(requests)
        var results = try ResultSet.load(from: store, head: head, alongside: [reader])
        results.selections = reader.selected
        return TaskMix.check(spec: spec, results: results, metric: "corrections", best: "nearest-corner")
    }

    @Test("one task that decides the headline is found: without it the best is measurably worse than another")
    func oneTaskDecides() throws {
        // Over the 12 moves nearest-corner is best (22 corrections a round of them against 31); without t01 it
        // makes 2 a move against projected-momentum's 1.
        let mix = try #require(try Self.check(elsewhere: 2))
        #expect(!mix.holds && mix.variations.count == 12)
        let broken = mix.variations.filter { !$0.holds }
        #expect(broken.count == 1 && broken[0].name.hasPrefix("without t01"))
        #expect(broken[0].first == "projected-momentum" && broken[0].bestRank == 2)
        #expect(broken[0].bestMinusFirst?.value == 1 && broken[0].verdict == .worse)
        #expect(mix.variations.dropFirst().allSatisfy { $0.first == "nearest-corner" && $0.bestMinusFirst == nil })
        #expect(mix.sentence(MetricCatalog.definition("corrections")).hasPrefix("The task mix decides: without t01"))
    }

    @Test("a headline no task decides holds in every subset")
    func noTaskDecides() throws {
        let mix = try #require(try Self.check(elsewhere: 0.5))
        #expect(mix.holds && mix.variations.count == 12)
        #expect(mix.variations.allSatisfy { $0.first == "nearest-corner" })
        #expect(mix.sentence(MetricCatalog.definition("corrections")).hasPrefix("Task mix: nearest-corner stays first"))
    }

    @Test("the Answer names a strategy whose trials the attempt limit stopped short of the effect, past a fifth")
    func attemptLimit() throws {
        let spec = try TrialLoadTests.simulated(replications: nil).0
        let max = Double(spec.limits.maxAttempts)
        // projected-momentum uses every attempt without landing on a third of its trials, nearest-corner on none.
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 1, batch: 64, seed: 4) { r in
            let stopped = r.trial.strategy == "projected-momentum" && r.trial.participantIndex % 3 == 0
            r.outcome.metrics.removeAll { $0.name == "attempts" || $0.name == "reached_effect" }
            r.outcome.metrics += [Metric("attempts", stopped ? max : 1), Metric("reached_effect", stopped ? 0 : 1)]
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = try ResultSet.head(from: store, experiment: "pip", runID: ids[0])
        var requests = SelectionRequests()
        AnswerSection.requests(spec: spec, into: &requests)
        let reader = SelectionReader(requests)
        var results = try ResultSet.load(from: store, head: head, alongside: [reader])
        results.selections = reader.selected
        let sentence = try #require(AnswerSection.attemptSentence(spec: spec, results: results))
        #expect(sentence.contains("of the trials of projected-momentum (33 %)"), "\(sentence)")
        #expect(!sentence.contains("nearest-corner"))
    }
}
