import Testing
@testable import Interaction

/// Invariants checked over many generated traces (seeded, so a failure names
/// the seed that reproduces it). Seeds rather than PropertyBased generators
/// (see PhysicsPropertyTests): shrinking a seed only gives another random trace.
@Suite("Gesture invariants")
struct GesturePropertyTests {
    /// A random single- or double-touch trace: taps, holds, drags, flicks and
    /// pauses of random size and timing, through a randomly noisy sensor.
    static func randomTrace(seed: UInt64) -> [TouchStream] {
        var g = TestGenerator(seed: seed)
        func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(g.next() >> 11) * 0x1.0p-53 }
        var params = TouchSensorParameters.standard
        params.positionNoise = u(0, 0.6)
        params.samplingJitter = u(0, 0.002)
        params.sampleRate = [60.0, 120, 240][Int(g.next() % 3)]
        let sensor = TouchSensor(parameters: params, device: Traces.phone)
        var streams: [TouchStream] = []
        var t = 0.0
        for _ in 0..<(1 + Int(g.next() % 2)) {
            var points = [FingerPath.Waypoint(time: t, location: Point(u(50, 350), u(100, 800)))]
            for _ in 0..<Int(g.next() % 4) {
                let last = points[points.count - 1]
                points.append(.init(time: last.time + u(0.01, 0.5),
                                    location: last.location + Vector2(u(-1, 1), u(-1, 1)) * [0.0, 5, 20, 200][Int(g.next() % 4)],
                                    easing: g.next() % 2 == 0 ? .linear : .minimumJerk))
            }
            if points.count == 1 { points.append(.init(time: t + u(0.02, 0.8), location: points[0].location)) }
            let path = FingerPath(points)
            if let s = sensor.sense(path, using: &g) { streams.append(s) }
            t = path.lift + u(0.05, 0.6)
        }
        return streams
    }

    static let seeds: [UInt64] = Array(0..<300)

    @Test("no recognizer ever leaves a terminal state, and every step is legal")
    func legalHistories() {
        for seed in Self.seeds {
            var arbiter = GestureArbiter(Traces.allRecognizers)
            arbiter.run(Self.randomTrace(seed: seed))
            for outcome in arbiter.rounds.flatMap(\.outcomes) {
                var state = GestureState.possible
                for step in outcome.history {
                    #expect(state.canMove(to: step.state), "seed \(seed): \(outcome.name) \(state) → \(step.state)")
                    state = step.state
                }
                #expect(outcome.history.dropLast().allSatisfy { !$0.state.isTerminal }, "seed \(seed): \(outcome.name)")
                #expect(zip(outcome.history, outcome.history.dropFirst()).allSatisfy { $0.time <= $1.time })
                #expect(state.isTerminal, "seed \(seed): \(outcome.name) left undecided")
            }
        }
    }

    @Test("each round lets through at most one exclusive gesture, in both arbitration styles")
    func oneWinner() {
        let sequential = Traces.allRecognizers.map { m in
            m.name == "tap" ? GestureArbiter.Member("tap", TapRecognizer(), waitsFor: ["doubleTap"]) : m
        }
        for seed in Self.seeds {
            for members in [Traces.allRecognizers, sequential] {
                var arbiter = GestureArbiter(members)
                let trace = Self.randomTrace(seed: seed)
                let all = arbiter.run(trace)
                for round in arbiter.rounds {
                    #expect(round.recognitions.filter { $0.name != "pause" }.count <= 1, "seed \(seed)")
                }
                #expect(all.count == arbiter.rounds.map(\.recognitions.count).reduce(0, +))
                #expect(zip(all, all.dropFirst()).allSatisfy { $0.time <= $1.time })
                #expect(all.allSatisfy { $0.time >= $0.recognizerTime && $0.recognizerTime >= $0.touchDown })
            }
        }
    }

    @Test("recognizers are deterministic: the same trace gives the same histories")
    func deterministic() {
        for seed in Self.seeds.prefix(50) {
            var a = GestureArbiter(Traces.allRecognizers), b = GestureArbiter(Traces.allRecognizers)
            a.run(Self.randomTrace(seed: seed)); b.run(Self.randomTrace(seed: seed))
            #expect(a.rounds == b.rounds && a.recognitions == b.recognitions)
        }
    }
}
