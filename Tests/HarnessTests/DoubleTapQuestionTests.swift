import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The double-tap question: known touches through the sensor into the viewer's
/// recognizers, and whole simulated experiments.
@Suite("Double-tap question")
struct DoubleTapQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    var clean: TouchSensor { TouchSensor(parameters: .ideal, device: device) }

    func sense(_ paths: [FingerPath]) -> [TouchStream] {
        paths.enumerated().map { i, p in
            var g = SeededGenerator(seed: UInt64(i + 1))
            return clean.sense(p, using: &g)!
        }
    }
    func tap(at p: Point = Point(196, 426), _ t: Double) -> FingerPath { .stationary(at: p, from: t, duration: 0.08) }

    @Test("with a double tap, a single tap acts one window after its lift; without, at the lift", arguments: [0.2, 0.3, 0.5])
    func singleTapDelay(window: Double) {
        let s = sense([tap(0)])
        let zoomable = PhotoViewer(bounds: device.bounds, doubleTapWindow: window).respond(to: s)
        #expect(zoomable.map(\.kind) == [.single])
        #expect(abs(zoomable[0].time - zoomable[0].lift - window) < 1e-9)
        let plain = PhotoViewer(bounds: device.bounds, doubleTapWindow: nil).respond(to: s)
        #expect(plain.map(\.kind) == [.single] && plain[0].time == plain[0].lift)
    }

    @Test("two taps inside the window zoom; a slower second tap makes two single taps; without a double tap both are taps")
    func twoTaps() {
        let zoomable = PhotoViewer(bounds: device.bounds, doubleTapWindow: 0.3)
        #expect(zoomable.respond(to: sense([tap(0), tap(0.25)])).map(\.kind) == [.zoom])          // 0.17 s after the lift
        #expect(zoomable.respond(to: sense([tap(0), tap(0.5)])).map(\.kind) == [.single, .single])  // 0.42 s after
        #expect(zoomable.respond(to: sense([tap(0), tap(at: Point(196, 576), 0.25)])).map(\.kind) == [.single, .single], "150 pt apart")
        let plain = PhotoViewer(bounds: device.bounds, doubleTapWindow: nil)
        #expect(plain.respond(to: sense([tap(0), tap(0.25)])).map(\.kind) == [.single, .single])
        #expect(plain.respond(to: sense([tap(at: plain.zoomButton!.center, 0)])).map(\.kind) == [.zoom])
    }

    func spec(_ strategies: String) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: double-tap-test
            question: double-tap
            seed: 5
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: 30}
            tasks:
              - {gesture: tap}
              - {gesture: taps, spacing_pt: 0}
              - {gesture: zoom}
            limits: {time_limit_s: 10, max_attempts: 4}
            metrics: [right_first_time]
            """, file: "double-tap-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String) -> [Double] {
        results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }

    @Test("simulated: tap latency is the window with a double tap and 0 without; a longer window takes more quick taps for double taps; any jobs give the same")
    func simulated() throws {
        let s = try spec("[{design: double-tap-zoom, label: w03}, {design: double-tap-zoom, label: w05, parameters: {window_s: 0.5}}, {design: no-double-tap}]")
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(1, v.count)) }
        let median = { (v: [Double]) in v.sorted()[v.count / 2] }
        #expect(abs(median(values(results, "w03", "tap_latency_s")) - 0.3) < 1e-6)
        #expect(abs(median(values(results, "w05", "tap_latency_s")) - 0.5) < 1e-6)
        #expect(values(results, "no-double-tap", "tap_latency_s").allSatisfy { $0 == 0 })
        #expect(mean(values(results, "w05", "single_read_as_double")) >= mean(values(results, "w03", "single_read_as_double")))
        #expect(mean(values(results, "w03", "single_read_as_double")) > 0)
        #expect(values(results, "no-double-tap", "single_read_as_double").allSatisfy { $0 == 0 })
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))
    }
}
