import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Testing
import UserModels

/// The two factors issue 13 adds to the PIP question: the release velocity
/// estimated from noisy touches (question 5), and catching a PIP in flight
/// (question 7, redirection).
@Suite("PIP velocity estimate and redirection")
struct PIPFactorsTests {
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    func controller(_ parameters: [String: ParameterValue] = [:]) throws -> PIPController {
        var p = parameters
        p["rate"] = .text("normal")
        return try PIPDesigns.make("projected-momentum", parameters: StrategyParameters(p), device: phone)
    }

    @Test("under the standard sensor noise, the last two samples misjudge a flick's release velocity more than the 100 ms least-squares line")
    func lastTwoErrsMore() throws {
        let leastSquares = try controller(), lastTwo = try controller(["velocity": .text("last-two")])
        // A person fast enough to flick the whole way (a slow flicker would drag it instead).
        let person = Population(participants: 1, overrides: ["motor.speed_cv": .fixed(0), "motor.aim_sd_deg": .fixed(0),
                                                             "style.drag_first_probability": .fixed(0),
                                                             "motor.release_speed_pt_s": .fixed(1000)]).participant(0, seed: 3)
        let thrower = Thrower(participant: person)
        let start = leastSquares.layout.center(of: .bottomLeft), goal = leastSquares.layout.center(of: .topLeft)
        var g = SeededGenerator(seed: 1)
        let plan = thrower.plan(from: start, toward: goal, using: &g)
        #expect(plan.style == .flick)
        let path = thrower.path(for: plan, grabbingAt: start, startTime: 0)
        // The finger's (and, away from the edges, the PIP's) true velocity at lift.
        let truth = (path.position(at: path.lift) - path.position(at: path.lift - 1e-3)) / 1e-3
        let sensor = TouchSensor(device: phone)
        var errors: [String: Double] = ["least-squares": 0, "last-two": 0]
        for seed in 1...100 {
            var noise = SeededGenerator(seed: UInt64(seed))
            let stream = sensor.sense(path, using: &noise)!
            errors["least-squares"]! += (leastSquares.release(stream, from: .bottomLeft).velocity - truth).length / 100
            errors["last-two"]! += (lastTwo.release(stream, from: .bottomLeft).velocity - truth).length / 100
        }
        #expect(errors["last-two"]! > errors["least-squares"]!, "\(errors)")
        // Without noise the last two samples are the finger's travel over the last frame, which the lift cuts
        // short: the up event comes at the next frame with the place of the lift, so the estimate is the true
        // speed times the share of that frame before the lift. The line through the last 100 ms is low too
        // (that cut frame, and a flick still speeding up); the rest of each error is noise.
        var none = SeededGenerator(seed: 1)
        let clean = TouchSensor(parameters: .ideal, device: phone).sense(path, using: &none)!
        let a = leastSquares.release(clean, from: .bottomLeft).velocity, b = lastTwo.release(clean, from: .bottomLeft).velocity
        let up = clean.samples[clean.samples.count - 1], before = clean.samples[clean.samples.count - 2]
        let share = (path.lift - before.time) / (up.time - before.time)
        #expect(up.phase == .up && share > 0 && share <= 1)
        #expect(abs(b.length - share * truth.length) < 0.05 * truth.length, "\(b) \(truth) \(share)")
        #expect(a.length < 0.9 * truth.length, "\(a) \(truth)")
        // How far noise moves each estimate from its own noise-free value.
        var spread: [String: Double] = ["least-squares": 0, "last-two": 0]
        for seed in 1...100 {
            var noise = SeededGenerator(seed: UInt64(seed))
            let stream = sensor.sense(path, using: &noise)!
            spread["least-squares"]! += (leastSquares.release(stream, from: .bottomLeft).velocity - a).length / 100
            spread["last-two"]! += (lastTwo.release(stream, from: .bottomLeft).velocity - b).length / 100
        }
        #expect(spread["last-two"]! > 3 * spread["least-squares"]!, "\(spread)")
    }

    @Test("a PIP caught in flight and thrown again ends in the new corner, its spring starting where it was let go with the new throw's velocity")
    func caughtAndRedirected() throws {
        let c = try controller()
        let from = c.layout.center(of: .bottomLeft)
        // A light flick to the right: it heads for the bottom-right corner.
        let away = c.release(TouchStream(startTime: 0, duration: 0.06) { from + Vector2(1200 * $0, 0) }, from: .bottomLeft)
        #expect(away.corner == .bottomRight)
        let elapsed = 0.08
        let midAir = c.position(of: away, after: elapsed)
        #expect(midAir.distance(to: c.layout.center(of: .bottomRight)) > 40, "still well short of its corner")
        let grabbed = try #require(c.grab(at: midAir + Vector2(5, 5), flight: away, elapsed: elapsed))
        #expect(grabbed == midAir)
        // Thrown up from where it was caught: it goes to the top-right corner.
        let finger = midAir + Vector2(5, 5)
        let back = c.release(TouchStream(startTime: elapsed, duration: 0.06) { finger + Vector2(0, -1500 * $0) }, grabbedAt: grabbed)
        #expect(back.corner == .topRight)
        #expect(back.animation.start.distance(to: midAir + Vector2(0, -90)) < 1)
        #expect(back.animation.initialVelocity == back.velocity && abs(back.velocity.y + 1500) < 1)
        #expect(back.animation.position(at: back.settleTime).distance(to: c.layout.center(of: .topRight)) < 0.5)
        // A touch beside the moving PIP misses it.
        #expect(c.grab(at: midAir + Vector2(c.layout.pipSize.width, 0), flight: away, elapsed: elapsed) == nil)
    }

