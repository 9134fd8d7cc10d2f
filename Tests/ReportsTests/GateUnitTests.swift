import Foundation
@testable import Harness
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// The participant-level gate and the baseline file that feeds it.
@Suite("Regression gate over participants")
struct GateUnitTests {
    static let settings = GateSettings(confidence: 0.95, tolerances: [
        MetricTolerance(metric: "time_s", worse: .higher, relative: 0.02, statistic: "mean"),
        MetricTolerance(metric: "landed", worse: .lower, absolute: 0.02),
    ])

    /// Two strategies' trials of 40 people, each with a person effect.
    static func groups(shift: Double = 0, seed: UInt64) -> [String: [String: ParticipantValues]] {
        var out: [String: [String: ParticipantValues]] = [:]
        for strategy in ["a", "b"] {
            let (t, _) = ClusterBootstrapTests.correlatedPairs(people: 40, seed: seed &+ (strategy == "a" ? 0 : 100))
            var time = ParticipantValues(), landed = ParticipantValues()
            for (v, p) in zip(t.values, t.participants) {
                time.append(10 + v + (strategy == "a" ? shift : 0), participant: p)
                landed.append(v > -0.5 ? 1 : 0, participant: p)
            }
            out[strategy] = ["time_s": time, "landed": landed]
        }
        return out
    }

    @Test("the same samples under the same seed are paired and pass; a slowdown beyond tolerance is caught")
    func verdicts() throws {
        let base = Self.groups(seed: 1)
        let same = try RegressionGate.evaluate(baseline: base, change: base, settings: Self.settings, sameSeed: true)
        #expect(same.count == 4 && same.allSatisfy { $0.paired && $0.verdict == .pass && $0.difference.lower == 0 && $0.difference.upper == 0 })
        let slower = try RegressionGate.evaluate(baseline: base, change: Self.groups(shift: 1, seed: 1), settings: Self.settings, sameSeed: true)
        #expect(slower.contains { $0.strategy == "a" && $0.metric == "time_s" && $0.verdict == .regression })
        #expect(!slower.contains { $0.strategy == "b" && $0.verdict != .pass })
        // Different seeds: different people, unpaired; deterministic all the same.
        let other = Self.groups(seed: 2)
        let aa = try RegressionGate.evaluate(baseline: base, change: other, settings: Self.settings, sameSeed: false)
        #expect(aa.allSatisfy { !$0.paired })
        #expect(aa == (try RegressionGate.evaluate(baseline: base, change: other, settings: Self.settings, sameSeed: false)))
        #expect(aa.first { $0.metric == "landed" }?.statistic == "rate")
    }

    @Test("a baseline round-trips with its participants; a format-1 file is refused with the command that rewrites it")
    func baselineFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refine-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("base.json").path
        let baseline = Baseline(experiment: "pip", specSHA256: "abc", seed: "11", run: ["id": "3"],
                                values: Self.groups(seed: 3).mapValues { $0.mapValues(BaselineSample.values) })
        try baseline.write(to: path)
        let loaded = try Baseline.load(path)
        #expect(loaded.values == baseline.values && loaded.seed == "11" && loaded.experiment == "pip")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        #expect(json["format"] as? Int == 2 && json["participants"] != nil)

