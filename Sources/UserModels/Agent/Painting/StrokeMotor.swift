import Foundation
import Interaction

/// A painting stroke as a finger makes it: through the centres of the patches
/// to paint, row by row and back and forth (rubbing), each line at the speed the
/// person settles on for steering through the room it leaves (`Steerer`), with
/// the sideways wobble of a steered finger and a noisy touch-down (`TouchLanding`).
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
    ///
    /// Each straight run of the way (a row's line, or the step to the next row)
    /// is steered on its own, at the speed the person settles on for its width
    /// (`Steerer.practisedDuration`; Accot & Zhai 1997: steering time grows with
    /// length over the width the path leaves at each place). A run's width is the
    /// room its finger has before the brush would reach past the rows being rubbed:
    /// one patch for the outermost rows, a patch plus twice the distance to the
    /// nearer outermost row inside, so the middle of a large region is rubbed with
    /// room to spare and its edges as narrowly as one patch.
    func path<G: RandomNumberGenerator>(
        through waypoints: [Point], patch: Double, on device: DeviceConfiguration,
        using g: inout G
    ) -> (points: [Point], duration: Double) {
        var way = waypoints
        // A single patch is rubbed across once.
        if way.count == 1 { way = [way[0] - Vector2(patch / 2, 0), way[0] + Vector2(patch / 2, 0)] }
        let runs = Self.runs(way, patch: patch)
        let steerer = Steerer(participant: participant)
        // The same steering as the steering-law check and replication (`ValidationSuite.steering`), with its
        // default passes (60): 20 did not bring the staircase from its start (an aimed drag's time) to the
        // speed the tunnel allows, so a stroke's time depended on where the staircase began.
        let fastest = steerer.fastest(on: device)
        var planned: [(run: Run, start: Double, duration: Double, lateral: [Double])] = []
        var clock = 0.0
        for run in runs {
            let lengthMM = max(0.1, device.millimetres(run.from.distance(to: run.to)))
            let widthMM = max(0.5, device.millimetres(run.width))
            let duration = steerer.practisedDuration(
                length: lengthMM, width: widthMM, fastestMMPerS: fastest, using: &g
            ).duration
            let lateral = steerer.lateralPath(length: lengthMM, duration: duration, using: &g)
            planned.append((run, clock, duration, lateral))
            clock += duration
        }
        let landing =
            TouchLanding(participant: participant).land(
                aim: way[0], target: Size(width: patch, height: patch), on: device, using: &g) - way[0]
        var out: [Point] = [way[0] + landing]
        let samples = max(1, Int((clock * Steerer.rate).rounded(.up)))
        var r = 0
        for k in 1...samples {
            let t = min(clock, Double(k) / Steerer.rate)
            while r < planned.count - 1 && planned[r].start + planned[r].duration < t { r += 1 }
            let p = planned[r], a = p.run.from, b = p.run.to
            let local = min(max((t - p.start) / p.duration, 0), 1)
            let dir = (b - a).length > 0 ? (b - a).normalized : Vector2(1, 0)
            let normal = Vector2(-dir.y, dir.x)
            let side = p.lateral[min(p.lateral.count - 1, max(0, Int(((t - p.start) * Steerer.rate).rounded()) - 1))]
            out.append(a + (b - a) * MinimumJerk.progress(local) + normal * device.points(millimetres: side) + landing)
        }
        return (out, clock)
    }

    /// One straight piece of a stroke and the width the finger may wander across it, points.
    struct Run {
        var from: Point
        var to: Point
        var width: Double
    }

    /// The straight runs of `way`: consecutive waypoints joined, a horizontal run
    /// (a row's line) as wide as a patch plus twice its distance to the nearer of
    /// the outermost lines rubbed; a step between lines one patch wide.
    static func runs(_ way: [Point], patch: Double) -> [Run] {
        let top = way.map(\.y).min() ?? 0, bottom = way.map(\.y).max() ?? 0
        var out: [Run] = []
        for i in 1..<way.count where way[i] != way[i - 1] {
            let a = way[i - 1], b = way[i]
            let level = abs(a.y - b.y) < 1e-9
            let room = level ? 2 * min(a.y - top, bottom - a.y) : 0
            if level, let last = out.last, abs(last.to.y - a.y) < 1e-9, abs(last.from.y - a.y) < 1e-9,
                last.to == a, (last.to.x - last.from.x) * (b.x - a.x) > 0
            {
                // Patches side by side in a row are one line.
                out[out.count - 1].to = b
            } else {
                out.append(Run(from: a, to: b, width: patch + room))
            }
        }
        return out.isEmpty ? [Run(from: way[0], to: way[0] + Vector2(patch, 0), width: patch)] : out
    }
}
