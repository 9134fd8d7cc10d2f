/// A tap: touch down on the target, lift without wandering off.
///
/// Two behaviours from the fluid-interfaces talk live here. A *margin* around
/// the target makes taps comfortable and keeps a touch that drifts a little from
/// cancelling; and dragging out of the target (plus margin) and lifting cancels
/// the tap, while dragging back in highlights it again. Separately, a tap
/// recognizer in UIKit fails once the finger has moved too far; nil removes
/// that limit and leaves a button that only cares where the finger lifts.
public struct TapRecognizer: GestureRecognizer {
    public struct Parameters: Sendable, Hashable {
        /// How far the finger may move from touch-down before this is not a tap,
        /// in points. 10 pt: *assumption* matching UIKit's documented 10 pt long-press
        /// allowance and the talk's 10 pt swipe hysteresis (UIKit does not document
        /// its tap slop; Android's touch slop is 8 dp). nil: no limit.
        public var maximumMovement: Double?
        /// The tap area; nil accepts a tap anywhere.
        public var target: Rect?
        /// Extra points around `target` that still count as on it (0 = exact frame).
        public var margin: Double

        public init(maximumMovement: Double? = 10, target: Rect? = nil, margin: Double = 0) {
            self.maximumMovement = maximumMovement; self.target = target; self.margin = margin
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    /// Whether the target shows pressed: the finger is down and on it (with margin).
    public private(set) var isHighlighted = false
    private var down: Point?

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public var kind: GestureKind { .tap }
    public var deadline: Double? { nil }

    public mutating func receive(_ sample: TouchSample) {
        guard !state.isTerminal else { return }
        switch sample.phase {
        case .down:
            guard down == nil else { return }
            down = sample.location
            isHighlighted = isOnTarget(sample.location)
            if !isHighlighted { machine.move(to: .failed, at: sample.time) }
        case .move:
            guard down != nil else { return }
            isHighlighted = isOnTarget(sample.location)
            if movedTooFar(sample.location) { isHighlighted = false; machine.move(to: .failed, at: sample.time) }
        case .up:
            guard down != nil else { return }
            let inside = isOnTarget(sample.location)
            isHighlighted = false
            if movedTooFar(sample.location) { machine.move(to: .failed, at: sample.time) }
            else { machine.move(to: inside ? .recognized : .cancelled, at: sample.time) }
        }
    }

    public mutating func advance(to time: Double) {}

    public mutating func cancel(at time: Double) {
        isHighlighted = false
        machine.yield(at: time)
    }

    private func isOnTarget(_ p: Point) -> Bool {
        guard let target = parameters.target else { return true }
        return target.inset(by: EdgeInsets(all: -parameters.margin)).contains(p)
    }

    private func movedTooFar(_ p: Point) -> Bool {
        guard let limit = parameters.maximumMovement, let down else { return false }
        return p.distance(to: down) > limit
    }
}
