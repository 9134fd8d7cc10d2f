import Designs
import Foundation
@testable import Harness
import Interaction
@testable import Questions
import Testing
import UserModels

/// A question defined entirely here, outside the standard catalog: reach a
/// target at a distance on a button of a design's width (Fitts' law). It shows
/// that a new question is one type plus one catalog entry: the spec loader, the
/// planner and the runner need nothing else.
private struct ReachQuestion: TrialQuestion {
    struct Goal: QuestionTaskGoal {
        var distance: Double
        var photo: String? { nil }
    }

    var design: DesignQuestion {
        DesignQuestion(name: "reach", title: "How wide should the button be?", strategies: [
            StrategyDescription(name: "button", question: "reach", summary: "A button of a given width.",
                                source: "test", parameters: ["width_pt": "the button's width (default 44)"]),
        ])
    }
    var metricNames: [String] { ["movement_time_s"] }

    func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try node.list().enumerated().map { i, item in
            let d = try item.double(in: 1...2000)
            return TaskSpec(id: "t\(i + 1)", label: "\(Int(d)) pt", goal: .custom(CustomTaskGoal(Goal(distance: d))))
        }
    }

    func check(_ strategy: StrategySpec, on device: DeviceConfiguration) throws { _ = try width(strategy) }

    func width(_ strategy: StrategySpec) throws -> Double {
        var p = StrategyParameters(strategy.parameters)
        let w = try p.number("width_pt", default: 44, in: 1...400)
        try p.finish(known: ["width_pt"])
        return w
    }

    func simulator(for spec: ExperimentSpec) throws -> any TrialSimulator {
        try Simulator(widths: Dictionary(uniqueKeysWithValues: spec.strategies.map { ($0.label, try width($0)) }))
    }

    struct Simulator: TrialSimulator {
        var widths: [String: Double]
        func run(_ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool) -> TrialOutcome {
            guard case .custom(let goal) = trial.task.goal, let reach = goal.value as? Goal else { fatalError("not a reach task") }
            // Fitts' law (Shannon form) with MacKenzie's 1992 tapping constants.
            let time = 0.23 + 0.166 * log2(reach.distance / widths[trial.strategy]! + 1)
            return TrialOutcome(metrics: [Metric("movement_time_s", time)], events: [])
        }
    }
}

@Suite("Question plug-ins")
struct QuestionPluginTests {
    let catalog = QuestionCatalog([ReachQuestion()])

    func spec(_ strategies: String = "[{design: button, label: narrow, parameters: {width_pt: 20}}, {design: button, label: wide, parameters: {width_pt: 80}}]") -> String {
        """
        name: reach-test
        question: reach
        seed: 3
        devices: [iphone-15-portrait]
        strategies: \(strategies)
        population: {participants: 3}
        tasks: [100, 400]
        metrics: [movement_time_s]
        """
    }

    @Test("a question outside the standard catalog loads, plans and runs")
    func runsEndToEnd() throws {
        let spec = try SpecLoader.parse(spec(), file: "reach.yaml", catalog: catalog)
        #expect(spec.plugin.name == "reach")
        #expect(spec.knownMetrics == ["movement_time_s", "session_trial"])
        let results = try ExperimentRunner.simulate(spec: spec, jobs: 2)
        #expect(results.count == 2 * 3 * 2)
        func mean(_ label: String) -> Double {
            let times = results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == "movement_time_s" }?.value }
            return times.reduce(0, +) / Double(times.count)
        }
        // The wider button is faster to reach, as Fitts' law says.
        #expect(mean("wide") < mean("narrow"))
        #expect(results.allSatisfy { $0.outcome.metrics.map(\.name) == ["movement_time_s", "session_trial"] })
    }

    @Test("errors name the catalog's questions and the question's parameters")
    func errors() throws {
        let unknown = #"question: pip"#
        let text = spec().replacingOccurrences(of: "question: reach", with: unknown)
        #expect { try SpecLoader.parse(text, file: "reach.yaml", catalog: catalog) } throws: { error in
            "\(error)".contains("unknown design question 'pip'; known: reach")
        }
        let badParameter = spec("[{design: button, parameters: {width_pt: 900}}]")
        #expect { try SpecLoader.parse(badParameter, file: "reach.yaml", catalog: catalog) } throws: { error in
            "\(error)".contains("width_pt")
        }
    }

    @Test("custom task goals compare by value")
    func customGoalsCompare() {
        let a = TaskGoal.custom(CustomTaskGoal(ReachQuestion.Goal(distance: 100)))
        #expect(a == .custom(CustomTaskGoal(ReachQuestion.Goal(distance: 100))))
        #expect(a != .custom(CustomTaskGoal(ReachQuestion.Goal(distance: 200))))
        #expect(a.photo == nil)
    }
}
