import Designs
import Interaction
import Testing

/// The scroll list's physics from known touch streams: momentum carries as the
/// talk's projection says, the rubber band stays below the finger, a hard stop
/// clamps and records the wall hit.
@Suite("Scroll list physics")
struct ScrollListTests {
    func list(momentum: Bool, edge: ScrollEdge, rate: Double = 0.998) -> ScrollList {
        ScrollList(contentHeight: 300 * 44, viewportHeight: 852, physics: ScrollPhysics(momentum: momentum, edge: edge, decelerationRate: rate))
    }

    /// A finger moving at a steady `speed` pt/s (positive: up the screen, scrolling forward) for `duration` s.
    func steady(speed: Double, duration: Double, from y: Double = 600) -> TouchStream {
        TouchStream(startTime: 0, duration: duration) { t in Point(196, y - speed * t) }
    }

    @Test("momentum: released content coasts the projected distance (0.998 and 0.99), within the rest-speed tail")
    func momentumCarriesAsProjected() {
        for rate in [0.998, 0.99] {
            let m = list(momentum: true, edge: .rubberBand, rate: rate).respond(to: steady(speed: 1000, duration: 0.2), from: 2000)
            #expect(abs(m.releaseVelocity - 1000) < 1, "a steady finger's least-squares velocity is its speed")
            let carried = m.restOffset - m.liftOffset
            let projected = project(velocity: m.releaseVelocity, decelerationRate: .custom(rate))
            // The coast stops at 5 pt/s, leaving at most 5 · r/(1 − r)/1000 pt of the projection.
            #expect(carried <= projected && projected - carried <= ScrollPhysics.restSpeed * rate / (1 - rate) / 1000 + 1e-9)
            #expect(abs(m.offset(at: m.restTime) - m.restOffset) < 1e-9)
            #expect(m.offset(at: m.lift + 0.1) > m.liftOffset && m.offset(at: m.lift + 0.1) < m.restOffset)
        }
    }

    @Test("without momentum the content stops where the finger lifts; the pan's hysteresis is not made up")
    func noMomentum() {
        let m = list(momentum: false, edge: .hardStop).respond(to: steady(speed: 1000, duration: 0.2), from: 2000)
        #expect(m.releaseVelocity == 0 && m.restOffset == m.liftOffset && m.restTime == m.lift)
        let moved = m.liftOffset - 2000
        #expect(moved < 200 && moved > 200 - 10 - 1000 / 120 - 1e-9, "moved \(moved): the finger's 200 pt less the 10 pt hysteresis (to a sample)")
    }

    @Test("rubber band: dragged past the top, the content follows less than the finger and springs back to the end")
    func rubberBandStaysBelowFinger() {
        let drag = TouchStream(startTime: 0, duration: 0.5) { t in Point(196, 200 + 400 * MinimumJerk01.progress(t / 0.5)) }
        let m = list(momentum: false, edge: .rubberBand).respond(to: drag, from: 0)
        let raw = -(400 - 10.0)
        #expect(m.liftOffset < 0 && m.liftOffset > raw * 0.5, "stretched \(m.liftOffset) for a finger \(raw) past the end")
        #expect(m.track.allSatisfy { abs($0.offset) < 852 }, "the rubber band never exceeds its dimension")
        #expect(m.restOffset == 0 && m.restTime > m.lift && m.wallHits.isEmpty)
        #expect(abs(m.offset(at: m.restTime - 0.001)) < 1)
    }

    @Test("hard stop: the content is clamped at the end, and arriving there moving is a wall hit")
    func hardStopClamps() {
        let drag = TouchStream(startTime: 0, duration: 0.5) { t in Point(196, 200 + 400 * MinimumJerk01.progress(t / 0.5)) }
        let m = list(momentum: false, edge: .hardStop).respond(to: drag, from: 100)
        #expect(m.track.allSatisfy { $0.offset >= 0 })
        #expect(m.restOffset == 0 && m.wallHits.count == 1 && m.wallHits[0].speed > 100)
        let soft = list(momentum: false, edge: .rubberBand).respond(to: drag, from: 100)
        #expect(soft.wallHits.isEmpty && soft.track.contains { $0.offset < 0 })
    }

    @Test("coasting into the end: a hard stop halts it at once (a wall hit); a rubber band lets it run past and brings it back")
    func coastIntoEnd() {
        let l = list(momentum: true, edge: .hardStop)
        let start = l.maxOffset - 300
        let hard = l.respond(to: steady(speed: 2000, duration: 0.15), from: start)
        guard case .edge(let te, let at, let speed) = hard.afterLift else { Issue.record("expected to meet the end"); return }
        #expect(at == l.maxOffset && speed > 0 && hard.restTime == te && hard.restOffset == l.maxOffset)
        #expect(hard.wallHits.count == 1 && abs(hard.wallHits[0].speed - speed) < 1e-9)
        let soft = list(momentum: true, edge: .rubberBand).respond(to: steady(speed: 2000, duration: 0.15), from: start)
        #expect(soft.wallHits.isEmpty && soft.restOffset == l.maxOffset && soft.restTime > te)
        #expect(soft.largestStretch > 1 && soft.largestStretch < 852)
        #expect(soft.offset(at: te + 0.05) > l.maxOffset)
    }
}

/// Minimum-jerk progress, for smooth test drags (Designs does not see UserModels).
enum MinimumJerk01 {
    static func progress(_ tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        return t * t * t * (10 - 15 * t + 6 * t * t)
    }
}
