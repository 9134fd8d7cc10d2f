import Testing
@testable import Interaction

/// The talk's figures for pan hysteresis and the double tap's delay, on known
/// traces sensed cleanly and through the standard noisy sensor.
@Suite("Hysteresis and double-tap delay on known traces")
struct HysteresisAndDoubleTapTests {
    /// A deliberate drag: rest 0.08 s, then slide `distance` pt up at a steady 200 pt/s.
    func drag(_ distance: Double) -> FingerPath {
        let a = Point(200, 500)
        return FingerPath([.init(time: 0, location: a), .init(time: 0.08, location: a),
                           .init(time: 0.08 + distance / 200, location: a + Vector2(0, -distance))])
    }

    @Test("the pan begins once the finger is 10 pt from touch-down, and content follows from there without a jump")
    func tenPoints() {
        let s = Traces.sense(drag(60), Traces.clean, seed: 0)
        var pan = PanRecognizer(.init(hysteresis: 10))
        var beganAt: TouchSample? = nil
        for sample in s.samples {
            pan.receive(sample)
            if beganAt == nil, pan.state == .began {
                beganAt = sample
                #expect(pan.translation == .zero, "no jump: the content has not moved when the pan begins")
            }
        }
        let began = beganAt!
        let moved = began.location.distance(to: s.start.location)
        // One 120 Hz sample at 200 pt/s is 1.7 pt: it begins within one sample of 10 pt.
        #expect(moved >= 10 && moved < 10 + 200.0 / 120 + 1e-9)
        #expect(pan.state == .ended)
        #expect(abs(-pan.translation.y - (60 - moved)) < 1e-9, "the content lags the finger by the hysteresis crossed")
        // Below the hysteresis it never begins; at 0 pt it begins on the first movement.
        var short = PanRecognizer(.init(hysteresis: 10)), eager = PanRecognizer(.init(hysteresis: 0))
        short.run(Traces.sense(drag(9), Traces.clean, seed: 0))
        eager.run(Traces.sense(Traces.tap(), Traces.noisy, seed: 3))
        #expect(short.state == .failed)
        #expect(eager.machine.history.first?.state == .began, "with no hysteresis a still tap's sensor noise starts a pan")
    }

    @Test("under noise, 10 pt keeps still taps from panning and lets 30 pt drags through", arguments: Array(UInt64(1)...20))
    func noisy(seed: UInt64) {
        var tap = PanRecognizer(.init(hysteresis: 10)), dragged = PanRecognizer(.init(hysteresis: 10))
        tap.run(Traces.sense(Traces.tap(), Traces.noisy, seed: seed))
        dragged.run(Traces.sense(drag(30), Traces.noisy, seed: seed))
        #expect(tap.state == .failed)
        #expect(dragged.state == .ended)
    }

    @Test("a single tap's delay under a double tap is the window, whatever the window", arguments: [0.2, 0.3, 0.5])
    func delayIsTheWindow(window: Double) {
        let members = [GestureArbiter.Member("doubleTap", DoubleTapRecognizer(.init(window: window))),
                       .init("tap", TapRecognizer(), waitsFor: ["doubleTap"])]
        for seed in UInt64(0)...20 {
            let s = Traces.sense(Traces.tap(), seed == 0 ? Traces.clean : Traces.noisy, seed: seed)
            var arbiter = GestureArbiter(members)
            let got = arbiter.run([s])
            #expect(got.map(\.name) == ["tap"])
            #expect(abs(got[0].latency(from: s.end.time) - window) < 1e-9)
            #expect(abs(got[0].arbitrationDelay - window) < 1e-9)
        }
    }

    @Test("a second tap too far away for a double tap is a tap of its own: its touch-down opens the next round")
    func farSecondTap() {
        let members = [GestureArbiter.Member("doubleTap", DoubleTapRecognizer()), .init("tap", TapRecognizer(), waitsFor: ["doubleTap"])]
        let first = Traces.sense(Traces.tap(at: Point(100, 400)), Traces.clean, seed: 0)
        let second = Traces.sense(Traces.tap(at: Point(250, 400), start: 0.2), Traces.clean, seed: 0)  // 150 pt away, 0.1 s after the lift
        var arbiter = GestureArbiter(members)
        let got = arbiter.run([first, second])
        #expect(got.map(\.name) == ["tap", "tap"])
        #expect(got[0].time == second.start.time, "the first tap acts when the far touch-down rules out a double tap")
        #expect(abs(got[1].latency(from: second.end.time) - 0.3) < 1e-9)
        #expect(arbiter.rounds.count == 2)
    }
}
