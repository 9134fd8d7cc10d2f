import Foundation
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// An aimed drag (a finger pressed on the glass that must stop on a target) is
/// slower than a tap at the same index of difficulty, and a swipe (which stops
/// on nothing) is faster than both; the drag follows the tap's law, scaled.
@Suite("Finger laws: tap, aimed drag, swipe")
struct FingerLawsTests {
    let people = (0..<20).map { Population(participants: 20).participant($0, seed: 11) }

    @Test("for every person and index of difficulty: swipe < tap < aimed drag")
    func ordering() {
        for person in people {
            for id in stride(from: 0.5, through: 7, by: 0.5) {
                let distance = pow(2, id) - 1
                let tap = FittsLaw.tap(person).movementTime(distance: distance, width: 1)
                let drag = FittsLaw.aimedDrag(person).movementTime(distance: distance, width: 1)
                let swipe = FittsLaw.swipe(person).movementTime(distance: distance, width: 1)
                #expect(swipe < tap && tap < drag, "ID \(id)")
                #expect(abs(drag - person["motor.drag_tap_time_ratio"] * tap) < 1e-12)
            }
        }
    }

    @Test("a knob drag to a target takes longer than a tap on it, over the same distance")
    func knobDragSlowerThanTap() {
        let pad = DeviceCatalog.configuration(named: "ipad-9.7-landscape")!
        var p = people[0]
        p.values["motor.timing_cv"] = 0
        var g = SeededGenerator(seed: 5)
        let start = Point(200, 300), target = Rect(x: 500, y: 290, width: 20, height: 20)
        let tap = Tapper(participant: p).tap(target, from: start, startTime: 0, on: pad, using: &g)
        let drag = KnobDragger(participant: p).submovement(
            from: start, to: target.center, tolerance: target.width, on: pad, using: &g)
        #expect(drag.duration > tap.movementTime)
    }
}
