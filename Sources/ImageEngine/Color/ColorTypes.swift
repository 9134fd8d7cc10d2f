/// A CIE XYZ tristimulus value, D65, with Y = 1 for the white.
public struct XYZ: Sendable, Hashable, Codable {
    public var x, y, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
}

/// A CIELAB color (D65 white). L in 0…100.
public struct Lab: Sendable, Hashable, Codable, CustomStringConvertible {
    public var l, a, b: Double
    public init(_ l: Double, _ a: Double, _ b: Double) { self.l = l; self.a = a; self.b = b }
    public var description: String { String(format: "lab(%.2f, %.2f, %.2f)", l, a, b) }
}

/// CIELCh(ab): lightness, chroma, hue angle in degrees 0…360.
public struct LCh: Sendable, Hashable, Codable {
    public var l, c, h: Double
    public init(_ l: Double, _ c: Double, _ h: Double) { self.l = l; self.c = c; self.h = h }
}

/// A color in sRGB's encoded (display) form, components nominally 0…1.
public struct SRGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var r, g, b: Double
    public init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }

    /// From 8-bit components.
    public init(r8: UInt8, g8: UInt8, b8: UInt8) { self.init(Double(r8) / 255, Double(g8) / 255, Double(b8) / 255) }

    /// The linear-light components.
    public var linear: SIMD3<Double> { SIMD3(SRGB.decode(r), SRGB.decode(g), SRGB.decode(b)) }

    /// From linear-light components.
    public init(linear v: SIMD3<Double>) { self.init(SRGB.encode(v.x), SRGB.encode(v.y), SRGB.encode(v.z)) }

    /// `#RRGGBB`, clamped and rounded.
    public var hex: String {
        func h(_ v: Double) -> String {
            let i = Int((min(max(v, 0), 1) * 255).rounded())
            return String(i, radix: 16, uppercase: true).leftPadded(2)
        }
        return "#" + h(r) + h(g) + h(b)
    }

    public var description: String { hex }

    /// Whether every component is inside 0…1 (to 1e-9).
    public var isInGamut: Bool { [r, g, b].allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 } }
}

extension String {
    func leftPadded(_ n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
