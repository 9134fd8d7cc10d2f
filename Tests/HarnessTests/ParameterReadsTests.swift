@testable import Harness
@testable import Questions
import Testing
import UserModels

/// The study-size screening moves only the parameters a spec's people read: a parameter no trial reads cannot
/// change a result, and recording the reads must not change one either.
@Suite("Parameters a run reads")
struct ParameterReadsTests {
    func spec(screen: String = "{groups: [motor, gesture, signifiers], study: {trajectories: 2, participants: 3}}")
        throws -> ExperimentSpec
    {
        try SpecLoader.parse("""
            name: reads-test
            question: tap-margin
            seed: 11
            devices: [iphone-15-portrait]
            strategies: [{design: tap-exact}, {design: tap-margin}]
            population: {participants: 6}
            tasks:
              - {intent: tap, size_pt: 28, gap_pt: 8}
              - {intent: cancel, size_pt: 44, gap_pt: 8}
            limits: {time_limit_s: 10, max_attempts: 4}
            metrics: [right_first_time]
            sensitivity:
              participants: 4
              metric: right_first_time
              parameters: {gesture.cancel_drag_pt: [10, 20]}
              screen: \(screen)
            """, file: "reads-test.yaml", catalog: .standard)
    }

    @Test("recording which parameters people read changes no result, whatever the jobs")
    func recordingChangesNothing() throws {
        let s = try spec()
        let plain = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let log = ParameterReadLog()
        for jobs in [1, 2] {
            let recorded = try ExperimentRunner.simulate(TrialPlan(spec: s).recordingReads(into: log), jobs: jobs,
                                                         shard: .whole)
            #expect(recorded.map(\.outcome.metrics) == plain.map(\.outcome.metrics))
        }
        #expect(try ExperimentRunner.parametersRead(spec: s, jobs: 1) == log.read)
        #expect(try ExperimentRunner.parametersRead(spec: s, jobs: 2) == log.read)
    }

    @Test("a tap-margin run reads motor and gesture parameters, never the signifiers of a label's look")
    func readsWhatTheTrialUses() throws {
        let read = try ExperimentRunner.parametersRead(spec: try spec(), jobs: 2)
        #expect(read.contains("gesture.cancel_drag_pt") && read.contains { $0.hasPrefix("motor.") })
        #expect(!read.contains { $0.hasPrefix("signifier.") || $0.hasPrefix("paint.") || $0.hasPrefix("preference.") })
        #expect(read.isSubset(of: Set(ParameterCatalog.all.map(\.path))))
    }

    @Test("the study-size design screens exactly the groups' parameters the run reads; the suite's screens them all")
    func studyDesignScreensWhatIsRead() throws {
        let s = try spec()
        let read = try ExperimentRunner.parametersRead(spec: s, jobs: 2)
        let study = try #require(try s.studyScreeningDesign(jobs: 2))
        let groups = ParameterGroups.all.filter { ["motor", "gesture", "signifiers"].contains($0.name) }
        let expected = groups.flatMap(\.paths).filter(read.contains)
        let screened = s.screenedFactors(study.factors, reading: study.read)
        #expect(screened.map(\.name) == expected && !expected.isEmpty)
        #expect(s.screeningVariants(study).count == 2 * (expected.count + 1))
        // Unread parameters are the ones left out: the signifiers group is gone entirely.
        #expect(groups.flatMap(\.paths).count > expected.count)
        #expect(!screened.contains { $0.name.hasPrefix("signifier.") })
        // Each study point's label names, by a fingerprint, the parameters screened: a point stored under another
        // set (the main run read other parameters when it ran) has no label in common with this design.
        let labels = s.screeningVariants(study).map(\.label)
        #expect(labels.allSatisfy { $0.hasPrefix("study/r") && $0.split(separator: "/").count == 4 })
        var other = study
        other.read = study.read!.subtracting([expected[0]])
        #expect(Set(s.screeningVariants(other).map(\.label)).isDisjoint(with: labels))
        let suite = try #require(s.screeningDesign(.suite))
        #expect(suite.read == nil && s.screenedFactors(suite.factors).map(\.name) == groups.map(\.name))
    }
}
