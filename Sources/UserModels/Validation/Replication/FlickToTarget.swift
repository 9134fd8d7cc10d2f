import Foundation
import Interaction
import Randomness

/// Flicking an object to a round target (Reetz et al. 2006's Flick; Moyle &
/// Cockburn 2002's flick directions): the person plans a flick with `Thrower`
/// (release speed for the believed carry, aim and speed noise), lets go at the
/// path's midpoint, and the object glides on with the platform's deceleration
/// (`project`, UIKit's normal rate). The technique offers only flicks, so the
/// person's prior for dragging is set to nothing.
///
/// Measures, per `size_mm` and `direction` (up, down, left, right):
/// `success_rate` (share of flicks coming to rest inside the target) and
/// `duration_s` (finger contact to release).
public struct FlickToTarget: ReplicationTask {
    public var device: DeviceConfiguration
    public var sizes: [Double]
    public var distance: Double
    public var directions: [String]
    public var flicks: Int

    public static let directionNames = ["up", "down", "left", "right"]

    public init(device: DeviceConfiguration, sizes: [Double], distance: Double, directions: [String] = ["right"],
                flicks: Int = 20) {
        self.device = device; self.sizes = sizes; self.distance = distance
        self.directions = directions; self.flicks = flicks
    }

    static func unit(_ direction: String) -> Vector2 {
        switch direction {
        case "up": Vector2(0, -1)
        case "down": Vector2(0, 1)
        case "left": Vector2(-1, 0)
        default: Vector2(1, 0)
        }
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        for size in sizes {
            for direction in directions {
                let condition = ["size_mm": Observations.level(size), "direction": direction]
                for (k, person) in people.enumerated() {
                    // Common random numbers across conditions: differences are the conditions'.
                    var g = SeededGenerator(seed: seed, label: "flick-to-target/\(k)")
                    let (hits, duration) = run(person, size: size, direction: direction, using: &g)
                    seen.record("success_rate", condition, hits)
                    seen.record("duration_s", condition, duration)
                }
            }
        }
        return seen
    }

    func run<G: RandomNumberGenerator>(_ person: Participant, size: Double, direction: String,
                                       using g: inout G) -> (Double, Double) {
        var experience = ThrowingExperience(participant: person)
        experience.landed[.drag] = 1e-3
        experience.missed[.drag] = 1e9
        let unit = Self.unit(direction)
        let start = device.bounds.center - unit * (device.points(millimetres: distance) / 2)
        let goal = start + unit * device.points(millimetres: distance)
        let radius = device.points(millimetres: size) / 2
        var hits = 0, duration = 0.0
        for _ in 0..<flicks {
            let thrower = Thrower(participant: person, experience: experience)
            let plan = thrower.plan(from: start, toward: goal, using: &g)
            let path = thrower.path(for: plan, grabbingAt: start, startTime: 0)
            let heading = Vector2(cos(plan.direction), sin(plan.direction))
            let release = path.position(at: path.lift)
            let glide = plan.style == .flick ? project(velocity: plan.peakSpeed, decelerationRate: .normal) : 0
            let rest = release + heading * glide
            if rest.distance(to: goal) <= radius { hits += 1 }
            duration += path.lift - path.contact
        }
        return (Double(hits) / Double(flicks), duration / Double(flicks))
    }
}
