import Designs
import Foundation
@testable import Harness
import ImageEngine
import Interaction
import PropertyBased
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// The colour-matching question end to end, and invariants of the generic
/// colour-matching person on the real pickers.
@Suite("Colour-matching question")
struct ColorMatchQuestionTests {
    static let device = DeviceCatalog.configuration(named: "ipad-9.7-portrait")!
    static let targets = [ColorMatchTask(lightness: 40, hueDegrees: 30, chromaShare: 0.6, start: SRGBColor(0.5, 0.5, 0.5)),
                          ColorMatchTask(lightness: 70, hueDegrees: 210, chromaShare: 0.6, start: SRGBColor(0.5, 0.5, 0.5)),
                          ColorMatchTask(lightness: 40, hueDegrees: 150, chromaShare: 0.6, start: SRGBColor(0.5, 0.5, 0.5))]

    /// A person from the default population with `changes` to their parameters.
    static func person(_ index: Int, _ changes: [String: Double] = [:]) -> Participant {
        var p = Population(participants: 100).participant(index, seed: 11)
        for (k, v) in changes { p.values[k] = v }
        return p
    }

    /// A perfect perceiver without motor noise: no JND noise worth the name, no timing spread, no lift-off jump,
    /// a precise finger (touching down exactly on the thumb aimed at), and always understanding labels.
    static let perfect: [String: Double] = ["perception.jnd_de00": 1e-6, "motor.timing_cv": 0, "motor.liftoff_jump_pt": 0,
                                            "motor.landing_x_slope": 0, "motor.landing_x_abs_mm2": 0,
                                            "motor.landing_y_slope": 0, "motor.landing_y_abs_mm2": 0,
                                            "cognition.label_inference_probability": 1]

    /// One trial of `picker` on `task`: the true final ΔE00 and whether the person judged it matched.
    static func trial(_ picker: String, _ task: ColorMatchTask, _ p: Participant, seed: UInt64, memory: inout SessionMemory,
                      timeLimit: Double = 60) -> (de: Double, matched: Bool) {
        let design = try! ColorPickerDesigns.make(picker, parameters: StrategyParameters())
        var env = PickerEnvironment(screen: design.screen(target: task.target, start: task.start, width: device.bounds.width))
        var g = SeededGenerator(seed: seed, label: "test")
        let out = ColorMatcher(participant: p, timeLimit: timeLimit, maxDrags: 80).match(&env, memory: &memory, device: device, trace: false, using: &g)
        return (ColorScience.deltaE2000(ColorScience.lab(env.view.current), ColorScience.lab(task.target)), out.matched)
    }

    @Test("targets lie in the gamut with the chroma share asked for: at 100% on the gamut's edge")
    func targets() {
        for l in [20.0, 40, 70, 90] { for h in stride(from: 0.0, to: 360, by: 45) {
            let edge = ColorMatchTask(lightness: l, hueDegrees: h, chromaShare: 1, start: SRGBColor(0.5, 0.5, 0.5))
            #expect(ColorScience.srgb(edge.lab).isInGamut)
            let c = ColorMatchTask.maxChroma(lightness: l, hueDegrees: h), rad = h * .pi / 180
            #expect(!ColorScience.srgb(Lab(l, (c + 0.05) * cos(rad), (c + 0.05) * sin(rad))).isInGamut)
            let t = ColorMatchTask(lightness: l, hueDegrees: h, chromaShare: 0.6, start: SRGBColor(0.5, 0.5, 0.5))
            let lch = ColorScience.lch(ColorScience.lab(t.target))
            #expect(abs(lch.l - l) < 0.05 && abs(lch.c - 0.6 * c) < 0.1)
        } }
    }

    @Test("a perfect perceiver with no motor noise matches every target with every gradient picker and with the plain pickers whose labels name colours")
    func perfectPerceiverConverges() {
        let pickers = PickerModel.allCases.flatMap { m in ["\(m.rawValue)-1d-gradient", "\(m.rawValue)-2d-gradient"] }
            + ["lab-1d-plain", "lab-2d-plain", "opponent-1d-plain", "opponent-2d-plain", "yiq-1d-plain", "rgb-1d-plain"]
        for picker in pickers {
            var memory = SessionMemory()
            for (i, t) in Self.targets.enumerated() {
                // Given time (180 s): this checks where the planner converges, not how fast; with aimed drags
                // slower than taps an hsv plane can take longer than the spec's 60 s.
                let r = Self.trial(picker, t, Self.person(i, Self.perfect), seed: UInt64(i), memory: &memory,
                                   timeLimit: 180)
                // hsv-1d-gradient from a grey start was a known failure while gradients were a separate way of
                // deciding (snap to the closest-looking swatch); read as beliefs by the one planner it converges.
                #expect(r.de <= 4, "\(picker) target \(i): final ΔE00 \(r.de)")
            }
        }
    }

