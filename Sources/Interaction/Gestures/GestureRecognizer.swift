/// What a recognizer looks for.
public enum GestureKind: Sendable, Hashable {
    case tap, doubleTap, longPress, pan, pause
    /// A flick; the direction is known once recognized.
    case swipe(SwipeDirection?)
}

/// The four directions a swipe can take, in screen coordinates (y grows down).
public enum SwipeDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down

    /// The unit vector of the direction.
    public var vector: Vector2 {
        switch self {
        case .left: Vector2(-1, 0)
        case .right: Vector2(1, 0)
        case .up: Vector2(0, -1)
        case .down: Vector2(0, 1)
        }
    }
}

/// A gesture recognizer as a state machine fed one touch sample at a time.
///
/// Value types: an arbiter copies a configured recognizer at each touch-down to
/// get a fresh one, and a recognizer never needs resetting.
public protocol GestureRecognizer: Sendable {
    var kind: GestureKind { get }
    var machine: GestureStateMachine { get }
    /// The next moment the recognizer would change state with no new sample (a
    /// long press's minimum duration, a double tap's window), if any.
    var deadline: Double? { get }
    /// Feeds one sample; samples arrive in time order.
    mutating func receive(_ sample: TouchSample)
    /// Lets virtual time pass to `time`; acts on any deadline up to it, at the deadline.
    mutating func advance(to time: Double)
    /// Another recognizer won: fail if still possible, cancel if already begun.
    mutating func cancel(at time: Double)
}

extension GestureRecognizer {
    public var state: GestureState { machine.state }
}

extension GestureStateMachine {
    /// The arbiter's "you lost": fail when undecided, cancel when under way.
    mutating func yield(at time: Double) {
        switch state {
        case .possible: move(to: .failed, at: time)
        case .began, .changed: move(to: .cancelled, at: time)
        case .ended, .failed, .cancelled, .recognized: break
        }
    }
}
