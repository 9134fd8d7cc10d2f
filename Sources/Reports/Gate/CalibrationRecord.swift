import Foundation
import Harness
import ImageEngine

/// A gate's calibration kept beside its baseline (`Data/baselines/NAME.calibration.json`):
/// a property of the spec (its gate section included) and the baseline, so it is proved once
/// and re-proved only when one of them changes (`refine calibrate --ci`).
public struct CalibrationRecord: Sendable, Codable, Hashable {
    public var experiment: String
    /// SHA-256 of the spec's text (the gate settings are part of it).
    public var spec_sha256: String
    /// SHA-256 of the baseline file's bytes.
    public var baseline_sha256: String
    public var calibration: GateCalibration
    /// The planted regression as `--plant` takes it (STRATEGY:METRIC:FACTOR), to re-prove the record.
    public var plant: String
    /// The command that makes the record again.
    public var command: String

    public init(experiment: String, spec_sha256: String, baseline_sha256: String, calibration: GateCalibration,
                plant: String, command: String) {
        self.experiment = experiment
        self.spec_sha256 = spec_sha256
        self.baseline_sha256 = baseline_sha256
        self.calibration = calibration
        self.plant = plant
        self.command = command
    }

    /// `Data/baselines/pip.json` → `Data/baselines/pip.calibration.json`.
    public static func path(forBaseline baseline: String) -> String {
        (baseline.hasSuffix(".json") ? String(baseline.dropLast(5)) : baseline) + ".calibration.json"
    }

    /// The record at `path`, or nil when there is none.
    public static func load(_ path: String) throws -> CalibrationRecord? {
        try JSONFiles.readIfPresent(
            CalibrationRecord.self, at: path, what: "a calibration record",
            remedy: "make it again with `refine calibrate SPEC --record`")
    }

    /// SHA-256 of a file's bytes in hex.
    public static func fileSHA256(_ path: String) throws -> String {
        do { return SHA256.hex(try InputFile.read(path)) } catch { throw ReportError(error.description) }
    }

    /// Where a gated spec's calibration stands.
    public enum State: String, Sendable, Codable {
        /// Recorded for this spec and baseline, and passing the bar.
        case fresh
        /// No record beside the baseline.
        case missing
        /// Recorded for another spec text or baseline.
        case stale
        /// Recorded for this spec and baseline, but the gate fails its calibration.
        case belowBar = "below-bar"
    }

    /// One gated spec's record, judged against its spec and baseline as they are now.
    public struct Status: Sendable, Codable {
        public var experiment: String
        public var spec: String
        public var baseline: String
        public var record: String
        public var state: State
        public var detail: String
        public var calibration: GateCalibration?
    }

    /// The state of `spec`'s record beside `baseline`.
    public static func status(spec: ExperimentSpec, baseline: String) throws -> Status {
        let path = Self.path(forBaseline: baseline)
        var status = Status(experiment: spec.name, spec: spec.path, baseline: baseline, record: path, state: .missing,
                            detail: "no \(path)", calibration: nil)
        guard let record = try load(path) else { return status }
        status.calibration = record.calibration
        let baselineSHA = try fileSHA256(baseline)
        var changed: [String] = []
        if record.spec_sha256 != spec.sha256 { changed.append("the spec") }
        if record.baseline_sha256 != baselineSHA { changed.append("the baseline") }
        if !changed.isEmpty {
            status.state = .stale
            status.detail = changed.joined(separator: " and ") + " changed since the record was made"
        } else if !record.calibration.passes {
            status.state = .belowBar
            status.detail = record.calibration.summaryLine
        } else {
            status.state = .fresh
            status.detail = record.calibration.summaryLine
        }
        return status
    }

    /// Writes the record as pretty, key-sorted JSON (atomically).
    public func write(to path: String) throws {
        try JSONFiles.write(self, to: URL(fileURLWithPath: path))
    }
}

extension GateCalibration {
    /// "A/A 1/20 (≤ 5%), caught 19/20 same people" — the figures the bar is judged on.
    public var summaryLine: String {
        let caught = required_for == "other-seed" ? planted_caught : planted_paired_caught
        let people = required_for == "other-seed" ? "other people" : "same people"
        return "A/A \(false_alarms)/\(pairs) (≤ \(Int((allowed_rate * 100).rounded()))%), "
            + "caught \(caught)/\(pairs) \(people) (≥ \(Int((required_catch_rate * 100).rounded()))%)"
    }
}
