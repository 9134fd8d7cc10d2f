/// A mechanism of the simulated people that a spec (`population.ablate: [learning]`) or
/// `refine sensitivity --ablate` switches off, to see which headline rests on it (issue 46). Each is switched off
/// by fixing the catalogued parameters that drive it at the value where it does nothing, for everyone, so the
/// agents keep one code path: an ablation is a population, not a branch.
public enum Ablation: String, CaseIterable, Sendable, Hashable, Codable {
    /// Practice speeding up deciding, reading and searching; learning a throw's carry and a drag's share; the
    /// colour matcher's learning of what a control does (delta rule).
    case learning
    /// Noise and drift of the remembered goal: the goal is remembered exactly.
    case memory
    /// Backing off when a control starts warning (a red glow): the warning is seen but changes nothing.
    case warnings
    /// Inferring from a label what an unfamiliar control does: every unfamiliar control is found by trying it.
    case labelInference = "label_inference"
    /// Daring less after a move made things worse: the person keeps their boldness.
    case caution
    /// Correcting a drag while watching what it does to the screen: no drag is watched, so every drag is aimed
    /// once, open-loop, at the planned place, and the finger lifts as the movement ends.
    case closedLoop = "closed_loop"
    /// Reading a gradient track's colours to see what moving its thumb does: a gradient track's axes are learned
    /// as a plain track's are, from the label and by trying (its colours are drawn but not read).
    case gradientReading = "gradient_reading"

    /// The parameters fixed, and the value each is fixed at.
    public var fixed: [String: Double] {
        switch self {
        case .learning:
            [
                "learning.practice_alpha": 0, "learning.throw_update": 0, "learning.drag_fraction_step": 0,
                "agent.color_mapping_update": 0,
            ]
        case .memory: ["memory.goal_noise": 0, "memory.drift_per_sqrt_s": 0]
        case .warnings: ["agent.warning_backoff": 0]
        case .labelInference: ["cognition.label_inference_probability": 0]
        case .caution: ["agent.overshoot_caution": 1]
        case .closedLoop: ["agent.watch_drag_share": 0]
        case .gradientReading: ["agent.gradient_read_span": 0]
        }
    }

    /// What it switches off, in a phrase.
    public var meaning: String {
        switch self {
        case .learning: "practice and learning within a session"
        case .memory: "noise and drift of the remembered goal"
        case .warnings: "backing off at a control's warning"
        case .labelInference: "inferring a control's effect from its label"
        case .caution: "daring less after a move made things worse"
        case .closedLoop: "correcting a drag while watching what it does"
        case .gradientReading: "reading what an axis does from its gradient track"
        }
    }

    /// `path = value` for each parameter fixed, sorted.
    public var settings: String {
        fixed.keys.sorted().map { "\($0) = \(fixed[$0]!.formatted())" }.joined(separator: ", ")
    }
}

extension Double {
    fileprivate func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
