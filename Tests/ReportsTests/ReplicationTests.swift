import Foundation
import Harness
import Questions
import Testing
import UserModels
@testable import Reports

/// The replications of published studies: the files parse, the statistics say what
/// they claim, the fitting search finds minima, and a wrong parameter is caught.
@Suite("Replications of published studies")
struct ReplicationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var folder: String { root.appendingPathComponent("Experiments/replications").path }
    static var corpus: String { root.appendingPathComponent("Data/human").path }

    @Test("every committed replication agrees where it says it does")
    func committedScorecardHolds() throws {
        let scores = try ReplicationSuite(
            folder: Self.folder, corpus: Self.corpus, seed: 9241, scale: 0.5, tasks: QuestionCatalog.replicationTasks)
            .score(resamples: 200)
        #expect(scores.count >= 25)
        #expect(Set(scores.map(\.study)).count >= 17)
        #expect(scores.contains { $0.study == "hinckley-2002-scrolling-fitts" && $0.finding == "fitts-scrolling" })
        #expect(scores.filter(\.regressed).map { "\($0.study): \($0.finding)" } == [])
    }

    @Test("a planted wrong parameter makes a replication fail")
    func plantedParameterIsCaught() throws {
        let suite = try ReplicationSuite(
            folder: Self.folder, corpus: Self.corpus, seed: 9241, scale: 0.5, tasks: QuestionCatalog.replicationTasks)
        // Fitts' slope three times the touch value: throughput falls far below MacKenzie's 6.95 bit/s.
        let scores = try suite.score(parameters: ["motor.fitts_b_s_per_bit": 0.378],
                                     only: ["mackenzie-2015-touch-throughput"], resamples: 200)
        let overall = try #require(scores.first { $0.finding == "tp-overall" })
        #expect(overall.regressed)
        #expect(overall.simulated < 5)
    }

    @Test("a study is observed once per exact set of parameter values; asking again changes no score")
    func memoReusesOnlyTheSamePoint() throws {
        let memo = ObservationMemo()
        var made = 0
        func ask(_ study: String, _ x: Double) {
            _ = memo.observations(of: study, at: ["x": x, "y": 2]) {
                made += 1
                return Observations(participants: 1)
            }
        }
        ask("s", 1); ask("s", 1); #expect(made == 1)
        ask("s", 1.0000000000000002); ask("t", 1); #expect(made == 3)

        func suite() throws -> ReplicationSuite {
            try ReplicationSuite(
                folder: Self.folder, corpus: Self.corpus, seed: 9241, scale: 0.5,
                tasks: QuestionCatalog.replicationTasks)
        }
        let only: Set = ["mackenzie-2015-touch-throughput"]
        let a = ["motor.fitts_b_s_per_bit": 0.2], b = ["motor.fitts_b_s_per_bit": 0.1]
        func simulated(_ s: ReplicationSuite, _ p: [String: Double]) throws -> [Double] {
            try s.score(parameters: p, only: only, resamples: 200).map(\.simulated)
        }
        let shared = try suite()
        let first = try simulated(shared, a), other = try simulated(shared, b), again = try simulated(shared, a)
        let freshA = try simulated(suite(), a), freshB = try simulated(suite(), b)
        #expect(first == again && first == freshA && other == freshB)
        #expect(first != other)
    }

    @Test("a trend, a contrast and a plateau read per-person values the way they say")
    func statistics() throws {
        var seen = Observations(participants: 3)
        // error_rate falls from 0.3 to 0.1 then stays: the plateau is at 2.
        for (level, values) in [("1", [0.3, 0.32, 0.28]), ("2", [0.1, 0.12, 0.09]), ("3", [0.1, 0.11, 0.1])] {
            for v in values { seen.record("error_rate", ["size": level], v) }
        }
        let cell = Observations.Cell("error_rate")
        let trend = try FindingEstimate(.trend(cell, over: "size", expect: .decreasing), seen)
        #expect(trend([0, 1, 2]) < 0)
        let contrast = try FindingEstimate(.contrast(Observations.Cell("error_rate", ["size": "1"]),
                                                     against: Observations.Cell("error_rate", ["size": "3"]),
                                                     expect: .higher), seen)
        #expect(abs(contrast([0, 1, 2]) - 0.1966666) < 1e-6)
        #expect(try FindingEstimate(.plateau(cell, over: "size"), seen)([0, 1, 2]) == 2)
        #expect(throws: FindingEstimate.Missing.self) {
            try FindingEstimate(.value(Observations.Cell("time_s")), seen)
        }
    }

    @Test("the leave-one-out fits run side by side give what one after another gives")
    func leaveOneOutInParallel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for study in ["mackenzie-2015-touch-throughput", "park-han-2010-touch-key-size-location",
                      "parhi-karlson-bederson-2006-thumb-target-size"] {
            try FileManager.default.copyItem(atPath: "\(Self.folder)/\(study).yaml",
                                             toPath: folder.appendingPathComponent("\(study).yaml").path)
        }
        let settings = FileManager.default.temporaryDirectory.appendingPathComponent("loo-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: settings) }
        try "parameters:\n  motor.fitts_b_s_per_bit: [0.05, 0.3]\n"
            .write(to: settings, atomically: true, encoding: .utf8)
        let suite = try ReplicationSuite(folder: folder.path, corpus: Self.corpus, seed: 9241, scale: 0.25)
        let fit = ReplicationFit(suite: suite, settings: try FitSettings.load(path: settings.path), evaluations: 12)
        let report = try fit.run()
        var oneByOne: [Double] = []
        let studies = suite.replications.map(\.study)
        for study in studies {
            let others = try fit.fit(to: Set(studies).subtracting([study]))
            oneByOne += try suite.score(parameters: others.values, only: [study]).map(\.simulated)
        }
        #expect(report.outOfSample.map(\.simulated) == oneByOne)
    }

    @Test("Nelder–Mead finds the minimum of a bowl inside the unit cube")
    func nelderMead() {
        let best = NelderMead.minimise(start: [0.9, 0.1], step: 0.15, evaluations: 200) { p in
            (p[0] - 0.3) * (p[0] - 0.3) + 2 * (p[1] - 0.6) * (p[1] - 0.6)
        }
        #expect(abs(best.point[0] - 0.3) < 0.01 && abs(best.point[1] - 0.6) < 0.01)
    }

    /// A finding's share of the fit's distance grows with its miss up to two 25 % steps, then stops: a finding
    /// the people cannot come near must not outweigh those they can.
    @Test("the fit's distance grows with a finding's miss, is capped, and adds one for a wrong direction")
    func boundedDistance() {
        func score(_ simulated: Double, direction: Bool? = nil) -> FindingScore {
            FindingScore(
                study: "s", citation: "c", finding: "f", measure: "m", location: "l", statistic: "mean x",
                published: 10, publishedLow: 9, publishedHigh: 11, expected: nil, simulated: simulated,
                simulatedLow: nil, simulatedHigh: nil, directionAgrees: direction, magnitudeAgrees: false,
                knownDisagreement: nil, inSample: nil)
        }
        let misses = [10.5, 11.5, 12.5, 14, 20, 100].map { ReplicationFit.distance(score($0)) }
        #expect(zip(misses, misses.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(ReplicationFit.distance(score(12.5)) - 1) < 1e-9, "one 25 % step costs 1")
        #expect(misses.last == ReplicationFit.largestSquaredMiss)
        #expect(ReplicationFit.distance(score(1000)) == ReplicationFit.distance(score(0.01)))
        #expect(ReplicationFit.distance(score(100, direction: false)) == ReplicationFit.largestSquaredMiss + 1)
    }

    @Test("a replication file's mistakes are named by line and field")
    func loaderErrors() {
        let bad = """
            study: x
            participants: 10
            task: {kind: target-taping, sizes_mm: [4]}
            findings:
              - finding: a
                trend: {measure: time_s, over: size_mm, expect: decreasing}
            """
        #expect { try ReplicationLoader.parse(bad, file: "x.yaml") } throws: { error in
            "\(error)".contains("x.yaml:3") && "\(error)".contains("did you mean 'target-tapping'")
        }
        let twoStatistics = """
            study: x
            participants: 10
            task: {kind: target-tapping, sizes_mm: [4]}
            findings:
              - finding: a
                trend: {measure: time_s, over: size_mm, expect: decreasing}
                value: {measure: time_s}
            """
        #expect { try ReplicationLoader.parse(twoStatistics, file: "x.yaml") } throws: { error in
            "\(error)".contains("exactly one statistic")
        }
    }

    @Test("a finding marked in_sample is scored but left out of the independent tally")
    func inSampleFindingsAreCountedApart() throws {
        let suite = try ReplicationSuite(
            folder: Self.folder, corpus: Self.corpus, seed: 9241, scale: 0.5, tasks: QuestionCatalog.replicationTasks)
        let scores = try suite.score(resamples: 50)
        let marked = scores.filter { $0.inSample != nil }
        #expect(marked.map(\.finding).contains("drag-slower"))
        let tally = ReplicationReport.Tally(scores)
        #expect(tally.independent.findings == scores.count - marked.count)
        #expect(tally.independent.directions == tally.directions - marked.filter { $0.directionAgrees != nil }.count)
        #expect(tally.sentence.contains("leaving out the \(marked.count) that restate an input"))
        var unmarked = scores
        for i in unmarked.indices { unmarked[i].inSample = nil }
        #expect(ReplicationReport.Tally(unmarked).independent.directions == tally.directions)
    }
}
