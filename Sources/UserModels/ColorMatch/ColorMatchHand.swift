import Foundation
import Interaction

/// The colour matcher's hand: it reaches for a control's thumb, touches down
/// where a finger aimed at that thumb lands (`KnobDragger.touchDown`, the tap's
/// dual-Gaussian scatter), drags to a point and delivers what the touch sensor
/// saw. What the touch grabbed — the control meant, another, or nothing — is
/// the screen's to decide; the person finds out by looking (`ThumbMoved`).
struct ColorMatchHand {
    let participant: Participant
    let device: DeviceConfiguration
    let sensor: TouchSensor

    init(participant: Participant, device: DeviceConfiguration) {
        self.participant = participant; self.device = device; sensor = TouchSensor(device: device)
    }

    /// Where the finger touches down when aimed at `control`'s thumb: a slider's
    /// thumb offers the fingertip its track's thickness, a plane's the 44-pt target.
    func touchDown<G: RandomNumberGenerator>(_ control: ColorMatchControl, using g: inout G) -> Point {
        KnobDragger(participant: participant).touchDown(
            onThumb: control.thumb, size: KnobDragger.thumbSize(trackThickness: control.trackThickness),
            on: control.frame, device: device, using: &g)
    }

    /// Drags `control`'s thumb so the finger lifts at `goal`, aiming within
    /// `tolerance` points: the finger is brought where the thumb should end,
    /// because the person watches the thumb, drawn under the fingertip on these
    /// screens (a touch jumps the thumb to the finger). Advances `clock` and
    /// `finger`; false when the sensor saw no gesture (nothing was delivered).
    func drag<E: ColorMatchEnvironment, G: RandomNumberGenerator>(
        _ control: ColorMatchControl, to goal: Point, tolerance: Double,
        _ env: inout E, clock: inout Double, finger: inout Point,
        using g: inout G
    ) -> Bool {
        clock += Tapper(participant: participant).reachTime(from: finger, to: control.thumb, size: 44, on: device)
        let down = touchDown(control, using: &g)
        let drag = KnobDragger(participant: participant).drag(
            from: down, to: goal, tolerance: tolerance, startTime: clock, on: device, using: &g)
        finger = drag.end.location
        clock = drag.end.time
        let path = FingerPath(drag.samples.map { FingerPath.Waypoint(time: $0.time, location: $0.location) })
        guard let sensed = sensor.sense(path, using: &g) else { return false }
        env.perform(sensed)
        return true
    }
}
