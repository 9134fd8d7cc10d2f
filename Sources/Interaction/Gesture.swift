/// A gesture a person makes on a screen.
public enum Gesture: Sendable {
    case tap(TouchStream)
    case drag(TouchStream)
    case pinch([TouchStream])

    public var end: Double {
        switch self {
        case .tap(let s), .drag(let s): s.end.time
        case .pinch(let s): s.map(\.end.time).max() ?? 0
        }
    }
}
