/// Everything a user can set on a photo, rendered in one pipeline by `Renderer`.
///
/// Scale convention: every exposure and color value is in −1…1, 0 is the
/// identity, and a slider maps linearly onto it. The all-default value renders
/// the input unchanged. Encoded with stable snake_case keys; missing keys decode
/// as their defaults, so recipes may name only what they change.
public struct Adjustments: Sendable, Hashable, Codable {
    // MARK: Exposure (iPhoto's six)

    /// Black point. +1 moves it up to 25% of the range (darker, deep shadows clip
    /// to black); −1 lifts black to 15% gray (a faded look). Never lightens when raised.
    public var blackLevel: Double = 0
    /// Shadow recovery, local: +1 lifts dark regions by about 2.5 stops, −1 deepens
    /// them by about 1.5, following an edge-aware luminance mask so edges get no halo.
    public var shadows: Double = 0
    /// Midtone brightness (a gamma curve with fixed ends); +1 ≈ doubles mid-gray's
    /// encoded value headroom. More brightness never darkens a pixel.
    public var brightness: Double = 0
    /// Contrast: an S-curve around encoded mid-gray, +1 steep, −1 flat. Ends fixed.
    public var contrast: Double = 0
    /// Highlight recovery, local: +1 pulls bright regions down by about 2 stops
    /// (restores visible gradation in skies), −1 brightens them by 1.
    public var highlights: Double = 0
    /// White point. +1 moves it down to 75% (brighter, highlights clip to white);
    /// −1 dims white to 80%. Never darkens when raised.
    public var whiteLevel: Double = 0

    // MARK: Color

    /// Global saturation: −1 gray, +1 doubles chroma. Grays stay gray.
    public var saturation: Double = 0
    /// Saturation of sky blues only (smooth hue band), −1…1.
    public var blueSkies: Double = 0
    /// Saturation of skin tones only (orange hue band, low-to-mid chroma), −1…1.
    public var skinTones: Double = 0
    /// Saturation of foliage greens only, −1…1.
    public var greenery: Double = 0

    // The second axis of each colour control (iPhoto's first colour design moved
    // every control "on two axes … the luminance and then the amount of that
    // colour space"): lightness of the pixels a control acts on, −1…1, where ±1 is
    // ±`ColorLuminance.maxStops` stops. Brightening never pushes a channel past white.

    /// Luminance of colourful pixels (by how colourful they are; grays keep theirs).
    public var saturationLuminance: Double = 0
    /// Luminance of sky blues only.
    public var blueSkiesLuminance: Double = 0
    /// Luminance of skin tones only.
    public var skinTonesLuminance: Double = 0
    /// Luminance of foliage greens only.
    public var greeneryLuminance: Double = 0

    // MARK: Effects, vignette, brushes

    /// One of the six effect families with its position or look; nil = none.
    public var effect: Effect?
    /// Darkening toward the corners.
    public var vignette: Vignette = Vignette()
    /// Brush strokes painted on the photo, applied in order.
    public var brushes: [BrushStroke] = []

    /// The identity.
    public init() {}

    /// Memberwise, every argument optional.
    public init(
        blackLevel: Double = 0, shadows: Double = 0, brightness: Double = 0, contrast: Double = 0,
        highlights: Double = 0, whiteLevel: Double = 0, saturation: Double = 0, blueSkies: Double = 0,
        skinTones: Double = 0, greenery: Double = 0, saturationLuminance: Double = 0,
        blueSkiesLuminance: Double = 0, skinTonesLuminance: Double = 0, greeneryLuminance: Double = 0,
        effect: Effect? = nil, vignette: Vignette = Vignette(), brushes: [BrushStroke] = []
    ) {
        self.blackLevel = blackLevel; self.shadows = shadows; self.brightness = brightness
        self.contrast = contrast; self.highlights = highlights; self.whiteLevel = whiteLevel
        self.saturation = saturation; self.blueSkies = blueSkies; self.skinTones = skinTones
        self.greenery = greenery; self.effect = effect; self.vignette = vignette; self.brushes = brushes
        self.saturationLuminance = saturationLuminance; self.blueSkiesLuminance = blueSkiesLuminance
        self.skinTonesLuminance = skinTonesLuminance; self.greeneryLuminance = greeneryLuminance
    }

