import Foundation

/// A touch screen's digitizer: turns where a finger is meant to be into what the
/// device reports. The finger is sampled on the digitizer's own clock (so
/// touch-down is noticed up to one period late), each sample's time jitters,
/// each position carries sensor noise, the whole contact is shifted by the
/// finger's offset, and physiological tremor rides on top. A finger that
/// overhangs the screen's edge is reported at the edge (`Glass`).
///
/// Deterministic: all randomness comes from the generator passed in.
public struct TouchSensor: Sendable, Hashable {
    public var parameters: TouchSensorParameters
    /// Converts the millimetre parameters to the device's points.
    public var pointsPerMillimetre: Double
    /// The screen's glass; nil: an unbounded surface (every contact seen at its centre).
    public var glass: Glass?

    public init(parameters: TouchSensorParameters = .standard, pointsPerMillimetre: Double, glass: Glass? = nil) {
        precondition(pointsPerMillimetre > 0)
        self.parameters = parameters
        self.pointsPerMillimetre = pointsPerMillimetre
        self.glass = glass
    }

    public init(parameters: TouchSensorParameters = .standard, device: DeviceConfiguration) {
        self.init(
            parameters: parameters, pointsPerMillimetre: device.points(millimetres: 1), glass: Glass(device: device))
    }

    /// The samples a digitizer reports for `path`, or nil when the contact fell
    /// between two sampling instants, or landed wholly off the glass, and was never seen.
    public func sense(_ path: FingerPath, using g: inout some RandomNumberGenerator) -> TouchStream? {
        let period = 1 / parameters.sampleRate
        // Where the digitizer's clock stands when the finger lands is unrelated to the finger.
        let firstTick = path.contact + RandomDraws.uniform(0, period, &g)
        guard firstTick < path.lift else { return nil }
        let contact = ContactDisturbance(parameters, pointsPerMillimetre: pointsPerMillimetre, using: &g)
        if let glass, glass.reported(contactAt: path.position(at: firstTick), radius: contact.majorRadius) == nil {
            return nil
        }

        var samples: [TouchSample] = []
        var k = 0
        while true {
            let nominal = firstTick + Double(k) * period
            let lifted = nominal >= path.lift
            let time = nominal + jitter(period, &g)
            // The lift sample reports where the finger last was, at the time the digitizer noticed.
            let intended = path.position(at: lifted ? path.lift : nominal)
            let phase: TouchPhase = k == 0 ? .down : lifted ? .up : .move
            let finger = intended + contact.offset(at: nominal - path.contact)
            // A finger that slides wholly off the glass keeps its off-screen point, so no control takes it.
            let seen = glass.map { $0.reported(contactAt: finger, radius: contact.majorRadius) ?? finger } ?? finger
            let location = seen + noise(&g)
            samples.append(TouchSample(time: time, location: location, phase: phase, majorRadius: contact.majorRadius))
            if lifted { break }
            k += 1
        }
        return TouchStream(samples: samples)
    }

    /// Timestamp jitter, clipped so samples never swap order.
    private func jitter(_ period: Double, _ g: inout some RandomNumberGenerator) -> Double {
        guard parameters.samplingJitter > 0 else { return 0 }
        let limit = 0.4 * period
        return min(limit, max(-limit, RandomDraws.normal(mean: 0, sd: parameters.samplingJitter, &g)))
    }

    private func noise(_ g: inout some RandomNumberGenerator) -> Vector2 {
        guard parameters.positionNoise > 0 else { return .zero }
        let sd = parameters.positionNoise * pointsPerMillimetre
        return Vector2(RandomDraws.normal(mean: 0, sd: sd, &g), RandomDraws.normal(mean: 0, sd: sd, &g))
    }
}

/// What stays the same for one contact: its offset, its size and its tremor.
struct ContactDisturbance {
    var fixedOffset: Vector2
    var majorRadius: Double
    var tremorAmplitude: Double
    var tremorFrequency: Double
    var tremorPhase: Double
    var tremorDirection: Vector2

    init(_ p: TouchSensorParameters, pointsPerMillimetre s: Double, using g: inout some RandomNumberGenerator) {
        let spread = p.touchOffsetSpread
        fixedOffset = (p.systematicOffset + Vector2(RandomDraws.normal(mean: 0, sd: spread, &g),
                                                    RandomDraws.normal(mean: 0, sd: spread, &g))) * s
        majorRadius = p.contactDiameter * exp(p.contactDiameterLogSpread * RandomDraws.normal(&g)) * s / 2
        tremorAmplitude = p.tremorAmplitude * s
        tremorFrequency = RandomDraws.uniform(p.tremorFrequency.lowerBound, p.tremorFrequency.upperBound, &g)
        tremorPhase = RandomDraws.uniform(0, 2 * .pi, &g)
        let angle = RandomDraws.uniform(0, 2 * .pi, &g)
        tremorDirection = Vector2(cos(angle), sin(angle))
    }

    /// The contact's displacement `elapsed` seconds after it landed.
    func offset(at elapsed: Double) -> Vector2 {
        fixedOffset + tremorDirection * (tremorAmplitude * sin(2 * .pi * tremorFrequency * elapsed + tremorPhase))
    }
}
