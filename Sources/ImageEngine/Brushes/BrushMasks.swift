import Foundation

/// Rasterised brush strokes for one render size: an exposure map (stops) and a
/// saturation map (chroma factor − 1), both per pixel, and the softening
/// coverage (0…1) that `BrushSoftening` blends a blur with.
struct BrushMasks: Sendable {
    var stops: [Float]
    var saturation: [Float]
    var soften: [Float]
    var hasStops: Bool
    var hasSaturation: Bool
    var hasSoften: Bool

    /// Rasterises `strokes` for `source` (edge detection reads the source's colors).
    init(strokes: [BrushStroke], source: Image) {
        var coverage = BrushCoverage(width: source.width, height: source.height)
        for stroke in strokes { coverage.add(stroke, source: source) }
        self = coverage.masks()
    }

    /// The masks of per-kind coverage maps: lighten less darken, saturate less desaturate, soften.
    init(coverage: [BrushKind: [Float]], pixels n: Int) {
        let zero = [Float](repeating: 0, count: n)
        func net(_ up: BrushKind, _ down: BrushKind) -> [Float]? {
            guard coverage[up] != nil || coverage[down] != nil else { return nil }
            let u = coverage[up] ?? zero, d = coverage[down] ?? zero
            return (0..<n).map { u[$0] - d[$0] }
        }
        let s = net(.lighten, .darken), c = net(.saturate, .desaturate)
        stops = s ?? zero; hasStops = s != nil
        saturation = c ?? zero; hasSaturation = c != nil
        soften = coverage[.soften] ?? zero; hasSoften = coverage[.soften] != nil
    }
}

/// The coverage (0…1) of each brush kind that strokes leave on one render size,
/// built stroke by stroke: adding a stroke rasterises only that stroke and folds
/// it into its kind's map, so a painting session pays for each stroke once
/// instead of re-rasterising every earlier stroke on every look. Strokes fold in
/// the order they are added with the same float arithmetic as a from-scratch
/// rasterisation, so the maps are bit for bit those of `BrushMasks(strokes:source:)`.
struct BrushCoverage: Sendable {
    let width: Int, height: Int
    /// Per kind, strokes composed in order (m ← m + c·(1 − m); erasing m ← m·(1 − c)).
    private(set) var kinds: [BrushKind: [Float]] = [:]
    /// CIELAB of source pixels that edge detection has read (computed once each).
    private var labCache: [Lab?] = []

    init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Folds `stroke` into its kind's map. `source` is the image the masks are for
    /// (its size is this coverage's; edge detection reads its colors).
    mutating func add(_ stroke: BrushStroke, source: Image) {
        guard let cover = cover(stroke, source: source) else { return }
        kinds[stroke.kind] = Self.fold(cover, into: kinds[stroke.kind], erase: stroke.erase)
    }

    /// The masks of the strokes added so far, and of `inFlight` after them if given
    /// (a stroke still being painted: not kept).
    mutating func masks(adding inFlight: BrushStroke? = nil, source: Image? = nil) -> BrushMasks {
        var all = kinds
        if let inFlight, let source, let cover = cover(inFlight, source: source) {
            all[inFlight.kind] = Self.fold(cover, into: all[inFlight.kind], erase: inFlight.erase)
        }
        return BrushMasks(coverage: all, pixels: width * height)
    }

    /// Whether any stroke so far has added coverage of `kind`.
    func has(_ kind: BrushKind) -> Bool { kinds[kind] != nil }

    private static func fold(_ cover: [Float], into map: [Float]?, erase: Bool) -> [Float] {
        var m = map ?? [Float](repeating: 0, count: cover.count)
        if erase {
            for i in 0..<cover.count where cover[i] > 0 { m[i] *= 1 - cover[i] }
        } else {
            for i in 0..<cover.count where cover[i] > 0 { m[i] += cover[i] * (1 - m[i]) }
        }
        return m
    }

    /// One stroke's own coverage: its dabs composed (saturating at full effect); nil
    /// for a stroke that paints nothing (no points, no strength).
    private mutating func cover(_ stroke: BrushStroke, source: Image) -> [Float]? {
        guard !stroke.points.isEmpty && stroke.strength > 0 else { return nil }
        let w = width, h = height, n = w * h
        precondition(source.width == w && source.height == h, "BrushCoverage: source is \(source.width)×\(source.height), coverage \(w)×\(h)")
        var cover = [Float](repeating: 0, count: n)
        let long = Double(max(w, h))
        let r = max(stroke.radius * long, 0.5)
        let strength = Float(min(max(stroke.strength, 0), 1))
        let hard = min(max(stroke.hardness, 0), 0.999)
        // Edge detection reference: the mean color under the first touch (3×3).
        var ref: Lab? = nil
        if stroke.detectEdges {
            if labCache.isEmpty { labCache = [Lab?](repeating: nil, count: n) }
            let p0 = stroke.points[0]
            let cx = min(max(Int(p0.x * Double(w)), 0), w - 1), cy = min(max(Int(p0.y * Double(h)), 0), h - 1)
            var acc = SIMD4<Float>.zero, cnt: Float = 0
            for yy in max(0, cy - 1)...min(h - 1, cy + 1) {
                for xx in max(0, cx - 1)...min(w - 1, cx + 1) { acc += source[xx, yy]; cnt += 1 }
            }
            acc /= cnt
            ref = ColorScience.lab(linear: SIMD3(Double(acc.x), Double(acc.y), Double(acc.z)))
        }
        // Dabs every quarter radius along the path.
        var dabs: [(Double, Double)] = []
        let pts = stroke.points.map { ($0.x * Double(w), $0.y * Double(h)) }
        dabs.append(pts[0])
        let spacing = max(r / 4, 0.5)
        var carry = 0.0
        for i in 1..<max(pts.count, 1) where pts.count > 1 {
            let (x0, y0) = pts[i - 1], (x1, y1) = pts[i]
            let len = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            var t = spacing - carry
            while t <= len {
                dabs.append((x0 + (x1 - x0) * t / len, y0 + (y1 - y0) * t / len))
                t += spacing
            }
            carry = len - (t - spacing)
        }
        for (dx, dy) in dabs {
            let x0 = max(0, Int(dx - r)), x1 = min(w - 1, Int(dx + r))
            let y0 = max(0, Int(dy - r)), y1 = min(h - 1, Int(dy + r))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                let fy = (Double(y) + 0.5 - dy) / r
                for x in x0...x1 {
                    let fx = (Double(x) + 0.5 - dx) / r
                    let d = (fx * fx + fy * fy).squareRoot()
                    guard d < 1 else { continue }
                    // Soft falloff: flat core of `hardness`, smooth shoulder to the rim.
                    var f = Float(1 - Num.smoothstep(hard, 1, d))
                    if let ref {
                        let i = y * w + x
                        if labCache[i] == nil {
                            let p = source.pixels[i]
                            labCache[i] = ColorScience.lab(linear: SIMD3(Double(p.x), Double(p.y), Double(p.z)))
                        }
                        let de = ColorScience.deltaE76(labCache[i]!, ref) / stroke.edgeTolerance
                        f *= Float(exp(-de * de))
                    }
                    let i = y * w + x
                    cover[i] += strength * f * (1 - cover[i])
                }
            }
        }
        return cover
    }
}
