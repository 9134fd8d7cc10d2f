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
    /// (its size is this coverage's; edge detection reads its colors). `raster`:
    /// the stroke as last rasterised while in flight, continued instead of
    /// rasterised afresh when `stroke` only adds points to it (then let go).
    mutating func add(_ stroke: BrushStroke, source: Image, continuing raster: inout StrokeRaster?) {
        guard let cover = rasterise(stroke, source: source, continuing: &raster) else { return }
        raster = nil
        kinds[stroke.kind] = Self.fold(cover, into: kinds[stroke.kind], erase: stroke.erase)
    }

    mutating func add(_ stroke: BrushStroke, source: Image) {
        var none: StrokeRaster? = nil
        add(stroke, source: source, continuing: &none)
    }

    /// The masks of the strokes added so far.
    func masks() -> BrushMasks { BrushMasks(coverage: kinds, pixels: width * height) }

    /// The masks with `inFlight` (a stroke still being painted: not kept) folded in
    /// after the strokes added so far. `raster` is kept by the caller from look to
    /// look: continued when `inFlight` only adds points to the stroke it holds.
    mutating func masks(adding inFlight: BrushStroke, source: Image, raster: inout StrokeRaster?) -> BrushMasks {
        guard let cover = rasterise(inFlight, source: source, continuing: &raster) else { return masks() }
        var all = kinds
        all[inFlight.kind] = Self.fold(cover, into: all[inFlight.kind], erase: inFlight.erase)
        return BrushMasks(coverage: all, pixels: width * height)
    }

    /// `stroke`'s own coverage, continuing `raster` when it can (and leaving it
    /// holding `stroke`); nil for a stroke that paints nothing.
    private mutating func rasterise(
        _ stroke: BrushStroke, source: Image, continuing raster: inout StrokeRaster?
    ) -> [Float]? {
        precondition(
            source.width == width && source.height == height,
            "BrushCoverage: source is \(source.width)×\(source.height), coverage \(width)×\(height)")
        if raster?.continues(stroke) != true { raster = StrokeRaster(stroke, width: width, height: height) }
        guard raster != nil else { return nil }
        raster!.extend(to: stroke.points, source: source, labCache: &labCache)
        return raster!.cover
    }

    private static func fold(_ cover: [Float], into map: [Float]?, erase: Bool) -> [Float] {
        var m = map ?? [Float](repeating: 0, count: cover.count)
        if erase {
            for i in 0..<cover.count where cover[i] > 0 { m[i] *= 1 - cover[i] }
        } else {
            for i in 0..<cover.count where cover[i] > 0 { m[i] += cover[i] * (1 - m[i]) }
        }
        return m
    }
}

/// One stroke being rasterised point by point: its dabs (every quarter radius
/// along the path) composed into its own coverage (c ← c + s·falloff·(1 − c)).
/// The dabs are laid and composed in path order, so rasterising a path's first
/// points and then the rest gives the bits of rasterising it all at once.
struct StrokeRaster: Sendable {
    /// The stroke without its points (what must match for a longer path to continue it).
    let brush: BrushStroke
    private(set) var cover: [Float]
    /// The points rasterised so far.
    private(set) var points: [BrushPoint] = []
    /// Path length since the last dab, in pixels.
    private var carry = 0.0
    private let w: Int, h: Int, r: Double, spacing: Double, strength: Float, hard: Double
    private var ref: Lab? = nil

    /// Nil for a stroke that paints nothing (no points, no strength).
    init?(_ stroke: BrushStroke, width w: Int, height h: Int) {
        guard !stroke.points.isEmpty && stroke.strength > 0 else { return nil }
        var brush = stroke
        brush.points = []
        self.brush = brush; self.w = w; self.h = h
        cover = [Float](repeating: 0, count: w * h)
        r = max(stroke.radius * Double(max(w, h)), 0.5)
        spacing = max(r / 4, 0.5)
        strength = Float(min(max(stroke.strength, 0), 1))
        hard = min(max(stroke.hardness, 0), 0.999)
    }

    /// Whether `stroke` is this one with the same or more points.
    func continues(_ stroke: BrushStroke) -> Bool {
        var bare = stroke
        bare.points = []
        return bare == brush && stroke.points.count >= points.count && stroke.points.starts(with: points)
    }

    /// Rasterises the points of `path` after those done (`path` begins with them).
    mutating func extend(to path: [BrushPoint], source: Image, labCache: inout [Lab?]) {
        precondition(
            source.width == w && source.height == h,
            "StrokeRaster: source is \(source.width)×\(source.height), coverage \(w)×\(h)")
        guard path.count > points.count else { return }
        let width = Double(w), height = Double(h)
        func px(_ p: BrushPoint) -> (Double, Double) { (p.x * width, p.y * height) }
        var next = points.count
        if points.isEmpty {
            if brush.detectEdges { ref = Self.reference(path[0], source: source, labCache: &labCache) }
            dab(px(path[0]), source: source, labCache: &labCache)
            next = 1
        }
        for i in next..<path.count {
            let (x0, y0) = px(path[i - 1]), (x1, y1) = px(path[i])
            let len = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            var t = spacing - carry
            while t <= len {
                dab((x0 + (x1 - x0) * t / len, y0 + (y1 - y0) * t / len), source: source, labCache: &labCache)
                t += spacing
            }
            carry = len - (t - spacing)
        }
        points = path
    }

    /// Edge detection's reference: the mean color under the first touch (3×3).
    private static func reference(_ p0: BrushPoint, source: Image, labCache: inout [Lab?]) -> Lab {
        let w = source.width, h = source.height
        if labCache.isEmpty { labCache = [Lab?](repeating: nil, count: w * h) }
        let cx = min(max(Int(p0.x * Double(w)), 0), w - 1), cy = min(max(Int(p0.y * Double(h)), 0), h - 1)
        var acc = SIMD4<Float>.zero, cnt: Float = 0
        for yy in max(0, cy - 1)...min(h - 1, cy + 1) {
            for xx in max(0, cx - 1)...min(w - 1, cx + 1) { acc += source[xx, yy]; cnt += 1 }
        }
        acc /= cnt
        return ColorScience.lab(linear: SIMD3(Double(acc.x), Double(acc.y), Double(acc.z)))
    }

    /// One dab centred at (`dx`, `dy`) pixels composed into the cover.
    private mutating func dab(_ at: (Double, Double), source: Image, labCache: inout [Lab?]) {
        let (dx, dy) = at
        let x0 = max(0, Int(dx - r)), x1 = min(w - 1, Int(dx + r))
        let y0 = max(0, Int(dy - r)), y1 = min(h - 1, Int(dy + r))
        guard x0 <= x1, y0 <= y1 else { return }
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
                    let de = ColorScience.deltaE76(labCache[i]!, ref) / brush.edgeTolerance
                    f *= Float(exp(-de * de))
                }
                let i = y * w + x
                cover[i] += strength * f * (1 - cover[i])
            }
        }
    }
}