    @Test("with in_flight: ignore a touch on the moving PIP does nothing; once it rests it can be grabbed")
    func ignoredInFlight() throws {
        let c = try controller(["in_flight": .text("ignore")])
        let from = c.layout.center(of: .bottomLeft)
        let away = c.release(TouchStream(startTime: 0, duration: 0.06) { from + Vector2(1200 * $0, 0) }, from: .bottomLeft)
        let midAir = c.position(of: away, after: 0.15)
        #expect(c.grab(at: midAir, flight: away, elapsed: 0.15) == nil)
        #expect(c.grab(at: c.layout.center(of: .bottomRight), flight: away, elapsed: away.settleTime) == c.layout.center(of: .bottomRight))
        #expect(throws: StrategyParameterError.self) { try controller(["in_flight": .text("grab")]) }
    }

    func spec(_ strategies: String) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: pip-factors-test
            question: pip
            seed: 5
            replications: 1
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: 30}
            tasks: {moves: all}
            limits: {time_limit_s: 30, max_attempts: 8}
            metrics: [time_to_effect_s]
            """, file: "pip-factors-test.yaml", catalog: .standard)
    }

    func byKey(_ results: [TrialResult]) -> [String: [String: [String: Double]]] {
        var out: [String: [String: [String: Double]]] = [:]
        for r in results {
            let key = r.trial.key.replacingOccurrences(of: "/\(r.trial.strategy)/", with: "/")
            out[r.trial.strategy, default: [:]][key] = Dictionary(uniqueKeysWithValues: r.outcome.metrics.map { ($0.name, $0.value) })
        }
        return out
    }

    @Test("in whole trials, wrong nearest-corner throws are caught in flight and corrected sooner than when touches are ignored")
    func redirectionInTrials() throws {
        let results = try ExperimentRunner.simulate(spec: spec("[{design: nearest-corner, label: catch}, {design: nearest-corner, label: ignore, parameters: {in_flight: ignore}}]"))
        let m = byKey(results)
        let catching = m["catch"]!, ignoring = m["ignore"]!
        // Sessions carry what people learned, so later first throws can differ; the share of wrong ones cannot much.
        let wrongShare = { (m: [String: [String: Double]]) in Double(m.values.filter { $0["landed_intended"] == 0 }.count) / Double(m.count) }
        #expect(abs(wrongShare(catching) - wrongShare(ignoring)) < 0.03)
        let wrong = catching.keys.filter { catching[$0]!["landed_intended"] == 0 && ignoring[$0]!["landed_intended"] == 0 }
        #expect(wrong.count >= 30, "nearest-corner sends light flicks back: \(wrong.count) wrong first throws")
        #expect(wrong.filter { (catching[$0]!["caught_in_flight"] ?? 0) > 0 }.count >= wrong.count / 4)
        #expect(ignoring.values.allSatisfy { ($0["caught_in_flight"] ?? 0) == 0 })
        #expect(wrong.filter { (ignoring[$0]!["ignored_touches"] ?? 0) > 0 }.count >= wrong.count / 4)
        let both = wrong.filter { catching[$0]!["correction_time_s"] != nil && ignoring[$0]!["correction_time_s"] != nil }
        let median = { (v: [Double]) in v.sorted()[v.count / 2] }
        #expect(median(both.map { catching[$0]!["correction_time_s"]! }) < median(both.map { ignoring[$0]!["correction_time_s"]! }))
        // Nothing is ever ignored in a trial whose throws all landed.
        #expect(ignoring.values.filter { $0["throws"] == 1 && $0["reached_effect"] == 1 }.allSatisfy { $0["ignored_touches"] == 0 })
    }

    @Test("the velocity error of whole trials is larger with last-two")
    func velocityErrorInTrials() throws {
        let m = byKey(try ExperimentRunner.simulate(spec: spec("[{design: projected-momentum, label: ls}, {design: projected-momentum, label: l2, parameters: {velocity: last-two}}]")))
        let mean = { (s: String) in m[s]!.values.compactMap { $0["velocity_error_pt_s"] }.reduce(0, +) / Double(m[s]!.count) }
        #expect(mean("l2") > 2 * mean("ls"), "\(mean("l2")) vs \(mean("ls"))")
    }
}
