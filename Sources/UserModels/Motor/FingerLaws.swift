/// A person's Fitts laws for the ways a finger goes to a place, read from the
/// catalogue in one place so that every motor model moves the same finger.
extension FittsLaw {
    /// Lifting the finger and tapping a target (`motor.fitts_a_s`, `motor.fitts_b_s_per_bit`).
    public static func tap(_ p: Participant) -> FittsLaw {
        FittsLaw(intercept: p["motor.fitts_a_s"], slope: p["motor.fitts_b_s_per_bit"])
    }

    /// Sliding the finger on the glass to end on a target: a slider's thumb, a
    /// knob, a tunnel's far end. The tap's law slowed by `motor.drag_tap_time_ratio`:
    /// a finger pressed on the glass drags against friction and must stop on the
    /// target, so an aimed drag is slower than a tap (Cockburn, Ahlström & Gutwin
    /// 2012; Asakawa et al. 2017) and far slower than a swipe (Jeong & Liu 2017).
    public static func aimedDrag(_ p: Participant) -> FittsLaw {
        let ratio = p["motor.drag_tap_time_ratio"]
        return FittsLaw(intercept: ratio * p["motor.fitts_a_s"], slope: ratio * p["motor.fitts_b_s_per_bit"])
    }

    /// Swiping content along, where nothing has to stop on a target but the
    /// content (`motor.drag_a_s`, `motor.drag_b_s_per_bit`: Cogulator's swipe law).
    public static func swipe(_ p: Participant) -> FittsLaw {
        FittsLaw(intercept: p["motor.drag_a_s"], slope: p["motor.drag_b_s_per_bit"])
    }
}
