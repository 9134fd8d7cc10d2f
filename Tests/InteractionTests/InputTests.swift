import Testing
@testable import Interaction

@Suite("Projection, rubber band, velocity, devices")
struct InputTests {
    @Test("projection reproduces the talk's figures")
    func projection() {
        #expect(abs(project(velocity: 1000, decelerationRate: .normal) - 499) < 1e-6)
        #expect(abs(project(velocity: 1000, decelerationRate: .fast) - 99) < 1e-6)
        #expect(abs(project(velocity: -1000, decelerationRate: .normal) + 499) < 1e-6)
        #expect(DecelerationRate(parsing: "0.995")?.value == 0.995)
        #expect(DecelerationRate(parsing: "1.2") == nil)
        #expect(DecelerationRate(parsing: "FAST") == .fast)
    }

    @Test("a gesture lifted part way keeps the samples up to then and ends with a lift-off where the finger was",
          arguments: [0.0, 0.013, 0.25, 0.5, 0.99, 2])
    func liftedPartWay(at offset: Double) {
        let stream = TouchStream(startTime: 3, duration: 1) { Point(10 + 100 * $0, 50) }
        let lifted = Gesture.drag(stream).lifted(at: 3 + offset)
        guard case .drag(let s) = lifted else { Issue.record("not a drag"); return }
        #expect(s.start == stream.start && s.end.phase == .up)
        #expect(s.samples.dropFirst().dropLast().allSatisfy { $0.phase == .move })
        #expect(s.samples.allSatisfy { $0.time <= max(3 + offset, 3) })
        let kept = stream.samples.filter { $0.time <= 3 + offset }.count
        #expect(s.samples.count == max(2, kept))
        #expect(s.end.location == stream.samples[max(0, kept - 1)].location)
    }

    @Test("rubber band resists more the further it is pulled and never exceeds its dimension")
    func rubberBanding() {
        var previous = 0.0
        for offset in stride(from: 1.0, through: 5000, by: 7) {
            let b = rubberBand(offset: offset, dimension: 400)
            #expect(b > previous && b < 400 && b < offset)
            #expect(rubberBand(offset: -offset, dimension: 400) == -b)
            previous = b
        }
        // Small pulls follow the finger at the rate c = 0.55.
        #expect(abs(rubberBand(offset: 0.01, dimension: 400) / 0.01 - 0.55) < 1e-3)
    }

    @Test("history velocity is exact for steady motion and robust to one late sample")
    func velocity() {
        let steady = TouchStream(startTime: 0, duration: 0.2) { Point(300 * $0, -120 * $0) }
        let v = VelocityEstimator.standard.velocity(of: steady.samples)
        #expect(abs(v.x - 300) < 1e-6 && abs(v.y + 120) < 1e-6)
        // A last sample that arrives 2 ms after the previous one but reports a
        // full frame of movement: the naive estimate jumps, the fitted one barely moves.
        var samples = steady.samples
        let last = samples.removeLast()
        samples.append(TouchSample(time: samples.last!.time + 0.002, location: last.location, phase: .up))
        let naive = VelocityEstimator.lastTwoSamples.velocity(of: samples).x
        let fitted = VelocityEstimator.standard.velocity(of: samples).x
        #expect(abs(naive - 300) > 500)
        #expect(abs(fitted - 300) < 100)
    }

    @Test("touch streams are sampled at 120 Hz with one down and one up")
    func touchStream() {
        let s = TouchStream(startTime: 1, duration: 0.1) { Point($0, 0) }
        #expect(s.samples.first?.phase == .down && s.samples.last?.phase == .up)
        #expect(s.samples.dropFirst().dropLast().allSatisfy { $0.phase == .move })
        #expect(s.samples.count == 13)
        #expect(abs(s.duration - 0.1) < 1e-12)
    }

    @Test("devices convert points to millimetres by their density")
    func devices() {
        let se = DeviceCatalog.configuration(named: "iphone-se-portrait")!
        #expect(abs(se.device.pointsPerInch - 163) < 1e-9)
        #expect(abs(se.millimetres(163) - 25.4) < 1e-9)
        let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
        #expect(ipad.bounds.width == 1366 && ipad.bounds.height == 1024)
        #expect(ipad.horizontalSizeClass == .regular)
        let phone = DeviceCatalog.configuration(named: "iphone-15-landscape")!
        #expect(phone.horizontalSizeClass == .compact && phone.verticalSizeClass == .compact)
        #expect(phone.safeBounds.minX == 59)
        #expect(DeviceCatalog.allConfigurations.count == Set(DeviceCatalog.allConfigurations.map(\.name)).count)
    }

    @Test("name suggestions find near misses")
    func suggestions() {
        #expect(nearestName(to: "iphone-15-portait", in: DeviceCatalog.allConfigurations.map(\.name)) == "iphone-15-portrait")
        #expect(nearestName(to: "zzzzzzzzzzzzzzzzzzzzzzz", in: ["a", "b"]) == nil)
    }
}
