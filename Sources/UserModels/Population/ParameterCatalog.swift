import Randomness
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

    public init(
        path: String, meaning: String, allowed: ClosedRange<Double>,
        novice: Distribution, expert: Distribution? = nil, source: String
    ) {
        self.path = path
        self.meaning = meaning
        self.allowed = allowed
        self.novice = novice
        self.expert = expert ?? novice
        self.source = source
    }
}

extension ParameterDefinition {
    /// The unit its path ends with (`_pt_s` points per second, `_s` seconds, …), or "" for a plain number.
    public var unit: String {
        let units = [
            ("_pt_s", "pt/s"), ("_s_per_bit", "s/bit"), ("_mm2", "mm²"), ("_s", "s"), ("_pt", "pt"),
            ("_mm", "mm"), ("_px", "px"), ("_de00", "ΔE00"), ("_deg", "°")
        ]
        return units.first { path.hasSuffix($0.0) }?.1 ?? ""
    }

    /// How a figure's axis names it: what it means, with its unit.
    public var axisLabel: String { meaning + (unit.isEmpty ? "" : " (\(unit))") }
}

/// Every parameter of the user models, in one place, with its source (DESIGN §4).
/// Specs override them by path; reports list them; the sensitivity analysis
/// sweeps them.
public enum ParameterCatalog {
    public static let all: [ParameterDefinition] = [
        // Perception and cognition (Card, Moran & Newell, The Psychology of HCI, 1983).
        .init(
            path: "perception.cycle_s", meaning: "perceptual processor cycle: time to register what the screen shows",
            allowed: 0.02...1, novice: .fixed(0.1),
            source: "Card, Moran & Newell 1983 (Model Human Processor, τp ≈ 100 ms)"),
        .init(
            path: "perception.feedback_delay_s",
            meaning: "delay before what a moving finger changes on the screen can correct the movement",
            allowed: 0.05...10, novice: .uniform(lower: 0.13, upper: 0.2),
            source: "Saunders & Knill 2005 (Exp Brain Res 162:458–473, doi:10.1007/s00221-004-2064-1): "
                + "corrections to a shift of the seen finger along the movement began 130–200 ms after it"),
        .init(
            path: "perception.eye_movement_s", meaning: "one saccade plus fixation to look at a new place",
            allowed: 0.05...1, novice: .fixed(0.23), source: "Card, Moran & Newell 1983 (eye movement ≈ 230 ms)"),
        .init(
            path: "cognition.mental_prep_s", meaning: "KLM mental preparation (M) before a deliberate action",
            allowed: 0...10, novice: .fixed(1.35), source: "Card, Moran & Newell 1980, KLM operator M = 1.35 s"),
        // Pointing (Fitts' law, Shannon formulation).
        .init(
            path: "motor.fitts_a_s", meaning: "Fitts intercept for a touch tap",
            allowed: 0...1, novice: .fixed(0.10), source: "Cogulator FittsLaw.js (touch a ≈ 0.10 s)"),
        .init(
            path: "motor.fitts_b_s_per_bit", meaning: "Fitts slope for a touch tap",
            allowed: 0.01...1, novice: .fixed(0.126),
            source: "Cogulator FittsLaw.js (b ≈ 0.126 s/bit); ISO 9241-9 touch throughput ≈ 6.95 bit/s, MacKenzie "
                + "2015"),
        .init(
            path: "motor.timing_cv", meaning: "trial-to-trial coefficient of variation of a movement's duration",
            allowed: 0...1, novice: .fixed(0.1),
            source:
                "Yamanaka et al. 2023 (CHI, doi:10.1145/3544548.3580740), released finger-tap data: one person's "
                    + "tap times at one condition, robust CV 0.098 (IQR 0.086–0.118; SD/mean 0.129 with the slow "
                    + "tail, which is not motor noise); scripts/human/yamanaka-2023"),
        .init(
            path: "motor.tap_hold_s", meaning: "how long the finger stays down in a tap",
            allowed: 0.01...1, novice: .logNormal(median: 0.089, sigma: 0.135),
            source: "Al-Obaidi & Al-Jarrah 2016 (ICDIPC; the MEU-Mobile KSD data): 56 people's median holds on "
                + "a Nexus 7, median 89 ms, IQR 80–96 ms (σ of log 0.135 = log(96/80)/1.349; range 62–123 ms), "
                + "over 39,984 key presses, computed by scripts/human/tap-hold "
                + "(Data/human/al-obaidi-2016-meu-mobile-ksd.yaml)"),
        // Where a finger lands (Bi & Zhai, "Bayesian Touch", UIST 2013): σ² = slope·d² + abs,
        // d = target size in mm.
        .init(
            path: "motor.landing_x_slope",
            meaning: "Bi–Zhai dual-Gaussian: growth of horizontal landing variance with target size",
            allowed: 0...0.1, novice: .fixed(0.0075), source: "Bi & Zhai, UIST 2013: σx² = 0.0075·d² + 1.68 mm²"),
        .init(
            path: "motor.landing_x_abs_mm2",
            meaning: "Bi–Zhai dual-Gaussian: absolute horizontal landing variance (finger imprecision)",
            allowed: 0...20, novice: .fixed(1.68), source: "Bi & Zhai, UIST 2013"),
        .init(
            path: "motor.landing_y_slope",
            meaning: "Bi–Zhai dual-Gaussian: growth of vertical landing variance with target size",
            allowed: 0...0.1, novice: .fixed(0.0108), source: "Bi & Zhai, UIST 2013: σy² = 0.0108·d² + 1.33 mm²"),
        .init(
            path: "motor.landing_y_abs_mm2", meaning: "Bi–Zhai dual-Gaussian: absolute vertical landing variance",
            allowed: 0...20, novice: .fixed(1.33), source: "Bi & Zhai, UIST 2013"),
        .init(
            path: "motor.drag_a_s",
            meaning: "Fitts-like intercept of a swipe that drags content along (no target to stop on)",
            allowed: -0.5...1, novice: .fixed(-0.033),
            source: "Cogulator FittsLaw.js touchDrag (a = −32.7 ms), which Cogulator applies to swipes "
                + "(src/interface/MagicModels.js)"),
        .init(
            path: "motor.drag_b_s_per_bit",
            meaning: "Fitts-like slope of a swipe that drags content along (no target to stop on)",
            allowed: 0.01...1, novice: .fixed(0.080),
            source: "Cogulator FittsLaw.js touchDrag (b = 79.9 ms/bit), which Cogulator applies to swipes"),
        .init(
            path: "motor.drag_tap_time_ratio",
            meaning: "time of an aimed drag (a slider's thumb, a knob, a stroke's end) over a tap's at the same "
                + "Fitts index of difficulty: the tap's law, slowed",
            allowed: 1...4, novice: .fixed(1.35),
            source: "assumption anchored on the least published figure: Asakawa, Dennerlein & Jindrich 2017 "
                + "(Applied Ergonomics 58, abstract): a tablet tap took 567 ms and every one-finger slide longer "
                + "than a pinch's 765 ms, so slides took over 1.35 taps; Jeong & Liu 2017 (Ergonomics 60(11)): "
                + "a swipe about 4.5 times faster than a drag; Cockburn, Ahlström & Gutwin 2012: finger drags "
                + "slower than stylus and mouse, finger taps faster. No aimed finger-drag regression was "
                + "readable here (Docs/research/touch-drag-vs-tap.md)"),
        .init(
            path: "motor.liftoff_jump_pt", meaning: "largest jump of a slider's value when the finger lifts off",
            allowed: 0...50, novice: .fixed(12), source: "holko.pl slider study: lift-off jumps of up to 12 pt"),
        .init(
            path: "motor.steer_wobble_s",
            meaning:
                "sideways wobble of a finger steered along a path, per unit of its speed (lateral SD = this × speed)",
            allowed: 0...0.1, novice: .fixed(0.01),
            source:
                "assumption, calibrated to the steering law's shape (not measured on touch steering): 1 mm sideways "
                    + "at 100 mm/s; noise grows with speed (Harris & Wolpert 1998). The value implied by Bi & Zhai's "
                    + "tap spread (≈ 0.003 s) left tunnels wider than ≈ 2 mm unconstrained at a finger's top "
                    + "speed, failing the steering check"
        ),
        // Choosing and searching.
        .init(
            path: "cognition.hick_a_s", meaning: "Hick–Hyman intercept: choice reaction time with one alternative",
            allowed: 0...2, novice: .fixed(0.2), source: "Hick 1952; Hyman 1953 (intercepts ≈ 0.2 s)"),
        .init(
            path: "cognition.hick_b_s_per_bit", meaning: "Hick–Hyman slope: extra time per bit of choice",
            allowed: 0...1, novice: .fixed(0.155), source: "Hick 1952, Hyman 1953 (b ≈ 0.155 s/bit)"),
        .init(
            path: "cognition.search_item_s",
            meaning: "time to inspect one item in a serial visual search (conjunction targets)",
            allowed: 0.001...0.5, novice: .fixed(0.025), source: "Treisman & Gelade 1980; Wolfe 1998 (≈ 25 ms/item)"),
        .init(
            path: "cognition.popout_item_s", meaning: "per-item cost of a pop-out search (a feature target)",
            allowed: 0...0.1, novice: .fixed(0.005), source: "Wolfe 1998 (≤ 10 ms/item, near flat)"),
        .init(
            path: "cognition.read_word_s", meaning: "time to read one word of a label",
            allowed: 0.05...2, novice: .fixed(0.24), source: "Rayner 1998 (≈ 250 words/min)"),
        .init(
            path: "cognition.label_inference_probability",
            meaning: "chance of inferring what an unfamiliar control does from its label",
            allowed: 0...1, novice: .fixed(0.6), expert: .fixed(0.95),
            source: "assumption: novices often misread technical labels (black level vs shadows)"),
        .init(
            path: "cognition.discovery_per_s",
            meaning: "chance per second of searching that a person discovers a control with no visible affordance",
            allowed: 0...1, novice: .fixed(0.05), expert: .fixed(0.5),
            source: "assumption: swept in the sensitivity analysis"),
        .init(
            path: "learning.practice_alpha", meaning: "power-law-of-practice exponent: T(n) = T(1)·n^−α",
            allowed: 0...1, novice: .fixed(0.3), source: "Newell & Rosenbloom 1981 (α ≈ 0.2–0.4)"),
        // Seeing differences in photos.
        .init(
            path: "perception.jnd_de00", meaning: "just-noticeable colour difference, the scale of perception noise",
            allowed: 0.1...10, novice: .fixed(1.0), source: "Mahy et al. 1994 (JND ≈ 1.0 ΔE00, 2.3 ΔE76)"),
        .init(
            path: "perception.satisfied_de00",
            meaning: "how close to the goal (mean ΔE00 of the worst region) satisfies this person",
            allowed: 0.3...20, novice: .normal(mean: 2.5, sd: 0.5), expert: .normal(mean: 2.0, sd: 0.4),
            source:
                "Paravina et al. 2015 (J Esthet Restor Dent 27 S1): 50:50 acceptability of a difference seen side by "
                    + "side 1.8 ΔE00; Song & Luo 2001 (IS&T CIC 9): a mean difference between images above 2.5 ΔE*ab "
                    + "(≈ 1.7 ΔE00) is seen, and acceptability is about twice that (Xu, Tong & Gong 2013): 2.5 lies "
                    + "between the patch and image figures; the spread across people is an assumption"
        ),
        .init(
            path: "perception.proxy_px", meaning: "long side, in pixels, of the image a person judges at a glance",
            allowed: 16...1024, novice: .fixed(96), source: "assumption: a glance resolves coarse regions, not pixels"),
        // Throws and drags: a flick's length, its speed where the finger lets go and how much faster than usual
        // a person can flick come from Frank et al.'s released strokes; the drag speed is an assumption, swept.
        // A flick is released at its peak here, so the speed the screen reads at the lift (what a scroll view's
        // momentum or a window's projection uses) is the figure to match: the released speed, not the peak.
        .init(
            path: "motor.release_speed_pt_s",
            meaning: "this person's usual flick speed where the finger lets go (the peak of the modelled flick)",
            allowed: 100...5000, novice: .logNormal(median: 810, sigma: 0.35),
            source:
                "Frank et al. 2013 (Touchalytics) released strokes of 41 people scrolling on phones: each person's "
                    + "median flick speed over a stroke's last three samples (flicks as motor.flick_length_pt), "
                    + "median 134.2 mm/s (≈ 810 pt/s on an iPhone 15), σ of its log across people 0.35 (computed, "
                    + "Data/human/frank-2013-touchalytics.yaml; the same column as motor.max_speed_factor)"),
        .init(
            path: "motor.flick_length_pt", meaning: "how far the finger travels before it lets go in a flick",
            allowed: 10...300, novice: .logNormal(median: 102, sigma: 0.25),
            source:
                "Frank et al. 2013 (Touchalytics) released strokes of 41 people scrolling on phones: each person's "
                    + "median flick (under 0.3 s, over 50 mm/s), median 16.9 mm (≈ 102 pt on an iPhone 15), σ of "
                    + "its log across people 0.25 (computed, Data/human/frank-2013-touchalytics.yaml)"),
        .init(
            path: "motor.drag_speed_pt_s", meaning: "peak finger speed of a deliberate drag",
            allowed: 50...3000, novice: .logNormal(median: 400, sigma: 0.35),
            source: "assumption: log-normal, median 400 pt/s"),
        .init(
            path: "motor.speed_cv", meaning: "trial-to-trial coefficient of variation of one person's gesture speed",
            allowed: 0...1, novice: .fixed(0.15),
            source: "assumption: 15% (motor noise grows with speed; Schmidt et al. 1979)"),
        .init(
            path: "motor.aim_sd_deg",
            meaning:
                "standard deviation of an aimed movement's direction around the intended one: a throw's, and (reused, "
                    + "not separately measured) a drag's along one axis of a two-axis pad",
            allowed: 0...45, novice: .fixed(6), expert: .fixed(4),
            source:
                "assumption: a few degrees; no published figure for throws or for drags on a pad, so one value serves "
                    + "both (swept 2–12° in the colour question's sensitivity)"
        ),
        .init(
            path: "style.drag_first_probability",
            meaning: "chance that this person moves an object by a deliberate drag rather than a flick",
            allowed: 0...1, novice: .fixed(0.4), expert: .fixed(0.15),
            source: "assumption: novices drag more often; experts trust a flick"),
        .init(
            path: "style.drag_fraction",
            meaning: "how far along the way to its destination a deliberate drag carries an object",
            allowed: 0.05...1, novice: .uniform(lower: 0.35, upper: 0.85),
            source: "assumption: uniform 35–85% of the way"),
        // How a person carries experience of a design from one trial to the next.
        .init(
            path: "belief.throw_carry_s",
            meaning: "prior belief: how far a released object keeps going, in seconds of its release speed",
            allowed: 0...2, novice: .logNormal(median: 0.5, sigma: 0.5),
            source:
                "assumption anchored on iOS scroll views (normal deceleration 0.998/ms carries v·0.499 s), which "
                    + "iPhone users flick daily; swept"
        ),
        .init(
            path: "learning.throw_update",
            meaning: "weight of the last throw's observed carry when a person updates their belief (delta rule)",
            allowed: 0...1, novice: .fixed(0.5), source: "assumption: Rescorla–Wagner-style learning rate, swept"),
        .init(
            path: "style.prior_strength",
            meaning: "how many throws' worth of confidence a person's habitual flick-or-drag preference carries",
            allowed: 0.1...50, novice: .fixed(2), source: "assumption: a weak prior (two pseudo-throws), swept"),
        .init(
            path: "motor.max_speed_factor",
            meaning: "fastest flick a person will make, as a multiple of their usual flick speed",
            allowed: 1...10, novice: .fixed(1.95),
            source:
                "Frank et al. 2013 (Touchalytics) released flicks: each person's 95th-percentile speed at release "
                    + "over their median, median over 41 people 1.95 (IQR 1.73–2.27; computed, "
                    + "Data/human/frank-2013-touchalytics.yaml); unhurried scrolling, so a lower bound on the fastest"),
        // Holding a goal look in mind.
        .init(
            path: "memory.goal_noise",
            meaning:
                "how far the remembered goal's overall lightness and colourfulness are off when first memorised "
                    + "(L*/C* units, sd)",
            allowed: 0...10, novice: .fixed(1.5), expert: .fixed(1.0),
            source:
                "assumption: colour matched from memory is less precise than side by side (memory-matching studies, "
                    + "e.g. Pérez-Carpinell et al. 1998), about 1–2 JND"
        ),
        .init(
            path: "memory.drift_per_sqrt_s",
            meaning: "how fast the remembered goal drifts, per square root of seconds since it was seen (L*/C* units)",
            allowed: 0...5, novice: .fixed(0.2),
            source: "assumption: memory for colour drifts over seconds to minutes; swept"),
        // The photo-editing agent's own judgement: no published figures, swept by `refine sensitivity --screen`.
        .init(
            path: "agent.patience_gestures",
            meaning: "gestures without visible progress before a person settles for what they have",
            allowed: 1...40, novice: .fixed(8), source: "assumption: people abandon after a handful of fruitless "
                + "tries"),
        .init(
            path: "agent.progress_de00",
            meaning: "improvement of the worst-looking region (ΔE00) a person counts as progress",
            allowed: 0...5, novice: .fixed(0.3),
            source: "assumption: about a third of a JND (Mahy et al. 1994, JND ≈ 1 ΔE00)"),
        .init(
            path: "agent.boldness_max", meaning: "largest share of a planned move a person dares in one drag",
            allowed: 0.1...1, novice: .fixed(0.9), source: "assumption: aimed adjustments undershoot slightly"),
        .init(
            path: "agent.overshoot_caution",
            meaning: "factor on a person's boldness with a control after a move made the photo worse",
            allowed: 0.05...1, novice: .fixed(0.5),
            source: "assumption: halve the step after an overshoot (bisection-like correction)"),
        .init(
            path: "agent.boldness_regain", meaning: "factor on boldness after a move that helped",
            allowed: 1...3, novice: .fixed(1.3), source: "assumption"),
        .init(
            path: "agent.watch_drag_share",
            meaning: "share of drags during which the person watches what the drag does to the screen",
            allowed: 0...1, novice: .fixed(1),
            source: "assumption: a person changing a colour or a photo by dragging looks at it as it changes (why "
                + "live feedback exists); the closed_loop ablation sets it to 0"),
        .init(
            path: "agent.explore_step", meaning: "first move along an unfamiliar control, as a share of its track",
            allowed: 0.01...0.5, novice: .fixed(0.15), source: "assumption: a modest probing move"),
        .init(
            path: "agent.plan_share",
            meaning:
                "share of the whole mismatch a known move must promise to be preferred over a control a label "
                    + "suggests (or a button whose label names what is off)",
            allowed: 0...1, novice: .fixed(0.2), source: "assumption"),
        .init(
            path: "agent.fallback_share",
            meaning: "smallest share of the mismatch a known move must promise to be worth making at all",
            allowed: 0...1, novice: .fixed(0.02), source: "assumption"),
        .init(
            path: "agent.no_effect_de",
            meaning:
                "a change smaller than this (L*/chroma units) after a clear move means the control does nothing there",
            allowed: 0...5, novice: .fixed(0.5), source: "assumption: half a JND-sized step"),
        .init(
            path: "agent.preview_accept_factor",
            meaning: "a preview within this many times one's satisfaction threshold is taken at once",
            allowed: 1...10, novice: .fixed(2), source: "assumption: previews are small, so near enough is worth trying"
        ),
        .init(
            path: "agent.warning_backoff",
            meaning:
                "share of the last move a person takes back when the control starts showing a warning (a red glow)",
            allowed: 0...1, novice: .fixed(0.5), source: "assumption: back off half-way"),
        // Liking looks (a browsing person with no goal): weights on features of a look.
        .init(
            path: "preference.colourfulness_weight",
            meaning: "how much this person likes looks more colourful than the photo (per 10 units of chroma)",
            allowed: -5...5, novice: .normal(mean: 0.3, sd: 1),
            source: "assumption: tastes differ widely, a slight average taste for vivid looks (swept)"),
        .init(
            path: "preference.contrast_weight",
            meaning: "how much this person likes looks with more contrast than the photo (per 10 L* of spread)",
            allowed: -5...5, novice: .normal(mean: 0.2, sd: 1), source: "assumption (swept)"),
        .init(
            path: "preference.warmth_weight",
            meaning: "how much this person likes warmer looks than the photo (per 10 units of b*)",
            allowed: -5...5, novice: .normal(mean: 0, sd: 1), source: "assumption (swept)"),
        .init(
            path: "preference.monochrome_weight", meaning: "how much this person likes black-and-white looks",
            allowed: -5...5, novice: .normal(mean: 0, sd: 1), source: "assumption (swept)"),
        .init(
            path: "preference.appeal_noise", meaning: "glance-to-glance noise of how appealing a look seems",
            allowed: 0...5, novice: .fixed(0.5), source: "assumption"),
        .init(
            path: "preference.aspiration", meaning: "appeal a look must have to be taken at once when browsing starts",
            allowed: -5...10, novice: .fixed(1.5),
            source: "assumption: satisficing with an aspiration level (Simon 1955)"),
        .init(
            path: "preference.aspiration_decay_per_s",
            meaning: "how fast the aspiration level falls with each second spent browsing",
            allowed: 0...5, novice: .fixed(0.15),
            source: "assumption: aspiration adapts to search cost (Simon 1955), swept"),
        // Slides that stop or slow (the pause question). Prefixed `gesture.` so the Morris
        // groups of existing specs stay as they were; a spec sweeps them in `sensitivity`.
        .init(
            path: "gesture.crawl_speed_pt_s",
            meaning: "speed a finger slows to when a person hesitates in a slide without stopping",
            allowed: 5...1000, novice: .logNormal(median: 100, sigma: 0.5),
            source:
                "assumption: no published figure; the median sits on the 100 pt/s pause speed of the talk's public "
                    + "demo so that half of hesitations crawl below it, neither favouring nor excluding false pauses "
                    + "(swept)"
        ),
        .init(
            path: "gesture.crawl_s", meaning: "how long a hesitation in a slide lasts before the finger moves on",
            allowed: 0.02...3, novice: .logNormal(median: 0.3, sigma: 0.4),
            source:
                "assumption: a few hundred milliseconds, about one perceive–decide cycle (Card, Moran & Newell 1983: "
                    + "τp + τc ≈ 0.17 s) plus reading the screen (swept)"
        ),
        .init(
            path: "gesture.response_wait_s",
            meaning: "longest a person holds a pause waiting for the screen to respond before lifting",
            allowed: 0.1...10, novice: .fixed(1.0),
            source:
                "assumption anchored on the 1 s limit for an uninterrupted flow of thought (Miller 1968; Card, "
                    + "Robertson & Mackinlay 1991)"
        ),
        .init(
            path: "gesture.tap_drift_mm",
            meaning: "SD per axis of how far a finger's contact point moves between touch-down and lift in a tap",
            allowed: 0...5, novice: .fixed(0.5),
            source:
                "assumption: the contact centroid shifts as the pad flattens and rolls (Holz & Baudisch 2010 report "
                    + "posture-dependent offsets, not their change within a tap); 0.5 mm ≈ 3 pt on a phone (swept)"
        ),
        .init(
            path: "gesture.cancel_drag_pt",
            meaning: "how far a person drags a finger off a pressed button to take the press back before lifting",
            allowed: 1...300, novice: .logNormal(median: 30, sigma: 0.5),
            source: "assumption: a short deliberate slide, about a fingertip's width beyond a small button (swept)"),
        .init(
            path: "learning.drag_fraction_step",
            meaning: "how much further a person carries an object after it went to the wrong place",
            allowed: 0...1, novice: .fixed(0.25), source: "assumption: a quarter of the way more after each miss"),
        // Scrolling a long list (the scroll question), `gesture.` like the pause question's.
        .init(
            path: "gesture.swipe_span_pt",
            meaning:
                "longest distance a person drags content in one swipe on a phone (thumb or finger, without regrasping)",
            allowed: 50...800, novice: .logNormal(median: 237, sigma: 0.27),
            source:
                "Frank et al. 2013 (Touchalytics) released strokes of 41 people scrolling on phones: each person's "
                    + "99th-percentile stroke, median 39.3 mm (≈ 237 pt on an iPhone 15), σ of its log across "
                    + "people 0.27 (computed, Data/human/frank-2013-touchalytics.yaml)"
        ),
        .init(
            path: "gesture.offscreen_distance_sd",
            meaning:
                "SD of the log ratio of a person's estimate of how far away an item not on screen is to the true "
                    + "distance",
            allowed: 0...2, novice: .fixed(0.3),
            source:
                "assumption: a person knows roughly where an item sits in a list (alphabetical, by date) but not to "
                    + "the row; about ±30% (swept)"
        ),
        // Double taps and serial taps (the double-tap question), `gesture.` like the others above.
        .init(
            path: "gesture.double_tap_gap_s",
            meaning: "time from the first lift to the second touch-down of a double tap on one spot",
            allowed: 0.02...2, novice: .logNormal(median: 0.10, sigma: 0.4),
            source:
                "median 0.10 s: a second tap on the same spot has Fitts' index of difficulty ≈ 0, leaving the touch "
                    + "intercept a ≈ 0.10 s (Cogulator, as motor.fitts_a_s); the spread across people is an "
                    + "assumption (σ 0.4, swept)"
        ),
        .init(
            path: "gesture.serial_tap_pause_s",
            meaning: "pause after one tap's lift before a person starts reaching for the next of two independent taps",
            allowed: 0...2, novice: .fixed(0.1),
            source:
                "assumption: about one perceptual cycle (Card, Moran & Newell 1983, τp ≈ 0.1 s) to register that "
                    + "the finger is up before the next reach; people do not wait for the screen between independent "
                    + "taps (swept)"
        ),
        // Matching a colour with picker controls (the color-match question).
        .init(
            path: "perception.jnd_de76_per_de00",
            meaning:
                "CIELAB units (ΔE76) in one just-noticeable difference measured in ΔE00: scales the noise on a seen "
                    + "colour difference",
            allowed: 1...5, novice: .fixed(2.3),
            source: "Mahy et al. 1994 (JND ≈ 1.0 ΔE00 ≈ 2.3 ΔE76), as perception.jnd_de00"),
        .init(
            path: "agent.label_track_de",
            meaning:
                "how far (CIELAB units) a person believes a whole track moves the colour in the direction its label "
                    + "names, before trying it",
            allowed: 5...400, novice: .fixed(100),
            source:
                "assumption: about the lightness range L* 0–100, the largest span a label names (swept); trying the "
                    + "control replaces it"
        ),
        .init(
            path: "agent.color_mapping_update",
            meaning:
                "share of the surprise (seen minus expected colour change) a person adds to their belief about a "
                    + "colour control's axis after a move (delta rule)",
            allowed: 0...1, novice: .fixed(0.5),
            source:
                "assumption: delta rule (Widrow & Hoff 1960) at half the error; the first lesson about an axis is "
                    + "taken whole (swept)"
        ),
        // The system's screen-edge gestures (the edge-button question): how the OS treats touches near the top and
        // bottom edges.
        .init(
            path: "gesture.edge_band_scale",
            meaning:
                "depth of the bands along the top and bottom edges where the system's edge gestures see a touch "
                    + "first, as a multiple of the device's safe-area insets there",
            allowed: 0...3, novice: .fixed(1),
            source:
                "assumption: the bands are the status-bar and home-indicator safe areas of the device catalogue "
                    + "(Apple HIG, Layout); Apple publishes no figure for the recognizers' start regions (swept)"
        ),
        .init(
            path: "gesture.edge_swipe_pt",
            meaning:
                "how far inward a touch that started in an edge band must travel before the system takes it as its "
                    + "edge swipe",
            allowed: 1...100, novice: .fixed(10),
            source: "assumption: about a fingertip's drift; the system's threshold is not published (swept)"),
        .init(
            path: "gesture.edge_gate_delay_s",
            meaning:
                "how long after touch-down the system holds a touch that started in an edge band before the app "
                    + "receives it",
            allowed: 0...2, novice: .fixed(0.25),
            source:
                "assumption: iOS delays touches near the screen edges while its edge recognizers decide (UIKit's "
                    + "preferredScreenEdgesDeferringSystemGestures exists to change this); no published duration "
                    + "(swept)"
        ),
        // Painting with a brush (the brushes question).
        .init(
            path: "paint.cells",
            meaning:
                "patches across the photo's longer side at zoom 1 that a person painting judges one by one (paint "
                    + "more here, erase there); same size on screen when zoomed",
            allowed: 4...40, novice: .fixed(12),
            source:
                "assumption: a face or a sky is a few patches wide, judged patch by patch; no published figure "
                    + "(swept)"),
        .init(
            path: "paint.brush_to_region",
            meaning: "brush diameter a person wants, as a fraction of the narrow side of the region they paint",
            allowed: 0.05...1, novice: .fixed(0.33),
            source:
                "assumption: about three brush widths across the region, so its edge can be followed; no published "
                    + "figure (swept)"
        ),
        .init(
            path: "paint.pinch_s", meaning: "time of one two-finger pinch to zoom the photo, including settling",
            allowed: 0.1...3, novice: .fixed(0.8),
            source:
                "Asakawa, Dennerlein & Jindrich 2017 (Applied Ergonomics 58; Data/human): a pinch took 0.765 ± 0.277 "
                    + "s and a stretch 0.843 ± 0.317 s on a tablet; 0.8 s lies between (zooming in and out)"
        ),
        // Matching a colour with a picker (the color-match question).
        .init(
            path: "agent.belief_context_de00",
            meaning:
                "how far (ΔE00) the colour must have moved since a person learned what a colour axis does before they "
                    + "doubt it and re-test it (what a slider does depends on where the others are)",
            allowed: 1...200, novice: .fixed(10),
            source:
                "assumption: a change seen at a glance as a different colour (about ten JNDs; Mahy et al. 1994, "
                    + "JND ≈ 1 ΔE00); no published figure for when people re-test a control (screened with the "
                    + "agent-judgement group)"
        ),
        .init(
            path: "motor.drag_aim_fine_pt",
            meaning:
                "the finest end tolerance a person aims a drag at, however slowly the colour changes along the track",
            allowed: 0.1...20, novice: .fixed(1.0),
            source:
                "Bérard & Rochet-Capellan 2012 (ITS, pp. 183–192; abstract; Data/human): with the finger already on "
                    + "the surface, users' precision for linear pointing is about 0.17 mm: 0.9–1.1 pt at the "
                    + "catalogue's 0.156–0.192 mm a point, 1.0 pt between them"
        ),
        .init(
            path: "motor.drag_aim_coarse_pt",
            meaning:
                "the coarsest end tolerance a person aims a drag at, however fast the colour changes along the track",
            allowed: 1...200, novice: .fixed(30),
            source:
                "assumption: even a careless drag ends within about a fingertip's width (≈ 5 mm) of where it was "
                    + "meant; no published figure (screened)"
        ),
        .init(
            path: "cognition.swatch_compare_s",
            meaning: "time to compare two colours a gradient track shows (per pair read along each axis, "
                + "on every look at the track)",
            allowed: 0...0.5, novice: .fixed(0.005),
            source: "assumption: as one item of a pop-out search (Wolfe 1998, ≤ 10 ms/item); comparing two "
                + "shades is a finer judgement than pop-out, so this is a lower bound (screened)"),
        .init(
            path: "agent.gradient_read_span",
            meaning: "the share of a gradient track, centred on the thumb, whose two ends a person compares to "
                + "see what moving the thumb does there (0: the gradient is not read)",
            allowed: 0...1, novice: .fixed(0.2),
            source: "assumption: a fifth of the track, wide enough that the two colours differ by several JNDs "
                + "on a lightness or hue track, narrow enough to follow a hue track's turns (a fifth of the "
                + "wheel); no published figure (screened)"),
        // Judging from a control's look whether it can be tapped (the label-affordance question): a logistic of the
        // visual signifiers Swearngin & Li (CHI 2019, "Modeling Mobile Interface Tappability Using Crowdsourcing and
        // Deep Learning") found people use. They publish the signifiers and their direction, not per-cue weights, so
        // every weight is an assumption, swept.
        .init(
            path: "signifier.intercept",
            meaning:
                "log-odds that a person judges a control tappable when it shows no cue (plain dark text on the page, "
                    + "at the top centre)",
            allowed: -10...5, novice: .fixed(-2.5),
            source:
                "assumption: plain text rarely looks tappable (≈ 8%; Swearngin & Li 2019: people find text elements "
                    + "hard to identify as tappable) (swept)"
        ),
        .init(
            path: "signifier.fill_weight", meaning: "log-odds a fill set off from what is behind it adds to 'tappable'",
            allowed: 0...10, novice: .fixed(2.0),
            source:
                "assumption: a bounded shape is the strongest button signifier (Swearngin & Li 2019; Nielsen Norman "
                    + "Group, 'Beyond Blue Links', 2015); weight not published (swept)"
        ),
        .init(
            path: "signifier.accent_weight", meaning: "log-odds an accent (chromatic) ink or fill adds to 'tappable'",
            allowed: 0...10, novice: .fixed(1.5),
            source:
                "assumption: coloured text and shapes read as links and buttons (Swearngin & Li 2019, colour as a "
                    + "signifier; NN/g 2015); weight not published (swept)"
        ),
        .init(
            path: "signifier.weight_weight", meaning: "log-odds bold type (versus regular) adds to 'tappable'",
            allowed: 0...10, novice: .fixed(0.5),
            source:
                "assumption: a weak cue (button titles are set semibold on iOS, but so are headings); not published "
                    + "(swept)"
        ),
        .init(
            path: "signifier.position_weight",
            meaning: "log-odds being off the top centre of the screen adds to 'tappable'",
            allowed: 0...10, novice: .fixed(1.0),
            source:
                "assumption: Swearngin & Li 2019 found non-tappable elements expected at the top centre and tappable "
                    + "ones at the bottom and top corners; weight not published (swept)"
        ),
        .init(
            path: "signifier.noise_sd", meaning: "SD of a glance's noise on the log-odds that a control is tappable",
            allowed: 0...5, novice: .fixed(0.5),
            source:
                "assumption: judgements of the same element differ between glances and people (Swearngin & Li 2019 "
                    + "report disagreement between crowd workers); not published (swept)"
        ),
        .init(
            path: "signifier.full_cue_de00",
            meaning:
                "colour difference (ΔE00) at which a fill set off from its surroundings, or an ink's distance from "
                    + "grey, counts as a whole cue",
            allowed: 1...100, novice: .fixed(20),
            source:
                "assumption: about ten just-noticeable differences (perception.jnd_de00 ≈ 1–2.3 ΔE00), a "
                    + "difference seen at a glance; not published (swept)"
        )
    ]

    /// The definition at `path`, if any.
    public static func definition(_ path: String) -> ParameterDefinition? {
        all.first { $0.path == path }
    }
}
