import ImageEngine
import Interaction

/// A declared exposure design (`DeclaredDesign`): labelled sliders in a panel beside or below the photo, each
/// driving one adjustment of the engine over a range. A slider moves with the finger that grabbed its thumb; a
/// touch elsewhere on the track does nothing, as in UIKit. Six sliders is one such panel; a designer's variant
/// changes the sliders, their order, ranges, labels, the panel and the rows.
public struct SliderPanel: ExposureDesign, Hashable {
    /// One slider: what it is called and what it drives.
    public struct Slider: Sendable, Hashable {
        public var id: String
        public var label: String
        /// The adjustment it sets (`Adjustments.exposureNames`).
        public var adjusts: String
        /// The adjustment's values at the track's two ends (the untouched photo's 0 lies within).
        public var range: ClosedRange<Double>

        var key: WritableKeyPath<Adjustments, Double> { Adjustments.exposureKey(adjusts)! }

        public init(id: String, label: String, adjusts: String, range: ClosedRange<Double> = -1...1) {
            self.id = id; self.label = label; self.adjusts = adjusts; self.range = range
        }
    }

    /// Where the panel and its rows go on the devices a layout applies to.
    public struct Layout: Sendable, Hashable {
        public enum Edge: String, Sendable, Hashable, CaseIterable { case bottom, trailing }
        public enum LabelSide: String, Sendable, Hashable, CaseIterable { case leading, above }
        /// The size class and orientation the layout is for (nil: any).
        public var width: SizeClass?
        public var orientation: Orientation?
        /// The panel runs along this edge of the safe area, `size` points deep.
        public var edge: Edge
        public var size: Double
        /// Space above the first row (and, for rows that fill the panel, below the last).
        public var inset: Double
        /// A row's height; nil: the panel's height shared equally, at most `maxRow`.
        public var row: Double?
        public var maxRow: Double
        /// The track's insets from the row's sides and bottom, and its height.
        public var trackLeading: Double, trackTrailing: Double, trackBottom: Double, trackHeight: Double
        /// The label: beside the track (`width` wide, `gap` from it) or above it (`height` tall).
        public var labelSide: LabelSide
        public var labelWidth: Double, labelGap: Double, labelHeight: Double

        public init(
            width: SizeClass? = nil, orientation: Orientation? = nil, edge: Edge, size: Double, inset: Double,
            row: Double?, maxRow: Double = .infinity, trackLeading: Double, trackTrailing: Double,
            trackBottom: Double, trackHeight: Double, labelSide: LabelSide, labelWidth: Double = 100,
            labelGap: Double = 8, labelHeight: Double = 22
        ) {
            self.width = width; self.orientation = orientation; self.edge = edge; self.size = size
            self.inset = inset; self.row = row; self.maxRow = maxRow
            self.trackLeading = trackLeading; self.trackTrailing = trackTrailing
            self.trackBottom = trackBottom; self.trackHeight = trackHeight
            self.labelSide = labelSide; self.labelWidth = labelWidth; self.labelGap = labelGap
            self.labelHeight = labelHeight
        }

        public func applies(to device: DeviceConfiguration) -> Bool {
            (width == nil || width == device.horizontalSizeClass)
                && (orientation == nil || orientation == device.orientation)
        }
    }

    public var sliders: [Slider]
    /// The first layout that applies to a device is used.
    public var layouts: [Layout]
    /// How near the thumb's centre a touch must land to grab it, pt.
    public var grabRadius: Double
    /// Space around the photo in its part of the safe area, pt.
    public var photoInset: Double
    public var labelStyle: TextStyle
    public var background: ScreenColor, ink: ScreenColor, labelInk: ScreenColor

    public init(
        sliders: [Slider], layouts: [Layout], grabRadius: Double = 22, photoInset: Double = 8,
        labelStyle: TextStyle = .subheadline, background: ScreenColor = SystemColor.background,
        ink: ScreenColor = SystemColor.label, labelInk: ScreenColor = SystemColor.secondaryLabel
    ) {
        self.sliders = sliders; self.layouts = layouts; self.grabRadius = grabRadius; self.photoInset = photoInset
        self.labelStyle = labelStyle; self.background = background; self.ink = ink; self.labelInk = labelInk
    }

    public func layout(for device: DeviceConfiguration) -> Layout? { layouts.first { $0.applies(to: device) } }

