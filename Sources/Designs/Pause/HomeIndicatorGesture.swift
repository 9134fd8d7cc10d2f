import Interaction

/// What the screen did with one slide up from the bottom edge.
public enum HomeGestureResponse: Sendable, Hashable {
    /// The pause detector fired while the finger was down: the app switcher's
    /// cards come in at `time`, and stay when the finger lifts.
    case appSwitcher(at: Double)
    /// The finger lifted with no pause recognized: the app closes to the home
    /// screen at the lift, `time`.
    case home(at: Double)
}

/// The iPhone X bottom-edge gesture (fluid interfaces talk): slide up from the
/// home indicator to go home; slide up and pause to get the app switcher. The
/// only design decision in play is how the pause is detected, so both
/// strategies share this type and differ only in their `PauseDetector`.
public struct HomeIndicatorGesture: Sendable {
    /// The detector as configured by the strategy; every slide gets a fresh copy.
    public let detector: PauseDetector

    public init(detector: PauseDetector) { self.detector = detector }

    /// The screen's response to one contact's sensed samples. The detector sees
    /// the samples in order, with time let run up to each, exactly as a live
    /// recognizer would; the first moment it is confident is when the cards appear.
    public func respond(to stream: TouchStream) -> HomeGestureResponse {
        var d = detector
        for sample in stream.samples {
            d.receive(sample)
            if let t = d.machine.confidentTime { return .appSwitcher(at: t) }
        }
        return .home(at: stream.end.time)
    }
}
