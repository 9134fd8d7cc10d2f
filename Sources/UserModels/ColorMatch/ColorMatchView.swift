import ImageEngine
import Interaction

/// One axis of a colour control as a person sees it: its label and which way
/// on the screen its values grow.
public struct ColorMatchAxis: Sendable, Hashable {
    public var label: String
    /// Unit vector on the screen toward the axis's high end.
    public var direction: Vector2
    /// Length of the axis's travel on the screen, pt.
    public var length: Double

    public init(label: String, direction: Vector2, length: Double) {
        self.label = label; self.direction = direction; self.length = length
    }
}

/// A colour control on a matching screen: a slider (one axis) or a plane (two),
/// where its thumb is, and, when drawn with colours, the swatches it shows.
public struct ColorMatchControl: Sendable {
    public var id: String
    public var frame: Rect
    public var axes: [ColorMatchAxis]
    /// The thumb's position, 0…1 along each axis (the second is 0 on a slider).
    public var position: SIMD2<Double>
    public var thumb: Point
    /// (position 0…1 along each axis, colour shown there); empty on plain tracks.
    public var swatches: [(position: SIMD2<Double>, color: SRGBColor)]

    public init(
        id: String, frame: Rect, axes: [ColorMatchAxis], position: SIMD2<Double>, thumb: Point,
        swatches: [(position: SIMD2<Double>, color: SRGBColor)]
    ) {
        self.id = id; self.frame = frame; self.axes = axes; self.position = position; self.thumb = thumb;
        self.swatches = swatches
    }

    /// How thick a slider's track is across its axis (what a thumb on it offers a
    /// fingertip); nil for a plane, whose thumb has no track around it.
    public var trackThickness: Double? {
        guard axes.count == 1 else { return nil }
        return abs(axes[0].direction.x) >= abs(axes[0].direction.y) ? frame.height : frame.width
    }

    /// The screen point of a position on this control.
    public func point(at u: SIMD2<Double>) -> Point {
        let start =
            thumb + (-1)
            * axes.enumerated().reduce(Vector2(0, 0)) {
                $0 + $1.element.direction * (position[$1.offset] * $1.element.length)
            }
        return start
            + axes.enumerated().reduce(Vector2(0, 0)) { $0 + $1.element.direction * (u[$1.offset] * $1.element.length) }
    }
}

/// What a colour-matching screen shows: the colour to match, the colour made so
/// far beside it, and the controls. Any design with patches and sliders or
/// planes can be described this way; the person knows nothing else about it.
public struct ColorMatchView: Sendable {
    public var target: SRGBColor
    public var current: SRGBColor
    public var controls: [ColorMatchControl]

    public init(target: SRGBColor, current: SRGBColor, controls: [ColorMatchControl]) {
        self.target = target; self.current = current; self.controls = controls
    }
}

/// A screen the colour-matching person works: they look at it and drag.
public protocol ColorMatchEnvironment {
    var view: ColorMatchView { get }
    /// The colour to match and the colour made so far (what `view` says; a screen may give them without
    /// drawing its controls).
    var target: SRGBColor { get }
    var current: SRGBColor { get }
    /// Delivers a drag as the touch sensor saw it.
    mutating func perform(_ drag: TouchStream)
}

extension ColorMatchEnvironment {
    public var target: SRGBColor { view.target }
    public var current: SRGBColor { view.current }
}