        let old = dir.appendingPathComponent("old.json").path
        try #"{"experiment":"pip","run":{},"seed":"11","spec_sha256":"abc","values":{"a":{"time_s":[1,2]}}}"#
            .write(toFile: old, atomically: true, encoding: .utf8)
        #expect { try Baseline.load(old) } throws: { error in
            "\(error)".contains("old.json") && "\(error)".contains("participant") && "\(error)".contains("refine baseline update")
        }
        let uneven = dir.appendingPathComponent("uneven.json").path
        try #"{"format":2,"experiment":"pip","run":{},"seed":"11","spec_sha256":"abc","values":{"a":{"time_s":[1,2]}},"participants":{"a":{"time_s":["p0000"]}}}"#
            .write(toFile: uneven, atomically: true, encoding: .utf8)
        #expect { try Baseline.load(uneven) } throws: { "\($0)".contains("participants.a.time_s") }
    }

    /// `people` participants with `each` trials of one strategy's two metrics, as a baseline keeps them.
    static func manyTrials(people: Int, each: Int, shift: Double = 0, seed: UInt64) -> [String: [String: BaselineSample]] {
        var g = SeededGenerator(seed: seed)
        var time: [Double] = [], landed: [Double] = [], owners: [Int32] = []
        for p in 0..<people {
            let skill = Double.random(in: 0..<2, using: &g)
            for _ in 0..<each {
                let v = skill + Double.random(in: 0..<3, using: &g)
                time.append(5 + v + shift); landed.append(v > 2 ? 1 : 0); owners.append(Int32(p))
            }
        }
        let ids = (0..<people).map { String(format: "p%04d", $0) }
        return ["a": ["time_s": BaselineSample(values: time, owners: owners, participants: ids),
                      "landed": BaselineSample(values: landed, owners: owners, participants: ids)]]
    }

    @Test("past 256 trials a person a baseline keeps sketches (format 3): its file stops growing with trials, and the gate still pairs and catches")
    func sketchedBaseline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refine-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(each: Int) throws -> (bytes: Int, baseline: Baseline, json: [String: Any]) {
            let path = dir.appendingPathComponent("base-\(each).json").path
            let baseline = Baseline(experiment: "pip", specSHA256: "abc", seed: "11", run: [:], values: Self.manyTrials(people: 12, each: each, seed: 4))
            try baseline.write(to: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return (data.count, try Baseline.load(path), try JSONSerialization.jsonObject(with: data) as! [String: Any])
        }
        let few = try file(each: 2_000), many = try file(each: 20_000)
        guard case .sketches = few.baseline.values["a"]!["time_s"]! else { Issue.record("sketches expected past 256 a person"); return }
        #expect(few.json["format"] as? Int == 3 && few.json["sketches"] != nil)
        #expect(many.baseline.values == Baseline(experiment: "pip", specSHA256: "abc", seed: "11", run: [:],
                                                 values: Self.manyTrials(people: 12, each: 20_000, seed: 4)).values, "read back as written")
        // Ten times the trials: at most a few more buckets filled.
        #expect(Double(many.bytes) < Double(few.bytes) * 1.5, "\(few.bytes) → \(many.bytes) bytes")
        // A flag stays a rate; the same people are paired; a slowdown beyond tolerance is caught.
        let base = many.baseline.values
        let same = try RegressionGate.evaluate(baseline: base, change: base, settings: Self.settings, sameSeed: true)
        #expect(same.count == 2 && same.allSatisfy { $0.paired && $0.verdict == .pass })
        #expect(same.first { $0.metric == "landed" }?.statistic == "rate")
        let slower = try RegressionGate.evaluate(baseline: base, change: Self.manyTrials(people: 12, each: 20_000, shift: 1, seed: 4),
                                                 settings: Self.settings, sameSeed: true)
        #expect(slower.contains { $0.metric == "time_s" && $0.verdict == .regression })

        let bad = dir.appendingPathComponent("bad.json").path
        try #"{"format":3,"experiment":"pip","run":{},"seed":"11","spec_sha256":"abc","values":{},"participants":{},"sketches":{"a":{"time_s":{"participants":["p1","p0"],"sketches":[{"count":1,"sum":1,"values":[1]},{"count":1,"sum":2,"values":[2]}]}}}}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        #expect { try Baseline.load(bad) } throws: { "\($0)".contains("sketches.a.time_s") && "\($0)".contains("bad.json") }
        let empty = dir.appendingPathComponent("empty.json").path
        try #"{"format":3,"experiment":"pip","run":{},"seed":"11","spec_sha256":"abc","values":{},"participants":{},"sketches":{"a":{"time_s":{"participants":["p0"],"sketches":[{"count":0,"sum":0,"values":[]}]}}}}"#
            .write(toFile: empty, atomically: true, encoding: .utf8)
        #expect { try Baseline.load(empty) } throws: { "\($0)".contains("empty.json") && "\($0)".contains("count") }

        // A format-2 file of many values a person (written before format 3) is sketched as a run is.
        let old = dir.appendingPathComponent("old2.json").path
        var plain = ParticipantValues()
        for i in 0..<600 { plain.append(Double(i % 97) / 7, participant: i % 2 == 0 ? "p0" : "p1") }
        try Baseline(experiment: "pip", specSHA256: "abc", seed: "11", run: [:], values: ["a": ["time_s": .values(plain)]]).write(to: old)
        let reread = try Baseline.load(old).values["a"]!["time_s"]!
        #expect(reread == BaselineSample(values: plain.values, owners: plain.participants.participantIndex().owners, participants: ["p0", "p1"]))
        guard case .sketches = reread else { Issue.record("a format-2 sample past the exact limit should be sketched on reading"); return }

        let future = dir.appendingPathComponent("future.json").path
        try #"{"format":4,"experiment":"pip","run":{},"seed":"11","spec_sha256":"abc","values":{},"participants":{}}"#
            .write(toFile: future, atomically: true, encoding: .utf8)
        #expect { try Baseline.load(future) } throws: { "\($0)".contains("format 4 is newer") }
    }
}

