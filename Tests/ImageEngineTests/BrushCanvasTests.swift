import Foundation
import PropertyBased
import Testing
@testable import ImageEngine

/// `BrushCanvas` keeps the committed strokes rasterised; its renders must be
/// bit for bit the from-scratch render of the same strokes, whatever the strokes.
@Suite struct BrushCanvasTests {
    /// A textured photo (gradients and a deterministic speckle), so edge detection
    /// and softening have something to read.
    static let photo: Image = {
        let w = 64, h = 48
        var pixels: [SIMD4<Float>] = []
        for y in 0..<h {
            for x in 0..<w {
                let speckle = Float((x * 7919 + y * 104_729) % 97) / 97
                pixels.append(SIMD4(Float(x) / Float(w), Float(y) / Float(h), 0.3 + 0.4 * speckle, 1))
            }
        }
        return Image(width: w, height: h, pixels: pixels)
    }()

    /// Strokes decoded from uniform numbers, 12 a stroke: any kind, erasing or
    /// not, edge detection on or off, 1–6 points (some off the photo), zero strength now and then.
    static func strokes(_ u: [Double]) -> [BrushStroke] {
        stride(from: 0, to: u.count - 11, by: 12).map { i in
            let v = Array(u[i..<(i + 12)])
            let kinds = BrushKind.allCases
            let count = 1 + Int(v[0] * 5.999)
            let points = (0..<count).map { k in BrushPoint(x: -0.1 + 1.2 * v[(1 + 2 * k) % 12], y: -0.1 + 1.2 * v[(2 + 2 * k) % 12]) }
            return BrushStroke(kind: kinds[min(Int(v[3] * Double(kinds.count)), kinds.count - 1)], points: points,
                               radius: 0.02 + 0.2 * v[5], strength: v[6] < 0.1 ? 0 : v[6], hardness: v[7],
                               detectEdges: v[8] < 0.4, edgeTolerance: 4 + 20 * v[9], erase: v[10] < 0.25)
        }
    }

    static func same(_ a: Image, _ b: Image) -> Bool {
        a.width == b.width && a.height == b.height
            && zip(a.pixels, b.pixels).allSatisfy { p, q in (0..<4).allSatisfy { p[$0].bitPattern == q[$0].bitPattern } }
    }

    @Test("each render, with or without a stroke in flight, is the from-scratch render bit for bit")
    func incrementalEqualsFromScratch() async {
        await propertyCheck(count: 60, input: Gen.double(in: 0...1).array(of: 12...84)) { u in
            let strokes = Self.strokes(u)
            var canvas = BrushCanvas(Self.photo)
            let renderer = Renderer(threads: 1)
            for (k, stroke) in strokes.enumerated() {
                let committed = Array(strokes.prefix(k))
                #expect(Self.same(canvas.render(adding: stroke), renderer.render(Self.photo, with: Adjustments(brushes: committed + [stroke]))),
                        "stroke \(k) in flight after \(k) committed")
                canvas.commit(stroke)
                #expect(Self.same(canvas.render(), renderer.render(Self.photo, with: Adjustments(brushes: committed + [stroke]))),
                        "\(k + 1) committed")
            }
        }
    }

    @Test("a stroke in flight looked at point by point, then committed, renders as from scratch bit for bit")
    func growingStrokeEqualsFromScratch() async {
        await propertyCheck(count: 40, input: Gen.double(in: 0...1).array(of: 24...60)) { u in
            let strokes = Self.strokes(u)
            guard let last = strokes.last else { return }
            var canvas = BrushCanvas(Self.photo)
            let renderer = Renderer(threads: 1)
            let committed = Array(strokes.dropLast())
            canvas.commit(upTo: committed)
            // The finger further along the same path at each look, as a person watches while rubbing.
            for k in 1...last.points.count {
                var prefix = last
                prefix.points = Array(last.points.prefix(k))
                #expect(Self.same(canvas.render(adding: prefix), renderer.render(Self.photo, with: Adjustments(brushes: committed + [prefix]))),
                        "\(k) of \(last.points.count) points in flight")
            }
            canvas.commit(last)
            #expect(Self.same(canvas.render(), renderer.render(Self.photo, with: Adjustments(brushes: strokes))))
        }
    }

    @Test("the kept coverage is the from-scratch masks bit for bit")
    func coverageEqualsFromScratch() async {
        await propertyCheck(count: 60, input: Gen.double(in: 0...1).array(of: 12...84)) { u in
            let strokes = Self.strokes(u)
            var coverage = BrushCoverage(width: Self.photo.width, height: Self.photo.height)
            for stroke in strokes { coverage.add(stroke, source: Self.photo) }
            let kept = coverage.masks(), fresh = BrushMasks(strokes: strokes, source: Self.photo)
            #expect(kept.stops.map(\.bitPattern) == fresh.stops.map(\.bitPattern))
            #expect(kept.saturation.map(\.bitPattern) == fresh.saturation.map(\.bitPattern))
            #expect(kept.soften.map(\.bitPattern) == fresh.soften.map(\.bitPattern))
            #expect(kept.hasStops == fresh.hasStops && kept.hasSaturation == fresh.hasSaturation && kept.hasSoften == fresh.hasSoften)
        }
    }

    @Test("commit(upTo:) takes only the strokes after the committed ones")
    func commitUpTo() {
        let s = Self.strokes((0..<36).map { Double(($0 * 37) % 100) / 100 })
        var a = BrushCanvas(Self.photo), b = BrushCanvas(Self.photo)
        a.commit(upTo: Array(s.prefix(1))); a.commit(upTo: s)
        for stroke in s { b.commit(stroke) }
        #expect(a.strokes == s && Self.same(a.render(), b.render()))
    }
}
