@testable import Interaction

/// SplitMix64: Interaction has no generator of its own (callers pass theirs),
/// so the tests bring a small seeded one.
struct TestGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Traces {
    static let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    static let clean = TouchSensor(parameters: .ideal, device: phone)
    static let noisy = TouchSensor(parameters: .standard, device: phone)

    static func sense(_ path: FingerPath, _ sensor: TouchSensor, seed: UInt64) -> TouchStream {
        var g = TestGenerator(seed: seed)
        return sensor.sense(path, using: &g)!
    }

    /// A tap held 0.1 s, the finger drifting `drift` points to the right.
    static func tap(at p: Point = Point(200, 400), start: Double = 0, hold: Double = 0.1, drift: Double = 0) -> FingerPath {
        FingerPath([.init(time: start, location: p), .init(time: start + hold, location: p + Vector2(drift, 0))])
    }

    /// A flick of `distance` points in `direction` over `duration` seconds, lifting at full speed.
    static func flick(_ direction: SwipeDirection, distance: Double = 120, duration: Double = 0.1) -> FingerPath {
        let start = Point(200, 400)
        return FingerPath([.init(time: 0, location: start),
                           .init(time: duration, location: start + direction.vector * distance)])
    }

    /// Slide up 300 pt in 0.3 s (minimum jerk, so it comes to rest at 0.3 s),
    /// stay still for `hold` seconds, then lift. The person paused at 0.3 s.
    static func slideThenPause(hold: Double = 0.5) -> FingerPath {
        let start = Point(200, 800), stop = Point(200, 500)
        return FingerPath([.init(time: 0, location: start),
                           .init(time: 0.3, location: stop, easing: .minimumJerk),
                           .init(time: 0.3 + hold, location: stop)])
    }

    /// Slide up at 800 pt/s for 0.15 s, slow steadily to `crawl` pt/s over
    /// `slowdown` seconds, then keep crawling for 0.6 s and lift: it never stops.
    static func slideThatSlows(crawl: Double, slowdown: Double) -> FingerPath {
        var points: [FingerPath.Waypoint] = [.init(time: 0, location: Point(200, 800))]
        var y = 800.0, t = 0.0
        let dt = 0.005, end = 0.15 + slowdown + 0.6
        while t < end - 1e-9 {
            let speed = t < 0.15 ? 800 : t < 0.15 + slowdown ? 800 + (crawl - 800) * (t - 0.15) / slowdown : crawl
            t += dt; y -= speed * dt
            points.append(.init(time: t, location: Point(200, y)))
        }
        return FingerPath(points)
    }

    static var allRecognizers: [GestureArbiter.Member] {
        [.init("tap", TapRecognizer()), .init("doubleTap", DoubleTapRecognizer()),
         .init("longPress", LongPressRecognizer()), .init("pan", PanRecognizer()),
         .init("swipe", SwipeRecognizer()),
         .init("pause", PauseDetector(.acceleration), exclusive: false)]
    }
}

extension GestureRecognizer {
    /// Feeds a whole stream, then lets time run out.
    mutating func run(_ streams: TouchStream...) {
        for s in streams { for sample in s.samples { receive(sample) } }
        advance(to: .infinity)
    }
}
