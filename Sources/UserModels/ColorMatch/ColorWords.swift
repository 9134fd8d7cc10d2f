import Foundation
import ImageEngine

/// What a person reads into a colour control's label: which way in CIELAB the
/// control's high end moves the colour. A documented prior, the same for every
/// design: words naming a colour mean "more of that colour", imagined as the
/// display's colour of that name seen against mid grey (sRGB 0.5); "A–B" means A
/// at the low end and B at the high end; lightness words mean lighter; "hue"
/// goes round the colour circle in the spectrum's order (red → yellow → green →
/// blue, counter-clockwise in a*b*); "saturation"/"chroma" means away from grey
/// at the current hue. Words the lexicon lacks tell nothing.
public enum ColorWords {
    /// The named colours a person imagines.
    static let named: [String: SRGBColor] = [
        "red": SRGBColor(1, 0, 0), "green": SRGBColor(0, 1, 0), "blue": SRGBColor(0, 0, 1),
        "yellow": SRGBColor(1, 1, 0), "orange": SRGBColor(1, 0.5, 0), "purple": SRGBColor(0.5, 0, 0.5),
        "cyan": SRGBColor(0, 1, 1), "magenta": SRGBColor(1, 0, 1)
    ]
    static let lighter: Set<String> = [
        "lightness", "light", "value", "luma", "luminance", "brightness", "bright", "white"
    ]
    static let darker: Set<String> = ["black", "dark", "darkness"]

    /// Unit CIELAB direction of one word at colour `at` (nil: the word says nothing there).
    static func direction(ofWord word: String, at current: SIMD3<Double>) -> SIMD3<Double>? {
        let w = word.lowercased()
        if lighter.contains(w) { return SIMD3(1, 0, 0) }
        if darker.contains(w) { return SIMD3(-1, 0, 0) }
        let chroma = (current.y * current.y + current.z * current.z).squareRoot()
        if w == "saturation" || w == "chroma" || w == "colourfulness" || w == "colorfulness" {
            return chroma < 1 ? nil : SIMD3(0, current.y / chroma, current.z / chroma)
        }
        if w == "hue" { return chroma < 1 ? nil : SIMD3(0, -current.z / chroma, current.y / chroma) }
        guard let c = named[w] else { return nil }
        let d = ColorPerception.lab(c) - ColorPerception.lab(SRGBColor(0.5, 0.5, 0.5))
        let n = (d * d).sum().squareRoot()
        return n > 0 ? d / n : nil
    }

    /// The direction a label promises for its control's high end, or nil.
    public static func direction(of label: String, at current: SIMD3<Double>) -> SIMD3<Double>? {
        let poles = label.split(whereSeparator: { $0 == "–" || $0 == "-" || $0 == "/" }).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if poles.count == 2 {
            guard let low = direction(ofWord: poles[0], at: current),
                let high = direction(ofWord: poles[1], at: current)
            else { return nil }
            let d = high - low, n = (d * d).sum().squareRoot()
            return n > 0 ? d / n : nil
        }
        return poles.count == 1 ? direction(ofWord: poles[0], at: current) : nil
    }

    /// How much a label's whole track is believed to change the colour (CIELAB
    /// units): "hue" a full turn of the circle at the current chroma; others
    /// `prior` (agent.label_track_de).
    public static func span(of label: String, chroma: Double, prior: Double) -> Double {
        label.lowercased() == "hue" ? 2 * .pi * chroma : prior
    }
}
