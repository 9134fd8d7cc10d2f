import Foundation
import Testing
@testable import ImageEngine

@Suite struct BrushTests {
    static let gray = Image(width: 120, height: 80, filledWith: SIMD4(0.2, 0.2, 0.2, 1))

    func stroke(passes: Int, kind: BrushKind = .lighten, edges: Bool = false) -> BrushStroke {
        var pts: [BrushPoint] = []
        for p in 0..<passes {
            let xs = stride(from: 0.2, through: 0.8, by: 0.05).map { $0 }
            for x in (p % 2 == 0 ? xs : xs.reversed()) { pts.append(BrushPoint(x: x, y: 0.5)) }
        }
        return BrushStroke(kind: kind, points: pts, radius: 0.1, strength: 0.1, detectEdges: edges)
    }

    @Test func softBrushAccumulatesGradually() {
        let r = Renderer(threads: 1)
        let values = [1, 2, 4, 8].map { n in
            Luma.y(r.render(Self.gray, with: Adjustments(brushes: [stroke(passes: n)]))[60, 40])
        }
        let base = Luma.y(Self.gray[60, 40])
        #expect(values[0] > base)
        for i in 1..<values.count { #expect(values[i] > values[i - 1]) }
        // One pass is gentle, and it never exceeds the full one-stop lift.
        #expect(values[0] < base * 1.6)
        #expect(values[3] <= base * 2 + 1e-5)
        // Outside the stroke nothing changes.
        #expect(r.render(Self.gray, with: Adjustments(brushes: [stroke(passes: 3)]))[60, 2] == Self.gray[60, 2])
    }

    @Test func detectEdgesKeepsPaintOnTheTouchedColor() {
        // Top half blue, bottom half orange; the stroke runs along the boundary,
        // starting on blue: orange pixels must stay (almost) untouched.
        let img = Image(width: 120, height: 80) { _, y in y < 40 ? SIMD4(0.05, 0.1, 0.5, 1) : SIMD4(0.7, 0.3, 0.05, 1) }
        let pts = [BrushPoint(x: 0.2, y: 0.45)] + stride(from: 0.2, through: 0.8, by: 0.05).map { BrushPoint(x: $0, y: 0.5) }
        let plain = BrushStroke(kind: .darken, points: pts, radius: 0.1, strength: 0.3)
        var edgy = plain
        edgy.detectEdges = true
        let r = Renderer(threads: 1)
        let a = r.render(img, with: Adjustments(brushes: [plain]))
        let b = r.render(img, with: Adjustments(brushes: [edgy]))
        let orange = img[60, 44], blue = img[60, 36]
        #expect(Luma.y(a[60, 44]) < Luma.y(orange) * 0.8)        // plain brush spills over
        #expect(abs(Luma.y(b[60, 44]) - Luma.y(orange)) < 0.01)    // edge-aware does not
        #expect(Luma.y(b[60, 36]) < Luma.y(blue) * 0.8)            // but still paints the blue
    }

    @Test func saturationBrushes() {
        let img = Image(width: 50, height: 50, filledWith: SIMD4(0.5, 0.2, 0.1, 1))
        let pts = [BrushPoint(x: 0.5, y: 0.5)]
        let r = Renderer(threads: 1)
        let d = r.render(img, with: Adjustments(brushes: Array(repeating: BrushStroke(kind: .desaturate, points: pts, radius: 0.3, strength: 0.5), count: 4)))
        #expect(d[25, 25].x - d[25, 25].z < (img[25, 25].x - img[25, 25].z) * 0.3)
    }
}
