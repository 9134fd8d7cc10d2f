import Interaction

/// Where a declared control goes: two of leading, trailing, center_x and width across, two of top, bottom,
/// center_y and height down, each a `LayoutExpression`.
public struct FrameRule: Sendable, Hashable {
    public var horizontal: [LayoutExpression.Anchor: LayoutExpression]
    public var vertical: [LayoutExpression.Anchor: LayoutExpression]

    public init(
        horizontal: [LayoutExpression.Anchor: LayoutExpression], vertical: [LayoutExpression.Anchor: LayoutExpression]
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    static let across: [LayoutExpression.Anchor] = [.leading, .trailing, .centerX, .width]
    static let down: [LayoutExpression.Anchor] = [.top, .bottom, .centerY, .height]

    /// The frame with `guides` (left to right: a right-to-left screen mirrors it afterwards).
    public func frame(_ guides: [String: Rect]) -> Rect {
        let (x, w) = Self.span(horizontal, start: .leading, end: .trailing, center: .centerX, size: .width, guides)
        let (y, h) = Self.span(vertical, start: .top, end: .bottom, center: .centerY, size: .height, guides)
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func span(
        _ rule: [LayoutExpression.Anchor: LayoutExpression], start: LayoutExpression.Anchor,
        end: LayoutExpression.Anchor, center: LayoutExpression.Anchor, size: LayoutExpression.Anchor,
        _ g: [String: Rect]
    ) -> (Double, Double) {
        let v = { (a: LayoutExpression.Anchor) in rule[a]?.value(g) }
        if let s = v(start), let e = v(end) { return (s, e - s) }
        if let s = v(start), let l = v(size) { return (s, l) }
        if let e = v(end), let l = v(size) { return (e - l, l) }
        if let c = v(center), let l = v(size) { return (c - l / 2, l) }
        if let s = v(start), let c = v(center) { return (s, 2 * (c - s)) }
        let e = v(end)!, c = v(center)!
        return (2 * c - e, 2 * (e - c))
    }

    /// The guides it reads.
    public var guides: Set<String> { Set((horizontal.values.map(\.guides) + vertical.values.map(\.guides)).joined()) }
}

/// A screen a design file declares: controls in the vocabulary the simulated people read (role, frame, label,
/// colours, type, whether it looks tappable), each laid out against the screen, its safe area and the controls
/// above it, and what a tap on it does (an action the question knows, by name).
public struct ScreenLayout: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var id: String
        public var role: ControlRole
        public var frame: FrameRule
        public var label: String?
        /// Drawn as something to touch (a button's fill or outline); false for plain text and bars.
        public var visibleAffordance: Bool
        /// The label's type: style, weight (nil: the style's own) and colour.
        public var textStyle: TextStyle?
        public var weight: FontWeight?
        public var textColor: ScreenColor?
        public var foreground: ScreenColor?
        public var background: ScreenColor?
        /// What a tap does (the question's word for it); nil: nothing.
        public var action: String?

        public init(
            id: String, role: ControlRole, frame: FrameRule, label: String? = nil, visibleAffordance: Bool = true,
            textStyle: TextStyle? = nil, weight: FontWeight? = nil, textColor: ScreenColor? = nil,
            foreground: ScreenColor? = nil, background: ScreenColor? = nil, action: String? = nil
        ) {
            self.id = id; self.role = role; self.frame = frame; self.label = label
            self.visibleAffordance = visibleAffordance; self.textStyle = textStyle; self.weight = weight
            self.textColor = textColor; self.foreground = foreground; self.background = background
            self.action = action
        }
    }

    public var items: [Item]
    public var background: ScreenColor?

    public init(items: [Item], background: ScreenColor?) {
        self.items = items
        self.background = background
    }

    /// The frames on `device`, by id, in order (each control may lean on those before it); `raw`: as the
    /// expressions give them, infinite ones included (for the design file's checks).
    public func frames(on device: DeviceConfiguration, raw: Bool = false) -> [Rect] {
        var guides = ["screen": device.bounds, "safe": device.safeBounds]
        return items.map { item in
            // A frame an expression sends to infinity (a division by a width that is 0 in some window) is no
            // place on the screen: it becomes an empty one there, which the audit reports as too small.
            var f = item.frame.frame(guides)
            if !raw, ![f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) {
                f = Rect(x: 0, y: 0, width: 0, height: 0)
            }
            guides[item.id] = f
            return f
        }
    }

    /// The screen on `device`: laid out left to right, mirrored for a right-to-left language.
    public func screen(on device: DeviceConfiguration) -> Screen {
        let t = device.traits
        let controls = zip(items, frames(on: device)).map { item, frame in
            Control(
                id: item.id, role: item.role, frame: frame, label: item.label,
                visibleAffordance: item.visibleAffordance,
                text: item.label.flatMap { label in
                    item.textStyle.map { [t.text(label, $0, weight: item.weight, foreground: item.textColor)] }
                } ?? [],
                foreground: item.foreground, background: item.background)
        }
        return Screen(device: device, controls: controls, background: background).inLayoutDirection()
    }

    /// What a tap on each control does, by id.
    public var actions: [String: String] {
        Dictionary(uniqueKeysWithValues: items.compactMap { i in i.action.map { (i.id, $0) } })
    }
}
