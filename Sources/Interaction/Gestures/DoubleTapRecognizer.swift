/// Two taps close together in time and place.
///
/// Its window is what delays single taps when the two must be told apart: the
/// talk's Photos example, where tapping for the menu waits "about half a
/// second" because a double tap zooms.
public struct DoubleTapRecognizer: GestureRecognizer {
    public struct Parameters: Sendable, Hashable {
        /// Longest wait from the first lift to the second touch-down, seconds.
        /// 0.3 s: Android's documented DOUBLE_TAP_TIMEOUT (UIKit does not document
        /// its own); the talk's Photos delay of about 0.5 s is the upper end to sweep.
        public var window: Double
        /// How far each tap's finger may move, points (as `TapRecognizer`).
        public var maximumMovement: Double
        /// Farthest the second touch-down may land from the first, points. 100:
        /// Android's DOUBLE_TAP_SLOP (100 dp).
        public var maximumSeparation: Double

        public init(window: Double = 0.3, maximumMovement: Double = 10, maximumSeparation: Double = 100) {
            self.window = window; self.maximumMovement = maximumMovement; self.maximumSeparation = maximumSeparation
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    private var firstDown: Point?
    private var currentDown: Point?
    private var lastLift: Double?
    private var tapsDone = 0

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public var kind: GestureKind { .doubleTap }

    public var deadline: Double? {
        guard state == .possible, currentDown == nil, let lastLift else { return nil }
        return lastLift + parameters.window
    }

    public mutating func receive(_ sample: TouchSample) {
        advance(to: sample.time)
        guard !state.isTerminal else { return }
        switch sample.phase {
        case .down:
            guard currentDown == nil else { return }
            currentDown = sample.location
            if let firstDown, sample.location.distance(to: firstDown) > parameters.maximumSeparation {
                machine.move(to: .failed, at: sample.time)
            }
            if firstDown == nil { firstDown = sample.location }
        case .move:
            guard let currentDown else { return }
            if sample.location.distance(to: currentDown) > parameters.maximumMovement {
                machine.move(to: .failed, at: sample.time)
            }
        case .up:
            guard let down = currentDown else { return }
            currentDown = nil
            if sample.location.distance(to: down) > parameters.maximumMovement {
                machine.move(to: .failed, at: sample.time); return
            }
            tapsDone += 1
            lastLift = sample.time
            if tapsDone == 2 { machine.move(to: .recognized, at: sample.time) }
        }
    }

    public mutating func advance(to time: Double) {
        if let deadline, deadline <= time { machine.move(to: .failed, at: deadline) }
    }

    public mutating func cancel(at time: Double) { machine.yield(at: time) }
}
