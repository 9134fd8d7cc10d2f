import Interaction

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

    /// The raw value, or nil when absent; the caller interprets it.
    public mutating func value(_ key: String) -> ParameterValue? {
        read.insert(key)
        return values[key]
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
