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
        let exposure = curve.isIdentity ? nil : CurveTables.exposure.value(for: curve)
        exposureLUT = exposure?.lut
        exposurePairs = exposure?.pairs ?? []
        let local = LocalToneCurve(a)
        let gain = local.isIdentity ? nil : CurveTables.localGain.value(for: local)
        localGain = gain?.gain
        gainPairs = gain?.pairs ?? []
        rootGainPairs = gain?.rootPairs ?? []
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
