import Foundation
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A painting stroke's lines are steered as a tunnel is steered in the steering-law check: as wide as the
/// room each line leaves before the brush reaches past the rows being rubbed, never faster than the
/// person's fastest flick.
@Suite("Stroke motor")
struct StrokeMotorTests {
    let device = DeviceCatalog.configuration(named: "ipad-9.7-landscape")!
    var person: Participant { Population(participants: 1, expertFraction: 0).participant(0, seed: 3) }

    /// Rows of patches `patch` points apart, `count` of them, each `length` points long, rubbed back and forth.
    func rows(_ count: Int, patch: Double = 30, length: Double = 300) -> [Point] {
        (0..<count).flatMap { r -> [Point] in
            let y = 100 + Double(r) * patch, a = Point(100, y), b = Point(100 + length, y)
            return r % 2 == 0 ? [a, b] : [b, a]
        }
    }

    @Test("the outermost lines are one patch wide; a middle line has a patch plus twice its distance to the edge")
    func roomOfTheLines() {
        let runs = StrokeMotor.runs(rows(5), patch: 30)
        let lines = runs.filter { abs($0.from.y - $0.to.y) < 1e-9 }
        #expect(lines.count == 5)
        #expect(lines.map(\.width) == [30, 90, 150, 90, 30])
        // The steps between rows are steered as narrowly as a patch.
        #expect(runs.filter { abs($0.from.y - $0.to.y) > 1e-9 }.allSatisfy { $0.width == 30 })
        // Patches side by side in one row are one line, not one run each.
        let row = (0..<6).map { Point(100 + Double($0) * 30, 100) }
        #expect(StrokeMotor.runs(row, patch: 30).count == 1)
    }

    @Test("a line with room is rubbed faster than an edge line of the same length; one row is as narrow as a patch")
    func roomMakesItFaster() {
        let motor = StrokeMotor(participant: person)
        var g1 = SeededGenerator(seed: 7), g2 = SeededGenerator(seed: 7)
        let oneRow = motor.path(through: rows(1), patch: 30, on: device, using: &g1).duration
        let nine = motor.path(through: rows(9), patch: 30, on: device, using: &g2).duration
        // Nine rows with their eight steps: more than the one row, but less than nine times it,
        // because the middle lines are steered with more room.
        #expect(nine > oneRow)
        #expect(nine < 9 * oneRow, "nine rows \(nine) s against one row \(oneRow) s")
    }

    @Test("no line is rubbed faster than the person's fastest flick, the steering check's bound")
    func neverFasterThanTheFastestFlick() {
        let motor = StrokeMotor(participant: person)
        var g = SeededGenerator(seed: 11)
        let way = rows(12, patch: 40, length: 600)
        let (points, duration) = motor.path(through: way, patch: 40, on: device, using: &g)
        var length = 0.0
        for i in 1..<way.count { length += way[i - 1].distance(to: way[i]) }
        let fastest = Steerer(participant: person).fastest(on: device)
        // A minimum-jerk line averages its peak over 1.875.
        #expect(device.millimetres(length) / duration <= fastest / 1.875 * 1.0001)
        #expect(points.count == Int((duration * Steerer.rate).rounded(.up)) + 1)
    }

    /// A stroke's lines are steered at the speed the tunnel allows, whatever the staircase starts from:
    /// an aimed drag 1.0 or 2.7 times a tap's time changes a five-row stroke's mean time by under 10 %
    /// (with the 20 passes painting used before 2026-12-04, by 30 %: 3.33 s against 4.34 s).
    @Test("a stroke's time comes from the tunnel, not from where the staircase starts")
    func strokeTimeDoesNotDependOnTheStart() {
        var slow = person, fast = person
        slow.values["motor.drag_tap_time_ratio"] = 2.7
        fast.values["motor.drag_tap_time_ratio"] = 1.0
        var times: [Double] = []
        for p in [fast, slow] {
            var total = 0.0
            for seed in UInt64(1)...20 {
                var g = SeededGenerator(seed: seed)
                total += StrokeMotor(participant: p).path(through: rows(5), patch: 30, on: device, using: &g).duration
            }
            times.append(total / 20)
        }
        #expect(abs(times[1] / times[0] - 1) < 0.1, "mean stroke time \(times[0]) s at ratio 1, \(times[1]) s at 2.7")
    }
}
