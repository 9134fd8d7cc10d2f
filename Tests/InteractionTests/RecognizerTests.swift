import Testing
@testable import Interaction

/// Known traces, each sensed cleanly and through the standard noisy sensor.
@Suite("Gesture recognizers on known traces")
struct RecognizerTests {
    static let sensors: [(String, TouchSensor)] = [("clean", Traces.clean), ("noisy", Traces.noisy)]
    static let seeds: [UInt64] = Array(1...20)

    /// Every seed for the noisy sensor, one run for the clean one.
    func streams(_ path: FingerPath) -> [TouchStream] {
        [Traces.sense(path, Traces.clean, seed: 0)] + Self.seeds.map { Traces.sense(path, Traces.noisy, seed: $0) }
    }

    @Test("a clean tap is a tap, alone and against every other recognizer")
    func tap() {
        for s in streams(Traces.tap()) {
            var tap = TapRecognizer()
            tap.run(s)
            #expect(tap.state == .recognized)
            var arbiter = GestureArbiter(Traces.allRecognizers)
            let got = arbiter.run([s])
            #expect(got.map(\.name) == ["tap"])
            #expect(got[0].latency(from: s.end.time) == 0)
        }
    }

    @Test("a tap that drifts 15 pt is not a tap but a pan when hysteresis is 10 pt")
    func drift() {
        for s in streams(Traces.tap(hold: 0.15, drift: 15)) {
            var tap = TapRecognizer(), pan = PanRecognizer(.init(hysteresis: 10))
            tap.run(s); pan.run(s)
            #expect(tap.state == .failed)
            #expect(pan.machine.history.first?.state == .began && pan.state == .ended)
            var arbiter = GestureArbiter(Traces.allRecognizers)
            #expect(arbiter.run([s]).map(\.name) == ["pan"])
        }
        // With 20 pt of hysteresis the same drift never starts a pan.
        var wide = PanRecognizer(.init(hysteresis: 20))
        wide.run(Traces.sense(Traces.tap(hold: 0.15, drift: 15), Traces.clean, seed: 0))
        #expect(wide.state == .failed)
    }

    @Test("a margin keeps a drifting tap on its target; dragging out and lifting cancels")
    func marginAndCancel() {
        let target = Rect(x: 180, y: 380, width: 44, height: 44)
        let nearEdge = Traces.tap(at: Point(220, 400), hold: 0.1, drift: 5)  // lifts at x = 225, 1 pt outside
        let s = Traces.sense(nearEdge, Traces.clean, seed: 0)
        var exact = TapRecognizer(.init(target: target)), margin = TapRecognizer(.init(target: target, margin: 10))
        exact.run(s); margin.run(s)
        #expect(exact.state == .cancelled)
        #expect(margin.state == .recognized)

        // Out of the target and back in highlights again; out at lift cancels.
        let outAndBack = FingerPath([.init(time: 0, location: Point(200, 400)), .init(time: 0.2, location: Point(300, 400)),
                                     .init(time: 0.4, location: Point(200, 400))])
        var button = TapRecognizer(.init(maximumMovement: nil, target: target))
        var highlights: [Bool] = []
        for sample in Traces.sense(outAndBack, Traces.clean, seed: 0).samples {
            button.receive(sample); highlights.append(button.isHighlighted)
        }
        #expect(button.state == .recognized)
        #expect(highlights.first == true && highlights.contains(false) && highlights.dropLast().last == true)
        let outOnly = FingerPath([.init(time: 0, location: Point(200, 400)), .init(time: 0.2, location: Point(300, 400))])
        var leaving = TapRecognizer(.init(maximumMovement: nil, target: target))
        leaving.run(Traces.sense(outOnly, Traces.clean, seed: 0))
        #expect(leaving.state == .cancelled)
    }

    @Test("a hold of 0.6 s is a long press, recognized at 0.5 s")
    func longPress() {
        for s in streams(Traces.tap(hold: 0.6)) {
            var arbiter = GestureArbiter(Traces.allRecognizers)
            let got = arbiter.run([s])
            #expect(got.map(\.name) == ["longPress"])
            #expect(abs(got[0].latency(from: s.start.time) - 0.5) < 1e-9)
            #expect(arbiter.rounds[0].outcomes.first { $0.name == "tap" }?.finalState == .failed)
        }
    }

