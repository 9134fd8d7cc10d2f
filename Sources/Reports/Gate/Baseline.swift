import Foundation
import Harness

/// A committed baseline (`Data/baselines/<experiment>.json`): the gated metrics'
/// per-trial values for each strategy from one reference run, and where they came from.
public struct Baseline: Codable, Sendable {
    public var experiment: String
    public var specSHA256: String
    public var seed: String
    public var run: [String: String]
    /// strategy → metric → values, one per trial that recorded the metric.
    public var values: [String: [String: [Double]]]

    enum CodingKeys: String, CodingKey {
        case experiment, specSHA256 = "spec_sha256", seed, run, values
    }

    /// A baseline from a result set, keeping the gate's metrics.
    public init(results: ResultSet, spec: ExperimentSpec, metrics: [String]) {
        experiment = spec.name
        specSHA256 = results.run.specSHA256
        seed = results.run.seed
        run = Dictionary(results.provenance.filter { ["id", "git_commit", "git_dirty", "tool_version", "started_at", "finished_at"].contains($0.0) },
                         uniquingKeysWith: { a, _ in a })
        values = Baseline.group(results.trials, metrics: metrics)
    }

    /// strategy → metric → values.
    public static func group(_ trials: [TrialRow], metrics: [String]) -> [String: [String: [Double]]] {
        var out: [String: [String: [Double]]] = [:]
        for t in trials {
            for m in metrics { if let v = t[m] { out[t.strategy, default: [:]][m, default: []].append(v) } }
        }
        return out
    }

    public static func load(_ path: String) throws -> Baseline {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ReportError("\(path): cannot read the baseline (\(error.localizedDescription)); create it with `refine baseline update SPEC -o \(path)`")
        }
        do { return try JSONDecoder().decode(Baseline.self, from: data) } catch let DecodingError.keyNotFound(key, context) {
            throw ReportError("\(path): not a Refine baseline: missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'")
        } catch {
            throw ReportError("\(path): not a Refine baseline (\(error))")
        }
    }

    /// Writes the baseline atomically (a temporary file renamed into place).
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}

extension Baseline {
    /// strategy → metric → values, from trials simulated in memory.
    public static func group(_ results: [TrialResult], metrics: [String]) -> [String: [String: [Double]]] {
        var out: [String: [String: [Double]]] = [:]
        for r in results {
            for m in r.outcome.metrics where metrics.contains(m.name) {
                out[r.trial.strategy, default: [:]][m.name, default: []].append(m.value)
            }
        }
        return out
    }
}
