import Foundation
import Interaction
import Randomness

/// Discrete taps on a square target until it is hit (Parhi et al. 2006; Park & Han
/// 2010; target-to-edge gaps, Usuba et al. 2023). The finger starts `distance`
/// millimetres above the target; a miss is seen after one perceptual cycle and the
/// person taps again from where the finger landed, up to `attempts` taps. The screen
/// reports a finger that overhangs its edge at the edge (`Glass`); one wholly off
/// the glass is a miss. With `gaps` the
/// target sits that far above the screen's bottom edge; without, mid-screen.
///
/// With `circular` the target is a disc of that diameter (Yamanaka et al. 2023), not a square.
///
/// Measures, per size (and gap): `error_rate` (share of first taps that miss),
/// `success_rate` (its complement), `time_s` (start to the hit, or to the last
/// attempt), `first_tap_s` (start to the first tap's lift, hit or miss) and
/// `offset_mm` (how far the first tap, as the screen reports it, lands from the
/// target's centre).
public struct TargetTapping: ReplicationTask {
    public var device: DeviceConfiguration
    public var sizes: [Double]
    public var gaps: [Double]?
    public var distance: Double
    public var taps: Int
    public var attempts: Int
    public var circular: Bool

    public init(device: DeviceConfiguration, sizes: [Double], gaps: [Double]? = nil, distance: Double = 30,
                taps: Int = 30, attempts: Int = 4, circular: Bool = false) {
        self.device = device; self.sizes = sizes; self.gaps = gaps
        self.distance = distance; self.taps = taps; self.attempts = attempts; self.circular = circular
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        for size in sizes {
            for gap in gaps ?? [.nan] {
                var condition = ["size_mm": Observations.level(size)]
                if !gap.isNaN { condition["gap_mm"] = Observations.level(gap) }
                for (k, person) in people.enumerated() {
                    // Common random numbers across conditions: differences are the conditions'.
                    var g = SeededGenerator(seed: seed, label: "target-tapping/\(k)")
                    let taps = run(person, size: size, gap: gap, using: &g)
                    seen.record("error_rate", condition, taps.misses)
                    seen.record("success_rate", condition, 1 - taps.misses)
                    seen.record("time_s", condition, taps.time)
                    seen.record("first_tap_s", condition, taps.firstTap)
                    seen.record("offset_mm", condition, taps.offset)
                }
            }
        }
        return seen
    }

    /// One person's taps at one size and gap, as means over the taps.
    struct Taps {
        /// The share of first taps that missed.
        var misses: Double
        /// Time to the hit (or to the last attempt's lift), and of the first tap alone (seconds).
        var time: Double, firstTap: Double
        /// Distance of the first tap's reported point from the target's centre (millimetres).
        var offset: Double
    }

    func run<G: RandomNumberGenerator>(_ person: Participant, size: Double, gap: Double, using g: inout G) -> Taps {
        let screen = device.bounds
        let side = device.points(millimetres: size)
        let bottom = gap.isNaN ? screen.center.y + side / 2 : screen.height - device.points(millimetres: gap)
        let target = Rect(x: screen.center.x - side / 2, y: bottom - side, width: side, height: side)
        let start = target.center - Vector2(0, device.points(millimetres: distance))
        let tapper = Tapper(participant: person)
        var misses = 0, total = 0.0, firstTaps = 0.0, offsets = 0.0
        for _ in 0..<taps {
            var finger = start, time = 0.0
            for attempt in 0..<attempts {
                let tap = tapper.tap(target, from: finger, startTime: 0, on: device, using: &g)
                time += tap.movementTime + person["motor.tap_hold_s"]
                let fromCentre = (tap.landing - target.center).length
                if attempt == 0 {
                    firstTaps += time
                    offsets += device.millimetres(fromCentre)
                }
                let onTarget = circular ? fromCentre <= side / 2 : target.contains(tap.landing)
                let hit = screen.contains(tap.landing) && onTarget
                if hit { break }
                if attempt == 0 { misses += 1 }
                time += person["perception.cycle_s"]
                finger = tap.contact
            }
            total += time
        }
        let n = Double(taps)
        return Taps(misses: Double(misses) / n, time: total / n, firstTap: firstTaps / n, offset: offsets / n)
    }
}
