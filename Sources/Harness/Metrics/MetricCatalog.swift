/// Every metric a trial of a standard question records, defined once: a name means the same in every
/// question that records it. `MetricCatalogTests` fails when a question records a metric not defined here.
public enum MetricCatalog {
    public static func definition(_ name: String) -> MetricDefinition {
        byName[name] ?? finalSetting(name) ?? .unknown(name)
    }

    public static func isDefined(_ name: String) -> Bool { byName[name] != nil || finalSetting(name) != nil }

    static let byName: [String: MetricDefinition] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// `final_<control>` and `final_<control>_luminance`: where the person left a control (exposure, colour).
    static func finalSetting(_ name: String) -> MetricDefinition? {
        guard name.hasPrefix("final_"), !name.contains("de00"), !name.contains("delta") else { return nil }
        return MetricDefinition(name, better: .neither, kind: .amount, "where the person left this control at the end")
    }

    typealias D = MetricDefinition

    static let all: [MetricDefinition] = outcomes + times + errors + effort + movement + bookkeeping

    /// Whether and how well the trial reached its goal.
    static let outcomes: [D] = [
        D("reached_effect", better: .higher, kind: .outcome, "the goal was reached before the time limit"),
        D("within_10s", better: .higher, kind: .outcome, "the goal was reached within 10 s"),
        D("within_1s", better: .higher, kind: .outcome, "the goal was reached within 1 s"),
        D("right_first_time", better: .higher, kind: .outcome, "the first attempt did what the person meant"),
        D("right_at_once", better: .higher, kind: .outcome, "the first attempt did what the person meant"),
        D("landed_intended", better: .higher, kind: .outcome, "the window came to rest in the corner the person meant"),
        D("converged", better: .higher, kind: .outcome, "the colour came within the satisfaction threshold"),
        D("gave_up", better: .lower, kind: .outcome, "the person stopped without reaching the goal"),
        D("satisfied_off_goal", better: .lower, kind: .outcome,
          "the person stopped, satisfied, while still off the goal"),
        D("chosen_on_first_screen", better: .higher, kind: .outcome, "the chosen effect was on the first screen shown"),
        D("coverage", better: .higher, kind: .amount, unit: "share",
          "share of the region the brush was meant to cover"),
        D("spill", better: .lower, kind: .amount, unit: "share", "share of the painting that fell outside the region"),
        D("photo_share", better: .higher, kind: .amount, unit: "share", "share of the screen the photo kept"),
        D("preview_width_pt", better: .higher, kind: .amount, unit: "pt", "width of a filter's preview"),
        D("looks_seen_10s", better: .higher, kind: .count, "looks the person had seen after 10 s"),
        D("final_delta_e00", better: .lower, kind: .amount, unit: "ΔE00", "colour difference to the goal at the end"),
        D("final_de00", better: .lower, kind: .amount, unit: "ΔE00", "colour difference to the target at the end"),
        D("region_de00", better: .lower, kind: .amount, unit: "ΔE00",
          "colour difference to the goal inside the region"),
        D("perceived_final_de00", better: .lower, kind: .amount, unit: "ΔE00",
          "the colour difference at the end as the person saw it (with perceptual noise)"),
        D("clipped_fraction", better: .lower, kind: .amount, unit: "share", "share of pixels clipped at the end"),
        D("title_looks_tappable", better: .lower, kind: .amount, unit: "share",
          "how tappable the (untappable) title looked to the person"),
        D("target_looks_tappable", better: .higher, kind: .amount, unit: "share",
          "how tappable the control that does the task looked to the person"),
        D("hit_wall", better: .lower, kind: .outcome, "the list ran into its end"),
        D("goal_distance_pt", better: .lower, kind: .amount, unit: "pt", "how far from the goal the list came to rest"),
    ]

