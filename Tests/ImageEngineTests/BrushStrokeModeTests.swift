import Foundation
import Testing
@testable import ImageEngine

/// How a stroke paints (the brushes question): soft strokes accumulate and
/// saturate at the brush's full effect, a strong stroke reaches it in one pass,
/// an eraser takes paint away, and the soften brush blurs only where painted.
@Suite struct BrushStrokeModeTests {
    static let gray = Image(width: 120, height: 80, filledWith: SIMD4(0.2, 0.2, 0.2, 1))
    static let line = stride(from: 0.2, through: 0.8, by: 0.05).map { BrushPoint(x: $0, y: 0.5) }

    func y(_ a: Adjustments, _ image: Image = gray, x: Int = 60, yy: Int = 40) -> Float {
        Luma.y(Renderer(threads: 1).render(image, with: a)[x, yy])
    }

    @Test func softStrokesAccumulateMonotonicallyAndSaturate() {
        let soft = BrushStroke(kind: .lighten, points: Self.line, radius: 0.1, strength: 0.12)
        let base = Luma.y(Self.gray[60, 40]), full = base * 2
        var last = base
        for n in 1...30 {
            let v = y(Adjustments(brushes: Array(repeating: soft, count: n)))
            #expect(v >= last, "stroke \(n) lowered the effect")
            #expect(v <= full * 1.0001, "stroke \(n) went past the full one-stop effect")
            last = v
        }
        #expect(y(Adjustments(brushes: [soft])) < base * 1.7, "one soft pass is gentle")
        #expect(last > full * 0.97, "rubbing long enough reaches the full effect")
    }

    @Test func strongStrokeReachesTheFullEffectInOnePass() {
        let strong = BrushStroke(kind: .lighten, points: Self.line, radius: 0.1, strength: 1, hardness: 0.8)
        let base = Luma.y(Self.gray[60, 40])
        #expect(abs(y(Adjustments(brushes: [strong])) - base * 2) < 1e-3)
        // A second pass adds nothing.
        #expect(abs(y(Adjustments(brushes: [strong, strong])) - base * 2) < 1e-3)
    }

    @Test func eraserTakesPaintAway() {
        let strong = BrushStroke(kind: .saturate, points: Self.line, radius: 0.1, strength: 1, hardness: 0.8)
        var eraser = strong
        eraser.erase = true
        let orange = Image(width: 120, height: 80, filledWith: SIMD4(0.5, 0.25, 0.1, 1))
        let r = Renderer(threads: 1)
        let painted = r.render(orange, with: Adjustments(brushes: [strong]))[60, 40]
        let erased = r.render(orange, with: Adjustments(brushes: [strong, eraser]))[60, 40]
        #expect(painted.x - painted.z > (orange[60, 40].x - orange[60, 40].z) * 1.3)
        #expect(abs(erased.x - orange[60, 40].x) < 1e-4 && abs(erased.z - orange[60, 40].z) < 1e-4)
    }

    @Test func softenBlursWherePaintedOnly() {
        let checker = Image(width: 120, height: 80) { x, y in (x + y) % 2 == 0 ? SIMD4(0.8, 0.8, 0.8, 1) : SIMD4(0.1, 0.1, 0.1, 1) }
        let stroke = BrushStroke(kind: .soften, points: Self.line, radius: 0.1, strength: 1, hardness: 0.8)
        let out = Renderer(threads: 1).render(checker, with: Adjustments(brushes: [stroke]))
        let contrast = { (img: Image, x: Int, y: Int) in abs(Luma.y(img[x, y]) - Luma.y(img[x + 1, y])) }
        #expect(contrast(out, 60, 40) < contrast(checker, 60, 40) * 0.5, "painted: smoothed")
        #expect(out[60, 2] == checker[60, 2], "unpainted: untouched")
    }
}
