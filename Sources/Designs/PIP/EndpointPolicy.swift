import Interaction

/// Decides which corner a released picture-in-picture goes to: the one design
/// decision the talk iterates on.
public protocol EndpointPolicy: Sendable {
    /// The corner for a PIP released with its centre at `position`, moving at `velocity` pt/s.
    func endpoint(position: Point, velocity: Vector2, layout: PIPLayout) -> Corner
}

/// The first iteration: go to the corner nearest the release point.
/// "We're only looking at position. We're completely ignoring the momentum of
/// the PIP" — a light flick goes back where it came from, and moving the PIP
/// needs a drag past halfway.
public struct NearestCorner: EndpointPolicy {
    public init() {}

    public func endpoint(position: Point, velocity: Vector2, layout: PIPLayout) -> Corner {
        layout.nearestCorner(to: position)
    }
}

/// The shipped iteration: project where the PIP would coast to if it decelerated
/// like scrolled content, and go to the corner nearest that projection.
public struct ProjectedMomentum: EndpointPolicy {
    public var decelerationRate: DecelerationRate

    public init(decelerationRate: DecelerationRate = .normal) {
        self.decelerationRate = decelerationRate
    }

    public func endpoint(position: Point, velocity: Vector2, layout: PIPLayout) -> Corner {
        layout.nearestCorner(to: position + project(velocity: velocity, decelerationRate: decelerationRate))
    }
}
