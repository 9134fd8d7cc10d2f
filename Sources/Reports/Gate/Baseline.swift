import Foundation
import Harness
import ImageEngine
import Statistics

/// A committed baseline (`Data/baselines/<experiment>.json`): the gated metrics'
/// per-trial values for each strategy from one reference run, each with the
/// participant who produced it (the gate resamples participants, DESIGN §8),
/// and where they came from.
///
/// Format 2 keeps, per strategy and metric, `values` and a parallel
/// `participants` array. Format 3 (written only where some participant gave
/// more than `ValueSketch.exactLimit` values of a metric, so a baseline of a
/// few hundred trials a person is still format 2, byte for byte) keeps those
/// strategies' metrics under `sketches` instead: the participants and one
/// `ValueSketch` each (`BaselineSample`). Format 1 files had values only; they
/// are refused with the command that rewrites them.
public struct Baseline: Sendable {
    /// The newest format this refine reads and writes.
    public static let format = 3
    public var experiment: String
    public var specSHA256: String
    /// The reference run's seed: a check against a run of the same seed meets the
    /// same people, so the gate pairs them.
    public var seed: String
    public var run: [String: String]
    /// strategy → metric → the values (or per-participant sketches) of the trials that recorded the metric.
    public var values: [String: [String: BaselineSample]]

    public init(
        experiment: String, specSHA256: String, seed: String, run: [String: String],
        values: [String: [String: BaselineSample]]
    ) {
        self.experiment = experiment
        self.specSHA256 = specSHA256
        self.seed = seed
        self.run = run
        self.values = values
    }

    /// A baseline of `run` (with its provenance columns) holding `values`
    /// (`samples(from:runID:metrics:)`: read without loading the run).
    public init(
        run: RunRecord, provenance: [(String, String)], spec: ExperimentSpec, values: [String: [String: BaselineSample]]
    ) {
        self.init(
            experiment: spec.name, specSHA256: run.specSHA256, seed: run.seed,
            run: Dictionary(
                provenance.filter {
                    ["id", "git_commit", "git_dirty", "tool_version", "started_at", "finished_at"].contains($0.0)
                },
                uniquingKeysWith: { a, _ in a }),
            values: values)
    }

    /// strategy → metric → values with their participants, from trials simulated in memory.
    public static func group(_ results: [TrialResult], metrics: [String]) -> [String: [String: ParticipantValues]] {
        var out: [String: [String: ParticipantValues]] = [:]
        for r in results {
            for m in r.outcome.metrics where metrics.contains(m.name) {
                out[r.trial.strategy, default: [:]][m.name, default: ParticipantValues()].append(
                    m.value, participant: r.participantID)
            }
        }
        return out
    }

    public static func load(_ path: String) throws -> Baseline {
        let data: Data
        do { data = try InputFile.read(path) } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            let hint = missing ? "; create it with `refine baseline update SPEC -o \(path)`" : ""
            throw ReportError(error.description + hint)
        }
        do { return try JSONDecoder().decode(Baseline.self, from: data) } catch let e as BaselineFormatError {
            throw ReportError("\(path): \(e.message); rewrite it with `refine baseline update SPEC -o \(path)`")
        } catch {
            throw ReportError("\(path): not a Refine baseline (\(JSONFiles.problem(error)))")
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

/// A baseline file that decodes but cannot be used (an old format, arrays that disagree).
struct BaselineFormatError: Error {
    var message: String
}

extension Baseline: Codable {
    enum CodingKeys: String, CodingKey {
        case format, experiment, specSHA256 = "spec_sha256", seed, run, values, participants, sketches
    }

    /// A format-3 entry: one strategy's metric as per-participant sketches.
    struct SketchEntry: Codable {
        var participants: [String]
        var sketches: [ValueSketch]
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        experiment = try c.decode(String.self, forKey: .experiment)
        specSHA256 = try c.decode(String.self, forKey: .specSHA256)
        seed = try c.decode(String.self, forKey: .seed)
        run = try c.decode([String: String].self, forKey: .run)
        let format = try c.decodeIfPresent(Int.self, forKey: .format) ?? 1
        // Format 1 had no participants: its values cannot be resampled by participant.
        guard (2...Baseline.format).contains(format), c.contains(.participants) else {
            throw BaselineFormatError(
                message: format < 2 || !c.contains(.participants)
                    ? "a format-\(format) baseline without the participant of each value, which the participant-level "
                        + "gate needs"
                    : "baseline format \(format) is newer than this refine understands (\(Baseline.format))")
        }
        let values = try c.decode([String: [String: [Double]]].self, forKey: .values)
        let participants = try c.decode([String: [String: [String]]].self, forKey: .participants)
        var out: [String: [String: BaselineSample]] = [:]
        for (strategy, metrics) in values {
            for (metric, v) in metrics {
                guard let p = participants[strategy]?[metric], p.count == v.count else {
                    throw BaselineFormatError(
                        message: "participants.\(strategy).\(metric) should list one participant per value (\(v.count))"
                    )
                }
                // Sketched as `refine check` sketches a run, where someone gave more than the exact limit.
                let (ids, owners) = p.participantIndex()
                out[strategy, default: [:]][metric] = BaselineSample(values: v, owners: owners, participants: ids)
            }
        }
        if format >= 3, let sketches = try c.decodeIfPresent([String: [String: SketchEntry]].self, forKey: .sketches) {
            for (strategy, metrics) in sketches {
                for (metric, e) in metrics {
                    guard e.participants.count == e.sketches.count,
                        e.participants == Array(Set(e.participants)).sorted(),
                        out[strategy]?[metric] == nil
                    else {
                        throw BaselineFormatError(
                            message:
                                "sketches.\(strategy).\(metric) should list distinct sorted participants, one sketch "
                                    + "each, for a metric not also under values"
                        )
                    }
                    out[strategy, default: [:]][metric] = .sketches(participants: e.participants, sketches: e.sketches)
                }
            }
        }
        self.values = out
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var plain: [String: [String: ParticipantValues]] = [:], sketched: [String: [String: SketchEntry]] = [:]
        for (strategy, metrics) in values {
            for (metric, sample) in metrics {
                switch sample {
                case .values(let v): plain[strategy, default: [:]][metric] = v
                case .sketches(let p, let s):
                    sketched[strategy, default: [:]][metric] = SketchEntry(participants: p, sketches: s)
                }
            }
        }
        // Format 2 while nothing needs a sketch: such baselines stay as they were, byte for byte.
        try c.encode(sketched.isEmpty ? 2 : Baseline.format, forKey: .format)
        try c.encode(experiment, forKey: .experiment)
        try c.encode(specSHA256, forKey: .specSHA256)
        try c.encode(seed, forKey: .seed)
        try c.encode(run, forKey: .run)
        try c.encode(plain.mapValues { $0.mapValues(\.values) }, forKey: .values)
        try c.encode(plain.mapValues { $0.mapValues(\.participants) }, forKey: .participants)
        if !sketched.isEmpty { try c.encode(sketched, forKey: .sketches) }
    }
}
