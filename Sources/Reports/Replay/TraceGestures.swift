import Foundation
import Interaction
import UserModels

/// One gesture as a trial's trace records it: the finger's samples from
/// touch-down to lift-off, what it was aimed at, and the events around it.
///
/// The counting rule a replay's frames follow: **one gesture per traced
/// touch-down** (a `touch` event with phase `down`, closed by the next `up`) —
/// taps, drags, swipes of a list and PIP throws alike.
public struct TracedGesture: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// Finger down and up in one place (the trace's `tap` event names the target).
        case tap
        /// A drag of a control or of the photo.
        case drag
        /// A swipe that scrolled a list (followed by a `scroll` event).
        case swipe
        /// A PIP thrown with momentum (its `plan` said `flick`).
        case flick
    }

    public var kind: Kind
    /// What the finger was aimed at: the tapped or dragged control, the scrolled list.
    public var control: String?
    /// Taps: whether the finger landed on the control aimed at.
    public var hit: Bool?
    public var touches: [TouchSample]
    /// What led to the gesture: events since the previous gesture's aftermath
    /// (reading, deciding, choosing, planning a throw).
    public var leadUp: [TraceEvent]
    /// What followed it, until the next decision: perceiving, learning, a PIP's
    /// release and rest, a scroll.
    public var aftermath: [TraceEvent]

    public var start: Double { touches.first?.time ?? 0 }
    public var end: Double { touches.last?.time ?? 0 }
}

/// Reads a trace into gestures (see `TracedGesture` for the counting rule).
public enum TraceGestures {
    /// Event kinds that start the run-up to a next gesture; other events after a
    /// gesture belong to its aftermath.
    /// (A `warning` leads up to the drag that takes part of a move back.)
    static let leadUpKinds: Set<String> = [
        "read", "decide", "choose", "tap", "plan", "discover", "inspect", "task", "warning"
    ]

    public static func parse(_ events: [TraceEvent]) -> [TracedGesture] {
        var gestures: [TracedGesture] = []
        var pending: [TraceEvent] = []
        var samples: [TouchSample]? = nil
        var leading = true
        for e in events {
            let f = fields(e)
            if e.kind == "touch" {
                let phase = TouchPhase(rawValue: f["phase"] as? String ?? "") ?? .move
                let sample = TouchSample(time: e.time, location: Point(number(f["x"]), number(f["y"])), phase: phase)
                if phase == .down { samples = [sample] } else { samples?.append(sample) }
                if phase == .up, let s = samples {
                    gestures.append(gesture(s, leadUp: pending))
                    pending = []
                    samples = nil
                    leading = false
                }
                continue
            }
            if !leading && !leadUpKinds.contains(e.kind) && !gestures.isEmpty {
                gestures[gestures.count - 1].aftermath.append(e)
                if e.kind == "scroll" {
                    gestures[gestures.count - 1].kind = .swipe
                    gestures[gestures.count - 1].control = f["control"] as? String
                }
            } else {
                leading = true
                pending.append(e)
            }
        }
        // Decisions after the last gesture that led to none (time ran out) stay with it.
        if !gestures.isEmpty { gestures[gestures.count - 1].aftermath += pending }
        return gestures
    }

    /// Events of a trace with no gesture at all (the person never touched the screen).
    public static func untouched(_ events: [TraceEvent]) -> [TraceEvent] {
        events.filter { $0.kind != "touch" }
    }

    static func gesture(_ touches: [TouchSample], leadUp: [TraceEvent]) -> TracedGesture {
        var g = TracedGesture(kind: .drag, control: nil, hit: nil, touches: touches, leadUp: leadUp, aftermath: [])
        // The event that announced this gesture: the last tap, plan or decision before it.
        for e in leadUp.reversed() {
            let f = fields(e)
            switch e.kind {
            case "tap":
                g.kind = .tap
                g.control = f["control"] as? String
                g.hit = f["hit"] as? Bool
            case "plan":
                g.kind = (f["style"] as? String) == "flick" ? .flick : .drag
            case "decide", "warning":
                g.control = f["control"] as? String
            default:
                continue
            }
            break
        }
        return g
    }

    /// A trace event's detail as a dictionary: `Double`, `String` or `Bool` values
    /// (null is left out).
    public static func fields(_ e: TraceEvent) -> [String: Any] {
        guard let object = try? JSONDecoder().decode([String: Scalar].self, from: Data(e.detail.utf8)) else {
            return [:]
        }
        return object.compactMapValues { $0.value }
    }

    /// A JSON scalar as trace events hold them.
    struct Scalar: Decodable {
        var value: Any?
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                value = nil
            } else if let b = try? c.decode(Bool.self) {
                value = b
            } else if let d = try? c.decode(Double.self) {
                value = d
            } else {
                value = try c.decode(String.self)
            }
        }
    }

    static func number(_ v: Any?) -> Double { (v as? Double) ?? .nan }
}
