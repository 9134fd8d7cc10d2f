import Foundation

/// The audit's known violations (`Data/baselines/audit.json`): for every
/// configuration, how many violations of each kind it had (none: clean), and
/// the strategies not audited. `refine audit --check` compares a fresh audit
/// with it, as the metric gate compares a run with a metric baseline.
public struct AuditBaseline: Codable, Sendable, Equatable {
    public var format: Int
    /// Configuration name → violation kind → count; an empty map is a clean configuration.
    public var configurations: [String: [String: Int]]
    public var audited: [String]
    public var notAudited: [String]

    public static let currentFormat = 1

    public init(_ result: AuditResult) {
        format = Self.currentFormat
        var c: [String: [String: Int]] = [:]
        for conf in result.configurations {
            c[conf.configuration.name] = Dictionary(uniqueKeysWithValues: conf.counts.map { ($0.key.rawValue, $0.value) })
        }
        configurations = c
        audited = result.audited
        notAudited = result.notAudited
    }

    /// Reads `path`, naming the file in every error.
    public static func load(_ path: String) throws -> AuditBaseline {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw AuditBaselineError("\(path): cannot read the audit baseline (write one with `refine audit --update-baseline \(path)`)")
        }
        let b: AuditBaseline
        do { b = try JSONDecoder().decode(AuditBaseline.self, from: data) } catch {
            throw AuditBaselineError("\(path): not an audit baseline (\(error))")
        }
        guard b.format == currentFormat else {
            throw AuditBaselineError("\(path): audit baseline format \(b.format), expected \(currentFormat); rewrite it with `refine audit --update-baseline \(path)`")
        }
        return b
    }

    /// Sorted keys, so a changed baseline diffs line by line.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self) + Data("\n".utf8)
    }

    /// What changed against this baseline.
    public func compare(_ result: AuditResult) -> AuditComparison {
        var out = AuditComparison()
        for conf in result.configurations {
            let name = conf.configuration.name
            guard let before = configurations[name] else {
                out.unknown.append(name)
                continue
            }
            let now = conf.counts
            for kind in ViolationKind.allCases {
                let was = before[kind.rawValue] ?? 0, n = now[kind] ?? 0
                if n > was {
                    out.regressions.append(.init(configuration: name, kind: kind, was: was, now: n, wasClean: before.isEmpty))
                } else if n < was {
                    out.improvements.append(.init(configuration: name, kind: kind, was: was, now: n, wasClean: before.isEmpty))
                }
            }
        }
        out.newlyAudited = result.audited.filter { !audited.contains($0) }
        out.noLongerAudited = result.notAudited.filter { audited.contains($0) }
        return out
    }
}

/// A change of one configuration's count of one kind of violation.
public struct AuditChange: Sendable, Codable, Hashable {
    public var configuration: String
    public var kind: ViolationKind
    public var was: Int
    public var now: Int
    /// The configuration had no violation at all in the baseline.
    public var wasClean: Bool
}

/// The audit against its baseline: a configuration that was clean and now has a
/// violation fails the check, and so does any rise in a kind's count; fewer
/// violations are improvements to record with `--update-baseline`.
public struct AuditComparison: Sendable, Codable {
    public var regressions: [AuditChange] = []
    public var improvements: [AuditChange] = []
    /// Configurations the baseline does not know (a new device): reported, not gated.
    public var unknown: [String] = []
    public var newlyAudited: [String] = []
    /// Strategies the baseline audited that now give no screens: a failure too
    /// (an audit that silently stopped looking is no pass).
    public var noLongerAudited: [String] = []

    public var passed: Bool { regressions.isEmpty && noLongerAudited.isEmpty }
    public var newlyDirty: [AuditChange] { regressions.filter(\.wasClean) }
}

/// A missing, unreadable or foreign audit baseline.
public struct AuditBaselineError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
