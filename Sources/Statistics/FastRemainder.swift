/// `x % d` for a fixed divisor by multiplications instead of a division
/// (Lemire, Kaser & Kurz 2019, "Faster remainder by direct computation",
/// Theorem 1 with F = 128 fractional bits: exact for every 64-bit x and d,
/// since F ≥ 64 + log₂ d). A cluster-bootstrap draw takes one remainder per
/// participant, and a hardware 64-bit division costs several times these four
/// multiplications.
package struct FastRemainder: Sendable {
    package let divisor: UInt64
    /// c = ⌈2¹²⁸ / d⌉ mod 2¹²⁸ (0 for d = 1, where every remainder is 0 and so is the formula's).
    private let cHigh, cLow: UInt64

    package init(_ divisor: UInt64) {
        precondition(divisor > 0, "a remainder needs a positive divisor")
        self.divisor = divisor
        let c = UInt128.max / UInt128(divisor) &+ 1
        cHigh = UInt64(truncatingIfNeeded: c >> 64)
        cLow = UInt64(truncatingIfNeeded: c)
    }

    /// x mod d: ⌊((c · x) mod 2¹²⁸) · d / 2¹²⁸⌋.
    @inline(__always) package func callAsFunction(_ x: UInt64) -> UInt64 {
        let low = cLow.multipliedFullWidth(by: x)
        let fractionHigh = low.high &+ cHigh &* x, fractionLow = low.low
        let a = fractionLow.multipliedFullWidth(by: divisor).high
        let b = fractionHigh.multipliedFullWidth(by: divisor)
        let (_, carry) = b.low.addingReportingOverflow(a)
        return b.high &+ (carry ? 1 : 0)
    }
}
