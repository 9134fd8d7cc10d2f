import Designs
import Foundation
@testable import Harness
import Interaction
@testable import Questions
import Reports
import Testing
import UserModels

/// The brushes question end to end on a small population, and its spec errors.
@Suite("Brushes question")
struct BrushesQuestionTests {
    static let face = "[[0.36, 0.18], [0.56, 0.18], [0.59, 0.26], [0.56, 0.35], [0.47, 0.38], [0.38, 0.35], [0.34, 0.26]]"
    static var photos: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/photos").standardized.path }

    func spec(_ strategies: String, goal: String? = nil, participants: Int = 6, devices: String = "[ipad-9.7-landscape]") throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: brushes-test
            question: brushes
            seed: 11
            devices: \(devices)
            strategies: \(strategies)
            population: {participants: \(participants)}
            tasks:
              - id: face
                photo: \(Self.photos)/astronaut.png
                goal: \(goal ?? "{brush: Lighten, polygon: \(Self.face), lightness: [12, 100], spill: 0.25}")
            limits: {time_limit_s: 40, max_attempts: 40}
            metrics: [time_to_effect_s]
            """, file: "brushes-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String) -> [Double] {
        results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(1, v.count)) }

    @Test("simulated: people find the brush, paint the face, strong strokes finish sooner but spill more; the row needs one tap, the pop-up two; deterministic")
    func simulated() throws {
        let s = try spec("[{design: brush-popup, label: popup}, {design: brush-row, label: row}, {design: brush-popup, label: strong, parameters: {stroke: strong}}]")
        let r = try ExperimentRunner.simulate(spec: s, jobs: 2)
        for label in ["popup", "row", "strong"] {
            #expect(mean(values(r, label, "coverage")) > 0.5, "\(label) painted most of the face")
            #expect(mean(values(r, label, "strokes")) >= 1)
        }
        #expect(values(r, "row", "taps_to_brush").allSatisfy { $0 == 1 })
        #expect(values(r, "popup", "taps_to_brush").allSatisfy { $0 >= 2 })
        #expect(mean(values(r, "strong", "strokes")) < mean(values(r, "popup", "strokes")), "a strong brush needs fewer passes")
        #expect(mean(values(r, "strong", "spill")) > mean(values(r, "popup", "spill")), "and spills more")
        #expect(mean(values(r, "popup", "photo_share")) >= mean(values(r, "row", "photo_share")), "a square photo is height-bound: equal; never less")
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (x: [TrialResult]) in x.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(r) == byKey(again))
    }

    @Test("on an iPhone the tool box is found (tapped open, the brush chosen: two taps) and the face painted; the iPad's bricks crammed on leave less photo")
    func phone() throws {
        let s = try spec("[{design: toolbox}, {design: bricks}]", devices: "[iphone-se-portrait]")
        let r = try ExperimentRunner.simulate(spec: s, jobs: 2)
        #expect(values(r, "toolbox", "taps_to_brush").allSatisfy { $0 == 2 })
        #expect(mean(values(r, "toolbox", "coverage")) > 0.5)
        #expect(mean(values(r, "toolbox", "photo_share")) > 2 * mean(values(r, "bricks", "photo_share")))
    }

    @Test("spec errors name the field: an unknown brush, a region that covers nothing, a bad stroke mode")
    func specErrors() throws {
        #expect(throws: (any Error).self) { try spec("[{design: brush-popup}]", goal: "{brush: Sparkle, polygon: \(Self.face)}") }
        #expect(throws: (any Error).self) { try spec("[{design: brush-popup, parameters: {stroke: medium}}]") }
        let tiny = try spec("[{design: brush-popup}]", goal: "{brush: Lighten, polygon: [[0.5, 0.5], [0.501, 0.5], [0.5, 0.501]]}")
        do {
            _ = try BrushesSimulator(spec: tiny)
            Issue.record("a region covering nothing was accepted")
        } catch let e as SpecError {
            #expect(e.description.contains("tasks.face.goal"))
        }
    }
}
