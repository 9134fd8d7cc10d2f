import Foundation
import Statistics

/// Fixed-point formatting with up to `digits` decimals and no trailing zeros.
public func formatNumber(_ v: Double, digits: Int = 3) -> String {
    guard v.isFinite else { return v.isNaN ? "–" : (v > 0 ? "∞" : "-∞") }
    var s = String(format: "%.\(digits)f", v)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}

/// `value [lower, upper]`.
public func formatEstimate(_ e: Estimate, digits: Int = 2) -> String {
    "\(formatNumber(e.value, digits: digits)) "
        + "[\(formatNumber(e.lower, digits: digits)), \(formatNumber(e.upper, digits: digits))]"
}

/// A rate as a percentage with its interval: `83% [78, 87]`.
public func formatRate(_ e: Estimate) -> String {
    guard e.value.isFinite else { return "–" }
    return
        "\(formatNumber(e.value * 100, digits: 0))% "
            + "[\(formatNumber(e.lower * 100, digits: 0)), \(formatNumber(e.upper * 100, digits: 0))]"
}
