/// Notices that a sliding finger has paused: the iPhone X gesture where sliding
/// up halfway and pausing brings in the app switcher.
///
/// Two methods, the talk's comparison. A *timer* waits until the finger has
/// been slow for a while ("it turns out that's too slow"); the *acceleration*
/// method looks for the sharp loss of speed when a finger stops ("the faster you
/// stop, the faster we can detect it"). Both see only sensed samples, through the
/// same velocity estimate, so noise acts on both alike.
public struct PauseDetector: GestureRecognizer {
    public enum Method: Sendable, Hashable {
        /// Speed below `Parameters.pauseSpeed` for `duration` seconds.
        /// 0.1 s: *assumption* (the talk gives no figure); sweep it.
        case timer(duration: Double)
        /// Speed now at most `Parameters.pauseSpeed`, having fallen by at least
        /// `speedDrop` (a fraction) from a peak of at least `minimumPeakSpeed`
        /// within the last `window` seconds. 0.1 s and 0.9: a public
        /// implementation of the talk's demo (the last 7 velocities of 60 Hz
        /// delivery, paused when 90% of the speed was lost). 300 pt/s is
        /// *calibrated* against the standard sensor noise: with 200 pt/s, noise on
        /// a finger crawling at 60 pt/s passed for a spike in 16 of 100 seeded
        /// runs, with 300 in none (Docs/Gestures.md).
        case acceleration(window: Double, speedDrop: Double, minimumPeakSpeed: Double)

        public static let timer = Method.timer(duration: 0.1)
        public static let acceleration = Method.acceleration(window: 0.1, speedDrop: 0.9, minimumPeakSpeed: 300)
    }

    public struct Parameters: Sendable, Hashable {
        public var method: Method
        /// Speed under which the finger counts as stopped, points per second.
        /// 100 pt/s: the public demo.
        public var pauseSpeed: Double
        /// Travel from touch-down before a pause can count, points. 50 pt: the
        /// public demo; a finger that has barely moved has nothing to pause from.
        public var minimumTravel: Double
        /// Speed estimate from the touch history. 50 ms least squares:
        /// *assumption*, short enough to follow a stop, long enough to average
        /// six samples of noise at 120 Hz.
        public var velocity: VelocityEstimator

        public init(method: Method, pauseSpeed: Double = 100, minimumTravel: Double = 50,
                    velocity: VelocityEstimator = .history(window: 0.05)) {
            self.method = method; self.pauseSpeed = pauseSpeed
            self.minimumTravel = minimumTravel; self.velocity = velocity
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    private var samples: [TouchSample] = []
    private var slowSince: Double?
    private var recentSpeeds: [(time: Double, speed: Double)] = []

    public init(_ parameters: Parameters) { self.parameters = parameters }
    public init(_ method: Method) { self.init(Parameters(method: method)) }

    public var kind: GestureKind { .pause }

    public var deadline: Double? {
        guard state == .possible, case .timer(let duration) = parameters.method, let slowSince else { return nil }
        return slowSince + duration
    }

    public mutating func receive(_ sample: TouchSample) {
        advance(to: sample.time)
        guard !state.isTerminal else { return }
        guard sample.phase == .down ? samples.isEmpty : !samples.isEmpty else { return }
        samples.append(sample)
        if sample.phase == .up { machine.move(to: .failed, at: sample.time); return }
        let speed = parameters.velocity.velocity(of: samples).length
        let travelled = sample.location.distance(to: samples[0].location) >= parameters.minimumTravel
        switch parameters.method {
        case .timer:
            let slow = travelled && samples.count >= 2 && speed < parameters.pauseSpeed
            slowSince = slow ? (slowSince ?? sample.time) : nil
        case .acceleration(let window, let drop, let minimumPeak):
            recentSpeeds.removeAll { sample.time - $0.time > window }
            let peak = recentSpeeds.map(\.speed).max() ?? 0
            recentSpeeds.append((sample.time, speed))
            if travelled, speed <= parameters.pauseSpeed, peak >= minimumPeak, (peak - speed) / peak >= drop {
                machine.move(to: .recognized, at: sample.time)
            }
        }
    }

    public mutating func advance(to time: Double) {
        if let deadline, deadline <= time { machine.move(to: .recognized, at: deadline) }
    }

    public mutating func cancel(at time: Double) { machine.yield(at: time) }
}
