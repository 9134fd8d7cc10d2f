/// A discrete look (vintage and artistic families): per-channel curves on the
/// display scale plus a few global touches. Plain data, so a look is described
/// once here and executed by `EffectKernel`.
struct Look: Sendable {
    let name: String
    /// Saturation factor applied before the curves (0 = monochrome base).
    var saturation: Double = 1
    /// Red, green, blue curves (encoded → encoded).
    var curves: [ToneCurve]? = nil
    /// Built-in vignette strength (0 = none).
    var vignette: Double = 0
    /// Soft glow (screen blend of a blurred copy), 0…1.
    var glow: Double = 0
    /// Posterize to this many levels per channel (0 = off).
    var posterize: Int = 0
}

enum Looks {
    static func c(_ p: [(Double, Double)]) -> ToneCurve { ToneCurve(p) }

    static let vintage: [Look] = [
        Look(name: "Faded", saturation: 0.7, curves: [
            c([(0, 0.10), (0.5, 0.53), (1, 0.93)]),
            c([(0, 0.09), (0.5, 0.51), (1, 0.91)]),
            c([(0, 0.14), (0.5, 0.50), (1, 0.86)]),
        ], vignette: 0.15),
        Look(name: "Sepia", saturation: 0, curves: [
            c([(0, 0.08), (0.5, 0.56), (1, 0.98)]),
            c([(0, 0.05), (0.5, 0.47), (1, 0.91)]),
            c([(0, 0.02), (0.5, 0.35), (1, 0.76)]),
        ], vignette: 0.25),
        Look(name: "Old Film", saturation: 0.6, curves: [
            c([(0, 0.06), (0.25, 0.22), (0.75, 0.80), (1, 0.95)]),
            c([(0, 0.09), (0.25, 0.25), (0.75, 0.76), (1, 0.93)]),
            c([(0, 0.10), (0.25, 0.24), (0.75, 0.66), (1, 0.80)]),
        ], vignette: 0.4),
        Look(name: "Instant", saturation: 0.85, curves: [
            c([(0, 0.05), (0.5, 0.56), (1, 1.0)]),
            c([(0, 0.07), (0.5, 0.53), (1, 0.97)]),
            c([(0, 0.15), (0.5, 0.48), (1, 0.87)]),
        ], vignette: 0.2),
    ]

    static let artistic: [Look] = [
        Look(name: "Cross Process", saturation: 1.25, curves: [
            c([(0, 0), (0.25, 0.17), (0.75, 0.87), (1, 1)]),
            c([(0, 0), (0.25, 0.21), (0.75, 0.84), (1, 1)]),
            c([(0, 0.13), (0.5, 0.44), (1, 0.78)]),
        ]),
        Look(name: "Bleach Bypass", saturation: 0.45, curves: [
            c([(0, 0), (0.25, 0.15), (0.75, 0.87), (1, 1)]),
            c([(0, 0), (0.25, 0.15), (0.75, 0.87), (1, 1)]),
            c([(0, 0), (0.25, 0.15), (0.75, 0.87), (1, 1)]),
        ]),
        Look(name: "Glow", saturation: 1.1, glow: 0.55),
        Look(name: "Poster", saturation: 1.35, posterize: 5),
    ]
}
