import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The tap-margin question: known touches through the sensor into the row's
/// hit-test and tap recognizer, and whole simulated experiments.
@Suite("Tap-margin question")
struct TapMarginQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    var clean: TouchSensor { TouchSensor(parameters: .ideal, device: device) }

    func row(margin: Double, gap: Double = 8) -> ButtonRow {
        ButtonRow.centred(count: 5, size: 28, gap: gap, at: Point(196, 426), margin: margin, maximumMovement: nil)
    }

    func respond(_ row: ButtonRow, _ path: FingerPath, seed: UInt64 = 1) -> ButtonResponse {
        var g = SeededGenerator(seed: seed)
        return row.respond(to: clean.sense(path, using: &g)!)
    }

    @Test("a tap landing in the margin activates the button only with the margin")
    func landingInMargin() {
        let middle = row(margin: 0).frames[2]
        let above = FingerPath.stationary(at: Point(middle.center.x, middle.minY - 5), from: 0, duration: 0.08)
        #expect(respond(row(margin: 0), above) == .missed(at: respond(row(margin: 0), above).time))
        guard case .activated(2, _) = respond(row(margin: 10), above) else { Issue.record("the margin did not take the tap"); return }
    }

    @Test("a contact that drifts over the edge cancels on the exact frame, not with a margin")
    func driftOverEdge() {
        let middle = row(margin: 0).frames[2]
        let drift = FingerPath([.init(time: 0, location: Point(middle.center.x, middle.minY + 2)),
                                .init(time: 0.08, location: Point(middle.center.x, middle.minY - 4))])
        guard case .cancelled(2, _) = respond(row(margin: 0), drift) else { Issue.record("exact frame should cancel"); return }
        guard case .activated(2, _) = respond(row(margin: 10), drift) else { Issue.record("margin should keep the tap"); return }
    }

    @Test("taking a press back needs a drag beyond the margin")
    func takeBack() {
        let middle = row(margin: 0).frames[2]
        let off = { (d: Double) in FingerPath([.init(time: 0, location: middle.center), .init(time: 0.1, location: middle.center),
                                               .init(time: 0.3, location: middle.center + Vector2(0, -d), easing: .minimumJerk)]) }
        guard case .cancelled = respond(row(margin: 0), off(20)) else { Issue.record("20 pt leaves a 28 pt button"); return }
        guard case .activated(2, _) = respond(row(margin: 10), off(20)) else { Issue.record("20 pt stays within 14 + 10 pt"); return }
        guard case .cancelled = respond(row(margin: 10), off(30)) else { Issue.record("30 pt leaves the margin"); return }
    }

    @Test("a touch in a narrow gap goes to the nearer button when margins overlap")
    func gapGoesToNearest() {
        let r = row(margin: 10, gap: 4)
        let nearRight = Point(r.frames[2].maxX + 3, r.frames[2].center.y)  // 1 pt from the right neighbour
        #expect(r.hitTest(nearRight) == 3)
        #expect(r.hitTest(Point(r.frames[2].maxX + 1, r.frames[2].center.y)) == 2)
        #expect(row(margin: 0, gap: 4).hitTest(nearRight) == nil)
    }

    func spec(_ strategies: String) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: tap-test
            question: tap-margin
            seed: 5
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: 30}
            tasks:
              - {intent: tap, size_pt: 28, gap_pt: 8}
              - {intent: cancel, size_pt: 44, gap_pt: 8}
            limits: {time_limit_s: 10, max_attempts: 4}
            metrics: [right_first_time]
            """, file: "tap-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String) -> [Double] {
        results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }

    @Test("simulated: the margin removes misses and costs take-backs; equal designs under two labels give equal trials; any jobs give the same")
    func simulated() throws {
        let s = try spec("[{design: tap-exact}, {design: tap-margin, parameters: {margin_pt: 12}}]")
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(v.count) }
        #expect(mean(values(results, "tap-exact", "missed_tap")) > mean(values(results, "tap-margin", "missed_tap")))
        #expect(mean(values(results, "tap-exact", "cancel_failed")) < mean(values(results, "tap-margin", "cancel_failed")))
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))

        let twins = try ExperimentRunner.simulate(spec: spec("[{design: tap-margin, label: a, parameters: {margin_pt: 0}}, {design: tap-exact, label: b}]"))
        for m in ["right_first_time", "missed_tap", "cancel_failed", "time_to_done_s"] {
            #expect(values(twins, "a", m).sorted() == values(twins, "b", m).sorted(), "\(m): a 0 pt margin is the exact frame")
        }
    }
}

extension ButtonResponse {
    var time: Double {
        switch self {
        case .activated(_, let t), .cancelled(_, let t), .failed(_, let t), .missed(let t): t
        }
    }
}