    enum CodingKeys: String, CodingKey {
        case blackLevel = "black_level", shadows, brightness, contrast, highlights
        case whiteLevel = "white_level", saturation, blueSkies = "blue_skies"
        case skinTones = "skin_tones", greenery, effect, vignette, brushes
        case saturationLuminance = "saturation_luminance", blueSkiesLuminance = "blue_skies_luminance"
        case skinTonesLuminance = "skin_tones_luminance", greeneryLuminance = "greenery_luminance"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func d(_ k: CodingKeys) throws -> Double { try c.decodeIfPresent(Double.self, forKey: k) ?? 0 }
        blackLevel = try d(.blackLevel); shadows = try d(.shadows); brightness = try d(.brightness)
        contrast = try d(.contrast); highlights = try d(.highlights); whiteLevel = try d(.whiteLevel)
        saturation = try d(.saturation); blueSkies = try d(.blueSkies); skinTones = try d(.skinTones)
        greenery = try d(.greenery)
        saturationLuminance = try d(.saturationLuminance); blueSkiesLuminance = try d(.blueSkiesLuminance)
        skinTonesLuminance = try d(.skinTonesLuminance); greeneryLuminance = try d(.greeneryLuminance)
        effect = try c.decodeIfPresent(Effect.self, forKey: .effect)
        vignette = try c.decodeIfPresent(Vignette.self, forKey: .vignette) ?? Vignette()
        brushes = try c.decodeIfPresent([BrushStroke].self, forKey: .brushes) ?? []
    }

    /// Encodes every value but the luminance axes at zero, so recipes and traces
    /// written before those axes existed are written the same way.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(blackLevel, forKey: .blackLevel); try c.encode(shadows, forKey: .shadows)
        try c.encode(brightness, forKey: .brightness); try c.encode(contrast, forKey: .contrast)
        try c.encode(highlights, forKey: .highlights); try c.encode(whiteLevel, forKey: .whiteLevel)
        try c.encode(saturation, forKey: .saturation); try c.encode(blueSkies, forKey: .blueSkies)
        try c.encode(skinTones, forKey: .skinTones); try c.encode(greenery, forKey: .greenery)
        try c.encodeIfPresent(effect, forKey: .effect)
        try c.encode(vignette, forKey: .vignette); try c.encode(brushes, forKey: .brushes)
        for (key, value) in [
            (CodingKeys.saturationLuminance, saturationLuminance), (.blueSkiesLuminance, blueSkiesLuminance),
            (.skinTonesLuminance, skinTonesLuminance), (.greeneryLuminance, greeneryLuminance)
        ] where value != 0 {
            try c.encode(value, forKey: key)
        }
    }

    /// True when rendering would return the input unchanged.
    public var isIdentity: Bool { self == Adjustments() || normalizedForRendering == Adjustments() }

    /// True when the six exposure values are all zero.
    public var exposureIsIdentity: Bool {
        blackLevel == 0 && shadows == 0 && brightness == 0 && contrast == 0 && highlights == 0 && whiteLevel == 0
    }

    /// True when the four color controls are at zero on both axes.
    public var colorIsIdentity: Bool {
        saturation == 0 && blueSkies == 0 && skinTones == 0 && greenery == 0 && colorLuminanceIsIdentity
    }

    /// True when the four luminance axes are all zero.
    public var colorLuminanceIsIdentity: Bool {
        saturationLuminance == 0 && blueSkiesLuminance == 0 && skinTonesLuminance == 0 && greeneryLuminance == 0
    }

    /// The same adjustments with no-op parts removed (a zero-strength vignette, an
    /// effect at amount 0, strokes without points), so caches key on what matters.
    var normalizedForRendering: Adjustments {
        var a = self
        if a.vignette.strength == 0 { a.vignette = Vignette() }
        if let e = a.effect, e.amount == 0 { a.effect = nil }
        a.brushes.removeAll { $0.points.isEmpty || $0.strength == 0 }
        return a
    }
}

/// A vignette: darkening toward the corners of the frame.
public struct Vignette: Sendable, Hashable, Codable {
    /// 0 = none … 1 = corners fully black; negative values lighten the corners (−1…1).
    public var strength: Double
    /// Where the falloff starts, as a fraction of the center-to-corner distance (0…1).
    public var radius: Double

    public init(strength: Double = 0, radius: Double = 0.5) {
        self.strength = strength
        self.radius = radius
    }
}

extension Adjustments {
    /// The fields a recipe's JSON may hold, nested ones dotted (`vignette.radius`); a
    /// brush stroke's own fields are the stroke decoder's to check.
    public static let recipeFields: [String] = [
        "black_level", "shadows", "brightness", "contrast", "highlights", "white_level",
        "saturation", "blue_skies", "skin_tones", "greenery",
        "saturation_luminance", "blue_skies_luminance", "skin_tones_luminance", "greenery_luminance",
        "vignette", "vignette.strength", "vignette.radius",
        "effect", "effect.family", "effect.position", "effect.look", "effect.amount", "effect.mix", "brushes"
    ]

