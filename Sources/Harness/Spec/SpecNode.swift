import Designs
import Foundation
import Yams

/// A YAML node together with where it came from, so that every error about a
/// spec names the file, the line and column, and the field's path.
public struct SpecNode {
    let node: Node
    let path: String
    package let file: String

    public func error(_ message: String) -> SpecError {
        SpecError(file: file, line: node.mark?.line, column: node.mark?.column, field: path, message: message)
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public var isMapping: Bool { if case .mapping = node { true } else { false } }
    public var isSequence: Bool { if case .sequence = node { true } else { false } }
    public var isScalar: Bool { if case .scalar = node { true } else { false } }

    /// Keys of a mapping, in file order.
    public func keys() throws -> [String] {
        guard case .mapping(let m) = node else { throw error("expected a mapping of fields") }
        return m.keys.compactMap(\.string)
    }

    /// A field that may be absent.
    public func optional(_ key: String) throws -> SpecNode? {
        guard case .mapping(let m) = node else { throw error("expected a mapping with field '\(key)'") }
        guard let child = m[key] else { return nil }
        if case .scalar(let s) = child, s.string.isEmpty || s.string == "~" || s.string == "null", s.style == .plain {
            return nil
        }
        return SpecNode(node: child, path: childPath(key), file: file)
    }

    /// A field that must be present.
    public func required(_ key: String) throws -> SpecNode {
        guard let child = try optional(key) else {
            throw SpecError(
                file: file, line: node.mark?.line, column: node.mark?.column,
                field: childPath(key), message: "missing required field")
        }
        return child
    }

    /// Rejects fields other than `allowed`, suggesting the nearest valid one.
    public func rejectUnknownKeys(_ allowed: [String]) throws {
        SpecKeyTables.recording?.note(path: path, allowed: allowed, node: node, file: file)
        guard case .mapping(let m) = node else { return }
        for (k, v) in m {
            guard let key = k.string, !allowed.contains(key) else { continue }
            let hint = suggestion(key, allowed)
            throw SpecError(
                file: file, line: k.mark?.line ?? v.mark?.line, column: k.mark?.column,
                field: childPath(key),
                message: "unknown field; expected one of \(allowed.joined(separator: ", "))\(hint)")
        }
    }

    public func string() throws -> String {
        guard case .scalar(let s) = node else { throw error("expected text, got \(kind)") }
        return s.string
    }

    public func double() throws -> Double {
        guard case .scalar(let s) = node, let v = Double(s.string.replacingOccurrences(of: "_", with: "")), v.isFinite
        else {
            throw error("expected a number, got \(describe)")
        }
        return v
    }

    public func int(in range: ClosedRange<Int>) throws -> Int {
        guard case .scalar(let s) = node, let v = Int(s.string.replacingOccurrences(of: "_", with: "")) else {
            throw error("expected a whole number, got \(describe)")
        }
        guard range.contains(v) else { throw error("\(v) is outside \(range.lowerBound)…\(range.upperBound)") }
        return v
    }

    public func uint64() throws -> UInt64 {
        guard case .scalar(let s) = node, let v = UInt64(s.string.replacingOccurrences(of: "_", with: "")) else {
            throw error("expected a non-negative whole number, got \(describe)")
        }
        return v
    }

    public func double(in range: ClosedRange<Double>) throws -> Double {
        let v = try double()
        guard range.contains(v) else { throw error("\(v) is outside \(range.lowerBound)…\(range.upperBound)") }
        return v
    }

    /// The numbers of the non-empty list at `key`, each in `range` (a single number is a one-item list).
    public func numbers(_ key: String, in range: ClosedRange<Double>) throws -> [Double] {
        let node = try required(key)
        let list = try node.list().map { try $0.double(in: range) }
        guard !list.isEmpty else { throw node.error("expected at least one number") }
        return list
    }

    /// Items of a sequence; a single scalar counts as a one-item list.
    public func list() throws -> [SpecNode] {
        switch node {
        case .sequence(let seq):
            return seq.enumerated().map { SpecNode(node: $1, path: "\(path)[\($0)]", file: file) }
        case .scalar:
            return [self]
        default:
            throw error("expected a list, got \(kind)")
        }
    }

    /// The case of `E` this scalar names; an unknown name is an error that suggests
    /// the nearest and lists every case (`what` names the field's kind: "intent", "corner").
    public func named<E: RawRepresentable & CaseIterable>(_ what: String, as type: E.Type = E.self) throws -> E
    where E.RawValue == String {
        let name = try string()
        guard let value = E(rawValue: name) else {
            let names = E.allCases.map(\.rawValue)
            throw error(
                "unknown \(what) '\(name)'\(suggestion(name, names)); expected one of \(names.joined(separator: ", "))")
        }
        return value
    }

    /// A strategy parameter as written: a number when it reads as one, else text.
    public func parameterValue() throws -> ParameterValue {
        if let n = try? double() { return .number(n) }
        return .text(try string())
    }

    /// `relative` (a photo, a design file) as a path on disk: spec paths are relative to the spec's folder.
    public func resolve(_ relative: String) -> String {
        let base = URL(fileURLWithPath: file).absoluteURL.deletingLastPathComponent()
        return relative.hasPrefix("/") ? relative : base.appendingPathComponent(relative).standardized.path
    }

    /// Entries of a mapping in file order.
    public func entries() throws -> [(String, SpecNode)] {
        guard case .mapping(let m) = node else { throw error("expected a mapping, got \(kind)") }
        return m.compactMap { k, v in k.string.map { ($0, SpecNode(node: v, path: childPath($0), file: file)) } }
    }

    public var kind: String {
        switch node {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private var describe: String {
        if case .scalar(let s) = node { return "'\(s.string)'" }
        return kind
    }
}

/// `" (did you mean 'x'?)"` or nothing.
package func suggestion(_ name: String, _ candidates: [String]) -> String {
    nearestName(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

import Interaction
