import Foundation

/// One time-to-event observation: the goal was reached at `time` (event), or
/// the person stopped (gave up, or the time limit came) at `time` without it (censored).
public struct SurvivalObservation: Sendable, Hashable {
    public var time: Double
    public var event: Bool
    public init(time: Double, event: Bool) { self.time = time; self.event = event }

    /// A trial as one number, for resampling code that carries plain values:
    /// the time if reached, minus the time if censored (times are > 0).
    public var encoded: Double { event ? time : -time }
    public init(encoded v: Double) { time = abs(v); event = v > 0 }
}

/// The log-rank test of two survival curves (Mantel–Cox): χ² with one degree of
/// freedom from observed minus expected events in the first group.
public enum LogRank {
    ///
    /// One pass over both groups sorted by time, O(n log n): at each event time
    /// the numbers at risk and the events are counted exactly as a scan of every
    /// observation per time would count them (integers), and the sums run over
    /// the times in the same ascending order, so the result is the same to the bit.
    public static func test(_ a: [SurvivalObservation], _ b: [SurvivalObservation]) -> (chiSquare: Double, p: Double) {
        test(encoded: a.map(\.encoded), b.map(\.encoded))
    }

    /// The same test of observations given as `SurvivalObservation.encoded`
    /// values (time if reached, minus the time if censored): each group is
    /// sorted by time on its own and the two are walked together, so memory is
    /// one sorted copy of each (8 bytes an observation; 16 before, plus a
    /// joined copy and its sort's scratch, ≈ 400 MB at 10⁷ trials). Ties are
    /// counted together whatever their order, so the result is the same.
    public static func test(encoded a: [Double], _ b: [Double]) -> (chiSquare: Double, p: Double) {
        let sa = a.sorted { abs($0) < abs($1) }, sb = b.sorted { abs($0) < abs($1) }
        return test(sa.count, { sa[$0] }, { _ in 1 }, sb.count, { sb[$0] }, { _ in 1 })
    }

    /// The same test of observations with multiplicities (owners unused): an
    /// entry of count k counts as k observations at its time.
    package static func test(_ a: SurvivalEntries, _ b: SurvivalEntries) -> (chiSquare: Double, p: Double) {
        func sorted(_ e: SurvivalEntries) -> [(value: Double, count: Int)] {
            e.values.indices.map { (e.values[$0], e.count($0)) }.sorted { abs($0.value) < abs($1.value) }
        }
        let sa = sorted(a), sb = sorted(b)
        return test(sa.count, { sa[$0].value }, { sa[$0].count }, sb.count, { sb[$0].value }, { sb[$0].count })
    }

    /// The walk over two groups' entries sorted by time: entry i of a group is
    /// `value(i)` (encoded), standing for `count(i)` observations.
    private static func test(
        _ na: Int, _ va: (Int) -> Double, _ ca: (Int) -> Int,
        _ nb: Int, _ vb: (Int) -> Double, _ cb: (Int) -> Int
    ) -> (chiSquare: Double, p: Double) {
        var atRiskA = 0, atRiskB = 0
        for i in 0..<na { atRiskA += ca(i) }
        for j in 0..<nb { atRiskB += cb(j) }
        var o = 0.0, e = 0.0, v = 0.0
        var i = 0, j = 0
        while i < na || j < nb {
            let t = min(i < na ? abs(va(i)) : .infinity, j < nb ? abs(vb(j)) : .infinity)
            var da = 0, db = 0, leavingA = 0, leavingB = 0
            while i < na && abs(va(i)) == t { leavingA += ca(i); if va(i) > 0 { da += ca(i) }; i += 1 }
            while j < nb && abs(vb(j)) == t { leavingB += cb(j); if vb(j) > 0 { db += cb(j) }; j += 1 }
            defer { atRiskA -= leavingA; atRiskB -= leavingB }
            guard da + db > 0 else { continue }
            let na = Double(atRiskA), nb = Double(atRiskB)
            let n = na + nb, d = Double(da) + Double(db)
            guard n > 1 else { continue }
            o += Double(da)
            e += d * na / n
            v += d * (na / n) * (nb / n) * (n - d) / (n - 1)
        }
        guard v > 0 else { return (0, 1) }
        let chi = (o - e) * (o - e) / v
        // χ²(1) upper tail: P(Z² > χ²) = erfc(√(χ²/2)).
        return (chi, min(1, erfc((chi / 2).squareRoot())))
    }
}
