import Foundation
@testable import Harness
import Interaction
@testable import Questions
import Testing
import UserModels

/// Scrolling as a Fitts task for the replications (`list-scrolling`): the task file's fields and errors,
/// and what the scroll question's trial gives when run as a published study's task.
@Suite("List scrolling (replication task)")
struct ListScrollingTests {
    func replication(_ task: String) throws -> Replication {
        try ReplicationLoader.parse("""
            study: list-test
            participants: 6
            task: {kind: list-scrolling, device: iphone-15-portrait, \(task)}
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
        // The line starts at the screen's middle, D lines (to within half a line) from the zone's centre.
        let t = task.task(distance: 48, tolerance: 6)
        #expect(abs(t.goal(viewport: 852) - 48 * 20) <= 10 && t.zone == 6 * 20)
    }

    @Test("errors name the field and what was expected")
    func errors() throws {
        let cases = [
            ("design: momentum-sideways, distances_lines: [24], tolerances_lines: [6]", "unknown scroll strategy"),
            ("distances_lines: [24], tolerances_lines: [6], phases: 2, warm_up: 2", "fewer phases left out"),
            ("distances_lines: [6], tolerances_lines: [18]", "at least as large as a tolerance"),
            ("distances_lines: [6, 12], tolerances_lines: [6, 12]", "same index of difficulty"),
            ("distances_lines: [24], tolerances_lines: [6], lines: 3", "lines"),
        ]
        for (fields, expected) in cases {
            #expect { try replication(fields) } throws: { "\($0)".contains(expected) }
        }
        #expect { try ReplicationLoader.parse("""
            study: list-test
            participants: 6
            task: {kind: list-scrolling, distances_lines: [24], tolerances_lines: [6]}
            findings: [{finding: f, value: {measure: time_s}}]
            """, file: "list-test.yaml") } throws: { "\($0)".contains("unknown task 'list-scrolling'") }
    }

    @Test("farther takes longer at one tolerance, every person gets there, and the same seed gives the same times")
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
}
