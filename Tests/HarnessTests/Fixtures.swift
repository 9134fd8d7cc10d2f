import Foundation
@testable import Harness
@testable import Questions
import Reports

/// A small PIP spec for tests: everything exercised, quick to run.
func smallSpec(participants: Int = 4, seed: UInt64 = 7, extra: String = "") -> String {
    """
    name: pip-test
    question: pip
    seed: \(seed)
    devices: [iphone-15-portrait, ipad-pro-12.9-landscape]
    strategies:
      - design: nearest-corner
      - design: projected-momentum
        parameters: {rate: normal}
    population:
      participants: \(participants)
    tasks:
      moves: all
    \(extra)
    """
}

func parse(_ text: String, file: String = "test.yaml") throws -> ExperimentSpec {
    try SpecLoader.parse(text, file: file, catalog: .standard)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("refine-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
