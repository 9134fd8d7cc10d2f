/// The global part of the exposure controls as a curve on the display scale:
/// levels (black and white points), brightness (midtone gamma), contrast
/// (S-curve), in that order. Pure math; `RenderPlan` samples it into a LUT.
struct ExposureCurve: Sendable, Hashable {
    let blackIn: Double, blackOut: Double, whiteIn: Double, whiteOut: Double
    let gamma: Double, contrastExponent: Double

    init(_ a: Adjustments) {
        let b = min(max(a.blackLevel, -1), 1), w = min(max(a.whiteLevel, -1), 1)
        blackIn = b > 0 ? 0.25 * b : 0          // raising black level clips more shadows
        blackOut = b < 0 ? -0.15 * b : 0        // lowering it lifts the floor (fade)
        whiteIn = w > 0 ? 1 - 0.25 * w : 1      // raising white level clips highlights
        whiteOut = w < 0 ? 1 + 0.2 * w : 1      // lowering it dims white
        gamma = pow(2, -1.2 * min(max(a.brightness, -1), 1))
        contrastExponent = pow(2, 1.3 * min(max(a.contrast, -1), 1))
    }

    var isIdentity: Bool {
        blackIn == 0 && blackOut == 0 && whiteIn == 1 && whiteOut == 1 && gamma == 1 && contrastExponent == 1
    }

    /// Encoded value in, encoded value out; monotone in v and in each control.
    func callAsFunction(_ v: Double) -> Double {
        var t = min(max((v - blackIn) / (whiteIn - blackIn), 0), 1)
        // At t = 0 or 1 both curves give t back, and pow(t, 1) is t: skipping those `pow`s is the same bits
        // (levels clamp whole runs of a table to 0 or 1, and a move of another control leaves γ at 1).
        if t == 0 || t == 1 { return blackOut + (whiteOut - blackOut) * t }
        if gamma != 1 { t = pow(t, gamma) }
        if contrastExponent != 1 {
            t = t < 0.5 ? 0.5 * pow(2 * t, contrastExponent) : 1 - 0.5 * pow(2 * (1 - t), contrastExponent)
        }
        return blackOut + (whiteOut - blackOut) * t
    }
}

/// The local part: how much gain (in stops) a region gets from shadow and
/// highlight recovery as a function of its base luminance (log2 of the
/// edge-aware mask). Sampled into a LUT over the base.
struct LocalToneCurve: Sendable, Hashable {
    let shadows: Double, highlights: Double

    init(_ a: Adjustments) {
        shadows = min(max(a.shadows, -1), 1)
        highlights = min(max(a.highlights, -1), 1)
    }

    var isIdentity: Bool { shadows == 0 && highlights == 0 }

    /// Stops of gain for a region whose base luminance is 2^base (linear).
    func stops(base: Double) -> Double {
        let (ws, wh) = Self.weights(base: base)
        return stops(ws, wh)
    }

    /// The shadow and highlight weights of a region whose base luminance is 2^base.
    static func weights(base: Double) -> (shadows: Double, highlights: Double) {
        let e = SRGB.encode(min(pow(2, base), 1))
        // Shadow weight: full in the deep shadows, gone by the upper midtones.
        let ws = 1 - Num.smoothstep(0.08, 0.6, e)
        // Highlight weight: only the bright regions.
        let wh = Num.smoothstep(0.45, 0.95, e)
        return (ws, wh)
    }

    /// Stops of gain given the region's weights.
    @inline(__always) func stops(_ ws: Double, _ wh: Double) -> Double {
        var s = 0.0
        s += shadows > 0 ? 2.5 * shadows * ws : 1.5 * shadows * ws
        s -= highlights > 0 ? 2.0 * highlights * wh : 1.0 * highlights * wh
        return s
    }

    static let baseMin: Float = -16, baseMax: Float = 1
    static let lutSize = 1024

    /// The base each table entry stands for.
    static func base(_ i: Int) -> Double {
        Double(baseMin) + Double(baseMax - baseMin) * Double(i) / Double(lutSize)
    }

    /// The weights at each table entry: the same for every setting, so computed once
    /// (two `pow` per entry fewer per table; one is left, the gain itself).
    static let tableWeights: [(shadows: Double, highlights: Double)] = (0...lutSize).map { weights(base: base($0)) }

    /// Gain (linear factor) table over base ∈ [baseMin, baseMax].
    func gainTable() -> [Float] {
        Self.tableWeights.map { w in Float(pow(2, stops(w.shadows, w.highlights))) }
    }
}

import Foundation
