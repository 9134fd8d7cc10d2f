@testable import Interaction

/// A finger held still: begins once it has stayed down long enough without
/// moving, then follows the finger freely until lift (UIKit's continuous long press).
public struct LongPressRecognizer: GestureRecognizer {
    public struct Parameters: Sendable, Hashable {
        /// Seconds the finger must stay down. 0.5 s: UIKit's documented default
        /// (`UILongPressGestureRecognizer.minimumPressDuration`).
        public var minimumDuration: Double
        /// Points the finger may move before it begins. 10 pt: UIKit's documented
        /// default (`allowableMovement`).
        public var allowableMovement: Double

        public init(minimumDuration: Double = 0.5, allowableMovement: Double = 10) {
            self.minimumDuration = minimumDuration; self.allowableMovement = allowableMovement
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    private var down: TouchSample?
    private var lifted = false

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public var kind: GestureKind { .longPress }

    public var deadline: Double? {
        guard state == .possible, !lifted, let down else { return nil }
        return down.time + parameters.minimumDuration
    }

    public mutating func receive(_ sample: TouchSample) {
        advance(to: sample.time)
        guard !state.isTerminal else { return }
        switch sample.phase {
        case .down:
            if down == nil { down = sample }
        case .move:
            guard let down else { return }
            if state == .possible {
                if sample.location.distance(to: down.location) > parameters.allowableMovement {
                    machine.move(to: .failed, at: sample.time)
                }
            } else {
                machine.move(to: .changed, at: sample.time)
            }
        case .up:
            guard down != nil else { return }
            lifted = true
            machine.move(to: state == .possible ? .failed : .ended, at: sample.time)
        }
    }

    public mutating func advance(to time: Double) {
        if let deadline, deadline <= time { machine.move(to: .began, at: deadline) }
    }

    public mutating func cancel(at time: Double) { machine.yield(at: time) }
}
