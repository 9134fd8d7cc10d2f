import Foundation
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

@Suite("User models")
struct UserModelsTests {
    @Test("seed derivation is stable across processes and platforms")
    func seedStability() {
        // Fixed values: a change here silently changes every stored result.
        #expect(Seed.derive(42, "pip/nearest-corner/iphone-15-portrait/p0001/t01/r1") == 16_614_954_407_555_396_437)
        var pinned = SeededGenerator(seed: 2018)
        #expect(pinned.next() == 15_249_153_033_058_981_490)
        #expect(Seed.derive(1, "a") != Seed.derive(2, "a"))
        #expect(Seed.derive(1, "a") != Seed.derive(1, "b"))
        var g = SeededGenerator(seed: 7)
        let first = (0..<3).map { _ in g.next() }
        var h = SeededGenerator(seed: 7)
        #expect(first == (0..<3).map { _ in h.next() })
    }

    @Test("draws have the moments their distributions promise")
    func sampling() {
        var g = SeededGenerator(seed: 99)
        let n = 200_000
        let normals = (0..<n).map { _ in g.standardNormal() }
        let mean = normals.reduce(0, +) / Double(n)
        let variance = normals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n)
        #expect(abs(mean) < 0.01 && abs(variance - 1) < 0.02)
        let logs = (0..<n).map { _ in g.logNormal(median: 1000, sigma: 0.45) }.sorted()
        #expect(abs(logs[n / 2] / 1000 - 1) < 0.02)
        let units = (0..<n).map { _ in g.unit() }
        #expect(units.allSatisfy { $0 >= 0 && $0 < 1 })
    }

    @Test("the same participant seed gives the same person; different seeds give the population's spread")
    func participants() {
        let population = Population(participants: 400)
        let a = population.participant(3, seed: 11), b = population.participant(3, seed: 11)
        #expect(a == b)
        let speeds = (0..<400).map { population.participant($0, seed: 11)["motor.release_speed_pt_s"] }.sorted()
        // Log-normal(810, 0.35): median near 810 and a quartile ratio of exp(2·0.6745·0.35) ≈ 1.60.
        #expect(abs(speeds[200] / 810 - 1) < 0.1)
        let iqrRatio = speeds[300] / speeds[100]
        #expect(abs(iqrRatio - exp(2 * 0.6745 * 0.35)) < 0.3)
        let experts = (0..<400).filter { population.participant($0, seed: 11).group == .expert }.count
        #expect(abs(experts - 200) < 40)
    }

    @Test("overriding one parameter leaves every other draw of a person unchanged")
    func independentDraws() {
        let plain = Population(participants: 3).participant(2, seed: 5)
        let changed = Population(participants: 3, overrides: ["motor.aim_sd_deg": .fixed(9)]).participant(2, seed: 5)
        #expect(changed["motor.aim_sd_deg"] == 9)
        for def in ParameterCatalog.all where def.path != "motor.aim_sd_deg" {
            #expect(plain[def.path] == changed[def.path], "\(def.path)")
        }
    }

    @Test("overrides outside their allowed range or unknown paths are rejected with the path")
    func validation() {
        let bad = Population(participants: 5, overrides: ["motor.aim_sd_deg": .fixed(-1), "motor.fits_b_s_per_bit": .fixed(0.2)])
        let errors = bad.validationErrors()
        #expect(errors.contains { $0.contains("motor.aim_sd_deg") && $0.contains("0.0…45.0") })
        #expect(errors.contains { $0.contains("did you mean 'motor.fitts_b_s_per_bit'") })
    }

    @Test("minimum jerk starts and ends at rest and peaks at 1.875·A/D halfway")
    func minimumJerk() {
        #expect(MinimumJerk.progress(0) == 0 && MinimumJerk.progress(1) == 1 && MinimumJerk.progress(0.5) == 0.5)
        #expect(MinimumJerk.speed(0) == 0 && MinimumJerk.speed(1) == 0)
        #expect(abs(MinimumJerk.speed(0.5) - 1.875) < 1e-12)
        let path = MinimumJerk(from: .zero, to: Point(300, 400), peakSpeed: 1000)
        #expect(abs(path.duration - 1.875 * 500 / 1000) < 1e-12)
    }

    @Test("a flick lets go at speed after its travel; a drag arrives nearly at rest")
    func throwsAndDrags() {
        var p = Population(participants: 1, overrides: ["style.drag_first_probability": .fixed(0), "motor.aim_sd_deg": .fixed(0),
                                                        "motor.speed_cv": .fixed(0), "learning.throw_update": .fixed(1)]).participant(0, seed: 1)
        var g = SeededGenerator(seed: 5)
        var thrower = Thrower(participant: p)
        let flick = thrower.plan(from: Point(100, 700), toward: Point(100, 100), using: &g)
        #expect(flick.style == .flick)
        let touches = thrower.touches(for: flick, grabbingAt: Point(100, 700), startTime: 0)
        #expect(abs(touches.displacement.length - flick.travel) < 1e-6)
        #expect(touches.displacement.y < 0)
        let release = VelocityEstimator.lastTwoSamples.velocity(of: touches.samples).length
        #expect(release > 0.8 * flick.peakSpeed)
        // It came back to where it started: this design carries nothing, so no flick can reach — drag.
        thrower.learn(from: flick, start: Point(100, 700), goal: Point(100, 100), release: touches.end.location,
                      velocity: Vector2(0, -flick.peakSpeed), rest: Point(100, 700), landed: false)
        #expect(thrower.experience.carry == 0)
        let drag = thrower.plan(from: Point(100, 700), toward: Point(100, 100), using: &g)
        #expect(drag.style == .drag && drag.travel > flick.travel)
        let dragTouches = thrower.touches(for: drag, grabbingAt: Point(100, 700), startTime: 0)
        #expect(VelocityEstimator.lastTwoSamples.velocity(of: dragTouches.samples).length < 0.05 * drag.peakSpeed)
        p.values["motor.fitts_b_s_per_bit"] = 0.2
        #expect(Thrower(participant: p).reachTime(from: .zero, to: Point(200, 0), targetWidth: 40,
                                                  on: DeviceCatalog.configuration(named: "iphone-se-portrait")!)
                > thrower.reachTime(from: .zero, to: Point(200, 0), targetWidth: 40,
                                    on: DeviceCatalog.configuration(named: "iphone-se-portrait")!))
    }

    @Test("UserModels names no design (DESIGN §1)")
    func namesNoDesign() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/UserModels")
        let forbidden = ["SixSliders", "six-sliders", "SwatchBook", "swatch-book", "ProjectedMomentum", "projected-momentum",
                         "NearestCorner", "nearest-corner", "ExposureControl", "exposure-control", "HistogramTouch", "OnImage", "import Designs",
                         "BrushDesign", "BrushPlacement", "brush-popup", "bottom-icons", "brush-row", "add-brick", "toolbox", "current-brush", "crammed-control"]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in forbidden { #expect(!text.contains(name), "\(file.lastPathComponent) names \(name)") }
        }
    }
}
