/// What a brush does where it paints.
public enum BrushKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Up to +1 stop where fully painted.
    case lighten
    /// Down to −1 stop.
    case darken
    /// Up to double chroma.
    case saturate
    /// Down to gray.
    case desaturate
    /// Towards a Gaussian blur of the photo (σ = `BrushSoftening.sigma` of its
    /// longer side): skin smoothed, texture kept where unpainted.
    case soften
}

/// A point of a stroke in normalised image coordinates (0…1 across the width and
/// down the height), so the same stroke renders on a proxy and on the full photo.
public struct BrushPoint: Sendable, Hashable, Codable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// One stroke: a finger's path from touch-down to touch-up.
///
/// The brush is soft and accumulating, as in the talk: each dab adds only
/// `strength` of what is left to paint (coverage m ← m + s·falloff·(1 − m)), so
/// rubbing over the same area several times builds up the effect gradually and
/// rarely needs erasing. Dabs are laid every quarter radius along the path.
/// Strokes of one kind compose the same way (m ← m + c·(1 − m)), so rubbing
/// again never goes past the brush's full effect; an erasing stroke takes
/// coverage of its kind away (m ← m·(1 − c)).
public struct BrushStroke: Sendable, Hashable, Codable {
    public var kind: BrushKind
    /// The path, in order.
    public var points: [BrushPoint]
    /// Radius as a fraction of the image's longer side.
    public var radius: Double
    /// Coverage each dab adds (0…1); small values make a soft brush.
    public var strength: Double
    /// 0 = all falloff (soft edge) … 1 = hard disc.
    public var hardness: Double
    /// "Detect edges": paint only pixels near the color and lightness under the first touch.
    public var detectEdges: Bool
    /// ΔE76 scale of the edge detection: pixels this far from the first touch get ≈37%.
    public var edgeTolerance: Double
    /// An eraser stroke: removes coverage of `kind` where it paints.
    public var erase: Bool

    public init(kind: BrushKind, points: [BrushPoint], radius: Double = 0.05, strength: Double = 0.12,
                hardness: Double = 0.2, detectEdges: Bool = false, edgeTolerance: Double = 12, erase: Bool = false) {
        self.kind = kind; self.points = points; self.radius = radius; self.strength = strength
        self.hardness = hardness; self.detectEdges = detectEdges; self.edgeTolerance = edgeTolerance; self.erase = erase
    }

    enum CodingKeys: String, CodingKey {
        case kind, points, radius, strength, hardness
        case detectEdges = "detect_edges", edgeTolerance = "edge_tolerance", erase
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(BrushKind.self, forKey: .kind)
        points = try c.decodeIfPresent([BrushPoint].self, forKey: .points) ?? []
        radius = try c.decodeIfPresent(Double.self, forKey: .radius) ?? 0.05
        strength = try c.decodeIfPresent(Double.self, forKey: .strength) ?? 0.12
        hardness = try c.decodeIfPresent(Double.self, forKey: .hardness) ?? 0.2
        detectEdges = try c.decodeIfPresent(Bool.self, forKey: .detectEdges) ?? false
        edgeTolerance = try c.decodeIfPresent(Double.self, forKey: .edgeTolerance) ?? 12
        erase = try c.decodeIfPresent(Bool.self, forKey: .erase) ?? false
    }
}
