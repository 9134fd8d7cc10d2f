import Interaction
import Synchronization

/// A value a spec gives to a strategy parameter.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case text(String)

    public var description: String {
        switch self {
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .text(let s): s
        }
    }
}

/// Something wrong with a strategy's parameters, worded for the person who wrote the spec.
public struct StrategyParameterError: Error, Sendable, CustomStringConvertible {
    public var parameter: String
    public var message: String
    public var description: String { "parameter '\(parameter)': \(message)" }
}

/// The parameters a spec gives one strategy, read with defaults and checked:
/// a strategy reads what it knows, then `finish()` rejects anything left over
/// (a typo must not silently fall back to a default).
public struct StrategyParameters: Sendable {
    public private(set) var values: [String: ParameterValue]
    private var read: Set<String> = []

    public init(_ values: [String: ParameterValue] = [:]) { self.values = values }

    /// A number in `range`, or `defaultValue` when absent.
    public mutating func number(
        _ key: String, default defaultValue: Double, in range: ClosedRange<Double>
    ) throws -> Double {
        read.insert(key)
        ParameterReads.note(
            key, default: ParameterValue.number(defaultValue).description,
            allowed: "\(ParameterValue.number(range.lowerBound))…\(ParameterValue.number(range.upperBound))")
        guard let v = values[key] else { return defaultValue }
        guard case .number(let n) = v else {
            throw StrategyParameterError(
                parameter: key, message: "expected a number in \(range.lowerBound)…\(range.upperBound), got '\(v)'")
        }
        guard range.contains(n) else {
            throw StrategyParameterError(
                parameter: key, message: "\(n) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return n
    }

    /// The raw value, or nil when absent; the caller interprets it. `defaultValue` and `allowed` say, for
    /// `refine list designs --parameters`, what absence means and what the caller accepts.
    public mutating func value(_ key: String, default defaultValue: String, allowed: String) -> ParameterValue? {
        read.insert(key)
        ParameterReads.note(key, default: defaultValue, allowed: allowed)
        return values[key]
    }

    /// One of `T`'s cases by name, or `defaultValue` when absent.
    public mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, default defaultValue: T) throws -> T
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard let v = value(key, default: defaultValue.rawValue, allowed: names.joined(separator: ", ")) else {
            return defaultValue
        }
        guard case .text(let s) = v, let t = T(rawValue: s) else {
            throw StrategyParameterError(
                parameter: key, message: "expected one of \(names.joined(separator: ", ")), got '\(v)'")
        }
        return t
    }

    /// Throws if the spec gave a parameter that was never read.
    public func finish(known: [String]) throws {
        for key in values.keys.sorted() where !read.contains(key) {
            let hint = nearestName(to: key, in: known)
            throw StrategyParameterError(
                parameter: key,
                message: "unknown parameter; this strategy takes \(known.joined(separator: ", "))"
                    + (hint.map { " (did you mean '\($0)'?)" } ?? ""))
        }
    }
}

/// The parameters a design reads, as it reads them: while `record` runs, every `StrategyParameters` read notes
/// its name, default and allowed values, so `refine list designs --parameters` shows what the code accepts
/// rather than a description that could drift from it.
public final class ParameterReads: Sendable {
    /// One parameter as a design reads it.
    public struct Read: Sendable, Hashable {
        public var name: String
        public var defaultValue: String
        public var allowed: String
    }

    @TaskLocal static var current: ParameterReads?
    private let reads = Mutex<[Read]>([])

    /// The parameters `body` reads, each once (the last read of a name wins: a later, stricter read refines it).
    public static func record(_ body: () throws -> Void) rethrows -> [Read] {
        let recorder = ParameterReads()
        try $current.withValue(recorder) { try body() }
        let all = recorder.reads.withLock { $0 }
        var out: [Read] = []
        for r in all {
            if let i = out.firstIndex(where: { $0.name == r.name }) { out[i] = r } else { out.append(r) }
        }
        return out
    }

    static func note(_ name: String, default defaultValue: String, allowed: String) {
        current?.reads.withLock { $0.append(Read(name: name, defaultValue: defaultValue, allowed: allowed)) }
    }
}
