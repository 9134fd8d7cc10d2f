import Foundation

/// Parses the color notations the CLI and recipes accept: `#RRGGBB` (or `#RGB`),
/// `rgb(r,g,b)` with 0…255 components, and `lab(L,a,b)`.
public enum ColorParser {
    /// A parsed color, as sRGB (for `lab(...)`, the conversion of the Lab value).
    public static func parse(_ text: String) throws -> (srgb: SRGBColor, lab: Lab) {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        func bad(_ why: String) -> AdjustmentError {
            AdjustmentError("cannot read color \"\(text)\": \(why); expected #RRGGBB, rgb(r,g,b) or lab(L,a,b)")
        }
        func numbers(_ prefix: String) throws -> [Double] {
            guard s.hasPrefix(prefix + "("), s.hasSuffix(")") else { throw bad("malformed") }
            let inner = s.dropFirst(prefix.count + 1).dropLast()
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let v = parts.compactMap(Double.init)
            guard v.count == 3, parts.count == 3, v.allSatisfy(\.isFinite) else { throw bad("expected three numbers") }
            return v
        }
        if s.hasPrefix("#") {
            var hex = String(s.dropFirst())
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { throw bad("bad hex digits") }
            let c = SRGBColor(r8: UInt8(v >> 16 & 0xff), g8: UInt8(v >> 8 & 0xff), b8: UInt8(v & 0xff))
            return (c, ColorScience.lab(c))
        }
        if s.hasPrefix("rgb") {
            let v = try numbers("rgb")
            guard v.allSatisfy({ $0 >= 0 && $0 <= 255 }) else { throw bad("components must be 0…255") }
            let c = SRGBColor(v[0] / 255, v[1] / 255, v[2] / 255)
            return (c, ColorScience.lab(c))
        }
        if s.hasPrefix("lab") {
            let v = try numbers("lab")
            guard v[0] >= 0 && v[0] <= 100 else { throw bad("L must be 0…100") }
            let lab = Lab(v[0], v[1], v[2])
            return (ColorScience.srgb(lab), lab)
        }
        throw bad("unknown notation")
    }
}
