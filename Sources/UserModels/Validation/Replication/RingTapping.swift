import Foundation
import Interaction
import Randomness

/// ISO 9241-9 reciprocal tapping, one-directional (two tall strips, taps back and
/// forth) or multidirectional (13 round targets on a ring, each tap across it),
/// as MacKenzie 2015 ran it on a phone. The finger is carried from landing to
/// landing. Effective width W_e = 4.133·SD of the landings along the task axis,
/// effective distance A_e the mean movement, throughput the mean over the
/// amplitude × width conditions of log2(A_e / W_e + 1) / MT (MacKenzie's method).
///
/// Measures, per dimension (`dims` 1 or 2): `throughput` (bit/s); and
/// `pooled_throughput`, the mean over the dimensions (as MacKenzie's grand mean).
public struct RingTapping: ReplicationTask {
    public var device: DeviceConfiguration
    public var amplitudes: [Double]
    public var widths: [Double]
    public var dimensions: [Int]
    public var taps: Int

    public init(device: DeviceConfiguration, amplitudes: [Double], widths: [Double], dimensions: [Int] = [2],
                taps: Int = 26) {
        self.device = device; self.amplitudes = amplitudes; self.widths = widths
        self.dimensions = dimensions; self.taps = taps
    }

    /// One amplitude × width condition: effective index of difficulty and mean movement time.
    public struct Sequence: Sendable {
        public var effectiveID: Double
        public var movementTime: Double
        public var throughput: Double { effectiveID / movementTime }
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        var pooled = Array(repeating: 0.0, count: people.count)
        for dims in dimensions {
            for (k, person) in people.enumerated() {
                var g = SeededGenerator(seed: seed, label: "ring-tapping/\(dims)/\(k)")
                var sum = 0.0
                for a in amplitudes {
                    for w in widths {
                        sum += sequence(person, amplitude: a, width: w, dims: dims, using: &g).throughput
                    }
                }
                let throughput = sum / Double(amplitudes.count * widths.count)
                seen.record("throughput", ["dims": String(dims)], throughput)
                pooled[k] += throughput / Double(dimensions.count)
            }
        }
        for value in pooled { seen.record("pooled_throughput", [:], value) }
        return seen
    }

    /// One sequence of `taps` taps at amplitude `a` and width `w` (mm).
    public func sequence<G: RandomNumberGenerator>(_ person: Participant, amplitude a: Double, width w: Double,
                                                   dims: Int, using g: inout G) -> Sequence {
        let radius = device.points(millimetres: a / 2), size = device.points(millimetres: w)
        let center = device.bounds.center
        // A 1-D target is a strip as tall as the screen allows; its height never limits a landing.
        let height = dims == 1 ? device.points(millimetres: max(40, 8 * w)) : size
        let order = (0..<13).map { ($0 * 7) % 13 }   // ISO order: across the circle
        func target(_ k: Int) -> Point {
            if dims == 1 { return center + Vector2(k % 2 == 0 ? -radius : radius, 0) }
            let angle = Double(order[k % 13]) * 2 * .pi / 13
            return center + Vector2(cos(angle), sin(angle)) * radius
        }
        let tapper = Tapper(participant: person)
        var finger = target(0)
        var projections: [Double] = [], distances: [Double] = [], times: [Double] = []
        for k in 1...taps {
            let from = target(k - 1), to = target(k)
            let rect = Rect(x: to.x - size / 2, y: to.y - height / 2, width: size, height: height)
            let tap = tapper.tap(rect, from: finger, startTime: 0, on: device, using: &g)
            let axis = (to - from).normalized
            projections.append(device.millimetres((tap.landing - to).dot(axis)))
            distances.append(device.millimetres(tap.landing.distance(to: finger)))
            times.append(tap.movementTime)
            finger = tap.landing
        }
        let n = Double(projections.count)
        let mean = projections.reduce(0, +) / n
        let sd = (projections.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        let ae = distances.reduce(0, +) / Double(distances.count)
        return Sequence(effectiveID: log2(ae / (4.133 * sd) + 1),
                        movementTime: times.reduce(0, +) / Double(times.count))
    }
}
