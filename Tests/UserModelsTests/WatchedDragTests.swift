import Foundation
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// Closed-loop drags (`KnobDragger.watchedDrag`, issue 46 part 2): the person watches what the drag does and goes
/// back to where the screen looked best, if it clearly looked better than at the last look.
@Suite("Drags watched while they move")
struct WatchedDragTests {
    static let device = DeviceCatalog.configuration(named: "ipad-9.7-portrait")!
    /// The place along a horizontal track where the screen looks right, and how far (in points) off a look is.
    static let right = 300.0

    static func person(watching: Bool) -> Participant {
        Population(participants: 1, overrides: ["agent.watch_drag_share": .fixed(watching ? 1 : 0)])
            .participant(0, seed: 3)
    }

    /// Drags from x = 100 toward `planned`, with the screen looking worse the farther the finger is from x = 300
    /// (in tens of points, as a colour difference is in ΔE00). Returns each drag's end error and whether it was
    /// corrected.
    static func drags(planned: Double, watching: Bool = true, count: Int = 200) -> [(error: Double, corrected: Bool)] {
        let dragger = KnobDragger(participant: person(watching: watching))
        let sensor = TouchSensor(device: device)
        return (0..<count).map { i in
            var g = SeededGenerator(seed: UInt64(i), label: "watched")
            let drag = dragger.watchedDrag(
                from: Point(100, 500), to: Point(planned, 500), tolerance: 5, startTime: 0, margin: 0.5,
                on: device, sensor: sensor,
                look: { touches, _ in abs(touches.end.location.x - right) / 10 }, using: &g)
            return (abs(drag.lift.location.x - right), drag.corrected)
        }
    }

    static func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }

    @Test("a plan that overshoots ends nearer the mark when the person watches than when they do not")
    func closedLoopReducesEndpointError() {
        let watched = Self.drags(planned: 360), blind = Self.drags(planned: 360, watching: false)
        #expect(blind.allSatisfy { !$0.corrected })
        #expect(watched.filter(\.corrected).count > watched.count / 2)
        let (closed, open) = (Self.mean(watched.map(\.error)), Self.mean(blind.map(\.error)))
        #expect(closed < 0.6 * open, "closed-loop \(closed) pt against open-loop \(open) pt")
    }

    @Test("an unwatched drag aimed more finely still ends farther from the mark: the error is in the plan")
    func closedLoopBeatsSlowerOpenLoop() {
        var watchedTime = 0.0, watchedError = 0.0, blindTime = 0.0, blindError = 0.0
        let watcher = KnobDragger(participant: Self.person(watching: true))
        let sensor = TouchSensor(device: Self.device)
        for i in 0..<200 {
            var g = SeededGenerator(seed: UInt64(i), label: "watched")
            let watched = watcher.watchedDrag(
                from: Point(100, 500), to: Point(360, 500), tolerance: 5, startTime: 0, margin: 0.5,
                on: Self.device, sensor: sensor,
                look: { touches, _ in abs(touches.end.location.x - Self.right) / 10 }, using: &g)
            watchedTime += watched.lift.time
            watchedError += abs(watched.lift.location.x - Self.right)
            // Open-loop, aiming at the same planned place within 0.5 pt: a slower movement.
            let blind = watcher.drag(
                from: Point(100, 500), to: Point(360, 500), tolerance: 0.5, startTime: 0, on: Self.device, using: &g)
            blindTime += blind.end.time
            blindError += abs(blind.end.location.x - Self.right)
        }
        // Watching costs time (the rest until feedback arrives, and the correction: 0.84 s against 0.50 s here)
        // and buys accuracy that no finer open-loop aim can: the error is in the plan, not in the hand (23 pt
        // against 61 pt here). So closed-loop is not better at equal time in this setting; it is better at all.
        #expect(watchedTime > blindTime)
        #expect(watchedError < 0.6 * blindError)
    }

    @Test("a movement that only ever gets closer is never corrected")
    func noCorrectionWithoutReason() {
        #expect(Self.drags(planned: Self.right).allSatisfy { !$0.corrected })
    }

    @Test("the touches seen mid-drag are the first touches of the drag the digitizer reports")
    func looksSeeTheReportedDrag() {
        let dragger = KnobDragger(participant: Self.person(watching: true))
        var seen: [TouchStream] = []
        var g = SeededGenerator(seed: 7, label: "watched")
        let drag = dragger.watchedDrag(
            from: Point(100, 500), to: Point(360, 500), tolerance: 5, startTime: 0, margin: 0.5,
            on: Self.device, sensor: TouchSensor(device: Self.device),
            look: { touches, _ in seen.append(touches); return abs(touches.end.location.x - Self.right) / 10 },
            using: &g)
        let reported = try! #require(drag.sensed)
        #expect(!seen.isEmpty)
        for s in seen {
            let moves = s.samples.dropLast()
            #expect(Array(reported.samples.prefix(moves.count)).map(\.location) == moves.map(\.location))
        }
    }

    /// Slides of a list up by `meant` points whose content follows the finger only after `lag` points (a pan's
    /// hysteresis), watched or not: how far the content went short or long, and whether the slide went on.
    static func slides(meant: Double, lag: Double, watching: Bool) -> [(error: Double, corrected: Bool)] {
        let presser = Presser(participant: person(watching: watching))
        let sensor = TouchSensor(device: device)
        return (0..<200).map { i in
            let sense = { (path: FingerPath) -> TouchStream? in
                var noise = SeededGenerator(seed: UInt64(i), label: "digitizer")
                return sensor.sense(path, using: &noise)
            }
            let moved = { (s: TouchStream) in max(0, s.start.location.y - s.end.location.y - lag) }
            var g = SeededGenerator(seed: UInt64(i), label: "slide")
            let slide = presser.watchedDrag(
                at: Point(300, 600), direction: Vector2(0, -1), distance: meant, start: 0, on: device,
                sense: sense, shortfall: { meant - moved($0) }, using: &g)
            return (abs(meant - moved(sense(slide.path)!)), slide.corrected)
        }
    }

    @Test("a slide whose content lags goes on by what it fell short, and ends within the finger's scatter")
    func slideGoesOn() {
        let watched = Self.slides(meant: 60, lag: 20, watching: true)
        let blind = Self.slides(meant: 60, lag: 20, watching: false)
        let (closed, open) = (Self.mean(watched.map { $0.error }), Self.mean(blind.map { $0.error }))
        let scatter = Self.device.points(millimetres: 1.33.squareRoot())
        #expect(blind.allSatisfy { !$0.corrected })
        #expect(open > 19, "open loop: short by the lag")
        #expect(watched.allSatisfy { $0.corrected })
        #expect(closed < scatter, "closed loop: \(closed) pt")
    }

    @Test("a slide whose content keeps up is not carried on")
    func slideThatArrives() {
        #expect(Self.slides(meant: 60, lag: 0, watching: true).allSatisfy { !$0.corrected })
    }
}
