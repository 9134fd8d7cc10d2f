import Testing
@testable import Harness

@Suite("Spec loading")
struct SpecTests {
    func error(_ text: String) -> SpecError? {
        do { _ = try parse(text); return nil } catch let e as SpecError { return e } catch { return nil }
    }

    @Test("a valid spec parses with its defaults")
    func valid() throws {
        let spec = try parse(smallSpec())
        #expect(spec.strategies.map(\.label) == ["nearest-corner", "projected-momentum"])
        #expect(spec.tasks.count == 12 && spec.tasks[0].id == "t01")
        #expect(spec.replications == 1 && spec.limits.maxAttempts == 8)
        #expect(spec.sha256.count == 64)
    }

    @Test("a sensitivity point moves novices to the swept value and keeps experts' difference")
    func sensitivityShift() throws {
        let spec = try parse(smallSpec(extra: "sensitivity:\n  parameters:\n    motor.aim_sd_deg: [3, 9]"))
        let variants = spec.sensitivityVariants()
        #expect(variants.map(\.label) == ["motor.aim_sd_deg=3.0", "motor.aim_sd_deg=9.0"])
        let pop = variants[1].spec.population
        let people = (0..<40).map { pop.participant($0, seed: 1) }
        let novice = people.first { $0.group == .novice }!, expert = people.first { $0.group == .expert }!
        #expect(novice["motor.aim_sd_deg"] == 9 && expert["motor.aim_sd_deg"] == 7)   // defaults 6 and 4
    }

