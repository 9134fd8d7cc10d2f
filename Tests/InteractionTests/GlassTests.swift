import Foundation
import PropertyBased
import Testing
@testable import Interaction

/// The glass reports a contact at its centre, or at the nearest point of the
/// glass when the finger overhangs the edge (`Glass`).
@Suite("Glass: where the screen reports a contact at its edge")
struct GlassTests {
    static let glass = Glass(bounds: Rect(x: 0, y: 0, width: 390, height: 844))

    @Test("a contact centred on the glass is reported at its centre, even within a radius of the edge")
    func inside() {
        for p in [Point(200, 400), Point(2, 842), Point(0, 844)] {
            #expect(Self.glass.reported(contactAt: p, radius: 30) == p)
        }
    }

    @Test("a contact wholly off the glass is not seen")
    func outside() {
        #expect(Self.glass.reported(contactAt: Point(200, 875), radius: 30) == nil)
        #expect(Self.glass.reported(contactAt: Point(-25, -25), radius: 30) == nil)
    }

    @Test("a contact overhanging an edge or a corner is reported at the nearest point of the glass")
    func overhang() {
        #expect(Self.glass.reported(contactAt: Point(200, 864), radius: 30) == Point(200, 844))
        #expect(Self.glass.reported(contactAt: Point(-10, 100), radius: 30) == Point(0, 100))
        #expect(Self.glass.reported(contactAt: Point(400, 854), radius: 30) == Point(390, 844))
    }

    @Test("the touch sensor sees a finger overhanging the edge at the edge, and one wholly off the glass not at all")
    func sensor() throws {
        let device = Traces.phone, sensor = Traces.clean
        let radius = device.points(millimetres: TouchSensorParameters.ideal.contactDiameter / 2)
        let bottom = device.screenBounds.maxY
        var g = TestGenerator(seed: 7)
        let over = FingerPath.stationary(at: Point(100, bottom + radius / 2), from: 0, duration: 0.1)
        let seen = try #require(sensor.sense(over, using: &g))
        #expect(seen.samples.allSatisfy { $0.location == Point(100, bottom) })
        let off = FingerPath.stationary(at: Point(100, bottom + radius * 1.5), from: 0, duration: 0.1)
        #expect(sensor.sense(off, using: &g) == nil)
        // Without a glass (a sensor built from a density alone) every contact is seen where it is.
        let unbounded = TouchSensor(parameters: .ideal, pointsPerMillimetre: device.points(millimetres: 1))
        #expect(unbounded.sense(off, using: &g)?.start.location == Point(100, bottom + radius * 1.5))
    }

    @Test("what is seen is on the glass, within the patch, and nothing within the glass moves")
    func invariants() async {
        await propertyCheck(input: Gen.double(in: -60...450), Gen.double(in: -60...900), Gen.double(in: 0...40)) {
            x, y, r in
            let centre = Point(x, y)
            guard let seen = Self.glass.reported(contactAt: centre, radius: r) else {
                #expect(!Self.glass.bounds.contains(centre))
                return
            }
            #expect(Self.glass.bounds.contains(seen))
            #expect(seen.distance(to: centre) <= r)
            if Self.glass.bounds.contains(centre) { #expect(seen == centre) }
        }
    }
}
