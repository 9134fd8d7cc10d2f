import Interaction
import UserModels

/// One trial as planned: everything needed to run it anywhere, any time.
public struct PlannedTrial: Sendable, Hashable {
    /// Stable key, e.g. `pip/projected-momentum/iphone-15-portrait/p0042/t07/r1`.
    public var key: String
    public var strategy: String
    public var device: DeviceConfiguration
    public var participantIndex: Int
    public var task: TaskSpec
    public var replication: Int
    /// hash(experiment seed, key): the trial's own random stream.
    public var seed: UInt64
    /// hash(experiment seed, key without the strategy): the person's intentions
    /// and motor noise for this task, shared by every strategy so that
    /// comparisons between designs use common random numbers.
    public var behaviourSeed: UInt64
}

/// A named value measured in a trial (DESIGN §6 vocabulary).
public struct Metric: Sendable, Hashable {
    public var name: String
    public var value: Double
    public init(_ name: String, _ value: Double) { self.name = name; self.value = value }
}

/// One step of a trial's trace: a perception, a decision, a touch or a response.
public struct TraceEvent: Sendable, Hashable {
    /// Virtual time in seconds.
    public var time: Double
    public var kind: String
    /// A JSON object with the event's details.
    public var detail: String
}

/// What a trial produced.
public struct TrialOutcome: Sendable {
    public var metrics: [Metric]
    public var events: [TraceEvent]
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

    var json: String {
        switch self {
        case .number(let d): d.isFinite ? "\((d * 1e6).rounded() / 1e6)" : "null"
        case .bool(let b): b ? "true" : "false"
        case .text(let s): JSONScalar.quote(s)
        }
    }

    static func object(_ fields: [(String, JSONScalar)]) -> String {
        "{" + fields.map { "\(quote($0.0)):\($0.1.json)" }.joined(separator: ",") + "}"
    }

    static func quote(_ s: String) -> String {
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

/// Runs the trials of one design question. Implementations hold everything
/// built from the spec (controllers per strategy and device) and are shared
/// by the worker threads, so they must be immutable.
public protocol TrialSimulator: Sendable {
    func run(_ trial: PlannedTrial, participant: Participant, trace: Bool) -> TrialOutcome
}

import Foundation
