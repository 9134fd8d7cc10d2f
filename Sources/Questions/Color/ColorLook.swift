import Foundation
import Harness
import ImageEngine
import Reports

/// A colour goal made with a tool none of the colour designs offers: a CIELAB
/// selective-colour look (as in a Hue/Saturation dialog) that, in each named
/// range, multiplies CIELAB chroma by `chroma` and shifts L* by `lightness`. The
/// engine's controls scale chroma in linear RGB at constant luminance and
/// lightness in stops, and the one-axis controls tie the two together, while the
/// look sets them in proportions the spec chooses freely: the look is not a point
/// of any design's control space, so every design has a ceiling above zero
/// (design-neutral, like the exposure question's Curves look).
public struct ColorLook: Sendable, Hashable {
    /// One range's change.
    public struct Change: Sendable, Hashable {
        public var range: Range
        public var chroma: Double
        public var lightness: Double
    }

    /// The colour ranges of the look: every colourful pixel, or one of the
    /// engine's ranges, weighted as the engine weighs them (`ColorRange`), so a
    /// task targets the pixels the controls named after it act on.
    public enum Range: String, Sendable, Hashable, CaseIterable {
        case colour, sky, skin, foliage

        /// The engine's range of the same name (nil: every colourful pixel).
        public var engineRange: ColorRange? {
            switch self {
            case .colour: nil
            case .sky: .sky
            case .skin: .skin
            case .foliage: .foliage
            }
        }

        /// Weight 0…1 of a linear-RGB pixel in this range.
        func weight(_ p: SIMD4<Float>) -> Double {
            guard let r = engineRange else { return Double(ColorRange.colourfulness(p)) }
            return Double(r.weight(p))
        }
    }

    public var changes: [Change]

    /// Weight of a linear-RGB pixel in the look's ranges taken together (the task's
    /// target). A look at overall colour targets the whole photo.
    public func targetWeight(_ p: SIMD4<Float>) -> Double {
        if changes.contains(where: { $0.range == .colour }) { return 1 }
        return changes.map { $0.range.weight(p) }.max() ?? 0
    }

    /// The look applied to a linear-light image.
    public func apply(to image: Image) -> Image {
        var pixels = image.pixels
        for i in pixels.indices {
            let p = pixels[i]
            var c = ColorScience.lch(ColorScience.lab(linear: SIMD3(Double(p.x), Double(p.y), Double(p.z))))
            var chroma = 1.0, shift = 0.0
            for change in changes {
                let w = change.range.weight(p)
                chroma *= 1 + w * (change.chroma - 1)
                shift += w * change.lightness
            }
            c.c *= chroma
            c.l = min(100, max(0, c.l + shift))
            let rgb = ColorScience.linear(xyz: ColorScience.xyz(ColorScience.lab(c)))
            pixels[i] = SIMD4(
                Float(min(1, max(0, rgb.x))), Float(min(1, max(0, rgb.y))), Float(min(1, max(0, rgb.z))), p.w)
        }
        return Image(width: image.width, height: image.height, hasAlpha: image.hasAlpha, pixels: pixels)
    }

    /// Reads a goal: a mapping from range names to `{chroma: factor, lightness: ΔL*}`.
    static func parse(_ node: SpecNode) throws -> ColorLook {
        var changes: [Change] = []
        for (name, value) in try node.entries() {
            guard let range = Range(rawValue: name) else {
                throw value.error(
                    "unknown colour range '\(name)' (expected one "
                        + "of \(Range.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            try value.rejectUnknownKeys(["chroma", "lightness"])
            changes.append(
                Change(
                    range: range, chroma: try value.optional("chroma")?.double(in: 0...3) ?? 1,
                    lightness: try value.optional("lightness")?.double(in: -50...50) ?? 0))
        }
        guard !changes.isEmpty else {
            throw node.error("expected at least one colour range (colour, sky, skin, foliage)")
        }
        return ColorLook(changes: changes)
    }

    public var description: String {
        changes.map { "\($0.range.rawValue): chroma ×\($0.chroma), L* \($0.lightness >= 0 ? "+" : "")\($0.lightness)" }
            .joined(separator: "; ")
    }
}
