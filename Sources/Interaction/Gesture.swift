/// A gesture a person makes on a screen.
public enum Gesture: Sendable {
    case tap(TouchStream)
    case drag(TouchStream)
    case pinch([TouchStream])

    /// When the first finger touched down.
    public var start: Double {
        switch self {
        case .tap(let s), .drag(let s): s.start.time
        case .pinch(let s): s.map(\.start.time).min() ?? 0
        }
    }

    public var end: Double {
        switch self {
        case .tap(let s), .drag(let s): s.end.time
        case .pinch(let s): s.map(\.end.time).max() ?? 0
        }
    }
}

extension Gesture {
    /// The gesture as if every finger lifted at `time`, where it was then: what the screen showed while the
    /// gesture went on (a replay's looks during a long drag).
    public func lifted(at time: Double) -> Gesture {
        switch self {
        case .tap(let s): .tap(s.lifted(at: time))
        case .drag(let s): .drag(s.lifted(at: time))
        case .pinch(let s): .pinch(s.map { $0.lifted(at: time) })
        }
    }
}

extension TouchStream {
    /// The samples up to `time`, the last of them a lift-off (touch-down and lift-off in one place when `time`
    /// is before the first move).
    public func lifted(at time: Double) -> TouchStream {
        var kept = Array(samples.prefix { $0.time <= time })
        if kept.count < 2 { kept = [samples[0], samples[0]] }
        kept[kept.count - 1].phase = .up
        return TouchStream(samples: kept)
    }
}