    @Test("population.ablate switches mechanisms off; an unknown one or a clash with parameters names the field")
    func ablate() throws {
        let text = smallSpec().replacingOccurrences(
            of: "  participants: 4\n", with: "  participants: 4\n  ablate: [learning, caution]\n")
        let spec = try parse(text)
        #expect(spec.population.ablations == [.learning, .caution])
        #expect(spec.ablationVariants().map(\.label) == [
            "ablate=none", "ablate=memory", "ablate=warnings", "ablate=label_inference", "ablate=closed_loop",
            "ablate=gradient_reading",
        ])
        let unknown = error(text.replacingOccurrences(of: "caution]", with: "cautoin]"))
        #expect(unknown?.field == "population.ablate[1]" && unknown?.message.contains("did you mean 'caution'") == true)
        let clash = error(
            text.replacingOccurrences(
                of: "  ablate:", with: "  parameters: {agent.overshoot_caution: 0.7}\n  ablate:"))
        #expect(clash?.field == "population.ablate[1]" && clash?.message.contains("agent.overshoot_caution") == true)
    }

    @Test("a tuning point runs only the swept strategy, under its own label, with the value set")
    func tuningVariants() throws {
        let tuning = "tuning:\n  participants: 3\n  parameters:\n    - {strategy: projected-momentum, parameter: margin_pt, values: [8, 24]}"
        let spec = try parse(smallSpec(extra: tuning))
        #expect(spec.tuning?.metric == spec.knownMetrics[0])
        let variants = spec.tuningVariants()
        #expect(variants.map(\.label) == ["tune:projected-momentum.margin_pt=8.0", "tune:projected-momentum.margin_pt=24.0"])
        let point = variants[1].spec
        #expect(point.strategies.map(\.label) == ["projected-momentum"] && point.population.participants == 3)
        #expect(point.strategies[0].parameters["margin_pt"] == .number(24) && point.strategies[0].parameters["rate"] == .text("normal"))
        // Same label, same keys: each person meets every value with the same intentions.
        #expect(Set(TrialPlan(spec: point).trials.map(\.key)) == Set(TrialPlan(spec: variants[0].spec).trials.map(\.key)))
    }

    @Test("tuning errors name the strategy, the parameter and the value")
    func tuningErrors() throws {
        func tuning(_ sweep: String) -> String { smallSpec(extra: "tuning:\n  parameters:\n    - \(sweep)") }
        let label = try #require(error(tuning("{strategy: projected-momentun, parameter: margin_pt, values: [8, 24]}")))
        #expect(label.message.contains("no strategy labelled 'projected-momentun' (did you mean 'projected-momentum'?)"))
        let value = try #require(error(tuning("{strategy: projected-momentum, parameter: margin_pt, values: [8, 900]}")))
        #expect(value.field == "tuning.parameters[0].values[1]" && value.message.contains("margin_pt"), "\(value)")
        let one = try #require(error(tuning("{strategy: projected-momentum, parameter: margin_pt, values: [8]}")))
        #expect(one.message.contains("at least two values"))
    }

    @Test("malformed YAML reports line and column")
    func malformed() throws {
        let e = try #require(error("name: x\nquestion: pip\nstrategies: [a, b\nseed: 1\n"))
        #expect(e.line != nil && e.column != nil)
        #expect(e.description.hasPrefix("test.yaml:"))
        #expect(e.message.contains("malformed YAML"))
    }

    @Test("unknown design and device names suggest the nearest valid one")
    func unknownNames() throws {
        let design = try #require(error(smallSpec().replacingOccurrences(of: "design: nearest-corner", with: "design: nearest-coner")))
        #expect(design.message.contains("did you mean 'nearest-corner'"))
        #expect(design.line == 6)
        let device = try #require(error(smallSpec().replacingOccurrences(of: "iphone-15-portrait", with: "iphone-15-portait")))
        #expect(device.message.contains("did you mean 'iphone-15-portrait'"))
        #expect(device.field == "devices[0]")
    }

    @Test("report costs name per-trial metrics; an unknown one or a time to effect is refused with its field")
    func reportCosts() throws {
        let spec = try parse(smallSpec(extra: "report: {costs: [corrections, settle_time_s]}"))
        #expect(spec.report.costs == ["corrections", "settle_time_s"])
        #expect(try parse(smallSpec()).report.costs == [])
        let unknown = try #require(error(smallSpec(extra: "report: {costs: [correctons]}")))
        #expect(unknown.field == "report.costs[0]" && unknown.message.contains("did you mean 'corrections'"))
        let survival = try #require(error(smallSpec(extra: "report: {costs: [time_to_effect_s]}")))
        #expect(survival.message.contains("survival outcome"))
        let twice = try #require(error(smallSpec(extra: "report: {costs: [corrections, corrections]}")))
        #expect(twice.field == "report.costs[1]" && twice.message.contains("twice"))
        let headline = try #require(
            error(smallSpec(extra: "metrics: [corrections]\nreport: {costs: [settle_time_s, corrections]}")))
        #expect(headline.field == "report.costs[1]" && headline.message.contains("headline"))
    }

    @Test("missing fields, wrong types and unknown fields name the field")
    func fieldErrors() throws {
        let missing = try #require(error(smallSpec().replacingOccurrences(of: "seed: 7\n", with: "")))
        #expect(missing.field == "seed" && missing.message == "missing required field")
        let wrongType = try #require(error(smallSpec().replacingOccurrences(of: "participants: 4", with: "participants: many")))
        #expect(wrongType.field == "population.participants" && wrongType.message.contains("whole number"))
        let unknown = try #require(error(smallSpec() + "replicatons: 3\n"))
        #expect(unknown.message.contains("did you mean 'replications'"))
        let badParam = try #require(error(smallSpec().replacingOccurrences(of: "rate: normal", with: "rate: sideways")))
        #expect(badParam.message.contains("rate") && badParam.line == 8)
        let badUserParam = try #require(error(smallSpec().replacingOccurrences(of: "participants: 4", with: "participants: 4\n  parameters:\n    motor.aim_sd_deg: 90")))
        #expect(badUserParam.field == "population.parameters.motor.aim_sd_deg" && badUserParam.message.contains("0.0…45.0"))
        let twice = try #require(error(smallSpec().replacingOccurrences(of: "[iphone-15-portrait, ipad-pro-12.9-landscape]", with: "[iphone-15-portrait, iphone-15-portrait]")))
        #expect(twice.message.contains("listed twice"))
        let duplicate = try #require(error(smallSpec().replacingOccurrences(of: "    parameters: {rate: normal}", with: "    label: nearest-corner")))
        #expect(duplicate.message.contains("distinct"))
    }
}
