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
        guard let meant = before.control(id), meant.hasDrawnThumb, meant.thumbCenter != nil else { return nil }
        let thumbs = before.controls.compactMap { c in c.hasDrawnThumb ? c.thumbCenter.map { (c.id, $0) } : nil }
        switch ThumbMoved.after(meant: id, before: thumbs, after: { after.control($0)?.thumbCenter }) {
        case .meant: return .intended
        case .other(let moved): return .wrong(was: before.control(moved)!, now: after.control(moved)!)
        case .nothing: return .missed
        }
    }

    /// How far the wrongly grabbed thumb moved along its axis, in points (as
    /// `Hands.drag` measures a move), and the direction to take it back.
    static func displacement(was: Control, now: Control) -> Double {
        guard let a = was.thumbCenter, let b = now.thumbCenter else { return 0 }
        return (b - a).dot(Hands.axisVector(was))
    }
}

/// Which drawn thumb a drag moved, seen by comparing each thumb's place before
/// and after it (by id): the one meant, another (the first, in screen order, that
/// moved), or none. The comparison behind `GrabSeen` and the colour matcher's grabs.
enum ThumbMoved: Equatable {
    case meant
    case other(String)
    case nothing

    static func after(meant id: String, before: [(id: String, thumb: Point)], after: (String) -> Point?) -> ThumbMoved {
        func moved(_ t: (id: String, thumb: Point)) -> Bool { after(t.id).map { $0 != t.thumb } ?? false }
        if let m = before.first(where: { $0.id == id }), moved(m) { return .meant }
        return before.first { $0.id != id && moved($0) }.map { .other($0.id) } ?? .nothing
    }
}

extension Control {
    /// Whether a person sees a thumb to grab: sliders and knobs draw one; a zone
    /// keeping a value (a swipe area) does not.
    var hasDrawnThumb: Bool { (role == .slider || role == .knob) && thumbCenter != nil }
}
