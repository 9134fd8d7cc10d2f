/// How quickly thrown content slows down, as `UIScrollView.DecelerationRate`:
/// the fraction of velocity kept after each millisecond.
public enum DecelerationRate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 0.998: content coasts far, like a scroll view.
    case normal
    /// 0.99: content stops quickly, like a paging picker.
    case fast
    /// Any rate in (0, 1).
    case custom(Double)

    public var value: Double {
        switch self {
        case .normal: 0.998
        case .fast: 0.99
        case .custom(let r): r
        }
    }

    /// Parses `normal`, `fast`, or a number in (0, 1).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "normal": self = .normal
        case "fast": self = .fast
        default:
            guard let r = Double(text), r > 0, r < 1 else { return nil }
            self = .custom(r)
        }
    }

    public var description: String {
        switch self {
        case .normal: "normal"
        case .fast: "fast"
        case .custom(let r): "\(r)"
        }
    }
}

/// How far content thrown at `velocity` (points per second) coasts before it
/// stops, decelerating like a scroll view — the talk's projection function:
/// `(v / 1000) · r / (1 − r)`. With v = 1000 pt/s: 499 pt (normal), 99 pt (fast).
public func project(velocity: Double, decelerationRate: DecelerationRate) -> Double {
    let r = decelerationRate.value
    return (velocity / 1000) * r / (1 - r)
}

/// The projection of a two-dimensional velocity, axis by axis.
public func project(velocity: Vector2, decelerationRate: DecelerationRate) -> Vector2 {
    Vector2(project(velocity: velocity.x, decelerationRate: decelerationRate),
            project(velocity: velocity.y, decelerationRate: decelerationRate))
}
