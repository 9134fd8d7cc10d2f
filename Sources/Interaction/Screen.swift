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
    /// The text it prints (its label in type, and any other words on or beside
    /// it); empty when the design has not described its type.
    public var text: [TextRun]
    /// Its ink (text, glyph) and fill; nil: not described (the fill then is the
    /// screen's background).
    public var foreground: ScreenColor?
    public var background: ScreenColor?
    /// The colour the `warning` is shown in (a red glow, a selection highlight).
    /// It is seen against the control's background (a glow on a track) or, when
    /// it is the control's fill itself (a selected button), against the
    /// screen's; a control with no background (a tint over the photo) has no
    /// single surrounding colour.
    public var warningColor: ScreenColor?

    /// The colour the warning must stand out from (nil: not one colour).
    public func warningSurroundings(on screen: Screen) -> ScreenColor? {
        guard let background else { return nil }
        return background == warningColor ? screen.background : background
    }

    public enum Axis: String, Sendable, Codable, Hashable { case horizontal, vertical }

    public init(
        id: String, role: ControlRole, frame: Rect, label: String? = nil, visibleAffordance: Bool = true,
        hinted: Bool = false, value: Double? = nil, axis: Axis? = nil, warning: String? = nil, tone: Double? = nil,
        crossAxis: Axis? = nil, crossValue: Double? = nil,
        text: [TextRun] = [], foreground: ScreenColor? = nil, background: ScreenColor? = nil,
        warningColor: ScreenColor? = nil
    ) {
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
        self.text = text
        self.foreground = foreground
        self.background = background
        self.warningColor = warningColor
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
    /// The colour behind everything (nil: not described).
    public var background: ScreenColor?
    /// Which way the layout runs: right to left once mirrored.
    public var direction: LayoutDirection

    public init(
        device: DeviceConfiguration, controls: [Control], photoFrame: Rect? = nil, background: ScreenColor? = nil,
        direction: LayoutDirection = .leftToRight
    ) {
        self.device = device
        self.controls = controls
        self.photoFrame = photoFrame
        self.background = background
        self.direction = direction
    }

    /// The screen flipped left for right across its window, as leading and
    /// trailing constraints flip it for a right-to-left language: every frame
    /// (controls, their text, the photo) moves to the mirror position and the
    /// direction swaps. Mirroring twice gives the screen back.
    public func mirrored() -> Screen {
        let b = device.bounds
        func flip(_ r: Rect) -> Rect {
            Rect(x: b.minX + (b.maxX - r.maxX), y: r.minY, width: r.width, height: r.height)
        }
        var s = self
        s.controls = controls.map { c in
            var c = c
            c.frame = flip(c.frame)
            c.text = c.text.map { t in
                var t = t
                t.frame = t.frame.map(flip)
                return t
            }
            return c
        }
        s.photoFrame = photoFrame.map(flip)
        s.direction = direction == .leftToRight ? .rightToLeft : .leftToRight
        return s
    }

    /// The screen as laid out for its configuration's direction: designs lay
    /// out left to right and end with this, which mirrors them for a
    /// right-to-left language.
    public func inLayoutDirection() -> Screen {
        direction == device.traits.direction ? self : mirrored()
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

/// A screen with the name of the moment it shows (`start`, `clipping`,
/// `refining-vintage`), as a design offers it to the layout audit.
public struct LabelledScreen: Sendable, Hashable {
    public var name: String
    public var screen: Screen

    public init(_ name: String, _ screen: Screen) {
        self.name = name
        self.screen = screen
    }
}
