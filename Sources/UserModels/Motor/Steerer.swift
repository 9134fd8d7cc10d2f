import Foundation
import Interaction
import Randomness

/// Steering a finger along a straight tunnel it must not leave (a constrained
/// drag: Accot & Zhai's steering task). Distances are in millimetres.
///
/// Nothing here says how long steering takes. The finger follows a minimum-jerk
/// profile along the tunnel; sideways it wobbles with signal-dependent noise
/// (Harris & Wolpert 1998: the faster the finger moves, the larger its lateral
/// error, `motor.steer_wobble_s` × speed at steady state), pulled back by visual
/// corrections with a time constant of `correctionTime`. The person does not know
/// their own noise: over practice passes they speed up after a clean pass and
/// slow down after leaving the tunnel (a staircase), as participants in steering
/// experiments settle on a speed they can sustain. Whether time ends up linear
/// in A/W is for `ValidationSuite.steering` to find out.
public struct Steerer: Sendable {
    public var participant: Participant
    /// Time constant of lateral corrections: about one visual-feedback loop
    /// (≈ 0.2 s; Carlton 1981 puts visual correction latencies at 0.1–0.3 s).
    public static let correctionTime = 0.2
    /// Samples per second of the simulated finger (the touch rate of `TouchStream`).
    public static let rate = 120.0

    public init(participant: Participant) { self.participant = participant }

    /// The fastest the person moves a finger on purpose, mm/s: their fastest flick
    /// (`motor.release_speed_pt_s` × `motor.max_speed_factor`). No steered pass is faster.
    public func fastest(on device: DeviceConfiguration) -> Double {
        device.millimetres(participant["motor.release_speed_pt_s"] * participant["motor.max_speed_factor"])
    }

    /// One pass through a tunnel `length` × `width` mm taking `duration` seconds.
    public struct Pass: Sendable, Hashable {
        public var duration: Double
        /// Whether the finger stayed inside the tunnel the whole way.
        public var inside: Bool
        /// Largest sideways distance from the tunnel's centre line, in mm.
        public var maxDeviation: Double
    }

    /// Simulates one pass of the given duration.
    public func pass<G: RandomNumberGenerator>(
        length: Double, width: Double, duration: Double, using g: inout G
    ) -> Pass {
        // Only the largest deviation matters here: the practice staircase runs this 60 times a line.
        var worst = 0.0
        walkLateral(length: length, duration: duration, using: &g) { worst = max(worst, abs($0)) }
        return Pass(duration: duration, inside: worst <= width / 2, maxDeviation: worst)
    }

    /// The finger's sideways distance (mm) from the path it follows, sample by
    /// sample at `rate` (the k-th at k/rate s), over a minimum-jerk movement of
    /// `length` mm lasting `duration` s.
    public func lateralPath<G: RandomNumberGenerator>(length: Double, duration: Double, using g: inout G) -> [Double] {
        var path: [Double] = []
        walkLateral(length: length, duration: duration, using: &g) { path.append($0) }
        return path
    }

    /// Hands `sample` each sideways distance of `lateralPath` in turn, drawing the same noise in the same order.
    private func walkLateral<G: RandomNumberGenerator>(
        length: Double, duration: Double, using g: inout G, _ sample: (Double) -> Void
    ) {
        let wobble = participant["motor.steer_wobble_s"]
        let dt = 1 / Self.rate
        let decay = exp(-dt / Self.correctionTime)
        // Step noise whose stationary standard deviation is wobble × speed (an Ornstein–Uhlenbeck process).
        let innovation = (1 - decay * decay).squareRoot()
        var lateral = 0.0
        let steps = max(1, Int((duration * Self.rate).rounded(.up)))
        for k in 1...steps {
            let speed = length / duration * MinimumJerk.speed(Double(k) * dt / duration)
            lateral = lateral * decay + g.normal(mean: 0, sd: wobble * speed * innovation)
            sample(lateral)
        }
    }

    /// The duration a person settles on for a tunnel after `passes` practice passes,
    /// and the share of the settled passes that left the tunnel. The staircase
    /// starts at the Fitts-like drag time (as if it were an unconstrained drag to
    /// a target as wide as the tunnel), shortens a clean pass by 5% and lengthens
    /// one that left the tunnel by 50% (so about 9 in 10 passes stay inside), and
    /// never goes faster than the person's fastest finger movement.
    public func practisedDuration<G: RandomNumberGenerator>(
        length: Double, width: Double, fastestMMPerS: Double,
        passes: Int = 60, using g: inout G
    ) -> (duration: Double, errorRate: Double) {
        let p = participant
        let shortest = 1.875 * length / fastestMMPerS
        let law = FittsLaw.aimedDrag(p)
        var duration = max(shortest, law.movementTime(distance: length, width: width))
        var settled: [Double] = [], errors = 0
        for k in 0..<passes {
            let result = pass(length: length, width: width, duration: duration, using: &g)
            if k >= passes / 2 {
                // Like an experimenter, keep the times of clean passes and count the errors.
                if result.inside { settled.append(duration) } else { errors += 1 }
            }
            duration = result.inside ? max(shortest, duration * 0.95) : duration * 1.5
        }
        let mean = settled.isEmpty ? duration : settled.reduce(0, +) / Double(settled.count)
        return (mean, Double(errors) / Double(passes - passes / 2))
    }
}
