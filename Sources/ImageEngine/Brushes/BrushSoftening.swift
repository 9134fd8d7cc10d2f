import Foundation

/// The soften brush, a stage before the fused pass: the photo is blended with a
/// Gaussian blur of itself by the soften strokes' coverage, and the rest of the
/// adjustments render on that. A blur needs neighbourhoods, which the per-pixel
/// pass has not, and softening the source keeps every later stage unchanged.
enum BrushSoftening {
    /// Blur σ as a fraction of the photo's longer side (assumption: ≈ 5 px on a
    /// 512-px portrait, enough to smooth skin texture and keep features).
    static let sigma = 0.01

    /// `image` softened by `adjustments`' soften strokes, and the adjustments
    /// without them; nil when there are none (the common case costs nothing).
    /// `soften`: the soften strokes' coverage already rasterised for `image` (nil: rasterised here).
    static func split(
        _ image: Image, _ adjustments: Adjustments, soften: [Float]? = nil
    ) -> (image: Image, rest: Adjustments)? {
        guard adjustments.brushes.contains(where: { $0.kind == .soften }), image.pixelCount > 0 else { return nil }
        var rest = adjustments
        rest.brushes.removeAll { $0.kind == .soften }
        let coverage =
            soften ?? BrushMasks(strokes: adjustments.brushes.filter { $0.kind == .soften }, source: image).soften
        let blurred = image.gaussianBlurred(sigma: max(0.5, sigma * Double(max(image.width, image.height))), threads: 1)
        var out = image
        for i in 0..<image.pixelCount where coverage[i] > 0 {
            let m = coverage[i]
            var p = image.pixels[i] + (blurred.pixels[i] - image.pixels[i]) * m
            p.w = image.pixels[i].w
            out.pixels[i] = p
        }
        return (out, rest)
    }
}
