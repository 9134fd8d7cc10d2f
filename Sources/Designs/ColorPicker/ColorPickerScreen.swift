import ImageEngine
import Interaction

/// How the tracks of a picker are drawn.
public enum PickerFeedback: String, Sendable, CaseIterable {
    /// Grey tracks: only the current patch shows what the values give.
    case plain
    /// Each track drawn with the colour every position would give with the other
    /// values as they are now, redrawn after every change (live gradients).
    case gradient
}

/// One control of a picker screen: a slider for one axis of the colour model or
/// a plane for two (x to the right, y upward for more).
public struct PickerControl: Sendable, Hashable {
    public var id: String
    public var frame: Rect
    /// The model's axis indices this control sets: one (slider) or two (plane: x, y).
    public var axes: [Int]
    /// What each axis's label reads, in `axes` order.
    public var labels: [String]
    public var isPlane: Bool { axes.count == 2 }
}

/// A swatch of a gradient track: where it sits on its control (0…1 along each
/// of the control's axes) and the colour it shows.
public struct PickerSwatch: Sendable, Hashable {
    public var position: SIMD2<Double>
    public var color: SRGBColor
}

/// A classic slider colour picker (issue 12): a target patch and the current
/// patch side by side, and below them the controls of one colour model — three
/// sliders (`dimension` 1), or a plane for the two chromatic axes and a slider
/// for the lightness-like third (`dimension` 2) — drawn plain or with live
/// gradients. Touches move the control they land on: the value follows the
/// finger along the control and stays where it lifts.
public struct ColorPickerScreen: Sendable {
    public let model: PickerModel
    public let dimension: Int
    public let feedback: PickerFeedback
    public let target: SRGBColor
    /// The model's values now (its axes' units).
    public private(set) var values: SIMD3<Double>
    public let targetPatch: Rect
    public let currentPatch: Rect
    public let controls: [PickerControl]
    /// Swatches drawn along a slider, and per side of a plane's grid.
    public let gradientSteps: Int
    /// How far outside a slider's frame (pt) a touch still grabs it.
    public let grabMargin: Double

    /// Lays the picker out on a screen `width` pt wide with tracks `track` pt long.
    public init(
        model: PickerModel, dimension: Int, feedback: PickerFeedback, target: SRGBColor, start: SRGBColor,
        track: Double, width: Double, gradientSteps: Int = 32, grabMargin: Double = 12
    ) {
        precondition(dimension == 1 || dimension == 2, "dimension is 1 or 2")
        self.model = model; self.dimension = dimension; self.feedback = feedback
        self.target = target; self.gradientSteps = gradientSteps; self.grabMargin = grabMargin
        values = model.values(of: start)
        let left = (width - track) / 2
        let patch = track / 2 - 8
        targetPatch = Rect(x: left, y: 80, width: patch, height: 100)
        currentPatch = Rect(x: left + track / 2 + 8, y: 80, width: patch, height: 100)
        let axes = model.axes
        var controls: [PickerControl] = []
        var y = 220.0
        if dimension == 2 {
            // The two chromatic axes on the plane, the lightness-like one on the slider.
            let (x, yAxis, z) = Self.planeAxes(model)
            controls.append(
                PickerControl(
                    id: "plane", frame: Rect(x: left, y: y, width: track, height: track),
                    axes: [x, yAxis], labels: [axes[x].label, axes[yAxis].label]))
            y += track + 40
            controls.append(
                PickerControl(
                    id: "slider-\(axes[z].name)", frame: Rect(x: left, y: y, width: track, height: 44),
                    axes: [z], labels: [axes[z].label]))
        } else {
            for (i, a) in axes.enumerated() {
                controls.append(
                    PickerControl(
                        id: "slider-\(a.name)", frame: Rect(x: left, y: y, width: track, height: 44),
                        axes: [i], labels: [a.label]))
                y += 44 + 36
            }
        }
        self.controls = controls
    }

    /// Which axes a 2-D picker puts on its plane (x, y) and its slider: the
    /// lightness-like axis (value, L*, luma, black–white; blue for RGB, whose
    /// axes are all alike) goes on the slider.
    public static func planeAxes(_ model: PickerModel) -> (x: Int, y: Int, slider: Int) {
        switch model {
        case .rgb, .opponent: (0, 1, 2)
        case .hsv: (0, 1, 2)
        case .lab, .yiq: (1, 2, 0)
        }
    }

    /// What the current patch shows.
    public var current: SRGBColor { model.color(values).color }

    /// The position (0…1 along each axis) of `control`'s thumb.
    public func position(of control: PickerControl) -> SIMD2<Double> {
        let axes = model.axes
        func u(_ i: Int) -> Double {
            let r = axes[i].range
            return (values[i] - r.lowerBound) / (r.upperBound - r.lowerBound)
        }
        return control.isPlane ? SIMD2(u(control.axes[0]), u(control.axes[1])) : SIMD2(u(control.axes[0]), 0)
    }

    /// Where `control`'s thumb is drawn on screen.
    public func thumb(of control: PickerControl) -> Point {
        let u = position(of: control), f = control.frame
        return control.isPlane
            ? Point(f.minX + u.x * f.width, f.maxY - u.y * f.height) : Point(f.minX + u.x * f.width, f.center.y)
    }

    /// The values with `control` at `position` (0…1 on each of its axes) and the others as they are.
    public func values(with control: PickerControl, at position: SIMD2<Double>) -> SIMD3<Double> {
        var v = values
        let axes = model.axes
        for (k, i) in control.axes.enumerated() {
            let r = axes[i].range, u = min(max(position[k], 0), 1)
            v[i] = r.lowerBound + u * (r.upperBound - r.lowerBound)
        }
        return v
    }

    /// The swatches `control`'s track shows: none when plain; with gradients, the
    /// colour each position would give now (a row of `gradientSteps`, or a grid).
    public func gradient(of control: PickerControl) -> [PickerSwatch] {
        guard feedback == .gradient else { return [] }
        let n = gradientSteps
        func at(_ k: Int) -> Double { (Double(k) + 0.5) / Double(n) }
        if control.isPlane {
            return (0..<n).flatMap { i in
                (0..<n).map { j in
                    let p = SIMD2(at(i), at(j))
                    return PickerSwatch(position: p, color: model.color(values(with: control, at: p)).color)
                }
            }
        }
        return (0..<n).map { i in
            let p = SIMD2(at(i), 0.0)
            return PickerSwatch(position: p, color: model.color(values(with: control, at: p)).color)
        }
    }

    /// The control a touch at `p` lands on (within `grabMargin` of a slider's frame, so a thumb
    /// drawn at a track's end can be grabbed from beyond it).
    public func control(at p: Point) -> PickerControl? {
        let m = grabMargin
        return controls.first { c in
            let f = c.frame
            return c.isPlane
                ? f.contains(p) : (p.x >= f.minX - m && p.x <= f.maxX + m && p.y >= f.minY - m && p.y <= f.maxY + m)
        }
    }

    /// A drag: the control under the first touch follows the finger to where it
    /// lifts (a thumb grabbed anywhere jumps to the finger, as a classic picker's
    /// track does). Returns the control moved, or nil when the touch missed every control.
    @discardableResult
    public mutating func respond(to stream: TouchStream) -> PickerControl? {
        guard let c = control(at: stream.start.location) else { return nil }
        let p = stream.end.location, f = c.frame
        let u = SIMD2((p.x - f.minX) / f.width, c.isPlane ? (f.maxY - p.y) / f.height : 0)
        values = values(with: c, at: u)
        return c
    }
}
