import Foundation
import Interaction

/// A painting stroke as a finger makes it: through the centres of the patches
/// to paint, row by row and back and forth (rubbing), at the speed the person
/// settles on for steering through patches of that size (`Steerer`), with the
/// sideways wobble of a steered finger and a noisy touch-down (`TouchLanding`).
struct StrokeMotor {
    let participant: Participant

    /// The patches' centres (screen points) in rubbing order: rows top to bottom,
    /// alternate rows right to left.
    static func order(_ patches: [PaintPerception.Patch]) -> [PaintPerception.Patch] {
        let rows = Dictionary(grouping: patches, by: \.row)
        return rows.keys.sorted().flatMap { r in
            let row = rows[r]!.sorted { $0.column < $1.column }
            return r % 2 == 0 ? row : row.reversed()
        }
    }

    /// Waypoints that cover each patch (centres in rubbing order, `patch` points
    /// wide) with a brush of `brushRadius` points: a patch wider than the brush
    /// is crossed in lines a brush width apart, back and forth.
    static func cover(_ centres: [Point], patch: Double, brushRadius: Double) -> [Point] {
        let lines = max(1, Int((patch / max(2 * brushRadius, 1)).rounded(.up)))
        guard lines > 1 else { return centres }
        return centres.flatMap { c in
            (0..<lines).flatMap { j -> [Point] in
                let y = c.y - patch / 2 + (Double(j) + 0.5) * patch / Double(lines)
                let a = Point(c.x - patch / 2 + brushRadius, y), b = Point(c.x + patch / 2 - brushRadius, y)
                return j % 2 == 0 ? [a, b] : [b, a]
            }
        }
    }

    /// The finger's samples (screen points, at `Steerer.rate`) along `waypoints`
    /// through patches `patch` points wide, and the stroke's duration.
    func path<G: RandomNumberGenerator>(
        through waypoints: [Point], patch: Double, on device: DeviceConfiguration,
        using g: inout G
    ) -> (points: [Point], duration: Double) {
        var way = waypoints
        // A single patch is rubbed across once.
        if way.count == 1 { way = [way[0] - Vector2(patch / 2, 0), way[0] + Vector2(patch / 2, 0)] }
        var lengths: [Double] = [0]
        for i in 1..<way.count { lengths.append(lengths[i - 1] + way[i - 1].distance(to: way[i])) }
        let total = max(lengths.last!, 1)
        let steerer = Steerer(participant: participant)
        let lengthMM = device.millimetres(total), widthMM = max(0.5, device.millimetres(patch))
        let fastest = device.millimetres(participant["motor.drag_speed_pt_s"])
        let duration = steerer.practisedDuration(
            length: lengthMM, width: widthMM, fastestMMPerS: fastest, passes: 20, using: &g
        ).duration
        let lateral = steerer.lateralPath(length: lengthMM, duration: duration, using: &g)
        let landing =
            TouchLanding(participant: participant).land(
                aim: way[0], target: Size(width: patch, height: patch), on: device, using: &g) - way[0]
        var segment = 1
        var out: [Point] = [way[0] + landing]
        for (k, side) in lateral.enumerated() {
            let s = total * MinimumJerk.progress(min(1, Double(k + 1) / Steerer.rate / duration))
            while segment < way.count - 1 && lengths[segment] < s { segment += 1 }
            let a = way[segment - 1], b = way[segment], len = max(1e-9, lengths[segment] - lengths[segment - 1])
            let t = min(max((s - lengths[segment - 1]) / len, 0), 1)
            let dir = (b - a).length > 0 ? (b - a).normalized : Vector2(1, 0)
            let normal = Vector2(-dir.y, dir.x)
            out.append(a + (b - a) * t + normal * device.points(millimetres: side) + landing)
        }
        return (out, duration)
    }
}