    /// How long things took.
    static let times: [D] = [
        D("time_to_effect_s", better: .lower, kind: .time, unit: "s",
          "until the goal was reached (censored at the time limit when it was not)"),
        D("time_to_done_s", better: .lower, kind: .time, unit: "s", "until the person stopped, goal reached or not"),
        D("convergence_s", better: .lower, kind: .time, unit: "s", "until the colour first came within the threshold"),
        D("refinement_s", better: .lower, kind: .time, unit: "s", "from first coming close to the end"),
        D("refine_s", better: .lower, kind: .time, unit: "s", "spent adjusting after the effect was found"),
        D("effect_found_s", better: .lower, kind: .time, unit: "s", "until the right effect was applied"),
        D("first_touch_s", better: .lower, kind: .time, unit: "s", "until the first touch"),
        D("first_stroke_s", better: .lower, kind: .time, unit: "s", "until the first brush stroke"),
        D("correction_time_s", better: .lower, kind: .time, unit: "s", "spent correcting a wrong landing"),
        D("settle_time_s", better: .lower, kind: .time, unit: "s", "until the thrown window came to rest"),
        D("tap_latency_s", better: .lower, kind: .time, unit: "s", "from lift to the tap's action"),
        D("pan_start_latency_s", better: .lower, kind: .time, unit: "s",
          "from touch down until the drag began to move"),
        D("pause_latency_s", better: .lower, kind: .time, unit: "s", "from stopping until the pause was recognised"),
    ]

    /// Things that went wrong.
    static let errors: [D] = [
        D("wrong_grabs", better: .lower, kind: .count, "drags that grabbed the wrong control"),
        D("missed_grabs", better: .lower, kind: .count, "drags that grabbed nothing"),
        D("missed_taps", better: .lower, kind: .count, "taps that hit nothing"),
        D("missed_tap", better: .lower, kind: .outcome, "a tap meant for the control missed it"),
        D("mis_tap", better: .lower, kind: .count, "taps that chose the wrong filter"),
        D("wrong_control_tries", better: .lower, kind: .count, "tries with a control that could not help"),
        D("wrong_filter_applied", better: .lower, kind: .count, "wrong filters applied"),
        D("wrong_action", better: .lower, kind: .outcome, "a tap did something the person did not mean"),
        D("wrong_row", better: .lower, kind: .outcome, "the drag moved a row other than the one meant"),
        D("axis_errors", better: .lower, kind: .count, "drags along the wrong axis of a two-axis control"),
        D("region_errors", better: .lower, kind: .count, "drags in the wrong region of the photo"),
        D("dead_taps", better: .lower, kind: .count, "taps on things that do nothing"),
        D("label_taps", better: .lower, kind: .count, "taps on the untappable title"),
        D("label_tapped", better: .lower, kind: .outcome, "the person tapped the untappable title"),
        D("accidental_capture", better: .lower, kind: .outcome, "a system gesture took a touch meant for the app"),
        D("system_taken", better: .lower, kind: .outcome, "the system gesture ran instead of the control"),
        D("system_held", better: .lower, kind: .outcome, "the system held the touch before passing it on"),
        D("single_read_as_double", better: .lower, kind: .outcome, "a single tap was read as a double tap"),
        D("double_read_as_taps", better: .lower, kind: .outcome, "a double tap was read as two taps"),
        D("zoom_missed", better: .lower, kind: .outcome, "a double tap meant to zoom did not"),
        D("zoom_button_missed", better: .lower, kind: .outcome, "a tap on the zoom button missed"),
        D("tap_read_as_pan", better: .lower, kind: .outcome, "a tap was read as the start of a drag"),
        D("drag_read_as_tap", better: .lower, kind: .outcome, "a drag was read as a tap"),
        D("drag_not_started", better: .lower, kind: .outcome, "a drag never began to move"),
        D("neighbour_activation", better: .lower, kind: .outcome, "a tap activated the neighbouring control"),
        D("tap_cancelled", better: .lower, kind: .outcome, "a tap was cancelled by moving"),
        D("cancel_failed", better: .lower, kind: .outcome, "sliding off to cancel a tap did not cancel it"),
        D("missed_pause", better: .lower, kind: .outcome, "a meant pause was not recognised"),
        D("false_pause", better: .lower, kind: .outcome, "a slow movement was read as a pause"),
        D("warning_backoffs", better: .lower, kind: .count, "times the person backed off after a clipping warning"),
        D("overshoots", better: .lower, kind: .count, "scrolls that went past the goal"),
        D("wall_hits", better: .lower, kind: .count, "times the list ran into its end"),
        D("ignored_touches", better: .lower, kind: .count, "touches the window ignored while in flight"),
    ]

