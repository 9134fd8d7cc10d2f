@testable import Harness
@testable import Questions
import Testing

/// Every metric a question records has one definition (direction, kind, unit), and the committed
/// specs' explicit directions agree with the definitions wherever a definition has one.
@Suite("Metric catalogue")
struct MetricCatalogTests {
    @Test("every metric every standard question records is defined")
    func everyMetricDefined() {
        for q in QuestionCatalog.standard.questions {
            let undefined = q.recordedMetrics.filter { !MetricCatalog.isDefined($0) }
            #expect(undefined.isEmpty, "\(q.name): \(undefined) have no definition in MetricCatalog")
        }
    }

    @Test("times and errors are lower-better, reaching the goal higher-better, bookkeeping neither")
    func directions() {
        #expect(MetricCatalog.definition("time_to_effect_s").better == .lower)
        #expect(MetricCatalog.definition("right_first_time").better == .higher)
        #expect(MetricCatalog.definition("missed_tap").better == .lower)
        #expect(MetricCatalog.definition("session_trial").kind == .bookkeeping)
        #expect(MetricCatalog.definition("final_saturation_luminance").better == .neither)
        #expect(MetricCatalog.definition("no_such_metric").better == .neither)
        for d in MetricCatalog.all where d.kind == .time && d.better != .neither {
            #expect(d.better == .lower, "\(d.name)")
        }
        #expect(MetricCatalog.definition("release_speed_pt_s").label == "release speed (pt/s)")
        #expect(MetricCatalog.definition("time_to_effect_s").label == "time to effect (s)")
    }

    @Test("the committed specs' gates and sensitivity sections agree with the definitions")
    func specsAgree() throws {
        for spec in try LayoutAuditTests.specs() {
            for t in spec.gate?.tolerances ?? [] {
                let defined = MetricCatalog.definition(t.metric).better
                guard defined != .neither else { continue }
                #expect((t.worse == .higher) == (defined == .lower), "\(spec.name) gate \(t.metric)")
            }
            if let s = spec.sensitivity, MetricCatalog.definition(s.metric).better != .neither {
                #expect(spec.better(s.metric) == MetricCatalog.definition(s.metric).better, "\(spec.name) \(s.metric)")
            }
        }
    }

    @Test("a spec's trial definition ignores presentation and formatting, and names what differs")
    func trialDefinition() {
        let a = "name: x\nquestion: pip\nseed: 5\npopulation: {participants: 3, expert_fraction: 0.5}\ntitle: One\n"
        let b = "# a comment\nname: x\nquestion: pip\ntitle: Two\n"
            + "population:\n  expert_fraction: 0.5\n  participants: 3\nseed: 5\n"
        #expect(TrialDefinition.differences(a, b).isEmpty)
        #expect(TrialDefinition.differences(a, b.replacingOccurrences(of: "seed: 5", with: "seed: 6")) == ["seed"])
        #expect(TrialDefinition.people(b)?.participants == 3)
    }

    @Test("--seed and --participants are written where the values stand, comments kept")
    func overrides() throws {
        let text = "name: x # the name\nseed: 5\npopulation: {participants: 3, expert_fraction: 0.5}\n"
        let out = try SpecOverrides(seed: 77, participants: 12).apply(to: text, file: "x.yaml")
        #expect(out.contains("seed: 77\n") && out.contains("{participants: 12, expert_fraction: 0.5}"))
        #expect(out.contains("# the name") && out.hasPrefix("# x.yaml run with --seed 77 --participants 12"))
        #expect(try SpecOverrides().apply(to: text, file: "x.yaml") == text)
        #expect(throws: SpecError.self) { try SpecOverrides(seed: 1).apply(to: "name: x\n", file: "x.yaml") }
    }
}
