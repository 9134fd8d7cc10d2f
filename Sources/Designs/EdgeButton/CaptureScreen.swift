import Interaction

/// What the camera screen did with one touch.
public enum CaptureResponse: Sendable, Hashable {
    /// The control was tapped at `at`.
    case control(at: Double)
    /// The touch landed on the live preview, which takes a photo on a tap: the
    /// talk's "I often took a photo next to the button".
    case captured(at: Double)
    /// The touch landed on the panel under the control, or was cancelled on the
    /// control: nothing happened.
    case nothing(at: Double)
    /// A system edge gesture took the touch.
    case systemTook(at: Double)
}

/// A full-screen camera preview (seed 004, the Qtty shooting screen) with one
/// control (switch camera, grid) laid out by the design, optionally on a panel
/// that does not take photos, under the system's edge gestures.
///
/// A touch goes first through the system's edge gate, then to the control (a
/// plain button: a tap recognizer on its exact frame), then to the panel, and
/// otherwise to the preview, whose tap takes a photo. The screen reports a
/// finger that overhangs its edge at the edge (Interaction's `Glass`), so an
/// edge control catches the taps that overshoot it.
public struct CaptureScreen: Sendable, Hashable {
    public let bounds: Rect
    public let control: Rect
    /// The band under the control that swallows touches instead of taking a photo, if any.
    public let panel: Rect?
    public let gate: SystemEdgeGate

    public init(bounds: Rect, control: Rect, panel: Rect?, gate: SystemEdgeGate) {
        self.bounds = bounds; self.control = control; self.panel = panel; self.gate = gate
    }

    /// The share of the screen where the preview is seen whole (not under the panel or the control).
    public var photoShare: Double {
        let screen = bounds.width * bounds.height
        let covered =
            (panel.map { $0.width * $0.height } ?? 0)
            + (panel.map { $0.contains(control.center) } == true ? 0 : control.width * control.height)
        return max(0, 1 - covered / screen)
    }

    /// The screen's response to one contact's sensed samples.
    public func respond(to sensed: TouchStream) -> CaptureResponse {
        let delivered: TouchStream
        switch gate.judge(sensed) {
        case .taken(let t): return .systemTook(at: t)
        case .passed: delivered = sensed
        case .held(let s): delivered = s
        }
        let button = ButtonRow(frames: [control], margin: 0, maximumMovement: nil)
        switch button.respond(to: delivered) {
        case .activated(_, let t): return .control(at: t)
        case .cancelled(_, let t), .failed(_, let t): return .nothing(at: t)
        case .missed:
            if let panel, panel.contains(delivered.start.location) { return .nothing(at: delivered.end.time) }
            return .captured(at: delivered.end.time)
        }
    }
}
