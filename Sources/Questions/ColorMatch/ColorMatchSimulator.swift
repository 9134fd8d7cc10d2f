import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Randomness
import Reports
import UserModels

/// A task of the colour-matching question: a solid target colour, given as a
/// CIELAB lightness, a hue angle and a share of the most chroma sRGB shows at
/// that lightness and hue (so every target is inside the gamut and the set is
/// spread evenly over it, not over any picker's axes), matched from a start colour.
public struct ColorMatchTask: QuestionTaskGoal {
    public var lightness: Double
    public var hueDegrees: Double
    public var chromaShare: Double
    public var start: SRGBColor

    /// The target's CIELAB.
    public var lab: Lab {
        let c = chromaShare * Self.maxChroma(lightness: lightness, hueDegrees: hueDegrees)
        let h = hueDegrees * .pi / 180
        return Lab(lightness, c * cos(h), c * sin(h))
    }

    /// The target as the display shows it (inside the gamut by construction; clamped for rounding).
    public var target: SRGBColor {
        let c = ColorScience.srgb(lab)
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        return SRGBColor(clamp(c.r), clamp(c.g), clamp(c.b))
    }

    /// The largest chroma at this lightness and hue that sRGB shows (bisection to 0.01).
    public static func maxChroma(lightness: Double, hueDegrees: Double) -> Double {
        let h = hueDegrees * .pi / 180
        var lo = 0.0, hi = 200.0
        while hi - lo > 0.01 {
            let mid = (lo + hi) / 2
            if ColorScience.srgb(Lab(lightness, mid * cos(h), mid * sin(h))).isInGamut { lo = mid } else { hi = mid }
        }
        return lo
    }
}

/// The picker screen as the person sees it, and their drags delivered to it.
struct PickerEnvironment: ColorMatchEnvironment {
    var screen: ColorPickerScreen

    var view: ColorMatchView {
        let controls = screen.controls.map { c -> ColorMatchControl in
            let axes =
                c.isPlane
                ? [
                    ColorMatchAxis(label: c.labels[0], direction: Vector2(1, 0), length: c.frame.width),
                    ColorMatchAxis(label: c.labels[1], direction: Vector2(0, -1), length: c.frame.height)
                ]
                : [ColorMatchAxis(label: c.labels[0], direction: Vector2(1, 0), length: c.frame.width)]
            return ColorMatchControl(
                id: c.id, frame: c.frame, axes: axes, position: screen.position(of: c), thumb: screen.thumb(of: c),
                swatches: screen.gradient(of: c).map { ($0.position, $0.color) })
        }
        return ColorMatchView(target: screen.target, current: screen.current, controls: controls)
    }

    var target: SRGBColor { screen.target }
    var current: SRGBColor { screen.current }

    mutating func perform(_ drag: TouchStream) { screen.respond(to: drag) }
}

/// The colour-matching experiment (issue 12, the classic pickers): a person
/// matches a solid target patch with the current patch beside it, using one
/// picker (`ColorMatcher`, which knows no picker). Outcomes: time until they
/// judge it matched (a time-to-event outcome), the true ΔE00 left, when the
/// colour first came within 10 ΔE00 (convergence) and the time from there to
/// done (refinement), and drags, with the grabs that took another control's
/// thumb or none (each drag touches down where a finger aimed at the part of the thumb on its control lands).
public struct ColorMatchSimulator: SpecSimulator {
    let designs: [String: ColorPickerDesign]
    let limits: TrialLimits

    public static let metricNames = [
        "time_to_effect_s", "final_de00", "convergence_s", "refinement_s", "reached_effect", "within_10s",
        "time_to_done_s",
        "converged", "drags", "plane_drags", "explorations", "start_de00", "perceived_final_de00",
        "wrong_grabs", "missed_grabs", "corrected_drags"
    ]

    /// ΔE00 within which the colour counts as close (the end of the convergence phase).
    public static let convergenceDE00 = 10.0

    public init(spec: ExperimentSpec) throws {
        designs = try ColorPickerDesigns.designs(of: spec)
        limits = spec.limits
    }

    /// Reads the spec's `tasks:` node: `{lightness, hue_deg, chroma_share, start}`
    /// (start: an sRGB triple 0…1, default mid grey [0.5, 0.5, 0.5]).
    public static func tasks(from node: SpecNode) throws -> [TaskSpec] {
        try TaskSpec.customList(
            node, example: "{lightness, hue_deg, chroma_share, start}",
            keys: ["lightness", "hue_deg", "chroma_share", "start"]
        ) { entry in
            let l = try entry.required("lightness").double(in: 5...95)
            let h = try entry.required("hue_deg").double(in: 0...360)
            let share = try entry.optional("chroma_share")?.double(in: 0...1) ?? 0.6
            var start = SRGBColor(0.5, 0.5, 0.5)
            if let s = try entry.optional("start") {
                let v = try s.list().map { try $0.double(in: 0...1) }
                guard v.count == 3 else { throw s.error("start is an sRGB triple [r, g, b], each 0…1") }
                start = SRGBColor(v[0], v[1], v[2])
            }
            let task = ColorMatchTask(lightness: l, hueDegrees: h, chromaShare: share, start: start)
            return (
                "match \(task.target.hex) (L* \(formatted(l)), h \(formatted(h))°, \(formatted(share * 100))% of "
                    + "the chroma sRGB shows)",
                task
            )
        }
    }

    static func formatted(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x) }

    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        let task = trial.custom(ColorMatchTask.self)
        let design = designs[trial.strategy]!
        var env = PickerEnvironment(
            screen: design.screen(target: task.target, start: task.start, width: trial.device.bounds.width))
        var g = SeededGenerator(seed: trial.behaviourSeed, label: "color-match")
        let person = ColorMatcher(participant: participant, timeLimit: limits.timeLimit, maxDrags: limits.maxAttempts)
        let out = person.match(&env, memory: &memory, device: trial.device, trace: trace, using: &g)

        let target = ColorScience.lab(task.target)
        let errors = out.steps.map { ($0.time, ColorScience.deltaE2000(ColorScience.lab($0.color), target)) }
        let converged = errors.first { $0.1 <= Self.convergenceDE00 }?.0
        let final = errors.last!.1
        var metrics = [
            Metric("final_de00", final),
            Metric("reached_effect", out.matched ? 1 : 0),
            Metric("within_10s", (out.timeToMatch ?? .infinity) <= 10 ? 1 : 0),
            Metric("time_to_done_s", out.timeToDone),
            Metric("converged", converged == nil ? 0 : 1),
            Metric("drags", Double(out.drags)), Metric("plane_drags", Double(out.planeDrags)),
            Metric("explorations", Double(out.explorations)), Metric("corrected_drags", Double(out.correctedDrags)),
            Metric("wrong_grabs", Double(out.wrongGrabs)), Metric("missed_grabs", Double(out.missedGrabs)),
            Metric("start_de00", errors[0].1),
            Metric("perceived_final_de00", out.perceivedFinal.isFinite ? out.perceivedFinal : final)
        ]
        if let t = out.timeToMatch { metrics.insert(Metric("time_to_effect_s", t), at: 0) }
        if let c = converged {
            metrics.append(Metric("convergence_s", c))
            metrics.append(Metric("refinement_s", max(0, out.timeToDone - c)))
        }
        return TrialOutcome(metrics: metrics, events: out.events)
    }
}
