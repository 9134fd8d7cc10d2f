import Foundation
@testable import Harness
@testable import Questions
@testable import Reports
import Statistics
import Testing

/// With two strategies tuned, the tuning section compares them each at its best setting (`atBestSettings`).
@Suite("Tuning: strategies at their best settings")
struct TuningBestTests {
    static let pause = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Experiments/pause.yaml").standardized.path

    /// 20 people, each with 10 trials of which `hits` are 1.
    static func best(_ setting: String, hits: Int) -> TuningSection.Best {
        let people = (0..<20).map { String(format: "p%04d", $0) }
        let values = people.flatMap { _ in (0..<10).map { $0 < hits ? 1.0 : 0.0 } }
        let owners = people.indices.flatMap { p in [Int32](repeating: Int32(p), count: 10) }
        let sample = BaselineSample(values: values, owners: owners, participants: people)
        let rate = Double(hits) / 10
        return TuningSection.Best(setting: setting, sample: sample, estimate: Estimate(value: rate, lower: rate, upper: rate))
    }

    @Test("the best of each strategy's settings are ranked and compared, paired over the same people")
    func ranksBestSettings() throws {
        let spec = try SpecLoader.load(path: Self.pause, catalog: .standard)
        let settings = try #require(spec.tuning)
        let bests = [
            "pause-timer": Self.best("duration_s = 0.05", hits: 6), "pause-acceleration": Self.best("minimum_peak_pt_s = 300", hits: 9),
        ]
        let line = try #require(TuningSection.atBestSettings(bests, settings: settings, spec: spec))
        #expect(line.contains("pause-acceleration ranks first on right_at_once"))
        #expect(line.contains("pause-timer (duration_s = 0.05) minus it -0.3"))
        #expect(line.contains("pause-acceleration is better"))
        #expect(TuningSection.atBestSettings(["pause-timer": bests["pause-timer"]!], settings: settings, spec: spec) == nil)
    }
}
