import Foundation
@testable import Harness
@testable import Questions
import Testing
import UserModels

/// A screening point takes, from the point before it, the sessions that never read the parameters moved: their
/// results must be the bits a fresh run of the point gives.
@Suite("Carrying sessions over between screening points")
struct CarryOverTests {
    /// A PIP screening whose sessions read different parameters: how a throw's belief is updated and how fast
    /// a drag goes are read only by the people who throw or drag under a strategy, not by everyone.
    func spec() throws -> ExperimentSpec {
        try parse(smallSpec(participants: 4, extra: """
            sensitivity:
              participants: 4
              metric: landed_intended
              parameters: {motor.release_speed_pt_s: [500, 1000]}
              screen: {groups: [throwing beliefs, motor], study: {trajectories: 2, participants: 4}}
            """))
    }

    /// Runs `variants` one after another into a fresh database, each point taking from the one before it
    /// (`carrying`) or simulating every session; the sessions of each point.
    func run(_ variants: [ScreeningVariant], carrying: Bool) throws -> [PointSessions] {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try RunStore(path: dir.appendingPathComponent("carry.sqlite").path)
        defer { try? store.close() }
        var previous = PointSessions(), points: [PointSessions] = []
        for variant in variants {
            var options = RunOptions(jobs: 2)
            options.variant = variant.label
            options.carryOver =
                carrying ? variant.movedParameters.map { CarryOver(previous: previous, moved: $0) } ?? .start : .start
            let summary = try ExperimentRunner.run(spec: variant.spec, store: store, options: options)
            previous = try #require(summary.sessions)
            points.append(previous)
        }
        return points
    }

    @Test("carried sessions are the bits a fresh run gives, and only sessions that never read what moved carry")
    func carriedSessionsAreExact() throws {
        let s = try spec()
        let variants = s.screeningVariants(try #require(try s.studyScreeningDesign(jobs: 2)))
        let carried = try run(variants, carrying: true), fresh = try run(variants, carrying: false)
        #expect(fresh.allSatisfy { $0.carriedTrials == 0 })
        for (k, (a, b)) in zip(carried, fresh).enumerated() {
            #expect(a.sessions.keys.sorted() == b.sessions.keys.sorted())
            for (name, session) in a.sessions {
                let reference = try #require(b.sessions[name])
                #expect(session.results.map(\.outcome.metrics) == reference.results.map(\.outcome.metrics))
                #expect(session.results.map(\.trial.key) == reference.results.map(\.trial.key))
                #expect(session.read == reference.read)
            }
            // Exactly the sessions of the point before that read nothing moved are carried; a start carries none.
            let moved = variants[k].movedParameters
            let expected = moved.map { moved in
                carried[k - 1].sessions.values.filter { $0.read.isDisjoint(with: moved) }.map(\.results.count)
                    .reduce(0, +)
            } ?? 0
            #expect(a.carriedTrials == expected)
        }
        // The design is one where some sessions never read some moved parameter: the test exercises a carry.
        #expect(carried.map(\.carriedTrials).reduce(0, +) > 0)
    }

    @Test("a session carries only when none of the parameters moved is among those it read, with the same trials")
    func carriesOnlyUnread() throws {
        let s = try spec()
        let plan = TrialPlan(spec: s)
        let range = plan.sessions[0]
        func result(_ i: Int) -> TrialResult {
            TrialResult(
                trial: plan.trials[i], participantID: plan.participants[plan.trials[i].participantIndex].id,
                participantGroup: "novice", outcome: TrialOutcome(metrics: [Metric("landed_intended", 1)], events: []))
        }
        var before = PointSessions()
        let name = plan.trials[range.lowerBound].session
        before.sessions[name] = PointSessions.Session(results: range.map(result), read: ["motor.fitts_b_s_per_bit"])
        let unread = CarryOver(previous: before, moved: ["learning.throw_update"])
        let read = CarryOver(previous: before, moved: ["learning.throw_update", "motor.fitts_b_s_per_bit"])
        let carried = try #require(unread.carriedSession(range, of: plan))
        #expect(carried.results.map(\.planIndex) == range.map { $0 })
        #expect(carried.results.map(\.trial.key) == range.map { plan.trials[$0].key })
        #expect(read.carriedSession(range, of: plan) == nil ? true : false)
        // Results of other trials under the same session name (another plan) never carry.
        var other = before
        other.sessions[name]!.results = range.map { _ in result(range.lowerBound) }
        #expect(CarryOver(previous: other, moved: unread.moved).carriedSession(range, of: plan) == nil ? true : false)
    }
}
