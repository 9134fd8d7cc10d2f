import Foundation
import Interaction
import Randomness

/// Moving to a target and tapping it against dragging an object onto it, from the
/// same start, over the same distances and target widths (MacKenzie, Sellen &
/// Buxton 1991). Pointing is a `Tapper` tap; dragging is a `KnobDragger` drag
/// whose end must land inside the target.
///
/// Measures, per `action` (point, drag): `time_s` (mean movement time over the
/// distance × width conditions) and `error_rate` (share ending outside the target).
public struct PointOrDrag: ReplicationTask {
    public var device: DeviceConfiguration
    public var distances: [Double]
    public var widths: [Double]
    public var trials: Int

    public init(device: DeviceConfiguration, distances: [Double], widths: [Double], trials: Int = 10) {
        self.device = device; self.distances = distances; self.widths = widths; self.trials = trials
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        for action in ["point", "drag"] {
            for (k, person) in people.enumerated() {
                var g = SeededGenerator(seed: seed, label: "point-or-drag/\(action)/\(k)")
                var time = 0.0, misses = 0, count = 0
                for a in distances {
                    for w in widths {
                        let start = device.bounds.center - Vector2(device.points(millimetres: a / 2), 0)
                        let side = device.points(millimetres: w)
                        let goal = start + Vector2(device.points(millimetres: a), 0)
                        let target = Rect(x: goal.x - side / 2, y: goal.y - side / 2, width: side, height: side)
                        for _ in 0..<trials {
                            let (t, end) = move(person, action: action, from: start, to: target, using: &g)
                            time += t
                            if !target.contains(end) { misses += 1 }
                            count += 1
                        }
                    }
                }
                seen.record("time_s", ["action": action], time / Double(count))
                seen.record("error_rate", ["action": action], Double(misses) / Double(count))
            }
        }
        return seen
    }

    func move<G: RandomNumberGenerator>(_ person: Participant, action: String, from start: Point, to target: Rect,
                                        using g: inout G) -> (Double, Point) {
        if action == "point" {
            let tap = Tapper(participant: person).tap(target, from: start, startTime: 0, on: device, using: &g)
            return (tap.movementTime, tap.landing)
        }
        let stream = KnobDragger(participant: person)
            .drag(from: start, to: target.center, tolerance: target.width, startTime: 0, on: device, using: &g)
        let last = stream.samples.last!
        return (last.time - stream.samples.first!.time, last.location)
    }
}
