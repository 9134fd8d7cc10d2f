import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

struct CeilingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ceiling",
        abstract: "The best each design's controls can do for each task's goal look.",
        discussion: """
            Searches each strategy's control space (slider values, knob positions, swipe positions) with a seeded \
            Nelder–Mead search with restarts for the setting that brings the photo closest to the goal (mean ΔE00 at \
            the working size). A ceiling at or above the task's tolerance means the design cannot express the goal, \
            whatever the person does. No person is simulated; nothing is stored.
            """)

    @Argument(help: "The experiment spec (YAML).")
    var spec: String

    @Flag(help: "Print the ceilings as JSON.")
    var json = false

    struct Row: Encodable {
        var strategy: String; var task: String; var ceiling_de00: Double; var tolerance_de00: Double;
        var expressible: Bool; var setting: String
    }

    func run() throws {
        try reportingErrors {
            let experiment = try SpecLoader.load(path: spec, catalog: .standard)
            guard let ceilings = try Ceilings.analyse(experiment) else {
                throw InputError(
                    "\(spec): question '\(experiment.question)' has no goal looks to search (ceilings apply to photo "
                        + "tasks)"
                )
            }
            let rows = ceilings.map {
                Row(
                    strategy: $0.strategy, task: $0.task, ceiling_de00: $0.deltaE, tolerance_de00: $0.tolerance,
                    expressible: $0.expressible, setting: $0.setting)
            }
            if json { try printJSON(rows); return }
            for r in rows {
                print(
                    "\(r.strategy.padding(toLength: 18, withPad: " ", startingAt: 0)) "
                        + "\(r.task.padding(toLength: 20, withPad: " ", startingAt: 0)) ceiling "
                        + "\(formatNumber(r.ceiling_de00, digits: 2)) ΔE00 (tolerance "
                        + "\(formatNumber(r.tolerance_de00, digits: 1))) "
                        + "\(r.expressible ? "expressible" : "CANNOT EXPRESS")  \(r.setting)"
                )
            }
        }
    }
}
