import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The pause question: known slides through the noisy sensor into both
/// detectors, and whole simulated experiments.
@Suite("Pause question")
struct PauseQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    let timer = try! PauseDesigns.make("pause-timer", parameters: StrategyParameters())
    let acceleration = try! PauseDesigns.make("pause-acceleration", parameters: StrategyParameters())

    /// A person whose slides peak at exactly `speed` (no trial-to-trial variation)
    /// and who holds a pause for 0.3 s.
    func person(speed: Double, crawl: Double = 100) -> Participant {
        Population(participants: 1, overrides: ["motor.release_speed_pt_s": .fixed(speed), "motor.speed_cv": .fixed(0),
                                                "gesture.response_wait_s": .fixed(0.3),
                                                "gesture.crawl_speed_pt_s": .fixed(crawl), "gesture.crawl_s": .fixed(0.4)])
            .participant(0, seed: 1)
    }

    /// The screen's responses to `intent` over 20 noisy sensings, with when the finger came to rest.
    func responses(_ intent: SlideIntent, speed: Double, crawl: Double = 100, gesture: HomeIndicatorGesture) -> [(HomeGestureResponse, Double?)] {
        let slider = Slider(participant: person(speed: speed, crawl: crawl))
        var g = SeededGenerator(seed: 7)
        let plan = slider.plan(intent, from: Point(196, 848), direction: Vector2(0, -1), distance: 380, using: &g)
        let sensor = TouchSensor(device: device)
        return (1...20).map { seed in
            var noise = SeededGenerator(seed: UInt64(seed))
            return (gesture.respond(to: sensor.sense(slider.path(for: plan, startTime: 0), using: &noise)!), plan.restsAfter)
        }
    }

    @Test("a brisk slide that stops and holds for 0.3 s is a pause for both detectors, the acceleration one sooner")
    func briskPause() {
        var mean: [String: Double] = [:]
        for (name, gesture) in [("timer", timer), ("acceleration", acceleration)] {
            let latencies = responses(.pause, speed: 2000, gesture: gesture).compactMap { response, rest -> Double? in
                guard case .appSwitcher(let t) = response else { return nil }
                return t - rest!
            }
            #expect(latencies.count == 20, "\(name) missed \(20 - latencies.count) of 20 brisk pauses")
            #expect(latencies.allSatisfy { $0 > -0.05 && $0 < 0.3 }, "\(name) latencies \(latencies)")
            mean[name] = latencies.reduce(0, +) / Double(max(1, latencies.count))
        }
        #expect(mean["acceleration"]! < mean["timer"]! - 0.05)
    }

    @Test("a flick up is not a pause for either detector")
    func flickIsNoPause() {
        for gesture in [timer, acceleration] {
            for (response, _) in responses(.flick, speed: 1000, gesture: gesture) {
                guard case .home = response else { Issue.record("a flick brought in the app switcher"); continue }
            }
        }
    }

    @Test("a slow slide that stops is still a pause for the timer; its gentle stop has no spike for the acceleration method")
    func gentlePause() {
        #expect(responses(.pause, speed: 500, gesture: timer).allSatisfy { if case .appSwitcher = $0.0 { true } else { false } })
        #expect(responses(.pause, speed: 500, gesture: acceleration).allSatisfy { if case .home = $0.0 { true } else { false } })
    }

    @Test("a hesitation at a fast crawl is no pause; a crawl well under the pause speed fools the timer")
    func hesitation() {
        for gesture in [timer, acceleration] {
            #expect(responses(.hesitate, speed: 1000, crawl: 300, gesture: gesture).allSatisfy { if case .home = $0.0 { true } else { false } })
        }
        let fooled = responses(.hesitate, speed: 1000, crawl: 20, gesture: timer).filter { if case .appSwitcher = $0.0 { true } else { false } }
        #expect(fooled.count >= 15, "the timer took \(fooled.count)/20 crawls at 20 pt/s for a pause")
    }

    func spec(strategies: String, participants: Int = 12) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: pause-test
            question: pause
            seed: 11
            replications: 2
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: \(participants)}
            tasks:
              - {intent: pause, stop_at: [0.35, 0.55]}
              - {intent: flick}
              - {intent: hesitate, stop_at: [0.3, 0.5]}
            limits: {time_limit_s: 10, max_attempts: 4}
            metrics: [right_at_once]
            """, file: "pause-test.yaml", catalog: .standard)
    }

    func metrics(_ results: [TrialResult]) -> [String: [String: Double]] {
        Dictionary(uniqueKeysWithValues: results.map { r in
            (r.trial.key, Dictionary(uniqueKeysWithValues: r.outcome.metrics.map { ($0.name, $0.value) }))
        })
    }

    @Test("the same spec gives the same metrics with any number of jobs")
    func deterministic() throws {
        let s = try spec(strategies: "[{design: pause-timer}, {design: pause-acceleration}]")
        #expect(metrics(try ExperimentRunner.simulate(spec: s, jobs: 1)) == metrics(try ExperimentRunner.simulate(spec: s, jobs: 2)))
    }

    @Test("outcomes come from the recognizer: equal detectors under two labels give equal trials; a 2 s timer misses every pause")
    func outcomesComeFromTheRecognizer() throws {
        let same = try ExperimentRunner.simulate(spec: spec(strategies: "[{design: pause-timer, label: a}, {design: pause-timer, label: b}]"))
        let byLabel = Dictionary(grouping: same) { $0.trial.strategy }
        let strip = { (r: TrialResult) in r.trial.key.replacingOccurrences(of: "/\(r.trial.strategy)/", with: "/") }
        // Everything but the trial's place in its session (sessions are ordered by their own seed).
        let own = { (r: TrialResult) in r.outcome.metrics.filter { $0.name != "session_trial" } }
        let a = Dictionary(uniqueKeysWithValues: byLabel["a"]!.map { (strip($0), own($0)) })
        #expect(byLabel["b"]!.allSatisfy { a[strip($0)] == own($0) })

        // Longer than anyone waits (1 s): every pause is missed on every attempt.
        let slow = try ExperimentRunner.simulate(spec: spec(strategies: "[{design: pause-timer, parameters: {duration_s: 2}}]"))
        let pauses = slow.filter { $0.outcome.metrics.contains(Metric("meant_pause", 1)) }
        #expect(!pauses.isEmpty && pauses.allSatisfy { $0.outcome.metrics.contains(Metric("reached_effect", 0)) })
        #expect(pauses.allSatisfy { $0.outcome.metrics.contains(Metric("missed_pause", 1)) })
    }

    @Test("task errors name the field and the choices")
    func taskErrors() throws {
        let text = try spec(strategies: "[{design: pause-timer}]").text
        #expect { try SpecLoader.parse(text.replacingOccurrences(of: "intent: flick", with: "intent: flik"), file: "p.yaml", catalog: .standard) } throws: {
            "\($0)".contains("unknown intent 'flik'") && "\($0)".contains("flick")
        }
        #expect { try SpecLoader.parse(text.replacingOccurrences(of: "{intent: pause, stop_at: [0.35, 0.55]}", with: "{intent: pause}"), file: "p.yaml", catalog: .standard) } throws: {
            "\($0)".contains("needs stop_at")
        }
        #expect { try SpecLoader.parse(text.replacingOccurrences(of: "{design: pause-timer}", with: "{design: pause-timer, parameters: {duration_s: 9}}"), file: "p.yaml", catalog: .standard) } throws: {
            "\($0)".contains("duration_s")
        }
    }
}
