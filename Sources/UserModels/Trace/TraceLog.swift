import Foundation

/// One step of a trial's trace: a perception, a decision, a touch or a response.
public struct TraceEvent: Sendable, Hashable {
    public init(time: Double, kind: String, detail: String) {
        self.time = time; self.kind = kind; self.detail = detail
    }

    /// Virtual time in seconds.
    public var time: Double
    public var kind: String
    /// A JSON object with the event's details.
    public var detail: String
}

/// Collects trace events when tracing is on; costs nothing when it is off.
public struct TraceLog: Sendable {
    public let enabled: Bool
    public private(set) var events: [TraceEvent] = []

    public init(enabled: Bool) { self.enabled = enabled }

    /// Adds an event; `fields` become a JSON object in the given order.
    public mutating func add(_ time: Double, _ kind: String, _ fields: @autoclosure () -> [(String, JSONScalar)]) {
        guard enabled else { return }
        events.append(TraceEvent(time: time, kind: kind, detail: JSONScalar.object(fields())))
    }
}

/// A scalar in a trace event's JSON.
public enum JSONScalar: Sendable {
    case number(Double)
    case text(String)
    case bool(Bool)

    public var json: String {
        switch self {
        case .number(let d): d.isFinite ? "\((d * 1e6).rounded() / 1e6)" : "null"
        case .bool(let b): b ? "true" : "false"
        case .text(let s): JSONScalar.quote(s)
        }
    }

    public static func object(_ fields: [(String, JSONScalar)]) -> String {
        "{" + fields.map { "\(quote($0.0)):\($0.1.json)" }.joined(separator: ",") + "}"
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

