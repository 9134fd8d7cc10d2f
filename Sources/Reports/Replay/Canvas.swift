import ImageEngine
import Interaction

/// A small rasteriser over the engine's `Image`: filled and outlined rectangles,
/// thick lines (solid or dashed), dots and crosses, and photos scaled into a
/// rectangle. Geometry is given in points and mapped to pixels by `scale` and
/// `origin` (the pixel where point (0, 0) falls). Colours are linear light.
struct Canvas {
    var image: Image
    var scale: Double = 1
    var origin = Point(0, 0)

    init(width: Int, height: Int, background: SIMD4<Float>) {
        image = Image(width: width, height: height, filledWith: background)
    }

    /// An sRGB colour given as 0xRRGGBB, in linear light.
    static func color(_ hex: UInt32) -> SIMD4<Float> {
        SIMD4(
            SRGB.decode(Float((hex >> 16) & 0xFF) / 255), SRGB.decode(Float((hex >> 8) & 0xFF) / 255),
            SRGB.decode(Float(hex & 0xFF) / 255), 1)
    }

    func px(_ p: Point) -> Point { Point(origin.x + p.x * scale, origin.y + p.y * scale) }

    /// Blends `color` over pixel (x, y) with opacity `alpha`; outside the image, nothing.
    mutating func plot(_ x: Int, _ y: Int, _ color: SIMD4<Float>, _ alpha: Float = 1) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let old = image[x, y]
        var c = old + (color - old) * alpha
        c.w = 1
        image[x, y] = c
    }

    mutating func fill(_ r: Rect, _ color: SIMD4<Float>, alpha: Float = 1) {
        let a = px(r.origin), b = px(Point(r.maxX, r.maxY))
        let x0 = Int(a.x.rounded()), x1 = Int(b.x.rounded()), y0 = Int(a.y.rounded()), y1 = Int(b.y.rounded())
        // Clipped to the image (a rectangle wholly outside it draws nothing).
        let xa = max(0, x0), xb = min(image.width, x1), ya = max(0, y0), yb = min(image.height, y1)
        guard xb > xa, yb > ya else { return }
        for y in ya..<yb { for x in xa..<xb { plot(x, y, color, alpha) } }
    }

    mutating func stroke(_ r: Rect, _ color: SIMD4<Float>, width: Double = 1, dash: Double = 0) {
        let corners = [r.origin, Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY), r.origin]
        for (a, b) in zip(corners, corners.dropFirst()) { line(a, b, color, width: width, dash: dash) }
    }

    /// A line `width` pixels thick between two points; `dash` > 0 draws dashes
    /// and gaps of that many pixels.
    mutating func line(_ a: Point, _ b: Point, _ color: SIMD4<Float>, width: Double = 1, dash: Double = 0) {
        let p = px(a), q = px(b)
        let length = p.distance(to: q)
        let steps = max(1, Int((length * 2).rounded(.up)))
        for i in 0...steps {
            let d = length * Double(i) / Double(steps)
            if dash > 0 && Int(d / dash) % 2 == 1 { continue }
            disc(p + (q - p) * (Double(i) / Double(steps)), radius: width / 2, color)
        }
    }

    mutating func polyline(_ points: [Point], _ color: SIMD4<Float>, width: Double = 1, dash: Double = 0) {
        for (a, b) in zip(points, points.dropFirst()) { line(a, b, color, width: width, dash: dash) }
    }

    /// A filled dot of `radius` points.
    mutating func dot(_ p: Point, radius: Double, _ color: SIMD4<Float>) {
        disc(px(p), radius: max(0.5, radius * scale), color)
    }

    /// A cross (a miss) of half-size `size` points.
    mutating func cross(_ p: Point, size: Double, _ color: SIMD4<Float>, width: Double = 2) {
        line(p + Vector2(-size, -size), p + Vector2(size, size), color, width: width)
        line(p + Vector2(-size, size), p + Vector2(size, -size), color, width: width)
    }

    /// A disc in pixel coordinates.
    private mutating func disc(_ c: Point, radius r: Double, _ color: SIMD4<Float>) {
        // A hairline: the pixel the point falls in (a disc this small could miss every pixel centre).
        if r <= 0.75 { return plot(Int(c.x.rounded(.down)), Int(c.y.rounded(.down)), color) }
        let x0 = Int((c.x - r).rounded(.down)), x1 = Int((c.x + r).rounded(.up))
        let y0 = Int((c.y - r).rounded(.down)), y1 = Int((c.y + r).rounded(.up))
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
                if dx * dx + dy * dy <= r * r { plot(x, y, color) }
            }
        }
    }

    /// Draws `photo` scaled (by area averaging) into rectangle `r`.
    mutating func draw(_ photo: Image, in r: Rect) {
        let a = px(r.origin), b = px(Point(r.maxX, r.maxY))
        let x0 = Int(a.x.rounded()), y0 = Int(a.y.rounded())
        let w = Int(b.x.rounded()) - x0, h = Int(b.y.rounded()) - y0
        guard w > 0, h > 0, photo.width > 0, photo.height > 0 else { return }
        if w <= photo.width && h <= photo.height {
            let scaled = photo.resampledArea(width: w, height: h)
            for y in 0..<h { for x in 0..<w { plot(x0 + x, y0 + y, scaled[x, y]) } }
        } else {
            // Enlarging: nearest pixel.
            for y in 0..<h {
                for x in 0..<w {
                    plot(
                        x0 + x, y0 + y,
                        photo[min(photo.width - 1, x * photo.width / w), min(photo.height - 1, y * photo.height / h)])
                }
            }
        }
    }

    /// Text in the engine's 5×7 bitmap font, at pixel (x, y).
    mutating func text(_ s: String, x: Int, y: Int, _ color: SIMD4<Float>) {
        BitmapFont.draw(s, into: &image, x: x, y: y, color: color)
    }
}
