/// A photo being painted stroke by stroke, rendered again and again as the
/// person looks (after each stroke, and while the finger is still down).
///
/// The committed strokes are rasterised once, as they are committed
/// (`BrushCoverage`), so a render rasterises at most the part of the stroke in
/// flight that is new since the last render, instead of every stroke so far.
/// The render is bit for bit `Renderer(threads: 1).render(source, with:
/// Adjustments(brushes: strokes))`.
public struct BrushCanvas: Sendable {
    /// The unpainted photo.
    public let source: Image
    /// The committed strokes, in order.
    public private(set) var strokes: [BrushStroke] = []
    private var coverage: BrushCoverage
    /// The stroke in flight as last rendered: the next look (the finger further
    /// along the same path) and the commit continue it from where it stopped.
    private var inFlight: StrokeRaster?

    public init(_ source: Image) {
        self.source = source
        coverage = BrushCoverage(width: source.width, height: source.height)
    }

    /// Commits `stroke` (the finger lifted): later renders include it.
    public mutating func commit(_ stroke: BrushStroke) {
        strokes.append(stroke)
        coverage.add(stroke, source: source, continuing: &inFlight)
        inFlight = nil
    }

    /// Commits the strokes of `painted` after the ones already committed, which
    /// must be its beginning (a session's strokes only ever grow).
    public mutating func commit(upTo painted: [BrushStroke]) {
        precondition(
            painted.count >= strokes.count, "BrushCanvas: \(painted.count) strokes painted, \(strokes.count) committed")
        assert(
            Array(painted.prefix(strokes.count)) == strokes,
            "BrushCanvas: the committed strokes are not the painted ones' beginning")
        for stroke in painted[strokes.count...] { commit(stroke) }
    }

    /// The photo painted with the committed strokes and, after them, `inFlight`
    /// (a stroke whose finger is still down: rendered, not committed).
    public mutating func render(adding inFlight: BrushStroke? = nil) -> Image {
        let all = inFlight.map { strokes + [$0] } ?? strokes
        var out = Image(width: 0, height: 0, pixels: [])
        // Edge detection of a lighten/saturate… stroke reads the photo as the soften
        // strokes leave it, which kept coverage (made on the unpainted photo) does not
        // know: that mix is rasterised from scratch.
        let paints = { (s: BrushStroke) in !s.points.isEmpty && s.strength > 0 }
        if all.contains(where: { $0.kind == .soften && paints($0) })
            && all.contains(where: { $0.kind != .soften && $0.detectEdges && paints($0) })
        {
            Renderer(threads: 1).render(source, with: Adjustments(brushes: all), into: &out)
            return out
        }
        let masks: BrushMasks
        if let stroke = inFlight {
            masks = coverage.masks(adding: stroke, source: source, raster: &self.inFlight)
        } else {
            masks = coverage.masks()
        }
        Renderer(threads: 1).render(source, with: Adjustments(brushes: all), masks: masks, into: &out)
        return out
    }
}
