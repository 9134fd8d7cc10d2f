import Foundation
@testable import Interaction

/// A flick: judged at lift from the release velocity, which is estimated from
/// the touch history (`VelocityEstimator`) so one noisy sample cannot decide it.
///
/// Like `UISwipeGestureRecognizer` it only knows at the end, which the talk
/// warns gives no feedback during the gesture; it is here to be compared.
public struct SwipeRecognizer: GestureRecognizer {
    public struct Parameters: Sendable, Hashable {
        /// Slowest release speed that counts, points per second. 300 pt/s:
        /// *assumption* (UIKit does not document its threshold; Android's minimum
        /// fling velocity, 50 dp/s, is meant for scrolling and far lower). Sweep it.
        public var minimumSpeed: Double
        /// Shortest travel from touch-down, points: the 10 pt pan hysteresis.
        public var minimumDistance: Double
        /// Largest angle between the release velocity and the swipe's axis,
        /// degrees. 30°: *assumption*.
        public var angleTolerance: Double
        /// The directions this recognizer accepts.
        public var directions: Set<SwipeDirection>
        public var velocity: VelocityEstimator

        public init(
            minimumSpeed: Double = 300, minimumDistance: Double = 10, angleTolerance: Double = 30,
            directions: Set<SwipeDirection> = Set(SwipeDirection.allCases), velocity: VelocityEstimator = .standard
        ) {
            self.minimumSpeed = minimumSpeed; self.minimumDistance = minimumDistance
            self.angleTolerance = angleTolerance; self.directions = directions; self.velocity = velocity
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    /// The direction, once recognized.
    public private(set) var direction: SwipeDirection?
    private var samples: [TouchSample] = []

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public var kind: GestureKind { .swipe(direction) }
    public var deadline: Double? { nil }

    public mutating func receive(_ sample: TouchSample) {
        guard !state.isTerminal else { return }
        guard sample.phase == .down ? samples.isEmpty : !samples.isEmpty else { return }
        samples.append(sample)
        guard sample.phase == .up else { return }
        if let d = judge() {
            direction = d; machine.move(to: .recognized, at: sample.time)
        } else {
            machine.move(to: .failed, at: sample.time)
        }
    }

    /// The swipe's direction if the release qualifies.
    private func judge() -> SwipeDirection? {
        let v = parameters.velocity.velocity(of: samples)
        let travel = samples[samples.count - 1].location.distance(to: samples[0].location)
        guard v.length >= parameters.minimumSpeed, travel >= parameters.minimumDistance else { return nil }
        let best = SwipeDirection.allCases.max { v.dot($0.vector) < v.dot($1.vector) }!
        let cosine = v.dot(best.vector) / v.length
        let limit = cos(parameters.angleTolerance * .pi / 180)
        return parameters.directions.contains(best) && cosine >= limit ? best : nil
    }

    public mutating func advance(to time: Double) {}

    public mutating func cancel(at time: Double) { machine.yield(at: time) }
}
