import Interaction

/// What a tappable, scrolling list did with one touch.
public struct ListResponse: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case tapped, panned, nothing }
    public var kind: Kind
    /// The row opened (`tapped`).
    public var row: Int?
    /// When the app acted: the tap's recognition, or the moment the pan began.
    public var time: Double?
    /// How far the content moved with the finger, pt (zero unless it panned).
    public var contentMoved: Vector2

    public init(kind: Kind, row: Int?, time: Double?, contentMoved: Vector2) {
        self.kind = kind; self.row = row; self.time = time; self.contentMoved = contentMoved
    }

    /// Nothing happened (the touch was never seen, or missed the list).
    public static let nothing = ListResponse(kind: .nothing, row: nil, time: nil, contentMoved: .zero)
}

/// A vertical list of equal rows, each tappable, that scrolls when dragged —
/// the talk's Contacts example, where taps and drags compete from touch-down.
///
/// A tap recognizer (on the row under the touch-down; no movement limit of its
/// own, so only the pan takes a tap away) and a pan recognizer with the
/// design's hysteresis run in parallel under a `GestureArbiter`; the first to
/// be confident wins and cancels the other, as the talk recommends. Content
/// follows the pan's translation from the point where it began, so it does not
/// jump by the hysteresis when the pan starts.
public struct ScrollingList: Sendable {
    public let frame: Rect
    public let rowHeight: Double
    public let hysteresis: Double
    /// How far the content has scrolled (positive: rows moved up), pt.
    public var contentOffset: Double

    public init(frame: Rect, rowHeight: Double, hysteresis: Double, contentOffset: Double = 0) {
        precondition(rowHeight > 0 && hysteresis >= 0)
        self.frame = frame; self.rowHeight = rowHeight; self.hysteresis = hysteresis; self.contentOffset = contentOffset
    }

    /// Row `i`'s frame on screen, as scrolled.
    public func rowFrame(_ i: Int) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY + Double(i) * rowHeight - contentOffset, width: frame.width, height: rowHeight)
    }

    /// The row under `p`, if `p` is in the list.
    public func row(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        return Int(((p.y - frame.minY + contentOffset) / rowHeight).rounded(.down))
    }

    /// The list's response to one contact's sensed samples.
    public func respond(to stream: TouchStream) -> ListResponse {
        guard let hit = row(at: stream.start.location) else { return .nothing }
        var arbiter = GestureArbiter([
            .init("tap", TapRecognizer(.init(maximumMovement: nil, target: rowFrame(hit), margin: 0))),
            .init("pan", PanRecognizer(.init(hysteresis: hysteresis)))
        ])
        // The pan is fed alongside to read its translation; the arbiter decides who won.
        var pan = PanRecognizer(.init(hysteresis: hysteresis))
        for s in stream.samples { pan.receive(s) }
        let recognized = arbiter.run([stream])
        guard let first = recognized.first else { return .nothing }
        if first.name == "tap" { return ListResponse(kind: .tapped, row: hit, time: first.time, contentMoved: .zero) }
        // Scrolling follows the finger vertically only.
        return ListResponse(kind: .panned, row: nil, time: first.time, contentMoved: Vector2(0, pan.translation.y))
    }
}
