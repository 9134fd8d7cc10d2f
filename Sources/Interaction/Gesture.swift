/// A gesture a person makes on a screen.
public enum Gesture: Sendable {
    case tap(TouchStream)
    case drag(TouchStream)
    case pinch([TouchStream])

    /// When the first finger touched down.
    public var start: Double {
        switch self {
        case .tap(let s), .drag(let s): s.start.time
        case .pinch(let s): s.map(\.start.time).min() ?? 0
        }
    }

    public var end: Double {
        switch self {
        case .tap(let s), .drag(let s): s.end.time
        case .pinch(let s): s.map(\.end.time).max() ?? 0
        }
    }
}