    @Test("two taps 0.2 s apart are a double tap; alone, a single tap waits out the window under the sequential arbiter")
    func doubleTap() {
        let sequential = [GestureArbiter.Member("tap", TapRecognizer(), waitsFor: ["doubleTap"]),
                          .init("doubleTap", DoubleTapRecognizer())]
        let parallel = [GestureArbiter.Member("tap", TapRecognizer()), .init("doubleTap", DoubleTapRecognizer())]
        for seed in [0] + Self.seeds {
            let sensor = seed == 0 ? Traces.clean : Traces.noisy
            let first = Traces.sense(Traces.tap(start: 0), sensor, seed: seed)
            let second = Traces.sense(Traces.tap(start: 0.3), sensor, seed: seed + 1000)  // lift at 0.1, down at 0.3
            var seq = GestureArbiter(sequential)
            let both = seq.run([first, second])
            #expect(both.map(\.name) == ["doubleTap"])
            #expect(both.first?.arbitrationDelay == 0)

            var seqSingle = GestureArbiter(sequential)
            let single = seqSingle.run([first])
            #expect(single.map(\.name) == ["tap"])
            #expect(abs(single[0].latency(from: first.end.time) - 0.3) < 1e-9, "the tap waits the double-tap window")

            var par = GestureArbiter(parallel)
            let fast = par.run([first, second])
            #expect(fast.map(\.name) == ["tap", "tap"], "in parallel the first tap wins at once; no double tap")
            #expect(fast[0].latency(from: first.end.time) == 0)
        }
    }

    @Test("a flick is a swipe in its direction; a slow drag is not", arguments: SwipeDirection.allCases)
    func swipe(direction: SwipeDirection) {
        for s in streams(Traces.flick(direction)) {
            var swipe = SwipeRecognizer()
            swipe.run(s)
            #expect(swipe.state == .recognized)
            #expect(swipe.kind == .swipe(direction))
            var onlyHorizontal = SwipeRecognizer(.init(directions: [.left, .right]))
            onlyHorizontal.run(s)
            #expect(onlyHorizontal.state == ([.left, .right].contains(direction) ? .recognized : .failed))
        }
        var slow = SwipeRecognizer()
        slow.run(Traces.sense(Traces.flick(direction, distance: 60, duration: 0.5), Traces.noisy, seed: 3))
        #expect(slow.state == .failed)
    }

    @Test("a slide that pauses is detected by both methods, the acceleration one sooner")
    func pause() {
        let path = Traces.slideThenPause()
        let stop = 0.3
        var latencies: [String: [Double]] = [:]
        for s in streams(path) {
            for (name, method) in [("timer", PauseDetector.Method.timer), ("acceleration", .acceleration)] {
                var d = PauseDetector(method)
                d.run(s)
                #expect(d.state == .recognized, "\(name) missed the pause")
                if let t = d.machine.confidentTime { latencies[name, default: []].append(t - stop) }
            }
        }
        let timer = latencies["timer"]!, accel = latencies["acceleration"]!
        let meanTimer = timer.reduce(0, +) / Double(timer.count), meanAccel = accel.reduce(0, +) / Double(accel.count)
        print("pause latency after the stop, mean over clean + \(Self.seeds.count) noisy: timer \(meanTimer) s, acceleration \(meanAccel) s; ranges \(timer.min()!)…\(timer.max()!), \(accel.min()!)…\(accel.max()!)")
        #expect(meanAccel < meanTimer)
        print("clean: timer \(timer[0]) s, acceleration \(accel[0]) s")
        #expect(timer.allSatisfy { $0 > 0 && $0 < 0.5 } && accel.allSatisfy { $0 > -0.1 && $0 < 0.1 })
    }

    @Test("a slide that only slows to a crawl above the pause speed is no pause for either method")
    func slowingAbovePauseSpeed() {
        for s in streams(Traces.slideThatSlows(crawl: 150, slowdown: 0.15)) {
            for method in [PauseDetector.Method.timer, .acceleration] {
                var d = PauseDetector(method)
                d.run(s)
                #expect(d.state == .failed)
            }
        }
    }

    @Test("a slide that slows gently below the pause speed without stopping fools the timer, not the acceleration method")
    func slowingBelowPauseSpeed() {
        var timerFalse = 0, accelFalse = 0
        let runs = streams(Traces.slideThatSlows(crawl: 60, slowdown: 0.6))
        for s in runs {
            var timer = PauseDetector(.timer), accel = PauseDetector(.acceleration)
            timer.run(s); accel.run(s)
            if timer.state == .recognized { timerFalse += 1 }
            if accel.state == .recognized { accelFalse += 1 }
        }
        print("gentle slowdown to 60 pt/s: false pauses timer \(timerFalse)/\(runs.count), acceleration \(accelFalse)/\(runs.count)")
        var clean = PauseDetector(.timer)
        clean.run(runs[0])
        #expect(clean.state == .recognized, "without noise the timer always takes the crawl for a pause")
        // With noise the crawl's speed estimate sometimes jumps over 100 pt/s and restarts the timer.
        #expect(timerFalse * 2 >= runs.count)
        #expect(accelFalse == 0)
    }
}
