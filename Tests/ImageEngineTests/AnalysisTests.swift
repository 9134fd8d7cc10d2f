import Foundation
import Testing
@testable import ImageEngine

@Suite struct AnalysisTests {
    @Test func downscaleKeepsMeanAndFits() throws {
        let photo = try Fixtures.photo("hubble.png")
        let proxy = photo.downscaled(toFit: 256)
        #expect(max(proxy.width, proxy.height) == 256)
        func mean(_ i: Image) -> SIMD4<Float> { i.pixels.reduce(.zero, +) / Float(i.pixelCount) }
        #expect(abs(mean(proxy) - mean(photo)).max() < 2e-3)
        let exact = Image(width: 8, height: 4) { x, _ in SIMD4(Float(x % 2), 0, 0, 1) }.resampledArea(width: 4, height: 2)
        for p in exact.pixels { #expect(abs(p.x - 0.5) < 1e-6) }
        #expect(photo.downscaled(toFit: 5000) == photo)
    }

    @Test func histogramEndpointsAndClipping() {
        // A ramp over codes 0…255: endpoints near the ends; one code each clips.
        let img = Image(width: 256, height: 4) { x, _ in let v = SRGB.decodeTable8[x]; return SIMD4(v, v, v, 1) }
        let h = Histogram(of: img)
        #expect(h.total == 1024)
        #expect(h.luminance.allSatisfy { $0 == 4 })
        #expect(h.endpoints.low <= 0.01 && h.endpoints.high >= 0.99)
        let c = Clipping(of: img)
        #expect(abs(c.shadows - 1.0 / 256) < 1e-9 && abs(c.highlights - 1.0 / 256) < 1e-9)
        let mid = Image(width: 10, height: 10, filledWith: SIMD4(repeating: SRGB.decodeTable8[128]))
        #expect(abs(Histogram(of: mid).endpoints.low - 128.0 / 255) < 1e-9)
    }

    @Test func meanDeltaE2000MatchesPerPixelReference() throws {
        let a = try Fixtures.photo("coffee.png").downscaled(toFit: 64)
        let b = Renderer(threads: 1).render(a, with: Adjustments(brightness: 0.3, saturation: -0.4))
        var ref = 0.0
        for i in 0..<a.pixelCount {
            func lab(_ p: SIMD4<Float>) -> Lab { ColorScience.lab(linear: SIMD3(Double(p.x), Double(p.y), Double(p.z))) }
            ref += ColorScience.deltaE2000(lab(a.pixels[i]), lab(b.pixels[i]))
        }
        ref /= Double(a.pixelCount)
        #expect(abs(a.meanDeltaE2000(to: b) - ref) < 1e-3)
        #expect(a.meanDeltaE2000(to: a) == 0)
        #expect(a.meanDeltaE2000(to: LabImage(b)) == a.meanDeltaE2000(to: b))
    }

    @Test func gaussianBlurPreservesFlatFieldsAndIsThreadIndependent() {
        let flat = Image(width: 500, height: 400, filledWith: SIMD4(0.3, 0.6, 0.9, 1))
        let blurred = flat.gaussianBlurred(sigma: 3, threads: 2)
        for p in blurred.pixels { #expect(abs(p - flat.pixels[0]).max() < 1e-5) }
        let noisy = AdjustmentTests.randomImage(500, 400, seed: 4)
        #expect(noisy.gaussianBlurred(sigma: 2, threads: 1) == noisy.gaussianBlurred(sigma: 2, threads: 2))
    }

    @Test func cvdSimulationOfImage() {
        let red = Image(width: 2, height: 2, filledWith: SIMD4(1, 0, 0, 1))
        let sim = CVDSimulator(.protan).simulate(red)
        #expect(sim.pixels[0].x < 0.3)
    }
}
