import Foundation

/// Everything about an `Adjustments` value that does not depend on the photo:
/// the global curves sampled into lookup tables, the compiled color and effect
/// kernels. Built once per distinct value and cached, because simulated users
/// re-render the same settings many times.
final class RenderPlan: Sendable {
    let exposureLUT: CurveLUT?
    let localGain: [Float]?
    let color: ColorKernel?
    let effect: EffectKernel?
    let effectCurves: CurveLUT?
    let duotone: [SIMD4<Float>]
    let vignetteStrength: Double
    let vignetteRadius: Double
    /// The exposure curve as three planar (value, slope) tables for the strip kernels.
    let exposurePairs: [[SIMD2<Float>]]
    /// The local gain table as (value, slope) pairs.
    let gainPairs: [SIMD2<Float>]
    /// √gain as (value, slope) pairs, for the 8-bit preview (`PreviewSource`), which scales √x.
    let rootGainPairs: [SIMD2<Float>]

    init(_ a: Adjustments) {
        let curve = ExposureCurve(a)
        exposureLUT = curve.isIdentity ? nil : ExposureTables.shared.table(for: curve)
        let local = LocalToneCurve(a)
        localGain = local.isIdentity ? nil : local.gainTable()
        let ck = ColorKernel(a)
        color = ck.isIdentity ? nil : ck
        if let e = a.effect {
            let made = EffectKernel.make(e)
            effect = made.kernel; effectCurves = made.curves; duotone = made.duotone
        } else {
            effect = nil; effectCurves = nil; duotone = []
        }
        // The look's own vignette adds to the user's (same radius).
        vignetteStrength = min(max(a.vignette.strength + (effect?.vignette ?? 0) * Double(effect?.amount ?? 0), -1), 1)
        vignetteRadius = min(max(a.vignette.radius, 0), 1)
        // (value, slope) pairs: the interpolation t[i] + (t[i+1] − t[i])·f then needs
        // one 8-byte load per lookup; the slope is rounded exactly as the scalar path does.
        if let t = exposureLUT?.table {
            // t has size + 2 entries. The exposure curve treats the channels alike:
            // one shared table then, so the gathers hit 8 KB of L1, not 24.
            let pairs = (0..<3).map { c in (0...CurveLUT.size).map { i in SIMD2(t[i][c], t[i + 1][c] - t[i][c]) } }
            exposurePairs = pairs[0] == pairs[1] && pairs[0] == pairs[2] ? [pairs[0], pairs[0], pairs[0]] : pairs
        } else {
            exposurePairs = []
        }
        if let g = localGain {
            // One entry more than intervals (slope 0): `Kernels.split` may return index n.
            gainPairs = (0...LocalToneCurve.lutSize).map { i in
                SIMD2(g[i], i < LocalToneCurve.lutSize ? g[i + 1] - g[i] : 0)
            }
            rootGainPairs = (0...LocalToneCurve.lutSize).map { i in
                let v = g[i].squareRoot()
                return SIMD2(v, i < LocalToneCurve.lutSize ? g[i + 1].squareRoot() - v : 0)
            }
        } else {
            gainPairs = []
            rootGainPairs = []
        }
    }

    /// Key for the cache: the parts the plan depends on (no brushes; vignette kept, it is cheap).
    static func key(_ a: Adjustments) -> Adjustments {
        var k = a
        k.brushes = []
        return k
    }
}

/// A small process-wide cache of render plans.
final class PlanCache: @unchecked Sendable {
    static let shared = PlanCache()
    private let lock = NSLock()
    private var plans: [Adjustments: RenderPlan] = [:]
    private var order: [Adjustments] = []
    private let capacity = 64

    func plan(for a: Adjustments) -> RenderPlan {
        let key = RenderPlan.key(a)
        lock.lock()
        if let p = plans[key] { lock.unlock(); return p }
        lock.unlock()
        let p = RenderPlan(key)
        lock.lock()
        defer { lock.unlock() }
        if plans[key] == nil {
            plans[key] = p
            order.append(key)
            if order.count > capacity { plans[order.removeFirst()] = nil }
        }
        return plans[key] ?? p
    }
}
