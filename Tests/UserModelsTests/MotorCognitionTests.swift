import Foundation
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

@Suite("Tapping, dragging, choosing, searching")
struct MotorCognitionTests {
    let person = Population(participants: 1).participant(0, seed: 3)
    let phone = DeviceCatalog.configuration(named: "iphone-se-portrait")!

    @Test("simulated landings follow the dual-Gaussian hit probability")
    func landing() {
        var g = SeededGenerator(seed: 1)
        let tapper = Tapper(participant: person)
        for size in [20.0, 30, 44, 60] {
            let rect = Rect(x: 100, y: 300, width: size, height: size)
            var hits = 0
            for _ in 0..<4000 where rect.contains(tapper.tap(rect, from: Point(180, 600), startTime: 0, on: phone, using: &g).landing) {
                hits += 1
            }
            let predicted = TouchLanding(participant: person).hitProbability(widthMM: phone.millimetres(size), heightMM: phone.millimetres(size))
            #expect(abs(Double(hits) / 4000 - predicted) < 0.03, "\(size) pt")
        }
        // Small targets get missed: a 20 pt button is hit well under 90% of the time.
        #expect(TouchLanding().hitProbability(widthMM: phone.millimetres(20), heightMM: phone.millimetres(20)) < 0.9)
    }

    @Test("taps take longer to farther, smaller targets (Fitts)")
    func fitts() {
        var g = SeededGenerator(seed: 2)
        var p = person
        p.values["motor.timing_cv"] = 0
        let t = Tapper(participant: p)
        let near = t.tap(Rect(x: 100, y: 100, width: 60, height: 60), from: Point(100, 200), startTime: 0, on: phone, using: &g)
        let far = t.tap(Rect(x: 100, y: 100, width: 20, height: 20), from: Point(300, 600), startTime: 0, on: phone, using: &g)
        #expect(far.movementTime > near.movementTime && far.indexOfDifficulty > near.indexOfDifficulty)
        #expect(abs(near.movementTime - (0.1 + 0.126 * near.indexOfDifficulty)) < 1e-9)
    }

    @Test("a drag ends near its goal, within the aimed tolerance plus the lift-off jump")
    func drag() {
        var g = SeededGenerator(seed: 4)
        let d = KnobDragger(participant: person)
        for _ in 0..<200 {
            let s = d.drag(from: Point(50, 400), to: Point(250, 400), tolerance: 8, startTime: 0, on: phone, using: &g)
            #expect(abs(s.end.location.x - 250) < 8 + 6 + 1e-9)
            #expect(abs(s.end.location.y - 400) < 1e-9)
            #expect(s.duration >= 0.1)
        }
    }

    @Test("search: present targets are found after about half the items")
    func search() {
        var g = SeededGenerator(seed: 5)
        let c = Cognition(participant: person)
        var present = 0.0, absent = 0.0
        for _ in 0..<2000 {
            let target = Int(g.next() % 20)
            let r = c.search(items: 20, using: &g) { $0 == target }
            #expect(r.found == target)
            present += r.time
            absent += c.search(items: 20, using: &g) { _ in false }.time
        }
        let cycle = person["perception.cycle_s"]
        let ratio = (present / 2000 - cycle) / (absent / 2000 - cycle)
        #expect(abs(ratio - 10.5 / 20) < 0.03)
    }

    @Test("practice speeds people up by the power law; hints make hidden controls instant to find")
    func practiceAndDiscovery() {
        let c = Cognition(participant: person)
        #expect(c.practiceFactor(repetition: 1) == 1)
        #expect(abs(c.practiceFactor(repetition: 8) - pow(8, -0.3)) < 1e-12)
        var g = SeededGenerator(seed: 6)
        #expect(c.discoveryTime(hinted: true, using: &g) < 1)
        let times = (0..<4000).map { _ in c.discoveryTime(hinted: false, using: &g) }
        // Per-second probability p: exponential with mean 1 / −ln(1 − p) (19.5 s for a novice's 0.05).
        let p = person["cognition.discovery_per_s"]
        let expected = 1 / -log(1 - p)
        #expect(abs(times.reduce(0, +) / 4000 / expected - 1) < 0.06)
    }

    // That the whole suite passes with the documented defaults is checked end to end, on the release
    // binary (ValidateCLITests: `refine validate` exits 1 when a check fails); in a debug build it took 32 s.

    @Test("a validation band catches a wrong model")
    func validationCatches() {
        // Only the tapping checks: the whole suite took 31 s in a debug build.
        let (_, regression) = ValidationSuite(participants: 6, seed: 1, overrides: ["motor.fitts_b_s_per_bit": .fixed(0.3)])
            .isoTapping()
        #expect(regression.id == "fitts-regression" && !regression.passed)
    }
}
