import Designs
@testable import Harness
import Interaction
import PropertyBased
@testable import Questions
import Reports
import Testing
@testable import UserModels

/// The label-affordance question: the authorization screen's strategies, the
/// signifier cue model's invariants, and whole simulated experiments.
@Suite("Label-affordance question")
struct LabelAffordanceQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    static let model = SignifierModel(intercept: -2.5, weights: [2, 1.5, 0.5, 1], noiseSD: 0, fullDE: 20)

    func auth(_ design: String, _ parameters: [String: Double] = [:]) throws -> AuthorizationScreen {
        try LabelAffordanceDesigns.make(design, parameters: StrategyParameters(parameters.mapValues { .number($0) }), on: device)
    }

    @Test("the strategies differ only in the title, which does nothing when tapped; the Log in button logs in")
    func design() throws {
        let button = try auth("button-like-title"), plain = try auth("plain-title")
        #expect(button.screen.controls.map(\.id) == plain.screen.controls.map(\.id))
        for (a, b) in zip(button.screen.controls, plain.screen.controls) where a.id != AuthorizationScreen.titleID { #expect(a == b) }
        let title = button.screen.control(AuthorizationScreen.titleID)!
        #expect(button.respond(at: title.frame.center)?.action == nil)
        #expect(plain.respond(at: plain.screen.control(AuthorizationScreen.titleID)!.frame.center)?.action == nil)
        #expect(button.respond(at: button.screen.control("log-in")!.frame.center)?.action == .logIn)
        #expect(title.background != nil && title.text.first?.weight == .bold)
        #expect(plain.screen.control(AuthorizationScreen.titleID)!.background == nil)
        for c in button.screen.controls where c.id != "bar" { #expect(device.safeBounds.contains(c.frame.center)) }
        #expect(throws: StrategyParameterError.self) { try auth("button-like-title", ["fill_opacity": 2]) }
        #expect(throws: StrategyParameterError.self) { try auth("plain-title", ["fill_opacity": 1]) }
        #expect(throws: StrategyParameterError.self) { try auth("purple") }
    }

    @Test("the eye reads the button-like title as more tappable than the plain one, and the Log in button as the most tappable thing named for logging in")
    func cuesOfTheScreens() throws {
        func looks(_ a: AuthorizationScreen, _ id: String) -> Double {
            Self.model.tappability(SignifierCues.of(a.screen.control(id)!, on: a.screen, fullDE: Self.model.fullDE))
        }
        let button = try auth("button-like-title"), plain = try auth("plain-title")
        #expect(looks(button, "title") > 0.5 && looks(plain, "title") < 0.2)
        #expect(looks(button, "log-in") > looks(button, "title"))
        // A fainter fill looks less like a button, step by step.
        let steps = try [0.0, 0.25, 0.5, 0.75, 1].map { looks(try auth("button-like-title", ["fill_opacity": $0]), "title") }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "\(steps)")
    }

    @Test("cues come from the look alone: a control's id, role and affordance flag change nothing")
    func lookAlone() throws {
        let screen = try auth("button-like-title").screen
        for (i, c) in screen.controls.enumerated() {
            var renamed = screen, d = c
            d.id = "x\(i)"; d.role = c.role == .button ? .zone : .button; d.visibleAffordance.toggle()
            renamed.controls[i] = d
            #expect(SignifierCues.of(d, on: renamed, fullDE: 20) == SignifierCues.of(c, on: screen, fullDE: 20))
        }
    }

    @Test("more cues never make a control less button-like, for any non-negative weights")
    func monotone() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0...1).array(of: 4), Gen.double(in: 0...1).array(of: 4), Gen.double(in: 0...4).array(of: 4),
                            Gen.double(in: -5...2)) { cues, extra, weights, intercept in
            let m = SignifierModel(intercept: intercept, weights: weights, noiseSD: 0, fullDE: 20)
            let low = SignifierCues(fill: cues[0], accent: cues[1], weight: cues[2], position: cues[3])
            let high = SignifierCues(fill: min(1, cues[0] + extra[0]), accent: min(1, cues[1] + extra[1]),
                                     weight: min(1, cues[2] + extra[2]), position: min(1, cues[3] + extra[3]))
            #expect(m.tappability(high) >= m.tappability(low))
        }
    }

    @Test("a fill further from what is behind it, or a more colourful ink, never lowers a control's cues")
    func colourCuesMonotone() async throws {
        let screen = try auth("plain-title").screen
        let index = screen.controls.firstIndex { $0.id == "title" }!
        await propertyCheck(count: 100, input: Gen.int(in: 0...255), Gen.int(in: 0...255)) { a, b in
            func cues(_ blue: Int) -> SignifierCues {
                var s = screen
                s.controls[index].background = ScreenColor(red: 0xF7, green: 0xF7, blue: UInt8(blue))
                return SignifierCues.of(s.controls[index], on: s, fullDE: 20)
            }
            // The bar behind is #F7F7F7: a fill further below in blue is further from it.
            let (near, far) = (max(a, b) > 0xF7 ? 0xF7 : max(a, b), min(a, b))
            #expect(cues(far).fill >= cues(near).fill - 1e-12)
        }
    }

    func spec() throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: label-test
            question: label-affordance
            seed: 11
            devices: [iphone-15-portrait]
            strategies: [{design: button-like-title}, {design: plain-title}]
            population: {participants: 60}
            tasks:
              - {intent: log-in}
              - {intent: cancel}
            limits: {time_limit_s: 20, max_attempts: 6}
            metrics: [right_first_time]
            """, file: "label-test.yaml", catalog: .standard)
    }

    @Test("simulated: people meaning to log in tap a button-like title far more than a plain one and reach the button later; nobody cancelling taps it; any jobs give the same")
    func simulated() throws {
        let s = try spec()
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        func mean(_ label: String, _ task: String, _ metric: String) -> Double {
            let v = results.filter { $0.trial.strategy == label && $0.trial.task.id == task }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
            return v.reduce(0, +) / Double(max(1, v.count))
        }
        #expect(mean("button-like-title", "t01", "label_tapped") > mean("plain-title", "t01", "label_tapped") + 0.15)
        #expect(mean("button-like-title", "t01", "right_first_time") < mean("plain-title", "t01", "right_first_time"))
        #expect(mean("button-like-title", "t01", "time_to_effect_s") > mean("plain-title", "t01", "time_to_effect_s"))
        #expect(mean("button-like-title", "t02", "label_tapped") == 0 && mean("plain-title", "t02", "label_tapped") == 0)
        #expect(mean("plain-title", "t01", "reached_effect") > 0.95)
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))
    }
}
