import Foundation

/// The audit's known violations (`Data/baselines/audit.json`): for every
/// configuration and every audited strategy, how many violations of each kind
/// its screens had (none: clean), and the strategies audited. `refine audit --check` compares a fresh audit
/// with it, as the metric gate compares a run with a metric baseline.
public struct AuditBaseline: Codable, Sendable, Equatable {
    public var format: Int
    /// Configuration name → strategy → violation kind → count; an empty map is a
    /// strategy clean in that configuration.
    public var configurations: [String: [String: [String: Int]]]
    public var audited: [String]
    public var notAudited: [String]

    public static let currentFormat = 1

    public init(_ result: AuditResult) {
        format = Self.currentFormat
        var c: [String: [String: [String: Int]]] = [:]
        for conf in result.configurations {
            c[conf.configuration.name] = conf.countsByStrategy.mapValues {
                Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) })
            }
        }
        configurations = c
        audited = result.audited
        notAudited = result.notAudited
    }

    /// Reads `path`, naming the file in every error.
    public static func load(_ path: String) throws -> AuditBaseline {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw AuditBaselineError(
                "\(path): cannot read the audit baseline (write one with `refine audit --update-baseline "
                    + "--baseline \(path)`)"
            )
        }
        let b: AuditBaseline
        do { b = try JSONDecoder().decode(AuditBaseline.self, from: data) } catch {
            throw AuditBaselineError("\(path): not an audit baseline (\(error))")
        }
        guard b.format == currentFormat else {
            throw AuditBaselineError(
                "\(path): audit baseline format \(b.format), expected \(currentFormat); rewrite it with `refine audit "
                    + "--update-baseline --baseline \(path)`"
            )
        }
        return b
    }

    /// Sorted keys, so a changed baseline diffs line by line.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
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
            for (strategy, now) in conf.countsByStrategy.sorted(by: { $0.key < $1.key }) {
                // A strategy the baseline did not audit here is new, not a regression.
                guard let was = before[strategy] else { continue }
                for kind in ViolationKind.allCases {
                    let w = was[kind.rawValue] ?? 0, n = now[kind] ?? 0
                    let change = AuditChange(
                        configuration: name, strategy: strategy, kind: kind, was: w, now: n, wasClean: was.isEmpty)
                    if n > w { out.regressions.append(change) } else if n < w { out.improvements.append(change) }
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
    public var strategy: String
    public var kind: ViolationKind
    public var was: Int
    public var now: Int
    /// The strategy had no violation at all in this configuration in the baseline.
    public var wasClean: Bool
}

/// The audit against its baseline: a strategy that was clean in a configuration
/// and now has a violation there fails the check, and so does any rise in a
/// kind's count; fewer
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
