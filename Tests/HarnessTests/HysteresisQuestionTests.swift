import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The hysteresis question: known touches through the sensor into the list's
/// parallel tap and pan recognizers, and whole simulated experiments.
@Suite("Hysteresis question")
struct HysteresisQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    var clean: TouchSensor { TouchSensor(parameters: .ideal, device: device) }

    func list(_ h: Double) -> ScrollingList { ScrollingList(frame: device.bounds, rowHeight: 44, hysteresis: h) }

    func respond(_ list: ScrollingList, _ path: FingerPath) -> ListResponse {
        var g = SeededGenerator(seed: 1)
        return list.respond(to: clean.sense(path, using: &g)!)
    }

    /// Rest 0.08 s at (196, 420), then slide up `d` pt in 0.2 s (minimum jerk).
    func drag(_ d: Double) -> FingerPath {
        let a = Point(196, 420)
        return FingerPath([.init(time: 0, location: a), .init(time: 0.08, location: a),
                           .init(time: 0.28, location: a + Vector2(0, -d), easing: .minimumJerk)])
    }

    @Test("a tap that wobbles 5 pt opens its row with 10 pt of hysteresis and scrolls the list with none")
    func wobble() {
        let wobble = FingerPath([.init(time: 0, location: Point(196, 420)), .init(time: 0.08, location: Point(199, 424))])
        let r10 = respond(list(10), wobble), r0 = respond(list(0), wobble)
        #expect(r10.kind == .tapped && r10.row == list(10).row(at: Point(196, 420)))
        #expect(r0.kind == .panned)
    }

    @Test("a 15 pt drag scrolls by what is left after 10 pt; with 20 pt it never starts and opens the row")
    func shortDrag() {
        let r10 = respond(list(10), drag(15)), r20 = respond(list(20), drag(15))
        #expect(r10.kind == .panned)
        #expect(-r10.contentMoved.y > 3 && -r10.contentMoved.y <= 5 + 1e-9, "content moves 15 − (10 and a sample) pt")
        #expect(r20.kind == .tapped)
        let r0 = respond(list(0), drag(15))
        #expect(r0.kind == .panned && -r0.contentMoved.y > 14.9, "no hysteresis: content follows the whole drag")
    }

    @Test("scrolling moves the rows under the finger")
    func scrolled() {
        var l = list(10)
        let row = l.row(at: Point(196, 420))!
        l.contentOffset = 44
        #expect(l.row(at: Point(196, 420)) == row + 1)
        #expect(l.rowFrame(row + 1).contains(Point(196, 420)))
    }

    func spec(_ strategies: String, ablate: String = "[]") throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: hysteresis-test
            question: hysteresis
            seed: 5
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: 30, ablate: \(ablate)}
            tasks:
              - {intent: tap}
              - {intent: drag, distance_pt: 12}
              - {intent: drag, distance_pt: 80}
            limits: {time_limit_s: 10, max_attempts: 4}
            metrics: [right_first_time]
            """, file: "hysteresis-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String) -> [Double] {
        results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }

    static let threeHystereses = "[{design: pan-hysteresis, label: h0, parameters: {hysteresis_pt: 0}}, {design: pan-hysteresis, label: h10}, {design: pan-hysteresis, label: h20, parameters: {hysteresis_pt: 20}}]"

    @Test("people who watch the list carry a short drag on until it scrolls: fewer drags fail, and content ends nearer where it was meant, at a cost in time")
    func watchedDragsGoOn() throws {
        let watched = try ExperimentRunner.simulate(spec: spec(Self.threeHystereses), jobs: 2)
        let blind = try ExperimentRunner.simulate(spec: spec(Self.threeHystereses, ablate: "[closed_loop]"), jobs: 2)
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(1, v.count)) }
        #expect(mean(values(blind, "h20", "corrected_drags")) == 0)
        #expect(mean(values(watched, "h20", "corrected_drags")) > 0.5)
        #expect(mean(values(watched, "h20", "drag_not_started")) < mean(values(blind, "h20", "drag_not_started")) - 0.2)
        #expect(mean(values(watched, "h20", "position_error_pt")) < mean(values(blind, "h20", "position_error_pt")) / 2)
        #expect(mean(values(watched, "h0", "time_to_done_s")) > mean(values(blind, "h0", "time_to_done_s")))
    }

    @Test("simulated, open loop: more hysteresis, fewer taps read as pans, more short drags not started, later starts; equal designs give equal trials; any jobs give the same")
    func simulated() throws {
        let s = try spec(Self.threeHystereses, ablate: "[closed_loop]")
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(1, v.count)) }
        #expect(mean(values(results, "h0", "tap_read_as_pan")) > mean(values(results, "h10", "tap_read_as_pan")))
        #expect(mean(values(results, "h10", "tap_read_as_pan")) >= mean(values(results, "h20", "tap_read_as_pan")))
        #expect(mean(values(results, "h20", "drag_not_started")) > mean(values(results, "h10", "drag_not_started")))
        #expect(mean(values(results, "h10", "pan_start_latency_s")) < mean(values(results, "h20", "pan_start_latency_s")))
        #expect(mean(values(results, "h10", "position_error_pt")) < mean(values(results, "h20", "position_error_pt")))
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))

        let twins = try ExperimentRunner.simulate(spec: spec("[{design: pan-hysteresis, label: a, parameters: {hysteresis_pt: 10}}, {design: pan-hysteresis, label: b}]"))
        for m in ["right_first_time", "tap_read_as_pan", "drag_not_started", "pan_start_latency_s", "time_to_done_s"] {
            #expect(values(twins, "a", m).sorted() == values(twins, "b", m).sorted(), "\(m): 10 pt is the default")
        }
    }

    @Test("a drag without a distance, or a tap with one, is refused")
    func badTasks() throws {
        for tasks in ["[{intent: drag}]", "[{intent: tap, distance_pt: 30}]", "[{intent: swipe}]"] {
            #expect(throws: SpecError.self, "\(tasks)") {
                try SpecLoader.parse("""
                    name: h
                    question: hysteresis
                    seed: 5
                    devices: [iphone-15-portrait]
                    strategies: [{design: pan-hysteresis}]
                    population: {participants: 3}
                    tasks: \(tasks)
                    metrics: [right_first_time]
                    """, file: "h.yaml", catalog: .standard)
            }
        }
    }
}