@Suite("compare: p-values with participants as the unit")
struct ParticipantTestTests {
    /// Twelve people; B is a little slower for most of them.
    func sides(trialsEach k: Int) -> (ParticipantValues, ParticipantValues) {
        let shift: [Double] = [0.4, 0.1, -0.2, 0.3, 0.5, 0.0, 0.2, -0.1, 0.6, 0.3, 0.1, 0.2]
        var a = ParticipantValues(), b = ParticipantValues()
        for (i, s) in shift.enumerated() {
            for t in 0..<k {
                let x = 3 + Double(i) * 0.2537 + Double(t % 3) * 0.05
                a.values.append(x); a.participants.append("p\(i)")
                b.values.append(x + s); b.participants.append("p\(i)")
            }
        }
        return (a, b)
    }

    @Test("repeating every person's trials ten times leaves the p-value as it was (trials are not independent evidence)")
    func repeatedTrialsDoNotInflate() throws {
        let (a1, b1) = sides(trialsEach: 3), (a10, b10) = sides(trialsEach: 30)
        for paired in [true, false] {
            let r1 = try #require(Comparisons.compare(["t": a1], ["t": b1], metrics: ["t"], sameSeed: paired, resamples: 200, seed: 1).first)
            let r10 = try #require(Comparisons.compare(["t": a10], ["t": b10], metrics: ["t"], sameSeed: paired, resamples: 200, seed: 1).first)
            #expect(abs(r1.p - r10.p) < 1e-9, "paired \(paired): \(r1.p) vs \(r10.p)")
            #expect(r1.participantsA == 12 && r1.participantsB == 12)
            #expect(r1.test.contains(paired ? "signed-rank" : "Mann–Whitney"))
        }
        // The paired test sees the per-person shift the unpaired one cannot separate from between-person spread.
        let paired = Comparisons.compare(["t": a1], ["t": b1], metrics: ["t"], sameSeed: true, resamples: 200, seed: 1)[0]
        let unpaired = Comparisons.compare(["t": a1], ["t": b1], metrics: ["t"], sameSeed: false, resamples: 200, seed: 1)[0]
        #expect(paired.p < 0.05 && unpaired.p > paired.p)
    }
}

@Suite("Rates and measurements")
struct RateKindTests {
    @Test("a 0/1 metric is a rate; a metric named with a unit stays a measurement even when every value is 0 or 1")
    func unitsAreNotRates() {
        let zeros = [0.0, 0, 0, 1, 0]
        #expect(Comparisons.isRate(zeros, metric: "gave_up"))
        #expect(Comparisons.isRate(zeros, metric: "within_10s"))
        #expect(!Comparisons.isRate(zeros, metric: "tap_latency_s"))
        #expect(!Comparisons.isRate(zeros, metric: "overshoot_pt"))
        #expect(!Comparisons.isRate(zeros, metric: "velocity_error_pt_s"))
        #expect(!Comparisons.isRate([0.5, 1], metric: "gave_up"))
    }

    @Test("past the exact limit a sketch of 0/1 flags is still a rate, and values just above 1 are not", arguments: [false, true])
    func sketchedRates(fromFile: Bool) throws {
        let people = ["p0", "p1"], n = 2 * ValueSketch.exactLimit
        func sample(_ value: (Int) -> Double) throws -> BaselineSample {
            let values = (0..<2 * n).map(value), owners = (0..<2 * n).map { Int32($0 / n) }
            let made = BaselineSample(values: values, owners: owners, participants: people)
            // A baseline file's sketches do not say their values were whole.
            guard fromFile, case .sketches(let p, let s) = made else { return made }
            return .sketches(participants: p, sketches: try s.map { try JSONDecoder().decode(ValueSketch.self, from: JSONEncoder().encode($0)) })
        }
        let flags = try sample { $0 % 3 == 0 ? 1 : 0 }
        let nearOne = try sample { $0 % 3 == 0 ? 1 : $0 % 3 == 1 ? 0 : 1.001 }
        guard case .sketches = flags, case .sketches = nearOne else { Issue.record("expected sketches past the exact limit"); return }
        #expect(flags.isRate(metric: "missed_tap"))
        #expect(!nearOne.isRate(metric: "missed_tap"))
        #expect(!flags.isRate(metric: "tap_latency_s"))
        #expect(Comparisons.isRate(flags.clustered, metric: "missed_tap") && !Comparisons.isRate(nearOne.clustered, metric: "missed_tap"))
    }

    @Test("a difference of an all-zero latency is a difference of medians, not of rates")
    func latencyDifferenceIsMedian() {
        var a = ParticipantValues(), b = ParticipantValues()
        for p in 0..<6 { a.append(0, participant: "p\(p)"); b.append(p % 2 == 0 ? 0 : 1, participant: "p\(p)") }
        #expect(Comparisons.difference(a, b, metric: "tap_latency_s", paired: true, confidence: 0.95, resamples: 200, seed: 1).statistic == "median")
        #expect(Comparisons.difference(a, b, metric: "missed_tap", paired: true, confidence: 0.95, resamples: 200, seed: 1).statistic == "rate")
    }
}
