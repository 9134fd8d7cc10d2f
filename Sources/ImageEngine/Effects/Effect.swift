/// The six effect families of the effects browser.
public enum EffectFamily: String, Sendable, Hashable, Codable, CaseIterable {
    /// Continuous: one swipe sweeps a curve through good red/green/blue mixes.
    case blackAndWhite = "bw"
    /// Continuous: strong colors up (right) or strong colors down (left).
    case aura
    /// Continuous: white balance from cool (left) to warm (right).
    case warmCool = "warm-cool"
    /// Continuous: a tinted monochrome whose tint hue sweeps the color wheel.
    case duotone
    /// Discrete: four film/print looks.
    case vintage
    /// Discrete: four stylised looks.
    case artistic

    /// Whether the family is refined by a continuous position (else by a discrete look).
    public var isContinuous: Bool { self != .vintage && self != .artistic }

    /// Human name for labels.
    public var displayName: String {
        switch self {
        case .blackAndWhite: "Black & White"
        case .aura: "Aura"
        case .warmCool: "Warm & Cool"
        case .duotone: "Duotone"
        case .vintage: "Vintage"
        case .artistic: "Artistic"
        }
    }
}

/// A free black-and-white mix of the linear red, green and blue channels. The
/// weights are normalised to sum to 1 when rendered (the three-slider design
/// makes the user keep them at 100%).
public struct ChannelMix: Sendable, Hashable, Codable {
    public var red: Double, green: Double, blue: Double
    public init(red: Double, green: Double, blue: Double) { self.red = red; self.green = green; self.blue = blue }

    /// Weights scaled to sum to 1 (equal weights if they sum to ~0).
    public var normalized: ChannelMix {
        let s = red + green + blue
        guard abs(s) > 1e-9 else { return ChannelMix(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3) }
        return ChannelMix(red: red / s, green: green / s, blue: blue / s)
    }
}

/// A chosen effect: a family and where on it.
public struct Effect: Sendable, Hashable, Codable {
    /// The family.
    public var family: EffectFamily
    /// Continuous families: 0…1 along the family's one-swipe curve (see `EffectCatalog`).
    public var position: Double
    /// Discrete families (vintage, artistic): look 0…3.
    public var look: Int
    /// Black & white only: a free mix that overrides `position` (the three-slider design).
    public var mix: ChannelMix?
    /// 0…1 blend between the photo (0) and the full effect (1).
    public var amount: Double

    public init(family: EffectFamily, position: Double = 0.5, look: Int = 0, mix: ChannelMix? = nil, amount: Double = 1)
    {
        self.family = family
        self.position = position
        self.look = look
        self.mix = mix
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey { case family, position, look, mix, amount }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        family = try c.decode(EffectFamily.self, forKey: .family)
        position = try c.decodeIfPresent(Double.self, forKey: .position) ?? 0.5
        look = try c.decodeIfPresent(Int.self, forKey: .look) ?? 0
        mix = try c.decodeIfPresent(ChannelMix.self, forKey: .mix)
        amount = try c.decodeIfPresent(Double.self, forKey: .amount) ?? 1
    }

    /// The black-and-white mix at a position of the one-swipe curve: a polyline
    /// through five classic filter mixes (red, orange, neutral, green, blue).
    public static func blackAndWhiteMix(at position: Double) -> ChannelMix {
        let nodes: [(Double, Double, Double)] = [
            (0.90, 0.10, 0.00),  // red filter: dark skies, light skin
            (0.60, 0.40, 0.00),  // orange filter
            (0.30, 0.59, 0.11),  // neutral (classic panchromatic film)
            (0.10, 0.80, 0.10),  // green filter: light foliage
            (0.05, 0.25, 0.70)  // blue filter: pale skies, dark reds
        ]
        let t = min(max(position, 0), 1) * Double(nodes.count - 1)
        let i = min(Int(t), nodes.count - 2)
        let f = t - Double(i)
        let a = nodes[i], b = nodes[i + 1]
        return ChannelMix(red: a.0 + (b.0 - a.0) * f, green: a.1 + (b.1 - a.1) * f, blue: a.2 + (b.2 - a.2) * f)
    }
}
