import Foundation
import Testing
@testable import Harness

/// The replayer relives sessions in memory: every trial it replays must come out
/// exactly as a run makes it, with one camera shot per traced gesture.
@Suite("Replaying trials")
struct ReplayerTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos").path

    func check(_ spec: ExperimentSpec) throws {
        let run = try ExperimentRunner.simulate(spec: spec)
        let replayer = try TrialReplayer(spec: spec)
        #expect(replayer.replay("no/such/key") == nil)
        for result in run {
            let replay = try #require(replayer.replay(result.trial.key))
            #expect(replay.metrics == result.outcome.metrics, "\(result.trial.key)")
            let downs = replay.events.filter { $0.kind == "touch" && $0.detail.contains("\"phase\":\"down\"") }
            #expect(replay.shots.count == downs.count + 1, "\(result.trial.key)")
            #expect(replay.shots.first?.touchDown == nil && zip(downs, replay.shots.dropFirst()).allSatisfy { abs($0.time - ($1.touchDown ?? -1)) < 1e-5 })
            #expect(replay.earlierTrials == result.trial.sessionIndex - 1)
            // Looks while the finger was down: inside their gesture, every 0.5 s from touch-down.
            for shot in replay.shots.dropFirst() {
                let times = shot.during.compactMap(\.at), down = shot.touchDown ?? .nan
                #expect(times.count == shot.during.count)
                #expect(times.enumerated().allSatisfy { abs($1 - down - 0.5 * Double($0 + 1)) < 1e-9 }, "\(times)")
            }
        }
    }

    @Test("effects: every trial replays to the metrics the run made, one shot per gesture")
    func effects() throws {
        try check(parse("""
            name: effects-replay
            question: effects
            seed: 4
            devices: [iphone-15-portrait]
            strategies: [{design: swatch-book, label: book-swipe, parameters: {refiner: one-swipe}}]
            population: {participants: 2}
            tasks:
              - {id: match, photo: \(Self.photos)/flower.png, goal: {family: aura, position: 0.8}}
              - {id: explore, photo: \(Self.photos)/flower.png}
            limits: {time_limit_s: 20, max_attempts: 20}
            """))
    }

    @Test("brushes: every trial replays to the metrics the run made, one shot per tap, stroke and pinch")
    func brushes() throws {
        let face = "[[0.36, 0.18], [0.56, 0.18], [0.59, 0.26], [0.56, 0.35], [0.47, 0.38], [0.38, 0.35], [0.34, 0.26]]"
        try check(parse("""
            name: brushes-replay
            question: brushes
            seed: 11
            devices: [ipad-9.7-landscape, iphone-se-portrait]
            strategies: [brush-popup, toolbox]
            population: {participants: 2}
            tasks:
              - id: face
                photo: \(Self.photos)/astronaut.png
                goal: {brush: Lighten, polygon: \(face), lightness: [12, 100], spill: 0.25}
            limits: {time_limit_s: 40, max_attempts: 40}
            """))
    }

    @Test("pip: every trial replays to the metrics the run made; the window's path has one point per touch sample")
    func pip() throws {
        let spec = try parse(smallSpec(participants: 2))
        try check(spec)
        let replay = try #require(TrialReplayer(spec: spec).replay("pip/nearest-corner/iphone-15-portrait/p0001/t03/r1"))
        let touches = replay.events.filter { $0.kind == "touch" }.count
        #expect(replay.shots.dropFirst().map(\.pipPath.count).reduce(0, +) == touches)
        #expect(replay.shots.dropFirst().allSatisfy { $0.flight.count >= 1 && $0.corner != nil })
        #expect(replay.scene.pipLayout != nil && replay.scene.to != nil)
    }
}
