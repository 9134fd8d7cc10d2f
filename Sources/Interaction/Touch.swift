/// Where a touch is in its life: the finger lands, moves, and lifts.
public enum TouchPhase: String, Sendable, Codable, Hashable {
    case down, move, up
}

/// One sample of one finger, as a touch screen reports it (pressure-free).
public struct TouchSample: Sendable, Codable, Hashable {
    /// Seconds on the trial's virtual clock.
    public var time: Double
    public var location: Point
    public var phase: TouchPhase
    /// Half the long axis of the finger's contact patch, in points, as
    /// `UITouch.majorRadius`; nil when the source does not model contact size.
    public var majorRadius: Double?

    public init(time: Double, location: Point, phase: TouchPhase, majorRadius: Double? = nil) {
        self.time = time; self.location = location; self.phase = phase; self.majorRadius = majorRadius
    }
}

/// The samples of one finger from touch-down to lift-off.
///
/// Real digitizers report moves at a fixed rate; 120 Hz is the rate of the
/// ProMotion displays the talks' gestures were tuned on.
public struct TouchStream: Sendable, Codable, Hashable {
    public static let defaultSampleRate: Double = 120

    public private(set) var samples: [TouchSample]

    public init(samples: [TouchSample]) {
        precondition(samples.first?.phase == .down, "a touch stream starts with touch-down")
        self.samples = samples
    }

    /// Samples a finger path `position(t)` for `t` in `0...duration` at `sampleRate`,
    /// starting at `startTime`: one down, moves, and one up at the end.
    public init(startTime: Double, duration: Double,
                sampleRate: Double = TouchStream.defaultSampleRate,
                position: (Double) -> Point) {
        precondition(duration >= 0 && sampleRate > 0)
        let dt = 1 / sampleRate
        var samples = [TouchSample(time: startTime, location: position(0), phase: .down)]
        let steps = max(1, Int((duration / dt).rounded(.up)))
        for i in 1...steps {
            let t = min(Double(i) * dt, duration)
            let phase: TouchPhase = i == steps ? .up : .move
            samples.append(TouchSample(time: startTime + t, location: position(t), phase: phase))
        }
        self.samples = samples
    }

    public var start: TouchSample { samples[0] }
    public var end: TouchSample { samples[samples.count - 1] }
    public var duration: Double { end.time - start.time }

    /// Straight-line distance from touch-down to lift-off.
    public var displacement: Vector2 { end.location - start.location }

    /// Length of the path the finger travelled.
    public var pathLength: Double {
        zip(samples, samples.dropFirst()).reduce(0) { $0 + $1.0.location.distance(to: $1.1.location) }
    }
}
