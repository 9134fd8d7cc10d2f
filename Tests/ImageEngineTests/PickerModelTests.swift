import Foundation
import Testing
@testable import ImageEngine

/// The slider pickers' colour models against values computed independently
/// (Python's colorsys, numpy, the CIELAB reference table), their round trips and
/// their gamut handling.
@Suite struct PickerModelTests {
    static func colors(seed: UInt64, count: Int) -> [SRGBColor] {
        var rng = SeededRNG(seed: seed)
        func u() -> Double { Double(rng.next() % 1_000_001) / 1_000_000 }
        return (0..<count).map { _ in SRGBColor(u(), u(), u()) }
    }

    @Test("HSV, YIQ and opponent values and colours equal colorsys and numpy (both directions)")
    func matchesIndependentReferences() throws {
        var checked = [String: Int]()
        for row in try Fixtures.tsv("picker_models_reference.tsv") {
            let model = try #require(PickerModel(rawValue: row[1]), "model \(row[1])")
            let n = row[2...].map { Double($0)! }
            let rgb = SRGBColor(n[0], n[1], n[2]), v = SIMD3(n[3], n[4], n[5])
            if row[0] == "fwd" {
                let got = model.values(of: rgb)
                #expect(abs(got - v).max() < 1e-9, "\(model) of \(rgb): \(got) vs \(v)")
            } else {
                let got = model.color(v).color
                #expect(abs(got.r - rgb.r) < 1e-9 && abs(got.g - rgb.g) < 1e-9 && abs(got.b - rgb.b) < 1e-9, "\(model) \(v): \(got) vs \(rgb)")
            }
            checked[row[0] + row[1], default: 0] += 1
        }
        #expect(checked.count == 6 && checked.values.allSatisfy { $0 >= 30 }, "\(checked)")
    }

    @Test("CIELAB values equal the sRGB → CIELAB reference table")
    func labMatchesReference() throws {
        for r in try Fixtures.tsv("srgb_lab_d65_reference.tsv") {
            let v = PickerModel.lab.values(of: try ColorParser.parse(r[0]).srgb)
            #expect(abs(v.x - Double(r[4])!) < 1e-3 && abs(v.y - Double(r[5])!) < 1e-3 && abs(v.z - Double(r[6])!) < 1e-3, "\(r[0])")
        }
    }

    @Test("Every model round-trips colours inside the gamut, and their values lie on the sliders")
    func roundTrips() {
        let colors = Self.colors(seed: 4, count: 500) + [SRGBColor(0, 0, 0), SRGBColor(1, 1, 1), SRGBColor(1, 0, 0), SRGBColor(0.5, 0.5, 0.5)]
        for model in PickerModel.allCases {
            for c in colors {
                let v = model.values(of: c)
                for (k, axis) in model.axes.enumerated() {
                    // Lab's matrices are given to 7 digits: white's L* is 100.000004.
                    let slack = 1e-7 * (axis.range.upperBound - axis.range.lowerBound)
                    #expect(axis.range.lowerBound - slack <= v[k] && v[k] <= axis.range.upperBound + slack, "\(model) \(axis.name) = \(v[k]) for \(c)")
                }
                let (back, inGamut) = model.color(v)
                #expect(inGamut || model == .lab, "\(model) \(c)")  // Lab's round trip may graze the cube
                // Lab: the 7-digit matrix and its 7-digit inverse are not exact inverses (numpy, 10⁵ random
                // colours: up to 1.7e-6 after the round trip); 2e-5 is 0.005 of an 8-bit step.
                let tolerance = model == .lab ? 2e-5 : 1e-9
                #expect(abs(back.r - c.r) < tolerance && abs(back.g - c.g) < tolerance && abs(back.b - c.b) < tolerance, "\(model) \(c) → \(back)")
            }
        }
    }

    @Test("Values outside the gamut are shown clamped into the sRGB cube, and said to be")
    func gamutHandling() {
        for model in PickerModel.allCases {
            let axes = model.axes
            var outside = 0
            // The corners of the sliders' box: some are displayable, most are not (but RGB's and HSV's).
            for i in 0..<8 {
                let v = SIMD3((0..<3).map { k in (i >> k) & 1 == 0 ? axes[k].range.lowerBound : axes[k].range.upperBound })
                let (c, inGamut) = model.color(v)
                #expect([c.r, c.g, c.b].allSatisfy { (0...1).contains($0) }, "\(model) \(v) → \(c)")
                if !inGamut { outside += 1 }
            }
            if model == .rgb || model == .hsv { #expect(outside == 0, "\(model)") } else { #expect(outside > 0, "\(model)") }
        }
        // A very saturated Lab green no display shows.
        #expect(!PickerModel.lab.color(SIMD3(50, -128, 60)).inGamut)
    }

    @Test("Axes read as named: more of an axis moves the colour the way its label says")
    func axesMoveAsLabelled() {
        let mid = SRGBColor(0.5, 0.5, 0.5)
        func moved(_ model: PickerModel, axis k: Int, by d: Double) -> Lab {
            var v = model.values(of: mid)
            v[k] += d * (model.axes[k].range.upperBound - model.axes[k].range.lowerBound)
            return ColorScience.lab(model.color(v).color)
        }
        let base = ColorScience.lab(mid)
        // Lightness-like axes raise L*; red–green axes raise a*; blue–yellow axes raise b*.
        #expect(moved(.lab, axis: 0, by: 0.1).l > base.l + 5 && moved(.yiq, axis: 0, by: 0.1).l > base.l + 5)
        #expect(moved(.opponent, axis: 2, by: 0.1).l > base.l + 5 && moved(.hsv, axis: 2, by: 0.1).l > base.l + 5)
        #expect(moved(.lab, axis: 1, by: 0.1).a > base.a + 5 && moved(.opponent, axis: 0, by: 0.1).a > base.a + 5)
        #expect(moved(.lab, axis: 2, by: 0.1).b > base.b + 5 && moved(.opponent, axis: 1, by: 0.1).b > base.b + 5)
    }
}
