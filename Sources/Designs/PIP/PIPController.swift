import Interaction

/// What happened when the PIP was let go.
public struct PIPRelease: Sendable, Hashable {
    /// PIP centre and velocity at lift-off, as the controller measured them.
    public var position: Point
    public var velocity: Vector2
    /// Where the policy sent it.
    public var corner: Corner
    /// The spring that carries it there, starting at lift-off.
    public var animation: SpringAnimation2D
    /// Seconds from lift-off until it rests in the corner.
    public var settleTime: Double
    /// How far it swings past the corner, in points.
    public var overshoot: Double
}

/// What the PIP does with a touch that lands on it while it is still springing
/// to a corner (question 7 of issue 13: redirection).
public enum InFlightTouches: String, Sendable, Hashable, CaseIterable {
    /// The touch catches it where it is; it follows the finger and can be thrown
    /// again ("everything interruptible", the fluid-interfaces talk).
    case `catch`
    /// Touches are ignored until the animation has come to rest.
    case ignore
}

/// The picture-in-picture as a user experiences it: the PIP follows the finger
/// (rubber-banding past the edges of its area), and on lift-off its endpoint
/// policy picks a corner and a spring carries it there with the release velocity.
public struct PIPController: Sendable {
    public var layout: PIPLayout
    public var policy: any EndpointPolicy
    public var spring: Spring
    public var velocityEstimator: VelocityEstimator
    public var inFlight: InFlightTouches

    public init(
        layout: PIPLayout, policy: any EndpointPolicy,
        spring: Spring = Spring(response: 0.4, dampingRatio: 0.8),
        velocityEstimator: VelocityEstimator = .standard, inFlight: InFlightTouches = .catch
    ) {
        self.layout = layout
        self.policy = policy
        self.spring = spring
        self.velocityEstimator = velocityEstimator
        self.inFlight = inFlight
    }

    /// Where the PIP's centre is `elapsed` seconds after `flight` was let go
    /// (its corner once the spring has come to rest).
    public func position(of flight: PIPRelease, after elapsed: Double) -> Point {
        elapsed >= flight.settleTime ? layout.center(of: flight.corner) : flight.animation.position(at: max(0, elapsed))
    }

    /// Hit-testing a touch-down at `point`, `elapsed` seconds after `flight` was
    /// let go: the PIP's centre when the touch takes hold of it, nil when it lands
    /// off the PIP or, while the spring is still moving, the design ignores it.
    public func grab(at point: Point, flight: PIPRelease, elapsed: Double) -> Point? {
        if elapsed < flight.settleTime && inFlight == .ignore { return nil }
        return grab(at: point, pipAt: position(of: flight, after: elapsed))
    }

    /// Hit-testing a touch-down at `point` on a PIP resting with its centre at `center`.
    public func grab(at point: Point, pipAt center: Point) -> Point? {
        let frame = Rect(
            x: center.x - layout.pipSize.width / 2, y: center.y - layout.pipSize.height / 2,
            width: layout.pipSize.width, height: layout.pipSize.height)
        return frame.contains(point) ? center : nil
    }

    /// Where the PIP's centre is drawn while the finger that grabbed it at
    /// `grabOffset` from its centre is at `finger`: it tracks the finger inside
    /// its resting area and resists, rubber-band style, beyond it.
    public func dragPosition(finger: Point, grabOffset: Vector2) -> Point {
        let free = finger - grabOffset
        let area = layout.restingArea
        func band(_ v: Double, _ lo: Double, _ hi: Double, _ extent: Double) -> Double {
            if v < lo { return lo + rubberBand(offset: v - lo, dimension: extent) }
            if v > hi { return hi + rubberBand(offset: v - hi, dimension: extent) }
            return v
        }
        return Point(
            band(free.x, area.minX, area.maxX, layout.device.bounds.width),
            band(free.y, area.minY, area.maxY, layout.device.bounds.height))
    }

    /// Handles one drag of the PIP, which sat at `corner` when the finger landed.
    public func release(_ touches: TouchStream, from corner: Corner) -> PIPRelease {
        release(touches, grabbedAt: layout.center(of: corner))
    }

    /// Handles one drag of the PIP whose centre was at `center` when the finger
    /// landed (a corner, or wherever a caught PIP was in flight). The new spring
    /// starts from the release with the measured velocity, so a redirected PIP
    /// carries the momentum of the throw that redirected it.
    public func release(_ touches: TouchStream, grabbedAt center: Point) -> PIPRelease {
        let grabOffset = touches.start.location - center
        // The PIP's own path, as drawn: velocity comes from its recent history.
        let path = touches.samples.map {
            TouchSample(
                time: $0.time, location: dragPosition(finger: $0.location, grabOffset: grabOffset), phase: $0.phase)
        }
        let position = path[path.count - 1].location
        let velocity = velocityEstimator.velocity(of: path)
        let corner = policy.endpoint(position: position, velocity: velocity, layout: layout)
        let animation = SpringAnimation2D(
            spring: spring, from: position, to: layout.center(of: corner),
            initialVelocity: velocity)
        let settle = animation.settleTime()
        return PIPRelease(
            position: position, velocity: velocity, corner: corner, animation: animation,
            settleTime: settle, overshoot: animation.overshoot(settledAt: settle))
    }
}
