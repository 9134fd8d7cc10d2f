/// One documented, overridable parameter of the simulated people.
public struct ParameterDefinition: Sendable, Hashable {
    /// Dotted path used in specs, e.g. `motor.release_speed_pt_s`.
    public var path: String
    /// What it means, in a sentence.
    public var meaning: String
    /// Values outside this range are rejected in specs and clamped in draws.
    public var allowed: ClosedRange<Double>
    /// Default distribution for novices and for experts.
    public var novice: Distribution
    public var expert: Distribution
    /// Where the default comes from (a paper, a handbook, or "assumption: …").
    public var source: String

    public init(path: String, meaning: String, allowed: ClosedRange<Double>,
                novice: Distribution, expert: Distribution? = nil, source: String) {
        self.path = path
        self.meaning = meaning
        self.allowed = allowed
        self.novice = novice
        self.expert = expert ?? novice
        self.source = source
    }
}

/// Every parameter of the user models, in one place, with its source (DESIGN §4).
/// Specs override them by path; reports list them; the sensitivity analysis
/// sweeps them.
public enum ParameterCatalog {
    public static let all: [ParameterDefinition] = [
        // Perception and cognition (Card, Moran & Newell, The Psychology of HCI, 1983).
        .init(path: "perception.cycle_s", meaning: "perceptual processor cycle: time to register what the screen shows",
              allowed: 0.02...1, novice: .fixed(0.1), source: "Card, Moran & Newell 1983 (Model Human Processor, τp ≈ 100 ms)"),
        .init(path: "perception.eye_movement_s", meaning: "one saccade plus fixation to look at a new place",
              allowed: 0.05...1, novice: .fixed(0.23), source: "Card, Moran & Newell 1983 (eye movement ≈ 230 ms)"),
        .init(path: "cognition.mental_prep_s", meaning: "KLM mental preparation (M) before a deliberate action",
              allowed: 0...10, novice: .fixed(1.35), source: "Card, Moran & Newell 1980, KLM operator M = 1.35 s"),
        // Pointing (Fitts' law, Shannon formulation).
        .init(path: "motor.fitts_a_s", meaning: "Fitts intercept for a touch tap",
              allowed: 0...1, novice: .fixed(0.10), source: "Cogulator FittsLaw.js (touch a ≈ 0.10 s)"),
        .init(path: "motor.fitts_b_s_per_bit", meaning: "Fitts slope for a touch tap",
              allowed: 0.01...1, novice: .fixed(0.126), source: "Cogulator FittsLaw.js (b ≈ 0.126 s/bit); ISO 9241-9 touch throughput ≈ 6.95 bit/s, MacKenzie 2015"),
        // Throws and drags: no published distribution was found (DESIGN §4); these are
        // documented assumptions, swept in the sensitivity analysis.
        .init(path: "motor.release_speed_pt_s", meaning: "peak finger speed of this person's flick",
              allowed: 100...5000, novice: .logNormal(median: 1000, sigma: 0.45),
              source: "assumption: log-normal, median 1000 pt/s (DESIGN §4; no published distribution)"),
        .init(path: "motor.flick_length_pt", meaning: "how far the finger travels before it lets go in a flick",
              allowed: 10...300, novice: .logNormal(median: 50, sigma: 0.4),
              source: "assumption: log-normal, median 50 pt (≈ 8 mm on a phone)"),
        .init(path: "motor.drag_speed_pt_s", meaning: "peak finger speed of a deliberate drag",
              allowed: 50...3000, novice: .logNormal(median: 400, sigma: 0.35),
              source: "assumption: log-normal, median 400 pt/s"),
        .init(path: "motor.speed_cv", meaning: "trial-to-trial coefficient of variation of one person's gesture speed",
              allowed: 0...1, novice: .fixed(0.15), source: "assumption: 15% (motor noise grows with speed; Schmidt et al. 1979)"),
        .init(path: "motor.aim_sd_deg", meaning: "standard deviation of a throw's direction around the intended one",
              allowed: 0...45, novice: .fixed(6), expert: .fixed(4), source: "assumption: a few degrees"),
        .init(path: "style.drag_first_probability", meaning: "chance that this person moves an object by a deliberate drag rather than a flick",
              allowed: 0...1, novice: .fixed(0.4), expert: .fixed(0.15),
              source: "assumption: novices drag more often; experts trust a flick"),
        .init(path: "style.drag_fraction", meaning: "how far along the way to its destination a deliberate drag carries an object",
              allowed: 0.05...1, novice: .uniform(lower: 0.35, upper: 0.85),
              source: "assumption: uniform 35–85% of the way"),
        .init(path: "learning.drag_fraction_step", meaning: "how much further a person carries an object after it went to the wrong place",
              allowed: 0...1, novice: .fixed(0.25), source: "assumption: a quarter of the way more after each miss"),
    ]

    /// The definition at `path`, if any.
    public static func definition(_ path: String) -> ParameterDefinition? {
        all.first { $0.path == path }
    }
}
