import Foundation
import Interaction
import Randomness

/// Straight tunnels of length A and width W (mm), each practised until the person
/// settles on a speed (Accot & Zhai 1997's steering task; `Steerer`).
///
/// Measures, per tunnel (named by `a_over_w` = A/W, so no two tunnels may share
/// a ratio): `time_s` (mean duration of the settled clean passes) and
/// `error_rate` (share of settled passes that left the tunnel).
public struct TunnelSteering: ReplicationTask {
    public var device: DeviceConfiguration
    public var lengths: [Double]
    public var widths: [Double]

    public init(device: DeviceConfiguration, lengths: [Double], widths: [Double]) {
        self.device = device; self.lengths = lengths; self.widths = widths
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        for a in lengths {
            for w in widths {
                let condition = ["a_over_w": Observations.level(a / w)]
                for (k, person) in people.enumerated() {
                    var g = SeededGenerator(seed: seed, label: "tunnel-steering/\(a / w)/\(k)")
                    let steerer = Steerer(participant: person)
                    let settled = steerer.practisedDuration(
                        length: a, width: w, fastestMMPerS: steerer.fastest(on: device), using: &g)
                    seen.record("time_s", condition, settled.duration)
                    seen.record("error_rate", condition, settled.errorRate)
                }
            }
        }
        return seen
    }
}
