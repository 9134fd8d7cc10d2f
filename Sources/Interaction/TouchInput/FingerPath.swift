/// Where a person means their finger to be while it touches the glass: timed
/// waypoints from contact to lift. The touch sensor turns it into what a
/// digitizer reports; recognizers only ever see the sensed samples.
public struct FingerPath: Sendable, Hashable {
    /// How the finger travels from the previous waypoint to this one.
    public enum Easing: Sendable, Hashable {
        /// Constant speed (a steady slide).
        case linear
        /// Minimum jerk, x(τ) = 10τ³ − 15τ⁴ + 6τ⁵ (Flash & Hogan 1985): starts and
        /// ends at rest, as an aimed human movement does.
        case minimumJerk
    }

    public struct Waypoint: Sendable, Hashable {
        public var time: Double
        public var location: Point
        public var easing: Easing
        public init(time: Double, location: Point, easing: Easing = .linear) {
            self.time = time; self.location = location; self.easing = easing
        }
    }

    public let waypoints: [Waypoint]

    /// Waypoints in time order; the first is contact, the last is lift-off.
    public init(_ waypoints: [Waypoint]) {
        precondition(!waypoints.isEmpty, "a finger path needs at least one waypoint")
        precondition(
            zip(waypoints, waypoints.dropFirst()).allSatisfy { $0.time <= $1.time },
            "waypoints must be in time order")
        self.waypoints = waypoints
    }

    /// The path through a stream's samples, straight between them (touches a model made, for the digitizer).
    public init(_ touches: TouchStream) {
        self.init(touches.samples.map { Waypoint(time: $0.time, location: $0.location) })
    }

    /// A finger resting at `location` from `start` for `duration` seconds (a tap or a hold).
    public static func stationary(at location: Point, from start: Double, duration: Double) -> FingerPath {
        FingerPath([Waypoint(time: start, location: location), Waypoint(time: start + duration, location: location)])
    }

    public var contact: Double { waypoints[0].time }
    public var lift: Double { waypoints[waypoints.count - 1].time }

    /// The intended position at `time`, held at the ends outside the path.
    public func position(at time: Double) -> Point {
        guard let next = waypoints.firstIndex(where: { $0.time > time }) else {
            return waypoints[waypoints.count - 1].location
        }
        guard next > 0 else { return waypoints[0].location }
        let a = waypoints[next - 1], b = waypoints[next]
        let tau = (time - a.time) / (b.time - a.time)
        return a.location + (b.location - a.location) * Self.progress(tau, b.easing)
    }

    static func progress(_ tau: Double, _ easing: Easing) -> Double {
        switch easing {
        case .linear: tau
        case .minimumJerk: tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
        }
    }
}
