import Foundation
@testable import Harness
import Interaction
@testable import Questions
import Randomness
import Testing
import UserModels

/// Scrolling as a Fitts task for the replications (`list-scrolling`): the task file's fields and errors,
/// and what the scroll question's trial gives when run as a published study's task.
@Suite("List scrolling (replication task)")
struct ListScrollingTests {
    func replication(_ task: String, device: String = "iphone-15-portrait") throws -> Replication {
        try ReplicationLoader.parse("""
            study: list-test
            participants: 6
            task: {kind: list-scrolling, device: \(device), \(task)}
            findings:
              - {finding: f, fit: {measure: time_s, over: id_bits}}
            """, file: "list-test.yaml", more: QuestionCatalog.replicationTasks)
    }

    @Test("every distance with every tolerance no larger than it, each named by its index of difficulty")
    func conditions() throws {
        let r = try replication("distances_lines: [6, 12, 24, 48, 96, 192, 384], tolerances_lines: [6, 18, 30]")
        let task = try #require(r.task as? ListScrolling)
        #expect(task.conditions.count == 16)
        #expect(task.conditions.allSatisfy { $0.distance >= $0.tolerance })
        #expect(task.difficulty(distance: 48, tolerance: 6) == 3.17)
    }

    @Test("the row's centre is D lines below the zone's centre, to within half a line, on any screen and line",
          arguments: [("iphone-15-portrait", 20.0), ("iphone-se-portrait", 20), ("iphone-15-portrait", 44)])
    func travel(device: String, line: Double) throws {
        let r = try replication("line_pt: \(line), distances_lines: [6, 48, 384], tolerances_lines: [6]",
                                device: device)
        let task = try #require(r.task as? ListScrolling)
        for d in [6.0, 48, 384] {
            let t = task.task(distance: d, tolerance: 6)
            #expect(abs(t.goal(viewport: task.device.bounds.height) - d * line) <= line / 2)
            #expect(t.zone == 6 * line && t.rows > t.item)
        }
    }

    @Test("errors name the field and what was expected")
    func errors() throws {
        let cases = [
            ("design: momentum-sideways, distances_lines: [24], tolerances_lines: [6]",
             "task.design", "unknown scroll strategy"),
            ("distances_lines: [24], tolerances_lines: [6], phases: 2, warm_up: 2", "task.warm_up", "more phases"),
            ("distances_lines: [24], tolerances_lines: [6], phases: 2", "task.phases", "2 when not given"),
            ("distances_lines: [6, 24], tolerances_lines: [18]", "task.distances_lines", "shorter than every"),
            ("distances_lines: [6, 12], tolerances_lines: [6, 12]", "task.tolerances_lines",
             "same index of difficulty"),
            ("distances_lines: [24.5], tolerances_lines: [6]", "task.distances_lines", "whole numbers"),
            ("distances_lines: [24], tolerances_lines: [6], lines: 3", "task.lines", "unknown"),
        ]
        for (fields, field, expected) in cases {
            #expect { try replication(fields) } throws: { "\($0)".contains(field) && "\($0)".contains(expected) }
        }
        #expect { try ReplicationLoader.parse("""
            study: list-test
            participants: 6
            task: {kind: list-scrolling, distances_lines: [24], tolerances_lines: [6]}
            findings: [{finding: f, value: {measure: time_s}}]
            """, file: "list-test.yaml") } throws: { "\($0)".contains("unknown task 'list-scrolling'") }
    }

    @Test("farther takes longer at one tolerance, most people get there, and the same seed gives the same times")
    func simulated() throws {
        let r = try replication("distances_lines: [12, 48, 192], tolerances_lines: [6], phases: 4")
        let people = r.people(seed: 5)
        let seen = r.task.observe(people, seed: 5)
        func mean(_ id: Double, _ measure: String) -> Double {
            let v = seen.values[Observations.Cell(measure, ["id_bits": Observations.level(id)])]!
            return v.reduce(0, +) / Double(v.count)
        }
        let task = try #require(r.task as? ListScrolling)
        let ids = [12.0, 48, 192].map { task.difficulty(distance: $0, tolerance: 6) }
        let times = ids.map { mean($0, "time_s") }
        #expect(times[0] < times[1] && times[1] < times[2], "\(times)")
        #expect(ids.allSatisfy { mean($0, "reached_rate") > 0.9 })
        #expect(r.task.observe(people, seed: 5).values == seen.values)
    }

    @Test("the phases left out are the first: what is measured is the later phases of the same person")
    func warmUp() throws {
        let r = try replication("distances_lines: [48], tolerances_lines: [6], phases: 3, warm_up: 2")
        let task = try #require(r.task as? ListScrolling)
        let people = r.people(seed: 5)
        let seen = task.observe(people, seed: 5)
        let id = Observations.level(task.difficulty(distance: 48, tolerance: 6))
        let cell = Observations.Cell("time_s", ["id_bits": id])
        for (k, person) in people.enumerated() {
            var memory = SessionMemory()
            var third = 0.0
            for phase in 0..<3 {
                let outcome = ScrollSimulator.scroll(
                    task.task(distance: 48, tolerance: 6), physics: task.physics, on: task.device, participant: person,
                    memory: &memory, seed: Seed.derive(5, "list-scrolling/\(k)/\(phase)"), limits: ListScrolling.limits,
                    trace: false)
                third = outcome.metrics.first { $0.name == "time_to_effect_s" }?.value ?? ListScrolling.limits.timeLimit
            }
            #expect(seen.values[cell]![k] == third)
        }
    }
}
