/// What a control is, as a person sees it — never which design drew it.
public enum ControlRole: String, Sendable, Codable, Hashable {
    /// Something to tap: a button, a tab, a menu item.
    case button
    /// A track with a knob that drags along one axis.
    case slider
    /// A knob on a shared track (several knobs, one control).
    case knob
    /// A preview image standing for a choice (an effect thumbnail, a card).
    case thumbnail
    /// A touch-sensitive region with no drawn control (a histogram zone, the photo itself).
    case zone
    /// A region whose content scrolls when swiped (a grid of thumbnails).
    case scrollArea
}

/// One thing on screen a person can see and touch.
public struct Control: Sendable, Codable, Hashable {
    /// Stable within a screen, e.g. `shadows` or `effect-bw-3`.
    public var id: String
    public var role: ControlRole
    /// Where it is, in points.
    public var frame: Rect
    /// The words printed on or beside it, if any.
    public var label: String?
    /// Whether it looks touchable (a drawn knob, a button outline). Zones without
    /// a visible affordance must be discovered.
    public var visibleAffordance: Bool
    /// Whether a hint (a coach mark, a glyph) points it out.
    public var hinted: Bool
    /// Position of a slider's or knob's thumb along its track, 0…1.
    public var value: Double?
    /// The axis a slider or knob moves along.
    public var axis: Axis?
    /// The second axis of a control that moves on two (a 2-D pad, a photo that
    /// takes drags both ways), perpendicular to `axis`; nil for one-axis controls.
    public var crossAxis: Axis?
    /// Position of the thumb along `crossAxis`, 0…1 (nil when there is no thumb).
    public var crossValue: Double?
    /// A warning shown on the control (e.g. an end zone glowing red), if any.
    public var warning: String?
    /// Where the control sits on a dark-to-light scale the screen shows (a
    /// histogram, a 0%–100% track): 0 at the dark end, 1 at the light end.
    public var tone: Double?

    public enum Axis: String, Sendable, Codable, Hashable { case horizontal, vertical }

    public init(id: String, role: ControlRole, frame: Rect, label: String? = nil, visibleAffordance: Bool = true,
                hinted: Bool = false, value: Double? = nil, axis: Axis? = nil, warning: String? = nil, tone: Double? = nil,
                crossAxis: Axis? = nil, crossValue: Double? = nil) {
        self.id = id
        self.role = role
        self.frame = frame
        self.label = label
        self.visibleAffordance = visibleAffordance
        self.hinted = hinted
        self.value = value
        self.axis = axis
        self.warning = warning
        self.tone = tone
        self.crossAxis = crossAxis
        self.crossValue = crossValue
    }

    /// Where the thumb of a slider or knob is drawn.
    public var thumbCenter: Point? {
        guard let value, let axis else { return nil }
        if let crossValue, crossAxis != nil {
            // A 2-D pad: one value across, the other up the frame.
            let x = axis == .horizontal ? value : crossValue, y = axis == .horizontal ? crossValue : value
            return Point(frame.minX + x * frame.width, frame.maxY - y * frame.height)
        }
        switch axis {
        case .horizontal: return Point(frame.minX + value * frame.width, frame.center.y)
        case .vertical: return Point(frame.center.x, frame.maxY - value * frame.height)
        }
    }
}

/// Everything a design shows on one device at one moment: the vocabulary shared
/// by designs (which lay screens out) and user models (which look at them).
public struct Screen: Sendable, Codable, Hashable {
    public var device: DeviceConfiguration
    public var controls: [Control]
    /// Where the photo is drawn, if there is one.
    public var photoFrame: Rect?

    public init(device: DeviceConfiguration, controls: [Control], photoFrame: Rect? = nil) {
        self.device = device
        self.controls = controls
        self.photoFrame = photoFrame
    }

    public func control(_ id: String) -> Control? { controls.first { $0.id == id } }

    /// The topmost control under `point` (later controls draw over earlier ones).
    public func hitTest(_ point: Point) -> Control? { controls.last { $0.frame.contains(point) } }

    /// Share of the screen the photo takes.
    public var photoShare: Double {
        guard let p = photoFrame else { return 0 }
        let b = device.bounds
        return (p.width * p.height) / (b.width * b.height)
    }
}
