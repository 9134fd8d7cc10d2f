/// A drag that begins once the finger has moved far enough from touch-down.
///
/// That distance is the talk's *hysteresis* ("usually 10 points in iOS"): it
/// keeps a tap that wobbles from turning into a drag, at the cost of a late
/// start. Where it began is the gesture's origin, so content does not jump by
/// the hysteresis when it starts following the finger.
public struct PanRecognizer: GestureRecognizer {
    public struct Parameters: Sendable, Hashable {
        /// Points of movement before the pan begins. 10 pt: the talk.
        public var hysteresis: Double

        public init(hysteresis: Double = 10) {
            precondition(hysteresis >= 0)
            self.hysteresis = hysteresis
        }
    }

    public var parameters: Parameters
    public private(set) var machine = GestureStateMachine()
    /// The samples seen so far, for velocity and position.
    public private(set) var samples: [TouchSample] = []
    /// Where the finger was when the pan began.
    public private(set) var origin: Point?

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    public var kind: GestureKind { .pan }
    public var deadline: Double? { nil }

    /// How far the finger has moved since the pan began.
    public var translation: Vector2 {
        guard let origin, let last = samples.last else { return .zero }
        return last.location - origin
    }

    public mutating func receive(_ sample: TouchSample) {
        guard !state.isTerminal else { return }
        guard sample.phase == .down ? samples.isEmpty : !samples.isEmpty else { return }
        samples.append(sample)
        switch sample.phase {
        case .down: break
        case .move:
            if state == .possible {
                if sample.location.distance(to: samples[0].location) >= parameters.hysteresis {
                    origin = sample.location
                    machine.move(to: .began, at: sample.time)
                }
            } else {
                machine.move(to: .changed, at: sample.time)
            }
        case .up:
            // Movement seen only at lift never let content follow the finger: not a pan.
            machine.move(to: state == .possible ? .failed : .ended, at: sample.time)
        }
    }

    public mutating func advance(to time: Double) {}

    public mutating func cancel(at time: Double) { machine.yield(at: time) }
}
