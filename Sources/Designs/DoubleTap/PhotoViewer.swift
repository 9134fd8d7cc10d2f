import Interaction

/// One thing a photo viewer did in response to touches.
public struct ViewerAction: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The single-tap action (show or hide the controls, turn the page).
        case single
        /// Zoom in or out.
        case zoom
    }
    public var kind: Kind
    /// When the app acted.
    public var time: Double
    /// The lift of the touch that triggered it (the second lift for a double tap).
    public var lift: Double
}

/// A full-screen photo whose single tap does something (shows the controls),
/// zoomed either by a double tap or by a zoom button.
///
/// With a double tap (`doubleTapWindow` set), the tap recognizer must wait for
/// the double-tap recognizer to fail (UIKit's require-to-fail, the sequential
/// arbitration of `GestureArbiter`): every single tap is delayed until the
/// window after its lift has passed — the talk's Photos example. Without one,
/// taps act at lift, and zooming takes the visible `zoomButton` instead.
public struct PhotoViewer: Sendable {
    public let bounds: Rect
    /// The double tap's window, s; nil: no double-tap recognizer.
    public let doubleTapWindow: Double?
    /// The zoom button when there is no double tap.
    public let zoomButton: Rect?

    public init(bounds: Rect, doubleTapWindow: Double?) {
        self.bounds = bounds
        self.doubleTapWindow = doubleTapWindow
        // A 44 pt button (Apple's minimum hit target) in the bottom-right corner, above the home indicator.
        zoomButton =
            doubleTapWindow == nil ? Rect(x: bounds.maxX - 60, y: bounds.maxY - 100, width: 44, height: 44) : nil
    }

    /// What the viewer did with touches (sensed streams, in time order), once
    /// every recognizer has settled.
    public func respond(to streams: [TouchStream]) -> [ViewerAction] {
        var members: [GestureArbiter.Member] = [.init("tap", TapRecognizer())]
        if let w = doubleTapWindow {
            members = [
                .init("double-tap", DoubleTapRecognizer(.init(window: w))),
                .init("tap", TapRecognizer(), waitsFor: ["double-tap"])
            ]
        }
        var arbiter = GestureArbiter(members)
        return arbiter.run(streams).map { r in
            let down = streams.first { $0.start.time == r.touchDown }?.start.location
            let onButton = down.map { zoomButton?.contains($0) ?? false } ?? false
            let kind: ViewerAction.Kind = r.name == "double-tap" || onButton ? .zoom : .single
            return ViewerAction(kind: kind, time: r.time, lift: r.liftOff ?? r.recognizerTime)
        }
    }
}
