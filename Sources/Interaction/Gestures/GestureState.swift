/// Where a recognizer stands, in UIKit's vocabulary. Discrete gestures (tap,
/// double tap, swipe, pause) go possible → recognized or failed; continuous ones
/// (pan, long press) go possible → began → changed… → ended or cancelled.
public enum GestureState: String, Sendable, Hashable, Codable {
    case possible, began, changed, ended, failed, cancelled, recognized

    /// Once here, a recognizer's answer for this touch is final.
    public var isTerminal: Bool {
        switch self {
        case .ended, .failed, .cancelled, .recognized: true
        case .possible, .began, .changed: false
        }
    }

    /// The recognizer is sure of the gesture: the moment an arbiter acts on.
    public var isConfident: Bool { self == .began || self == .recognized }

    /// Whether a recognizer may go from `self` to `next`. Cancelling straight
    /// from `possible` is allowed because a tap dragged out of its target is the
    /// person cancelling, which the metrics count apart from a failure.
    public func canMove(to next: GestureState) -> Bool {
        switch self {
        case .possible: [.began, .recognized, .failed, .cancelled].contains(next)
        case .began, .changed: [.changed, .ended, .cancelled].contains(next)
        case .ended, .failed, .cancelled, .recognized: false
        }
    }
}

/// One state change and when it happened on the virtual clock.
public struct GestureTransition: Sendable, Hashable, Codable {
    public var state: GestureState
    public var time: Double
}

/// A recognizer's state with its history. Every recognizer moves only through
/// here, so an illegal move (out of a terminal state) traps at once instead of
/// silently producing a second answer.
public struct GestureStateMachine: Sendable, Hashable {
    public private(set) var state: GestureState = .possible
    public private(set) var history: [GestureTransition] = []

    public init() {}

    mutating func move(to next: GestureState, at time: Double) {
        precondition(state.canMove(to: next), "illegal gesture transition \(state) → \(next)")
        state = next
        history.append(GestureTransition(state: next, time: time))
    }

    /// When the recognizer first became confident, if it did.
    public var confidentTime: Double? { history.first { $0.state.isConfident }?.time }
}
