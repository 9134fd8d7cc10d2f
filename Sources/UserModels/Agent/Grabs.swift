import Foundation
import Interaction

/// What a person sees a drag did to the thumbs on screen, by comparing the
/// screen before the drag with the screen after it: the thumb they meant to move
/// moved, another one moved instead (the finger landed nearer it), or none moved
/// (the finger landed out of every thumb's reach).
enum GrabSeen: Equatable {
    case intended
    /// `was` and `now` are the same control before and after: the one that moved.
    case wrong(was: Control, now: Control)
    case missed

    /// Compares drawn thumbs (sliders and knobs) by control id on both screens; nil
    /// when the control meant has none (a zone: nothing to see move but the photo).
    static func after(dragging id: String, before: Screen, after: Screen) -> GrabSeen? {
        guard let meant = before.control(id), meant.hasDrawnThumb, let start = meant.thumbCenter else { return nil }
        if let end = after.control(id)?.thumbCenter, end != start { return .intended }
        for was in before.controls where was.id != id && was.hasDrawnThumb {
            if let a = was.thumbCenter, let now = after.control(was.id), let b = now.thumbCenter, a != b {
                return .wrong(was: was, now: now)
            }
        }
        return .missed
    }

    /// How far the wrongly grabbed thumb moved along its axis, in points (as
    /// `Hands.drag` measures a move), and the direction to take it back.
    static func displacement(was: Control, now: Control) -> Double {
        guard let a = was.thumbCenter, let b = now.thumbCenter else { return 0 }
        return (b - a).dot(Hands.axisVector(was))
    }
}

extension Control {
    /// Whether a person sees a thumb to grab: sliders and knobs draw one; a zone
    /// keeping a value (a swipe area) does not.
    var hasDrawnThumb: Bool { (role == .slider || role == .knob) && thumbCenter != nil }
}
