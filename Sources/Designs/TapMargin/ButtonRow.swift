import Interaction

/// What a row of buttons did with one touch.
public enum ButtonResponse: Sendable, Hashable {
    /// Button `index` was activated at `time` (the lift).
    case activated(index: Int, at: Double)
    /// The touch began on button `index` but lifted off it (plus margin): cancelled.
    case cancelled(index: Int, at: Double)
    /// The finger moved too far for a tap (only with a movement limit).
    case failed(index: Int, at: Double)
    /// The touch-down hit no button.
    case missed(at: Double)
}

/// A row of equal buttons with gaps between them, like a calculator's keys or a
/// toolbar, each tapped through a `TapRecognizer` with the design's margin.
///
/// Hit-testing gives the touch to one button: the one whose frame, grown by the
/// margin, contains the touch-down, and of those the nearest (margins of
/// neighbours may overlap across a narrow gap). That button's recognizer alone
/// then tracks the touch, as UIKit delivers a touch to the view it hit.
public struct ButtonRow: Sendable {
    public let frames: [Rect]
    public let margin: Double
    /// The recognizer's movement limit (nil: a plain button that only cares where the finger lifts).
    public let maximumMovement: Double?

    public init(frames: [Rect], margin: Double, maximumMovement: Double?) {
        self.frames = frames; self.margin = margin; self.maximumMovement = maximumMovement
    }

    /// `count` square buttons of `size` pt with `gap` pt between them, centred at `center`.
    public static func centred(
        count: Int, size: Double, gap: Double, at center: Point, margin: Double, maximumMovement: Double?
    ) -> ButtonRow {
        let width = Double(count) * size + Double(count - 1) * gap
        let frames = (0..<count).map { i in
            Rect(x: center.x - width / 2 + Double(i) * (size + gap), y: center.y - size / 2, width: size, height: size)
        }
        return ButtonRow(frames: frames, margin: margin, maximumMovement: maximumMovement)
    }

    /// The button a touch-down at `p` goes to, if any.
    public func hitTest(_ p: Point) -> Int? {
        frames.indices
            .filter { frames[$0].inset(by: EdgeInsets(all: -margin)).contains(p) }
            .min { distance(p, frames[$0]) < distance(p, frames[$1]) }
    }

    /// The row's response to one contact's sensed samples.
    public func respond(to stream: TouchStream) -> ButtonResponse {
        guard let hit = hitTest(stream.start.location) else { return .missed(at: stream.start.time) }
        var tap = TapRecognizer(.init(maximumMovement: maximumMovement, target: frames[hit], margin: margin))
        for s in stream.samples { tap.receive(s) }
        let t = tap.machine.history.last?.time ?? stream.end.time
        switch tap.state {
        case .recognized: return .activated(index: hit, at: t)
        case .cancelled: return .cancelled(index: hit, at: t)
        default: return .failed(index: hit, at: t)
        }
    }

    private func distance(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
