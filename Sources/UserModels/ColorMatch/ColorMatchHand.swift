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
    /// screens (a touch jumps the thumb to the finger). While it moves they watch
    /// the patch (`watching`: how they see it) and go back to where it looked
    /// closest to the target, if that was clearly closer than the last look
    /// (`KnobDragger.watchedDrag`); nil: a drag to put a thumb back, aimed at a place.
    /// Advances `clock` and `finger`; whether the drag was taken back while watching, or nil when the sensor saw
    /// no gesture (nothing was delivered).
    func drag<E: ColorMatchEnvironment, G: RandomNumberGenerator>(
        _ control: ColorMatchControl, to goal: Point, tolerance: Double, watching perception: ColorPerception?,
        _ env: inout E, clock: inout Double, finger: inout Point,
        using g: inout G
    ) -> Bool? {
        clock += Tapper(participant: participant).reachTime(from: finger, to: control.thumb, size: 44, on: device)
        let down = touchDown(control, using: &g)
        let dragger = KnobDragger(participant: participant)
        let sensed: TouchStream?, corrected: Bool
        if let perception {
            let screen = env, target = env.target
            let drag = dragger.watchedDrag(
                from: down, to: goal, tolerance: tolerance, startTime: clock,
                margin: participant["perception.jnd_de00"], on: device, sensor: sensor,
                look: { touches, g in
                    var midway = screen
                    midway.perform(touches)
                    return perception.compare(current: midway.current, target: target, using: &g).deltaE00
                }, using: &g)
            (finger, clock, sensed, corrected) = (drag.lift.location, drag.lift.time, drag.sensed, drag.corrected)
        } else {
            let drag = dragger.drag(from: down, to: goal, tolerance: tolerance, startTime: clock, on: device, using: &g)
            (finger, clock) = (drag.end.location, drag.end.time)
            (sensed, corrected) = (sensor.sense(FingerPath(drag), using: &g), false)
        }
        guard let sensed else { return nil }
        env.perform(sensed)
        return corrected
    }
}