    /// How much the person did: less work is better (a gate's `worse: higher` on drags or strokes says
    /// the same), except what measures the engine or the design rather than the person.
    static let effort: [D] = [
        D("touches", better: .lower, kind: .count, "touches in the trial"),
        D("taps", better: .lower, kind: .count, "taps in the trial"),
        D("attempts", better: .lower, kind: .count, "attempts until done"),
        D("control_switches", better: .lower, kind: .count, "changes from one control to another"),
        D("drags", better: .lower, kind: .count, "drags"),
        D("plane_drags", better: .lower, kind: .count, "drags on a two-axis plane"),
        D("explorations", better: .lower, kind: .count, "drags made to learn what a control does"),
        D("corrected_drags", better: .lower, kind: .count,
          "drags corrected before lifting once the person saw what they did (taken back, or carried on)"),
        D("corrections", better: .lower, kind: .count, "drags that moved the window again after it landed"),
        D("throws", better: .lower, kind: .count, "throws of the window"),
        D("caught_in_flight", better: .neither, kind: .count, "times the window was caught while moving"),
        D("scrolls", better: .lower, kind: .count, "scrolls"),
        D("swipes", better: .lower, kind: .count, "swipes"),
        D("flicks", better: .lower, kind: .count, "flicks"),
        D("long_swipes", better: .lower, kind: .count, "long swipes"),
        D("catches", better: .lower, kind: .count, "times a moving list was caught"),
        D("cards_opened", better: .lower, kind: .count, "effect cards opened"),
        D("applications", better: .lower, kind: .count, "filters applied"),
        D("strokes", better: .lower, kind: .count, "brush strokes"),
        D("erases", better: .lower, kind: .count, "erasing strokes"),
        D("zooms", better: .lower, kind: .count, "zooms"),
        D("taps_to_brush", better: .lower, kind: .count, "taps until the brush was chosen"),
        D("captures", better: .lower, kind: .count, "touches the system gesture captured"),
        D("renders", better: .neither, kind: .count, "renders of the photo (the engine's work, not the person's)"),
        D("filters", better: .neither, kind: .count, "filters on offer"),
        D("travel_mm", better: .lower, kind: .amount, unit: "mm", "how far the finger travelled"),
    ]

    /// How the person moved: descriptions, not goals.
    static let movement: [D] = [
        D("release_speed_pt_s", better: .neither, kind: .amount, unit: "pt/s", "finger speed at release"),
        D("velocity_error_pt_s", better: .lower, kind: .amount, unit: "pt/s",
          "error of the release velocity the recogniser measured"),
        D("speed_error_pt_s", better: .lower, kind: .amount, unit: "pt/s", "error of the measured release speed"),
        D("first_travel_pt", better: .neither, kind: .amount, unit: "pt", "how far the first throw carried"),
        D("drag_distance_pt", better: .neither, kind: .amount, unit: "pt", "how far the window was dragged"),
        D("overshoot_pt", better: .lower, kind: .amount, unit: "pt", "how far past its goal the object went"),
        D("landing_offset_pt", better: .neither, kind: .amount, unit: "pt", "where the finger landed from the centre"),
        D("position_error_pt", better: .lower, kind: .amount, unit: "pt",
          "where the dragged row ended from where meant"),
        D("lag_pt", better: .lower, kind: .amount, unit: "pt", "how far the row lagged behind the finger"),
        D("slide_peak_speed_pt_s", better: .neither, kind: .amount, unit: "pt/s", "peak speed of the slide"),
        D("stop_distance_pt", better: .neither, kind: .amount, unit: "pt", "distance of a slide that stops"),
        D("crawl_speed_pt_s", better: .neither, kind: .amount, unit: "pt/s", "speed of a slow, hesitant movement"),
        D("start_de00", better: .neither, kind: .amount, unit: "ΔE00", "colour difference to the target at the start"),
        D("believed_carry_s", better: .neither, kind: .time, unit: "s",
          "how long the person believed a flick carries, at the end of the trial"),
    ]

    /// Which branch a trial took.
    static let bookkeeping: [D] = [
        D("session_trial", better: .neither, kind: .bookkeeping, "the trial's place in its session"),
        D("meant_tap", better: .neither, kind: .bookkeeping, "1 when the person meant a tap, 0 a drag or slide"),
        D("meant_pause", better: .neither, kind: .bookkeeping, "1 when the person meant a pause"),
        D("chosen_effect", better: .neither, kind: .bookkeeping, "which effect the person chose"),
        D("first_throw_flick", better: .neither, kind: .bookkeeping, "1 when the first throw was a flick"),
        D("returned_to_start", better: .neither, kind: .bookkeeping, "1 when the window came back to its start"),
    ]
}
