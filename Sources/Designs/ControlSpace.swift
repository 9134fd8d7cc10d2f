import ImageEngine

/// One dimension of what a design's controls can set: a knob position, a
/// slider value, a swipe position. Ceiling analysis searches these.
public struct ControlAxis: Sendable, Hashable {
    public var name: String
    public var range: ClosedRange<Double>
    /// The value the design starts from (the untouched photo).
    public var start: Double

    public init(_ name: String, _ range: ClosedRange<Double>, start: Double = 0) {
        self.name = name
        self.range = range
        self.start = start
    }
}

/// Everything a design's controls can reach, as a box of axes, and the
/// adjustments one point of it gives. It is how the harness asks "what is the
/// best this design can do for this goal?" without a person in the loop.
public protocol ControlSpace: Sendable {
    /// The axes of the space for a photo in `state`.
    func axes(_ state: ExposureState) -> [ControlAxis]
    /// The adjustments at `point` (one value per axis, within range).
    func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments
}
