/// A gesture an arbiter let through, and when.
public struct Recognition: Sendable, Hashable {
    /// The arbiter member's name (e.g. "tap"), as given in `GestureArbiter.Member`.
    public var name: String
    public var kind: GestureKind
    /// When the app hears of it.
    public var time: Double
    /// When the recognizer itself was sure; earlier than `time` when it had to
    /// wait for another recognizer to fail (a tap waiting out a double tap's window).
    public var recognizerTime: Double
    /// The first touch-down of the touches that made it.
    public var touchDown: Double
    /// The last lift-off at or before `recognizerTime`, if the finger had lifted.
    public var liftOff: Double?

    /// Time the arbiter added by making it wait.
    public var arbitrationDelay: Double { time - recognizerTime }

    /// Seconds from a physical moment (a lift, the moment the finger really
    /// stopped) to when the app heard of the gesture. Which moment is relevant
    /// depends on the question: lift-off for taps, the intended stop for pauses.
    public func latency(from moment: Double) -> Double { time - moment }
}
