import Foundation
import GRDB
@testable import Harness
@testable import Questions
import Reports
import Testing

@Suite("The effects question end to end")
struct EffectsRunTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos").path

    func spec(goal: String = "{family: bw, position: 0.3}", population: String = "{participants: 3}") -> String {
        """
        name: effects-test
        question: effects
        seed: 4
        devices: [iphone-15-portrait]
        strategies:
          - {design: grid, label: grid-swipe}
          - {design: swatch-book, label: book-sliders, parameters: {refiner: three-sliders}}
        population: \(population)
        tasks:
          - {id: match, photo: \(Self.photos)/flower.png, goal: \(goal)}
          - {id: explore, photo: \(Self.photos)/flower.png}
        limits: {time_limit_s: 30, max_attempts: 30}
        """
    }

    @Test("matching and exploring trials run deterministically and record the effects metrics")
    func runs() throws {
        let s = try SpecLoader.parse(spec(), file: "/tmp/effects-test.yaml", catalog: .standard)
        func flat(_ r: [TrialResult]) -> [String] { r.flatMap { t in t.outcome.metrics.map { "\(t.trial.key)#\($0.name)=\($0.value)" } } }
        let one = try ExperimentRunner.simulate(spec: s, jobs: 1), two = try ExperimentRunner.simulate(spec: s, jobs: 2)
        #expect(flat(one) == flat(two))
        let names = Set(one.flatMap { $0.outcome.metrics.map(\.name) })
        #expect(names.isSuperset(of: ["within_10s", "effect_found_s", "chosen_effect", "looks_seen_10s", "scrolls", "cards_opened"]))
        let explored = one.filter { $0.trial.task.id == "explore" }
        #expect(explored.allSatisfy { r in r.outcome.metrics.contains { $0.name == "chosen_effect" } })
    }

    @Test("a browsing person tries looks of the chosen effect until their patience runs out, as an editing person does")
    func browsingPatience() throws {
        func timeToDone(patience: Int) throws -> [Double] {
            // Nobody likes a look enough to take it, so patience alone ends the browsing.
            let text = spec(
                population: "{participants: 3, parameters: {agent.patience_gestures: \(patience), "
                    + "preference.aspiration: 10, preference.aspiration_decay_per_s: 0}}")
            let s = try SpecLoader.parse(text, file: "/tmp/effects-test.yaml", catalog: .standard)
            return try ExperimentRunner.simulate(spec: s, jobs: 1).filter { $0.trial.task.id == "explore" }.map { r in
                r.outcome.metrics.first { $0.name == "time_to_done_s" }!.value
            }
        }
        // The same people browse the same screens; only how long they keep trying looks differs.
        let impatient = try timeToDone(patience: 1), patient = try timeToDone(patience: 20)
        #expect(impatient.count == patient.count && !impatient.isEmpty)
        #expect(zip(impatient, patient).allSatisfy { $0 <= $1 }, "\(impatient) \(patient)")
        #expect(impatient.reduce(0, +) < patient.reduce(0, +), "\(impatient) \(patient)")
    }

    @Test("an unknown family is refused with a suggestion")
    func badFamily() {
        do {
            _ = try SpecLoader.parse(spec(goal: "{family: auro}"), file: "/tmp/effects-test.yaml", catalog: .standard)
            Issue.record("expected an error")
        } catch let e as SpecError {
            #expect(e.message.contains("did you mean 'aura'"))
        } catch { Issue.record("\(error)") }
    }

    @Test("people watch the photo while a slider or the swipe strip moves and correct some drags; switched off (closed_loop), none")
    func watchedDrags() throws {
        func corrected(_ population: String) throws -> [Double] {
            let s = try SpecLoader.parse(spec(population: population), file: "/tmp/effects-test.yaml", catalog: .standard)
            return try ExperimentRunner.simulate(spec: s, jobs: 2)
                .compactMap { $0.outcome.metrics.first { $0.name == "corrected_drags" }?.value }
        }
        let watched = try corrected("{participants: 6}"), blind = try corrected("{participants: 6, ablate: [closed_loop]}")
        #expect(!watched.isEmpty && watched.count == blind.count)
        #expect(blind.allSatisfy { $0 == 0 })
        #expect(watched.reduce(0, +) > 0)
    }
}
