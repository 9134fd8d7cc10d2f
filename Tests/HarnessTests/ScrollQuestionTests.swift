import Designs
@testable import Harness
import Interaction
@testable import Questions
import Reports
import Testing
import UserModels

/// The scroll question end to end: simulated people scroll a long list under
/// each design; and the spec's task and strategy errors.
@Suite("Scroll question")
struct ScrollQuestionTests {
    func spec(_ strategies: String, tasks: String = "[{rows: 300, item: 250}, {rows: 300, item: end}]", participants: Int = 20) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: scroll-test
            question: scroll
            seed: 7
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: \(participants)}
            tasks: \(tasks)
            limits: {time_limit_s: 60, max_attempts: 120}
            metrics: [time_to_effect_s]
            """, file: "scroll-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String, task: String? = nil) -> [Double] {
        results.filter { $0.trial.strategy == label && (task == nil || $0.trial.task.id == task) }
            .compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(1, v.count)) }

    @Test("simulated: momentum reaches a far row sooner in fewer swipes; without it, long swipes and a carry unlearned; walls only at hard stops; deterministic")
    func simulated() throws {
        let s = try spec("[{design: momentum-rubber-band}, {design: momentum-hard-stop}, {design: no-momentum-rubber-band}, {design: no-momentum-hard-stop}]")
        let r = try ExperimentRunner.simulate(spec: s, jobs: 2)
        #expect(mean(values(r, "momentum-rubber-band", "time_to_done_s")) < mean(values(r, "no-momentum-rubber-band", "time_to_done_s")))
        #expect(mean(values(r, "momentum-rubber-band", "swipes")) < mean(values(r, "no-momentum-rubber-band", "swipes")))
        #expect(mean(values(r, "no-momentum-hard-stop", "long_swipes")) > 10 * max(0.1, mean(values(r, "momentum-hard-stop", "long_swipes"))))
        #expect(mean(values(r, "no-momentum-hard-stop", "believed_carry_s")) < 0.5 * mean(values(r, "momentum-hard-stop", "believed_carry_s")))
        for label in ["momentum-rubber-band", "no-momentum-rubber-band"] { #expect(values(r, label, "wall_hits").allSatisfy { $0 == 0 }) }
        #expect(mean(values(r, "momentum-hard-stop", "wall_hits", task: "t02")) > 0.3, "flicking to the end of the list meets the hard stop")
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (x: [TrialResult]) in x.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(r) == byKey(again))
    }

    @Test("equal designs under two labels give equal trials; the deceleration rate is a real parameter")
    func twinsAndRate() throws {
        let twins = try ExperimentRunner.simulate(spec: spec("[{design: momentum-hard-stop, label: a}, {design: momentum-hard-stop, label: b, parameters: {deceleration_rate: 0.998}}, {design: momentum-hard-stop, label: fast, parameters: {deceleration_rate: 0.99}}]", participants: 10))
        for m in ["time_to_done_s", "swipes", "overshoot_pt"] { #expect(values(twins, "a", m) == values(twins, "b", m), "\(m)") }
        #expect(mean(values(twins, "fast", "flicks")) > mean(values(twins, "a", "flicks")), "a fast rate carries less per flick")
    }

    @Test("spec errors name the field: unknown parameters for a strategy, an item beyond the list")
    func specErrors() throws {
        #expect(throws: (any Error).self) { try spec("[{design: no-momentum-hard-stop, parameters: {deceleration_rate: 0.99}}]") }
        #expect(throws: (any Error).self) { try spec("[{design: momentum-rubber-band, parameters: {deceleration_rate: 1.5}}]") }
        do {
            _ = try spec("[{design: momentum-rubber-band}]", tasks: "[{rows: 100, item: 300}]")
            Issue.record("an item beyond the list was accepted")
        } catch {
            #expect("\(error)".contains("item"), "\(error)")
        }
    }
}
