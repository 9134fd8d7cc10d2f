import Foundation
import Testing
@testable import Harness
@testable import UserModels

/// A strategy's results must not depend on its label (issue 10): the same spec
/// with every strategy renamed gives the same metrics, bit for bit.
@Suite("Name invariance")
struct NameInvarianceTests {
    @Test("renaming every PIP strategy changes no metric of any trial")
    func pip() throws {
        let check = try NameInvariance.check(spec: parse(NameInvariance.defaultSpec))
        #expect(check.passed, "\(check.figures)")
        #expect(check.figures.first { $0.name == "metric_values_compared" }!.value > 100)
    }

    @Test("renaming the exposure strategies changes no metric either (the editing agent, real photos)")
    func exposure() throws {
        let text = """
            name: exposure-names
            question: exposure
            seed: 5
            devices: [iphone-15-portrait]
            strategies: [six-sliders, exposure-control]
            population: {participants: 2}
            tasks:
              - id: rocket
                photo: \(ExposureRunTests.photos)/rocket.png
                goal: {shadows: 0.6}
            limits: {time_limit_s: 30, max_attempts: 20}
            """
        let check = try NameInvariance.check(spec: parse(text))
        #expect(check.passed, "\(check.figures)")
    }

    @Test("the renamed spec reverses the labels' order and keeps the designs")
    func renaming() throws {
        let spec = try parse(NameInvariance.defaultSpec)
        let (other, labels) = NameInvariance.renamed(spec)
        #expect(other.strategies.map(\.design) == spec.strategies.map(\.design))
        #expect(other.strategies.map(\.label) == ["z-renamed-0", "y-renamed-1"])
        #expect(labels["nearest-corner"] == "z-renamed-0")
    }

    @Test("the comparison catches a leak: one changed value, one missing trial")
    func catchesDifferences() throws {
        let spec = try parse(NameInvariance.defaultSpec.replacingOccurrences(of: "participants: 4", with: "participants: 1"))
        let (other, labels) = NameInvariance.renamed(spec)
        let a = try ExperimentRunner.simulate(spec: spec)
        var b = try ExperimentRunner.simulate(spec: other)
        #expect(NameInvariance.differences(original: a, renamed: b, labels: labels).differing.isEmpty)
        b[0].outcome.metrics[0].value = b[0].outcome.metrics[0].value.nextUp   // the smallest possible change
        b.removeLast()
        let found = NameInvariance.differences(original: a, renamed: b, labels: labels).differing
        #expect(found.count == 2, "\(found)")
    }
}
