import Foundation
import Testing
@testable import ImageEngine

@Suite struct ColorScienceTests {
    @Test func ciede2000MatchesSharmaPairs() throws {
        let rows = try Fixtures.tsv("ciede2000_sharma.tsv")
        #expect(rows.count == 34)
        for r in rows {
            let v = r.map { Double($0)! }
            let p = Lab(v[0], v[1], v[2]), q = Lab(v[3], v[4], v[5])
            #expect(abs(ColorScience.deltaE2000(p, q) - v[6]) < 1e-4, "pair \(r)")
            #expect(abs(ColorScience.deltaE2000(q, p) - v[6]) < 1e-4, "symmetry \(r)")
            // The image path (single precision) agrees to well under a JND.
            let f = LabImage.deltaE2000(SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), 0), SIMD4(Float(v[3]), Float(v[4]), Float(v[5]), 0))
            #expect(abs(Double(f) - v[6]) < 2e-3)
        }
    }

    @Test func srgbToLabMatchesReference() throws {
        for r in try Fixtures.tsv("srgb_lab_d65_reference.tsv") {
            let c = try ColorParser.parse(r[0]).srgb
            let v = r.dropFirst().map { Double($0)! }
            let xyz = ColorScience.xyz(linear: c.linear)
            #expect(abs(xyz.x - v[0]) < 1e-5 && abs(xyz.y - v[1]) < 1e-5 && abs(xyz.z - v[2]) < 1e-5, "\(r[0])")
            let lab = ColorScience.lab(c)
            #expect(abs(lab.l - v[3]) < 1e-3 && abs(lab.a - v[4]) < 1e-3 && abs(lab.b - v[5]) < 1e-3, "\(r[0]) \(lab)")
            // And back.
            let back = ColorScience.srgb(lab)
            #expect(abs(back.r - c.r) < 1e-6 && abs(back.g - c.g) < 1e-6 && abs(back.b - c.b) < 1e-6)
            let lch = ColorScience.lch(lab), lab2 = ColorScience.lab(lch)
            #expect(abs(lab2.a - lab.a) < 1e-9 && abs(lab2.b - lab.b) < 1e-9)
        }
    }

    @Test func wcagContrastVectors() throws {
        for r in try Fixtures.tsv("wcag_contrast_vectors.tsv") {
            let f = try ColorParser.parse(r[0]).srgb, b = try ColorParser.parse(r[1]).srgb
            #expect(abs(ColorScience.relativeLuminance(f) - Double(r[2])!) < 1e-6, "\(r)")
            #expect(abs(ColorScience.relativeLuminance(b) - Double(r[3])!) < 1e-6, "\(r)")
            #expect(abs(ColorScience.contrastRatio(f, b) - Double(r[4])!) < 5e-5, "\(r)")
        }
        let white = try ColorParser.parse("#FFFFFF").srgb, black = try ColorParser.parse("rgb(0,0,0)").srgb
        #expect(ColorScience.contrastRatio(white, black) == 21)
    }

    @Test func cvdMatricesMatchReference() throws {
        let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent("cvd_matrices.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        func matrix(_ any: Any?) -> [[Double]] { (any as! [[NSNumber]]).map { $0.map(\.doubleValue) } }
        func sim(_ s: CVDSimulator, _ v: SIMD3<Double>) -> SIMD3<Double> { s.simulate(linear: v) }
        let probes: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0.2, 0.5, 0.9), SIMD3(0.8, 0.3, 0.1)]
        let machado = json["machado2009"] as! [String: Any]
        for (kind, name) in [(CVDKind.protan, "protanomaly"), (.deutan, "deuteranomaly"), (.tritan, "tritanomaly")] {
            for sev in [1.0, 0.5] {
                let m = matrix(machado["\(name)_\(sev == 1 ? "1.0" : "0.5")"])
                for v in probes {
                    let expected = CVDSimulator.apply(m, v)
                    let got = sim(CVDSimulator(kind, model: .machado2009, severity: sev), v)
                    #expect(abs(got - expected).max() < 1e-6, "\(kind) \(sev)")
                }
            }
        }
        let vienot = json["vienot1999"] as! [String: Any]
        let brettel = json["brettel1997"] as! [String: Any]
        for kind in CVDKind.allCases {
            let m = matrix(vienot[kind.rawValue])
            let b = brettel[kind.rawValue] as! [String: Any]
            let n = (b["n"] as! [NSNumber]).map(\.doubleValue)
            for v in probes {
                #expect(abs(sim(CVDSimulator(kind, model: .vienot1999), v) - CVDSimulator.apply(m, v)).max() < 1e-9)
                let side = v.x * n[0] + v.y * n[1] + v.z * n[2] >= 0 ? "M1" : "M2"
                let expected = CVDSimulator.apply(matrix(b[side]), v)
                #expect(abs(sim(CVDSimulator(kind, model: .brettel1997), v) - expected).max() < 1e-9)
            }
        }
        // Severity 0 is normal vision; white stays white.
        #expect(abs(sim(CVDSimulator(.deutan, severity: 0), SIMD3(0.3, 0.6, 0.1)) - SIMD3(0.3, 0.6, 0.1)).max() < 1e-12)
        #expect(abs(sim(CVDSimulator(.protan), SIMD3(1, 1, 1)) - SIMD3(1, 1, 1)).max() < 1e-5)
    }

    @Test func colorParsing() throws {
        #expect(try ColorParser.parse("#ff0000").srgb == SRGBColor(1, 0, 0))
        #expect(try ColorParser.parse("rgb(255, 0, 0)").srgb == SRGBColor(1, 0, 0))
        #expect(abs(try ColorParser.parse("lab(53.240794, 80.092460, 67.203197)").srgb.r - 1) < 1e-5)
        #expect(throws: AdjustmentError.self) { try ColorParser.parse("#12345") }
        #expect(throws: AdjustmentError.self) { try ColorParser.parse("rgb(300,0,0)") }
        #expect(throws: AdjustmentError.self) { try ColorParser.parse("hsl(1,2,3)") }
    }

    @Test func srgbEightBitRoundTripIsExact() {
        for v in 0..<256 {
            #expect(SRGB.encode8(SRGB.decodeTable8[v]) == UInt8(v))
            #expect(abs(Double(SRGB.decodeTable8[v]) - SRGB.decode(Double(v) / 255)) < 1e-7)
        }
        // Encoding is monotone and exact against the double formula.
        var rng = SeededRNG(seed: 7)
        for _ in 0..<20_000 {
            let x = Float.random(in: 0...1, using: &rng)
            let exact = UInt8((SRGB.encode(Double(x)) * 255).rounded())
            let got = SRGB.encode8(x)
            #expect(abs(Int(got) - Int(exact)) <= 1)
        }
    }
}
