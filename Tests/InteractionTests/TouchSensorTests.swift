import Foundation
import Testing
@testable import Interaction

@Suite("Touch sensing")
struct TouchSensorTests {
    let mmToPt = Traces.phone.points(millimetres: 1)

    @Test("the same seed gives the same stream; another seed does not")
    func determinism() {
        let path = Traces.slideThenPause()
        #expect(Traces.sense(path, Traces.noisy, seed: 7) == Traces.sense(path, Traces.noisy, seed: 7))
        #expect(Traces.sense(path, Traces.noisy, seed: 7) != Traces.sense(path, Traces.noisy, seed: 8))
    }

    @Test("an ideal sensor reports the path itself at the sampling instants")
    func idealSensor() {
        let path = Traces.slideThenPause()
        let s = Traces.sense(path, Traces.clean, seed: 1)
        #expect(s.start.phase == .down && s.end.phase == .up)
        for sample in s.samples.dropLast() { #expect(sample.location.distance(to: path.position(at: sample.time)) < 1e-9) }
        #expect(s.end.location.distance(to: path.position(at: path.lift)) < 1e-9)
        // Touch-down is seen at the first tick after contact, lift at the first tick after lift.
        #expect(s.start.time >= path.contact && s.start.time < path.contact + 1.0 / 120)
        #expect(s.end.time >= path.lift && s.end.time < path.lift + 1.0 / 120)
    }

    @Test("a contact shorter than a sampling period can go unseen")
    func unseenContact() {
        var seen = 0, missed = 0
        for seed in 0..<400 as Range<UInt64> {
            var g = TestGenerator(seed: seed)
            if Traces.noisy.sense(.stationary(at: Point(10, 10), from: 0, duration: 0.004), using: &g) == nil { missed += 1 } else { seen += 1 }
        }
        // Seen only if a tick falls inside the 4 ms contact: probability 4/8.33 ≈ 0.48.
        #expect(abs(Double(seen) / 400 - 0.48) < 0.08)
    }

    @Test("sampling rate, position noise, offset and contact size match the parameters")
    func statistics() {
        var p = TouchSensorParameters.standard
        p.systematicOffset = Vector2(0.5, 1.0)
        p.touchOffsetSpread = 0.4
        p.tremorAmplitude = 0
        let sensor = TouchSensor(parameters: p, device: Traces.phone)
        var intervals: [Double] = [], residuals: [Double] = [], touchOffsets: [Vector2] = [], radii: [Double] = []
        for seed in 0..<300 as Range<UInt64> {
            let path = FingerPath.stationary(at: Point(100, 200), from: 0, duration: 0.3)
            let s = Traces.sense(path, sensor, seed: seed)
            intervals += zip(s.samples, s.samples.dropFirst()).map { $1.time - $0.time }
            // The stream's mean is this touch's offset; deviations from it are sensor noise.
            let mean = s.samples.reduce(Vector2.zero) { $0 + $1.location } / Double(s.samples.count)
            touchOffsets.append((mean - Point(100, 200)) / mmToPt)
            residuals += s.samples.map { ($0.location.x - mean.x) / mmToPt }
            radii.append(s.start.majorRadius! * 2 / mmToPt)
        }
        let meanInterval = intervals.reduce(0, +) / Double(intervals.count)
        #expect(abs(1 / meanInterval - 120) < 1)
        let jitter = sd(intervals)
        #expect(abs(jitter - 0.0005 * 2.0.squareRoot()) < 0.0001, "interval SD is √2 × timestamp jitter")
        #expect(abs(sd(residuals) - 0.25) < 0.01)
        let meanOffset = touchOffsets.reduce(Vector2.zero, +) / Double(touchOffsets.count)
        #expect(abs(meanOffset.x - 0.5) < 0.07 && abs(meanOffset.y - 1.0) < 0.07)
        #expect(abs(sd(touchOffsets.map(\.x)) - 0.4) < 0.05)
        let medianDiameter = radii.sorted()[radii.count / 2]
        #expect(abs(medianDiameter - 9.4) < 0.5)
        #expect(abs(sd(radii.map { log($0) }) - 0.3) < 0.04)
    }

    @Test("tremor is a small oscillation at 8–12 Hz")
    func tremor() {
        var p = TouchSensorParameters.ideal
        p.tremorAmplitude = 0.03
        p.tremorFrequency = 8...12
        let sensor = TouchSensor(parameters: p, device: Traces.phone)
        for seed in 0..<20 as Range<UInt64> {
            let s = Traces.sense(.stationary(at: Point(50, 50), from: 0, duration: 1), sensor, seed: seed)
            let d = s.samples.dropLast().map { $0.location - Point(50, 50) }
            let peak = d.map(\.length).max()! / mmToPt
            #expect(peak <= 0.03 + 1e-9 && peak > 0.025)
            // Sign changes along the tremor's line count half-cycles.
            let axis = d.max { $0.length < $1.length }!.normalized
            let along = d.map { $0.dot(axis) }
            let crossings = zip(along, along.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
            let hz = Double(crossings) / 2 / (s.samples[s.samples.count - 2].time - s.start.time)
            #expect(hz > 7.5 && hz < 12.5)
        }
    }

    @Test("least-squares release velocity stays close under noise; the last two samples do not")
    func velocityUnderNoise() {
        // A steady 600 pt/s slide, released while still moving.
        let path = FingerPath([.init(time: 0, location: Point(50, 400)), .init(time: 0.4, location: Point(290, 400))])
        var historyError = 0.0, naiveError = 0.0, naiveBeforeLift = 0.0
        for seed in 0..<200 as Range<UInt64> {
            let s = Traces.sense(path, Traces.noisy, seed: seed)
            historyError += abs(VelocityEstimator.standard.velocity(of: s.samples).x - 600) / 200
            naiveError += abs(VelocityEstimator.lastTwoSamples.velocity(of: s.samples).x - 600) / 200
            // The lift sample reports where the finger left, stamped when the digitizer noticed (up to a
            // period later); without it, what remains of the naive error is position noise alone.
            naiveBeforeLift += abs(VelocityEstimator.lastTwoSamples.velocity(of: Array(s.samples.dropLast())).x - 600) / 200
        }
        print("release velocity at 600 pt/s, standard noise, 200 seeds: mean |error| history \(historyError) pt/s, last two samples \(naiveError) pt/s (\(naiveBeforeLift) without the lift sample)")
        #expect(naiveBeforeLift > 4 * historyError)
        #expect(historyError < 25)
        #expect(naiveError > 4 * historyError)
    }

    func sd(_ xs: [Double]) -> Double {
        let m = xs.reduce(0, +) / Double(xs.count)
        return (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)).squareRoot()
    }
}