    /// Common random numbers (the same people, seeds and targets) make most
    /// trials no better with more noise, but not all: where a picker defeats the
    /// person (hsv-2d-plain ends near ΔE00 21 either way) the paired differences
    /// are noise of both signs, and an exact "never better" failed there by 0.07
    /// on a mean of 21 (CI, seed HzbnMBZ4t1n2S4DgwjZk1d4g9WdvoAuhJ+XjQVsIn0M=).
    /// So the claim is checked within its sampling error: the mean paired
    /// difference (noisy − quiet) may not fall below zero by more than four
    /// standard errors. Noise that really helped would.
    @Test("more JND noise never makes the final ΔE00 better on average, beyond sampling error (the same people, seeds and targets)")
    func noiseNeverHelps() async {
        await propertyCheck(count: 12, input: Gen.int(in: 0...19), Gen.double(in: 0.3...1), Gen.double(in: 3...6)) { k, low, high in
            let picker = ColorPickerDesigns.names[k]
            func finals(_ jnd: Double) -> [Double] {
                var out: [Double] = []
                for i in 0..<8 {
                    var memory = SessionMemory()
                    for (j, t) in Self.targets.enumerated() {
                        out.append(Self.trial(picker, t, Self.person(i, ["perception.jnd_de00": jnd]), seed: UInt64(100 * i + j), memory: &memory).de)
                    }
                }
                return out
            }
            let quiet = finals(low), noisy = finals(high)
            let d = zip(noisy, quiet).map { $0 - $1 }, n = Double(d.count)
            let mean = d.reduce(0, +) / n
            let se = (d.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)).squareRoot() / n.squareRoot()
            #expect(mean >= -4 * se, "\(picker): jnd \(low) → mean ΔE00 \(quiet.reduce(0, +) / n), jnd \(high) → \(noisy.reduce(0, +) / n); paired difference \(mean) ± \(se)")
        }
    }

    @Test("the spec runs: every picker, deterministic; what a person learns carries across the session")
    func simulated() throws {
        let spec = try SpecLoader.parse("""
            name: cm-test
            question: color-match
            seed: 5
            replications: 2
            devices: [ipad-9.7-portrait]
            strategies: [{design: lab-1d-plain}, {design: rgb-2d-gradient}, {design: opponent-1d-plain, label: opp, parameters: {track_pt: 200}}]
            population: {participants: 12}
            tasks: [{lightness: 40, hue_deg: 30, chroma_share: 0.6}, {lightness: 70, hue_deg: 210}]
            limits: {time_limit_s: 60, max_attempts: 80}
            metrics: [time_to_effect_s, final_de00]
            """, file: "cm-test.yaml", catalog: .standard)
        let r = try ExperimentRunner.simulate(spec: spec, jobs: 2)
        #expect(r.count == 3 * 12 * 2 * 2)
        for x in r {
            let m = Dictionary(uniqueKeysWithValues: x.outcome.metrics.map { ($0.name, $0.value) })
            #expect(m["final_de00"]! >= 0 && m["start_de00"]! > 10)
            if let t = m["time_to_effect_s"] { #expect(t <= 60 && t <= m["time_to_done_s"]! + 1e-9) }
            if let c = m["convergence_s"] { #expect(c <= m["time_to_done_s"]! + 1e-9 && abs(m["refinement_s"]! - (m["time_to_done_s"]! - c)) < 1e-9) }
        }
        let again = try ExperimentRunner.simulate(spec: spec, jobs: 1)
        let byKey = { (x: [TrialResult]) in x.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(r) == byKey(again))
        // A plain picker's first trial needs probing moves or label guesses; later ones use what was learned.
        // (12 people: with 6, one slow late trial could outweigh the learning.)
        func mean(_ k: Int, _ metric: String) -> Double {
            let v = r.filter { $0.trial.strategy == "lab-1d-plain" && $0.trial.sessionIndex == k }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value }
            return v.reduce(0, +) / Double(max(1, v.count))
        }
        #expect(mean(4, "time_to_done_s") < mean(1, "time_to_done_s"))
    }

    @Test("spec errors name the field: unknown pickers, targets off the lightness scale, a bad start")
    func specErrors() {
        func load(_ strategies: String, _ tasks: String) throws {
            _ = try SpecLoader.parse("""
                name: cm-bad
                question: color-match
                seed: 5
                devices: [ipad-9.7-portrait]
                strategies: \(strategies)
                population: {participants: 2}
                tasks: \(tasks)
                metrics: [final_de00]
                """, file: "cm-bad.yaml", catalog: .standard)
        }
        #expect(throws: (any Error).self) { try load("[{design: cmyk-1d-plain}]", "[{lightness: 40, hue_deg: 30}]") }
        #expect(throws: (any Error).self) { try load("[{design: rgb-1d-plain}]", "[{lightness: 140, hue_deg: 30}]") }
        #expect(throws: (any Error).self) { try load("[{design: rgb-1d-plain}]", "[{lightness: 40, hue_deg: 30, start: [1, 2]}]") }
        #expect(throws: (any Error).self) { try load("[{design: rgb-1d-plain}]", "[{lightness: 40, hue: 30}]") }
    }
}