    /// The fields of a recipe's JSON object that no recipe has (dotted inside `vignette` and `effect`).
    public static func unknownRecipeFields(_ object: [String: Any]) -> [String] {
        var unknown: [String] = []
        for (key, value) in object {
            guard recipeFields.contains(key) else { unknown.append(key); continue }
            if key == "vignette" || key == "effect", let inner = value as? [String: Any] {
                unknown += inner.keys.map { key + "." + $0 }.filter { !recipeFields.contains($0) }
            }
        }
        return unknown.sorted()
    }

    /// Names accepted by `set(_:to:)` (and `refine render --set name=value`).
    public static let settableNames: [String] = [
        "black_level", "shadows", "brightness", "contrast", "highlights", "white_level",
        "saturation", "blue_skies", "skin_tones", "greenery",
        "saturation_luminance", "blue_skies_luminance", "skin_tones_luminance", "greenery_luminance",
        "vignette.strength", "vignette.radius",
        "effect", "effect.family", "effect.position", "effect.look", "effect.amount", "effect.mix"
    ]

    /// Sets one value by its recipe name. `effect` takes a catalog id (`bw-3`);
    /// `effect.mix` takes `r,g,b`. Throws for unknown names or bad values.
    public mutating func set(_ name: String, to value: String) throws {
        func num() throws -> Double {
            guard let v = Double(value.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                throw AdjustmentError("\(name): expected a number, got \"\(value)\"")
            }
            return v
        }
        func unit(_ lo: Double = -1, _ hi: Double = 1) throws -> Double {
            let v = try num()
            guard v >= lo && v <= hi else { throw AdjustmentError("\(name): \(v) is outside \(lo)…\(hi)") }
            return v
        }
        switch name {
        case "black_level": blackLevel = try unit()
        case "shadows": shadows = try unit()
        case "brightness": brightness = try unit()
        case "contrast": contrast = try unit()
        case "highlights": highlights = try unit()
        case "white_level": whiteLevel = try unit()
        case "saturation": saturation = try unit()
        case "blue_skies": blueSkies = try unit()
        case "skin_tones": skinTones = try unit()
        case "greenery": greenery = try unit()
        case "saturation_luminance": saturationLuminance = try unit()
        case "blue_skies_luminance": blueSkiesLuminance = try unit()
        case "skin_tones_luminance": skinTonesLuminance = try unit()
        case "greenery_luminance": greeneryLuminance = try unit()
        case "vignette.strength": vignette.strength = try unit()
        case "vignette.radius": vignette.radius = try unit(0, 1)
        case "effect":
            if value == "none" || value.isEmpty { effect = nil; return }
            guard let e = EffectCatalog.named(value) else {
                throw AdjustmentError(
                    "effect: unknown effect \"\(value)\"; expected one "
                        + "of \(EffectCatalog.all.map(\.id).joined(separator: ", ")) or none"
                )
            }
            effect = e.effect
        case "effect.family":
            guard let f = EffectFamily(rawValue: value) else {
                throw AdjustmentError(
                    "effect.family: expected one of \(EffectFamily.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            effect = Effect(family: f)
        case "effect.position":
            var e = effect ?? Effect(family: .blackAndWhite)
            e.position = try unit(0, 1); effect = e
        case "effect.look":
            var e = effect ?? Effect(family: .vintage)
            let v = try unit(0, 3)
            guard v == v.rounded() else { throw AdjustmentError("effect.look: expected 0, 1, 2 or 3") }
            e.look = Int(v); effect = e
        case "effect.amount":
            var e = effect ?? Effect(family: .blackAndWhite)
            e.amount = try unit(0, 1); effect = e
        case "effect.mix":
            let parts = value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3 else {
                throw AdjustmentError("effect.mix: expected r,g,b weights, got \"\(value)\"")
            }
            var e = effect ?? Effect(family: .blackAndWhite)
            e.family = .blackAndWhite
            e.mix = ChannelMix(red: parts[0], green: parts[1], blue: parts[2]); effect = e
        default:
            throw AdjustmentError(
                "unknown adjustment \"\(name)\"; expected one of \(Self.settableNames.joined(separator: ", "))")
        }
    }
}

/// A recipe value that cannot be set.
public struct AdjustmentError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ d: String) { description = d }
}

import Foundation
