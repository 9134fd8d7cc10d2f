import Designs
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The edge-button question: the system's edge gate, the camera screen's
/// hit-testing and layouts, and whole simulated experiments.
@Suite("Edge-button question")
struct EdgeButtonQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    var clean: TouchSensor { TouchSensor(parameters: .ideal, device: device) }
    var gate: SystemEdgeGate { SystemEdgeGate(device: device, swipeThreshold: 10, delay: 0.25) }

    func screen(_ design: String, _ position: ControlPosition, parameters: [String: Double] = [:]) throws -> CaptureScreen {
        try EdgeButtonDesigns.make(design, parameters: StrategyParameters(parameters.mapValues { .number($0) }), position: position, size: 44, on: device, gate: gate)
    }

    func sensed(_ path: FingerPath) -> TouchStream {
        var g = SeededGenerator(seed: 3)
        return clean.sense(path, using: &g)!
    }

    @Test("the edge gate takes a swipe up from the home-indicator band, holds a tap there, and passes a touch elsewhere")
    func edgeGate() {
        let b = device.bounds
        #expect(gate.regions.count == 2)
        #expect(gate.regions[1].height == device.safeArea.bottom)
        let inBand = Point(b.center.x, b.maxY - 10)
        let swipe = FingerPath([.init(time: 0, location: inBand), .init(time: 0.1, location: inBand + Vector2(0, -30))])
        guard case .taken = gate.judge(sensed(swipe)) else { Issue.record("a 30 pt swipe up from the home indicator is the system's"); return }
        let tap = FingerPath.stationary(at: inBand, from: 1, duration: 0.08)
        guard case .held(let late) = gate.judge(sensed(tap)) else { Issue.record("a tap on the home indicator is held"); return }
        #expect(late.start.time >= 1.25 && late.end.time > late.start.time)
        // A swipe down from the bottom band is not inward, and a swipe up the middle of the screen is the app's.
        let down = FingerPath([.init(time: 0, location: inBand + Vector2(0, -20)), .init(time: 0.1, location: inBand)])
        guard case .held = gate.judge(sensed(down)) else { Issue.record("moving toward the edge is not the edge swipe"); return }
        let middle = FingerPath([.init(time: 0, location: b.center), .init(time: 0.1, location: b.center + Vector2(0, -30))])
        #expect(gate.judge(sensed(middle)) == .passed)
        // From the top band, inward is down.
        let top = Point(b.center.x, 10)
        let pull = FingerPath([.init(time: 0, location: top), .init(time: 0.1, location: top + Vector2(0, 30))])
        guard case .taken = gate.judge(sensed(pull)) else { Issue.record("a pull down from the status bar is the system's"); return }
    }

    @Test("a touch beside a control over the preview takes a photo; on a panel it does nothing; on the control it taps it")
    func hitTesting() throws {
        let over = try screen("over-capture", .bottomLeft), panel = try screen("inset-panel", .bottomLeft)
        #expect(over.control == panel.control)
        let beside = FingerPath.stationary(at: Point(over.control.maxX + 6, over.control.center.y), from: 0, duration: 0.08)
        guard case .captured = over.respond(to: sensed(beside)) else { Issue.record("the preview beside the control takes a photo"); return }
        guard case .nothing = panel.respond(to: sensed(beside)) else { Issue.record("the panel swallows the touch"); return }
        let on = FingerPath.stationary(at: over.control.center, from: 0, duration: 0.08)
        guard case .control = over.respond(to: sensed(on)) else { Issue.record("a tap on the control is the control's"); return }
        #expect(panel.photoShare < over.photoShare)
    }

    @Test("a finger landing past the screen's edge registers at the edge: an edge control still gets it, an inset one does not")
    func glassEdge() throws {
        let edge = try screen("edge", .topRight), over = try screen("over-capture", .topRight)
        #expect(edge.control.maxX == device.bounds.maxX && edge.control.minY == 0)
        let past = FingerPath.stationary(at: Point(device.bounds.maxX + 8, edge.control.center.y), from: 0, duration: 0.08)
        guard case .control(let t) = edge.respond(to: sensed(past)) else { Issue.record("the glass edge keeps the touch on the edge control"); return }
        #expect(t >= 0.25, "the edge control lies in the status-bar band, so the gate holds the touch")
        guard case .captured = over.respond(to: sensed(FingerPath.stationary(at: Point(device.bounds.maxX + 8, over.control.center.y), from: 0, duration: 0.08))) else {
            Issue.record("beside an inset control the preview takes the photo"); return
        }
    }

    @Test("layouts: inset controls stay inside the safe area and out of the edge bands for every inset; edge controls touch the screen's edge")
    func layouts() throws {
        for position in ControlPosition.allCases {
            for inset in stride(from: 0.0, through: 60, by: 4) {
                let f = EdgeButtonDesigns.controlFrame(at: position, size: 44, inset: inset, on: device)
                #expect(device.safeBounds.contains(f.origin) && device.safeBounds.contains(Point(f.maxX, f.maxY)))
                #expect(!gate.regions.contains { $0.contains(f.center) && $0.intersects(f.inset(by: EdgeInsets(all: 1))) })
            }
            let e = EdgeButtonDesigns.controlFrame(at: position, size: 44, inset: nil, on: device)
            #expect(e.minY == 0 || e.maxY == device.bounds.maxY)
        }
        #expect(throws: StrategyParameterError.self) { try EdgeButtonDesigns.layout("edge", parameters: StrategyParameters(["inset_pt": .number(4)])) }
        #expect(throws: StrategyParameterError.self) { try EdgeButtonDesigns.layout("purple", parameters: StrategyParameters([:])) }
    }

    func spec(_ strategies: String) throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: edge-test
            question: edge-button
            seed: 7
            devices: [iphone-15-portrait]
            strategies: \(strategies)
            population: {participants: 40}
            tasks:
              - {position: bottom-centre, size_pt: 32}
              - {position: top-right, size_pt: 32}
            limits: {time_limit_s: 15, max_attempts: 4}
            metrics: [right_first_time]
            """, file: "edge-test.yaml", catalog: .standard)
    }

    func values(_ results: [TrialResult], _ label: String, _ metric: String) -> [Double] {
        results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
    }

    @Test("simulated: the panel removes photos taken by mistake and loses taps instead; only edge controls meet the edge gate; any jobs give the same")
    func simulated() throws {
        let s = try spec("[{design: edge}, {design: over-capture}, {design: inset-panel}]")
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(v.count) }
        #expect(mean(values(results, "over-capture", "accidental_capture")) > 0.01)
        #expect(mean(values(results, "inset-panel", "accidental_capture")) == 0)
        #expect(mean(values(results, "inset-panel", "missed_tap")) > mean(values(results, "over-capture", "missed_tap")))
        #expect(mean(values(results, "edge", "system_held")) > 0.5)
        #expect(mean(values(results, "over-capture", "system_held")) == 0)
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))
    }
}
