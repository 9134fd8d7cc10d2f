import Randomness
import UserModels

/// The Nelder–Mead simplex method (Nelder & Mead 1965, with the standard
/// coefficients: reflection 1, expansion 2, contraction ½, shrink ½) in a box:
/// points are clamped into the bounds, so every evaluation is a setting a design
/// can actually take. Restarts from seeded random points guard against local minima.
public struct NelderMead: Sendable {
    public var maxEvaluations: Int
    /// Stop when the simplex's values differ by less than this.
    public var tolerance: Double

    public init(maxEvaluations: Int = 300, tolerance: Double = 1e-3) {
        self.maxEvaluations = maxEvaluations
        self.tolerance = tolerance
    }

    /// Minimises `f` over `bounds` from `start` (an initial simplex `step` of each range wide).
    public func minimize(
        _ f: ([Double]) -> Double, start: [Double], bounds: [ClosedRange<Double>], step: Double = 0.25
    )
        -> (point: [Double], value: Double)
    {
        let n = start.count
        guard n > 0 else { return ([], f([])) }
        func clamp(_ x: [Double]) -> [Double] { zip(x, bounds).map { min($1.upperBound, max($1.lowerBound, $0)) } }
        var evaluations = 0
        func eval(_ x: [Double]) -> Double { evaluations += 1; return f(x) }
        var simplex: [[Double]] = [clamp(start)]
        for i in 0..<n {
            var x = simplex[0]
            let width = bounds[i].upperBound - bounds[i].lowerBound
            x[i] += x[i] + step * width <= bounds[i].upperBound ? step * width : -step * width
            simplex.append(clamp(x))
        }
        var values = simplex.map(eval)
        while evaluations < maxEvaluations {
            let order = values.indices.sorted { (values[$0], $0) < (values[$1], $0 == $1 ? 0 : $1) }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            if values[n] - values[0] < tolerance { break }
            var centroid = [Double](repeating: 0, count: n)
            for p in simplex.dropLast() { for j in 0..<n { centroid[j] += p[j] / Double(n) } }
            func along(_ t: Double) -> [Double] {
                clamp((0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) })
            }
            let reflected = along(-1), fr = eval(reflected)
            if fr < values[0] {
                let expanded = along(-2), fe = eval(expanded)
                (simplex[n], values[n]) = fe < fr ? (expanded, fe) : (reflected, fr)
            } else if fr < values[n - 1] {
                (simplex[n], values[n]) = (reflected, fr)
            } else {
                let contracted = fr < values[n] ? along(-0.5) : along(0.5)
                let fc = eval(contracted)
                if fc < min(fr, values[n]) {
                    (simplex[n], values[n]) = (contracted, fc)
                } else {
                    for i in 1...n {
                        simplex[i] = clamp((0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) })
                        values[i] = eval(simplex[i])
                    }
                }
            }
        }
        let best = values.indices.min { (values[$0], $0) < (values[$1], $1) }!
        return (simplex[best], values[best])
    }

    /// The best of a run from `start` and `restarts` runs from seeded random points.
    public func minimize(
        _ f: ([Double]) -> Double, start: [Double], bounds: [ClosedRange<Double>], restarts: Int,
        seed: UInt64, label: String
    ) -> (point: [Double], value: Double) {
        var best = minimize(f, start: start, bounds: bounds)
        var g = SeededGenerator(seed: seed, label: "ceiling/\(label)")
        for _ in 0..<restarts {
            let x = bounds.map { g.uniform($0.lowerBound, $0.upperBound) }
            let r = minimize(f, start: x, bounds: bounds)
            if r.value < best.value { best = r }
        }
        // Polish from the best point with a fresh, smaller simplex.
        let polished = minimize(f, start: best.point, bounds: bounds, step: 0.05)
        return polished.value < best.value ? polished : best
    }
}
