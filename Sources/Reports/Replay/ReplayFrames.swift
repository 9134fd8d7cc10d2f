import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import UserModels

/// One frame of a replay: the screen as first seen (frame 0), or one gesture
/// with what the person saw before it and after it, or a look during a long
/// gesture while the finger was still down (`stillDown`).
public struct ReplayFrame: Sendable {
    /// 0 for the screen as first seen, then 1, 2, … one per gesture (its looks while the finger was down share it).
    public var index: Int
    /// A look while the finger was still down: when (the gesture's touches end there); nil for a finished gesture.
    public var stillDown: Double?
    /// The gesture (nil for frame 0).
    public var gesture: TracedGesture?
    /// What was on screen when the finger came down (nil for frame 0), and after the gesture.
    public var before: ReplayShot?
    public var after: ReplayShot
    /// The gesture's target as the person saw it: the control named by the trace,
    /// else the one under the finger at touch-down.
    public var control: Control?
    /// Photo tasks with a goal: mean ΔE00 of the photo to the goal, before and after.
    public var deltaEBefore: Double?
    public var deltaE: Double?
    /// What changed, in words.
    public var changes: [String]

    /// A preview tapped and replaced by what it opened (a swatch-book card folding
    /// down into the control, a grid cell opening its refiner): from the preview's
    /// frame to the area of the controls that came with the new screen.
    public var cardFlight: (from: Rect, to: Rect)? {
        guard let g = gesture, g.kind == .tap, g.hit != false, let c = control, c.role == .thumbnail,
            let after = after.screen, after.control(c.id) == nil, let before = before?.screen
        else { return nil }
        let refiner = after.controls.filter { before.control($0.id) == nil }.map(\.frame)
        guard let first = refiner.first ?? after.photoFrame else { return nil }
        let to = refiner.dropFirst().reduce(first) { u, r in
            Rect(
                x: min(u.minX, r.minX), y: min(u.minY, r.minY), width: max(u.maxX, r.maxX) - min(u.minX, r.minX),
                height: max(u.maxY, r.maxY) - min(u.minY, r.minY))
        }
        return (c.frame, to)
    }

    /// Virtual time at touch-down (0 for frame 0; a look while the finger was down: its time) and at lift-off.
    public var time: Double { stillDown ?? gesture?.start ?? 0 }
    public var end: Double { gesture?.end ?? 0 }

    /// One line: time, gesture and target, and what changed.
    public var caption: String {
        guard let g = gesture else {
            return (["t = 0 s · the screen as first seen"] + changes).joined(separator: " · ")
        }
        var what = g.kind.rawValue
        if let name = control.map(ReplayFrames.name) ?? g.control { what += " on \(name)" }
        if g.kind == .tap { what += g.hit == false ? " — missed" : "" }
        if stillDown != nil { what += ", finger still down" }
        return (["t = \(formatNumber(time, digits: 2)) s · \(what)"] + changes).joined(separator: " · ")
    }
}

/// Builds a replay's frames: the screen as first seen, then one frame per
/// gesture of the trace (`TracedGesture`), each matched with the shot the
/// camera took after it.
public enum ReplayFrames {
    public static func build(_ replay: TrialReplay) throws -> [ReplayFrame] {
        let gestures = TraceGestures.parse(replay.events)
        guard replay.shots.count == gestures.count + 1 else {
            throw ReportError(
                "\(replay.trial.key): the trace has \(gestures.count) gestures but the camera "
                    + "took \(replay.shots.count - 1) shots after gestures (internal error)"
            )
        }
        for (g, shot) in zip(gestures, replay.shots.dropFirst()) where abs(g.start - (shot.touchDown ?? .nan)) > 1e-5 {
            throw ReportError(
                "\(replay.trial.key): the gesture traced at \(g.start) s was filmed at \(shot.touchDown ?? .nan) s "
                    + "(internal error)"
            )
        }
        let goal = replay.scene.goalLab
        var last: (photo: Image, deltaE: Double)?
        func deltaE(_ shot: ReplayShot) -> Double? {
            guard let goal, let photo = shot.photo else { return nil }
            if let last, last.photo == photo { return last.deltaE }  // many gestures leave the photo as it was
            last = (photo, LabImage(photo).meanDeltaE2000(to: goal))
            return last!.deltaE
        }
        var frames = [
            ReplayFrame(
                index: 0, stillDown: nil, gesture: nil, before: nil, after: replay.shots[0],
                control: nil, deltaEBefore: nil, deltaE: deltaE(replay.shots[0]), changes: [])
        ]
        if let d = frames[0].deltaE { frames[0].changes = ["ΔE00 to the goal \(formatNumber(d))"] }
        for (i, g) in gestures.enumerated() {
            let before = replay.shots[i], after = replay.shots[i + 1], deltaEBefore = frames.last!.deltaE
            func frame(_ g: TracedGesture, after: ReplayShot, stillDown: Double?) -> ReplayFrame {
                var frame = ReplayFrame(
                    index: i + 1, stillDown: stillDown, gesture: g, before: before, after: after,
                    control: nil, deltaEBefore: deltaEBefore, deltaE: deltaE(after), changes: [])
                if let screen = before.screen {
                    frame.control =
                        g.control.flatMap(screen.control)
                        ?? g.touches.first.flatMap { under($0.location, on: screen) }
                    frame.changes = screenChanges(from: screen, to: after.screen ?? screen)
                    if before.photo == after.photo { frame.changes.append("the photo did not change") }
                }
                if let a = frame.deltaEBefore, let b = frame.deltaE, before.photo != after.photo {
                    frame.changes.append("ΔE00 to the goal \(formatNumber(a)) → \(formatNumber(b))")
                }
                if replay.scene.pipLayout != nil && stillDown == nil { frame.changes += pipChanges(g, replay.scene) }
                return frame
            }
            // A long gesture's looks while the finger was still down: its touches up to then.
            for look in after.during {
                guard let t = look.at else { continue }
                var partial = g
                partial.touches = g.touches.filter { $0.time <= t }
                partial.aftermath = []
                frames.append(frame(partial, after: look, stillDown: t))
            }
            frames.append(frame(g, after: after, stillDown: nil))
        }
        return frames
    }