    public func axes(_ state: ExposureState) -> [ControlAxis] { sliders.map { ControlAxis($0.id, $0.range) } }

    public func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments {
        var a = Adjustments()
        for (s, v) in zip(sliders, point) { a[keyPath: s.key] = v }
        return a
    }

    /// The photo's frame and each slider's track and label frames on `device`.
    public func frames(_ state: ExposureState, _ device: DeviceConfiguration) -> (
        photo: Rect, tracks: [Rect], labels: [Rect]
    ) {
        guard let l = layout(for: device) else { return (device.safeBounds, [], []) }
        let (photo, panel) = split(device, l, photoAspect: state.photoAspect)
        let row = l.row ?? min(l.maxRow, (panel.height - 2 * l.inset) / Double(sliders.count))
        let tracks = sliders.indices.map { i -> Rect in
            let top = panel.minY + l.inset + Double(i) * row
            return Rect(
                x: panel.minX + l.trackLeading, y: top + row - (l.trackHeight + l.trackBottom),
                width: panel.width - (l.trackLeading + l.trackTrailing), height: l.trackHeight)
        }
        let labels = tracks.map { t in
            l.labelSide == .leading
                ? Rect(x: t.minX - (l.labelGap + l.labelWidth), y: t.minY, width: l.labelWidth, height: t.height)
                : Rect(x: t.minX, y: t.minY - l.labelHeight, width: t.width, height: l.labelHeight)
        }
        return (photo, tracks, labels)
    }

    func split(_ device: DeviceConfiguration, _ l: Layout, photoAspect: Double) -> (photo: Rect, panel: Rect) {
        let safe = device.safeBounds
        let area: Rect, panel: Rect
        switch l.edge {
        case .trailing:
            area = Rect(x: safe.minX, y: safe.minY, width: safe.width - l.size, height: safe.height)
            panel = Rect(x: safe.maxX - l.size, y: safe.minY, width: l.size, height: safe.height)
        case .bottom:
            area = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: safe.height - l.size)
            panel = Rect(x: safe.minX, y: safe.maxY - l.size, width: safe.width, height: l.size)
        }
        return (ExposureLayout.fit(photoAspect, in: area.inset(by: EdgeInsets(all: photoInset))), panel)
    }

    func value(_ s: Slider, _ state: ExposureState) -> Double {
        (state.adjustments[keyPath: s.key] - s.range.lowerBound)
            / (s.range.upperBound - s.range.lowerBound)
    }

    public func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen {
        let (photo, tracks, labels) = frames(state, device)
        let controls = zip(sliders, zip(tracks, labels)).map { s, frames in
            Control(
                id: s.id, role: .slider, frame: frames.0, label: s.label, value: value(s, state), axis: .horizontal,
                text: [device.traits.text(s.label, labelStyle, frame: frames.1, foreground: labelInk)],
                foreground: ink, background: background)
        }
        return Screen(device: device, controls: controls, photoFrame: photo, background: background)
            .inLayoutDirection()
    }

    public func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image) {
        guard case .drag(let touches) = gesture else { return }
        let (_, tracks, _) = frames(state, device)
        for (s, track) in zip(sliders, tracks) {
            let value = value(s, state)
            let thumb = Point(track.minX + value * track.width, track.center.y)
            guard touches.start.location.distance(to: thumb) <= grabRadius else { continue }
            let moved = (touches.end.location.x - touches.start.location.x) / track.width
            let span = s.range.upperBound - s.range.lowerBound
            state.adjustments[keyPath: s.key] = ExposureLayout.clamp(
                s.range.lowerBound + (value + moved) * span, s.range.lowerBound, s.range.upperBound)
            return
        }
    }
}

extension Adjustments {
    /// The exposure adjustments a declared design may drive, by the names a design file uses.
    public static let exposureNames = ["black_level", "shadows", "brightness", "contrast", "highlights", "white_level"]

    /// The adjustment named `name` (one of `exposureNames`).
    public static func exposureKey(_ name: String) -> WritableKeyPath<Adjustments, Double>? {
        switch name {
        case "black_level": \.blackLevel
        case "shadows": \.shadows
        case "brightness": \.brightness
        case "contrast": \.contrast
        case "highlights": \.highlights
        case "white_level": \.whiteLevel
        default: nil
        }
    }
}
