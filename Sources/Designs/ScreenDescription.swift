import Interaction

/// How a design draws the screen its layout code lays out, for the questions
/// whose designs place controls but never said how they look: the type of
/// their labels, their colours, the selection highlight, and that the layout
/// runs right to left in a right-to-left language. `apply` adds exactly that to
/// a laid-out screen and changes no frame except by mirroring, so the audited
/// screen is the one the simulator gives the person, never a redrawn copy.
public struct ScreenDescription: Sendable, Hashable {
    /// Behind everything.
    public var background: ScreenColor
    /// The type of every control's label, at the configuration's text size and language.
    public var labelStyle: TextStyle
    /// Ink of labels and glyphs.
    public var foreground: ScreenColor
    /// The fill of a control, by role (none: the control is drawn on the photo or the screen).
    public var fills: [ControlRole: ScreenColor]
    /// The fill of a selected control (a button whose value is 1, a hinted control),
    /// checked as a warning colour against the screen's background.
    public var selection: ScreenColor?

    public init(
        background: ScreenColor = SystemColor.background, labelStyle: TextStyle = .body,
        foreground: ScreenColor = SystemColor.label,
        fills: [ControlRole: ScreenColor] = [.button: SystemColor.fill, .slider: SystemColor.fill],
        selection: ScreenColor? = SystemColor.blue
    ) {
        self.background = background
        self.labelStyle = labelStyle
        self.foreground = foreground
        self.fills = fills
        self.selection = selection
    }

    /// The iOS dark chrome most designs here use: grey buttons and tracks on the
    /// secondary background, white body text, system blue for the selection.
    public static let standard = ScreenDescription()

    /// `screen` with its labels as text runs, its colours and its direction.
    /// A label prints in the control's frame; a control that already carries
    /// text keeps it.
    public func apply(_ screen: Screen) -> Screen {
        var s = screen
        let traits = s.device.traits
        s.background = s.background ?? background
        s.controls = s.controls.map { c in
            var c = c
            let selected = (c.role == .button && c.value == 1) || c.hinted
            if c.background == nil, let fill = fills[c.role] { c.background = fill }
            if selected, let selection, c.background != nil {
                c.background = selection
                c.warningColor = selection
                c.warning = c.warning ?? "selected"
            }
            if c.foreground == nil { c.foreground = foreground }
            if c.text.isEmpty, let label = c.label, !label.isEmpty {
                c.text = [traits.text(label, labelStyle)]
            }
            return c
        }
        return s.inLayoutDirection()
    }
}
