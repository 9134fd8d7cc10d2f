import Interaction

/// The minimum-jerk movement profile (Flash & Hogan 1985): the smooth path a
/// practised hand takes between two points, x(τ) = 10τ³ − 15τ⁴ + 6τ⁵ for
/// τ = t / duration, with peak speed 1.875 · amplitude / duration at τ = ½.
public struct MinimumJerk: Sendable, Hashable {
    public var start: Point
    public var end: Point
    public var duration: Double

    public init(from start: Point, to end: Point, duration: Double) {
        precondition(duration > 0, "a movement takes time")
        self.start = start
        self.end = end
        self.duration = duration
    }

    /// The movement between two points whose peak speed is `peakSpeed` pt/s.
    public init(from start: Point, to end: Point, peakSpeed: Double) {
        let amplitude = start.distance(to: end)
        self.init(from: start, to: end, duration: max(1e-3, 1.875 * amplitude / peakSpeed))
    }

    /// Fraction of the way covered at normalised time τ ∈ [0, 1].
    public static func progress(_ tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        return t * t * t * (10 + t * (-15 + 6 * t))
    }

    /// Normalised speed (d progress / dτ) at τ.
    public static func speed(_ tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        return 30 * t * t * (1 - t) * (1 - t)
    }

    /// Position at `t` seconds after the movement starts.
    public func position(at t: Double) -> Point {
        start + (end - start) * Self.progress(t / duration)
    }

    public var peakSpeed: Double { 1.875 * start.distance(to: end) / duration }
}

/// Fitts' law in the Shannon formulation: MT = a + b · log2(A / W + 1).
public struct FittsLaw: Sendable, Hashable {
    public var intercept: Double
    public var slope: Double

    public init(intercept: Double, slope: Double) {
        self.intercept = intercept
        self.slope = slope
    }

    /// Index of difficulty in bits.
    public static func indexOfDifficulty(distance: Double, width: Double) -> Double {
        log2(distance / width + 1)
    }

    /// Movement time in seconds to a target `width` wide at `distance` (same units).
    public func movementTime(distance: Double, width: Double) -> Double {
        max(0, intercept + slope * Self.indexOfDifficulty(distance: distance, width: width))
    }
}

import Foundation