    /// The control under a touch-down: of those whose frame holds it, the one
    /// whose thumb is nearest (knobs share a track), else the topmost.
    static func under(_ p: Point, on screen: Screen) -> Control? {
        let here = screen.controls.filter { $0.frame.contains(p) }
        let thumbs = here.filter { $0.thumbCenter != nil }
        return thumbs.min { $0.thumbCenter!.distance(to: p) < $1.thumbCenter!.distance(to: p) } ?? here.last
    }

    /// A control's name as a person reads it: its label, else its id.
    static func name(_ c: Control) -> String { c.label.map { "‘\($0)’" } ?? c.id }

    /// What differs between two screens, in words.
    static func screenChanges(from a: Screen, to b: Screen) -> [String] {
        let before = Dictionary(a.controls.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        let after = Dictionary(b.controls.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        let kept = a.controls.filter { after[$0.id] != nil }
        if let list = a.controls.first(where: { $0.role == .scrollArea }), let now = after[list.id],
            let v0 = list.value, let v1 = now.value,
            abs(v1 - v0) > 1e-4
        {
            let shown = b.controls.filter { $0.role == .thumbnail }.compactMap(\.label)
            return [
                "\(name(list)) scrolled to \(percent(v1))"
                    + (shown.isEmpty ? "" : ", now showing " + shown.joined(separator: ", "))
            ]
        }
        if switched(a, b) { return ["the screen changed to " + describe(b)] }
        var out: [String] = []
        let gone = a.controls.filter { after[$0.id] == nil }, came = b.controls.filter { before[$0.id] == nil }
        if !came.isEmpty { out.append("now showing " + list(came)) }
        if !gone.isEmpty { out.append("no longer showing " + list(gone)) }
        for c in kept {
            let n = after[c.id]!
            if let v0 = c.value, let v1 = n.value, abs(v1 - v0) > 1e-4 {
                let digits = percent(v0) == percent(v1) ? 1 : 0
                out.append(
                    c.role == .scrollArea
                        ? "\(name(c)) scrolled to \(percent(v1))"
                        : "\(name(c)) \(percent(v0, digits)) → \(percent(v1, digits))")
            }
            if n.warning != c.warning {
                out.append(n.warning.map { "\(name(n)) warns: \($0)" } ?? "\(name(n)): warning gone")
            }
        }
        return out
    }

    /// Whether `b` is another screen rather than `a` changed: fewer than half of
    /// the controls of the busier one are on both.
    static func switched(_ a: Screen, _ b: Screen) -> Bool {
        let ids = Set(b.controls.map(\.id))
        return a.controls.filter { ids.contains($0.id) }.count * 2 < max(a.controls.count, b.controls.count)
    }

    /// A screen summarised: its controls by role, with their labels.
    static func describe(_ s: Screen) -> String {
        let roles: [(ControlRole, String)] = [
            (.thumbnail, "previews"), (.slider, "sliders"), (.knob, "knobs"), (.button, "buttons"),
            (.zone, "touch zones"), (.scrollArea, "scrolling lists")
        ]
        let parts = roles.compactMap { role, plural -> String? in
            let cs = s.controls.filter { $0.role == role }
            return cs.isEmpty
                ? nil
                : "\(cs.count) \(cs.count == 1 ? String(plural.dropLast()) : plural)"
                    + (cs.count <= 6 && cs.contains { $0.label != nil }
                        ? " (" + cs.compactMap(\.label).joined(separator: ", ") + ")" : "")
        }
        return parts.isEmpty ? "an empty screen" : parts.joined(separator: ", ")
    }

    static func list(_ cs: [Control]) -> String {
        cs.count <= 4 ? cs.map(name).joined(separator: ", ") : "\(cs.count) controls"
    }

    static func percent(_ v: Double, _ digits: Int = 0) -> String { formatNumber(v * 100, digits: digits) + "%" }

    /// A PIP throw's outcome from its `release` and `settled` events.
    static func pipChanges(_ g: TracedGesture, _ scene: ReplayScene) -> [String] {
        var out: [String] = []
        if let release = g.aftermath.first(where: { $0.kind == "release" }) {
            let f = TraceGestures.fields(release)
            let speed =
                ((f["vx"] as? Double ?? 0) * (f["vx"] as? Double ?? 0) + (f["vy"] as? Double ?? 0)
                    * (f["vy"] as? Double ?? 0))
                .squareRoot()
            let corner = f["corner"] as? String ?? "?"
            let intended = corner == scene.to?.rawValue
            out.append(
                "let go at \(Int(speed.rounded())) pt/s → sent to \(corner)"
                    + (intended ? " (the corner meant)" : " (meant \(scene.to?.rawValue ?? "?"))"))
        }
        if let settled = g.aftermath.first(where: { $0.kind == "settled" }),
            let s = TraceGestures.fields(settled)["settle_s"] as? Double
        {
            out.append("rests after \(formatNumber(s)) s")
        }
        return out
    }
}
