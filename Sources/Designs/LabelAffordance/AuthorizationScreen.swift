import Interaction

/// The modal VK authorization screen of the Qtty prototype (seed 004): a bar
/// with "Cancel" and the title "Authorization" over the web page's login form
/// (two prefilled fields, the "Log in" button, a "Forgot your password?" link).
///
/// The screen is what a person sees; `actions` is what the app does with a tap
/// (which control responds, and how): the person never reads it.
public struct AuthorizationScreen: Sendable, Hashable {
    public let screen: Screen
    /// What a tap on a control does, by control id; controls not listed (the
    /// bar, the title) do nothing.
    public let actions: [String: AuthorizationAction]
    /// The id of the title, whose look the strategies differ in.
    public static let titleID = "title"

    public init(screen: Screen, actions: [String: AuthorizationAction]) {
        self.screen = screen
        self.actions = actions
    }

    /// What the app does with a tap that lands at `point` (nil: nothing).
    public func respond(at point: Point) -> (control: String, action: AuthorizationAction?)? {
        guard let c = screen.hitTest(point) else { return nil }
        return (c.id, actions[c.id])
    }
}

/// How a strategy lays the authorization screen out: the Swift layout with a button-like title at a fill
/// opacity (or a plain title), or a screen a design file declares.
public enum AuthorizationLayout: Sendable, Hashable {
    case title(fillOpacity: Double?)
    case declared(ScreenLayout)

    public func make(on device: DeviceConfiguration) -> AuthorizationScreen {
        switch self {
        case .title(let opacity): LabelAffordanceDesigns.layout(title: opacity, on: device)
        case .declared(let layout):
            AuthorizationScreen(
                screen: layout.screen(on: device), actions: layout.actions.compactMapValues(AuthorizationAction.init))
        }
    }
}

/// What the authorization screen does with a tap on one of its live controls.
public enum AuthorizationAction: String, Sendable, Hashable, CaseIterable {
    /// Signs in (the "Log in" button).
    case logIn = "log-in"
    /// Dismisses the modal window.
    case cancel
    /// Opens password recovery.
    case forgotPassword = "forgot-password"
    /// Puts the caret in a text field (the keyboard comes up).
    case focusField = "focus-field"
}

/// The colours of the VK web page and the iOS 7 bar of the prototype's modal window.
public enum AuthorizationColors {
    public static let page = ScreenColor(0xFFFFFF)
    public static let bar = ScreenColor(0xF7F7F7)  // iOS 7 navigation bar
    public static let ink = ScreenColor(0x000000)
    public static let secondaryInk = ScreenColor(0x828282)
    public static let field = ScreenColor(0xF2F3F5)
    public static let accent = ScreenColor(0x5181B8)  // VK's blue
    public static let onAccent = ScreenColor(0xFFFFFF)

    /// `a` over `b` at opacity `alpha` (sRGB-encoded blending, as UIKit composites a translucent fill).
    public static func blend(_ a: ScreenColor, over b: ScreenColor, alpha: Double) -> ScreenColor {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((alpha * Double(x) + (1 - alpha) * Double(y)).rounded()) }
        return ScreenColor(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }
}

/// How the title "Authorization" is drawn (seed 004, "Prototypes: reviews.
/// Two."): the first version, which "looked like a button and the subjects had
/// questions about this", and the corrected modal window.
public enum LabelAffordanceDesigns {
    public static let question = DesignQuestion(
        name: "label-affordance", title: "Label affordance: a title that looks like a button, or a plain title",
        strategies: [
            StrategyDescription(
                name: "button-like-title",
                summary:
                    "The title 'Authorization' is drawn as the first version was: bold, centred in the bar on a "
                        + "rounded button-sized (36 pt) fill of the accent colour, in white; it does nothing when "
                        + "tapped.",
                source:
                    "seed 004 (Qtty prototype reviews): 'The inscription \"Authorization\" on the past screen looked "
                        + "like a button and the subjects had questions about this'",
                parameters: [
                    "fill_opacity":
                        "opacity of the accent fill under the title, 0…1 (default 1); the ink goes from the accent "
                            + "colour (0) to white (1) with it"
                ]),
            StrategyDescription(
                name: "plain-title",
                summary:
                    "The corrected modal window: the title is the bar's standard title, 17 pt semibold black text "
                        + "with no fill, centred in the bar.",
                source: "seed 004: 'Modal authorization window in VK (corrected version)'",
                parameters: [:])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The checked opacity of the title's fill (nil: a plain title).
    public static func fillOpacity(_ name: String, parameters: StrategyParameters) throws -> Double? {
        var p = parameters
        switch name {
        case "button-like-title":
            let opacity = try p.number("fill_opacity", default: 1, in: 0...1)
            try p.finish(known: ["fill_opacity"])
            return opacity
        case "plain-title":
            try p.finish(known: [])
            return nil
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown label-affordance strategy '\(name)'")
        }
    }

    /// The authorization screen strategy `name` lays out on `device`.
    public static func make(
        _ name: String, parameters: StrategyParameters, on device: DeviceConfiguration
    ) throws -> AuthorizationScreen {
        layout(title: try fillOpacity(name, parameters: parameters), on: device)
    }

    /// The screen with a button-like title at `fillOpacity`, or a plain one (nil).
    public static func layout(title fillOpacity: Double?, on device: DeviceConfiguration) -> AuthorizationScreen {
        typealias C = AuthorizationColors
        let b = device.bounds, safe = device.safeArea, t = device.traits
        let left = b.minX + safe.left, right = b.maxX - safe.right, width = right - left
        let barTop = b.minY + safe.top, barHeight = 44.0
        var controls: [Control] = [
            Control(
                id: "bar", role: .zone,
                frame: Rect(x: b.minX, y: b.minY, width: b.width, height: barTop + barHeight - b.minY),
                visibleAffordance: false, background: C.bar),
            Control(
                id: "cancel", role: .button, frame: Rect(x: left + 8, y: barTop, width: 80, height: barHeight),
                label: "Cancel",
                text: [t.text("Cancel", .body, foreground: C.accent)], foreground: C.accent)
        ]
        let titleWidth = min(180, width - 2 * 96)
        if let alpha = fillOpacity {
            // The first version: a rounded fill of button height, bold type.
            let fill = C.blend(C.accent, over: C.bar, alpha: alpha),
                ink = C.blend(C.onAccent, over: C.accent, alpha: alpha)
            controls.append(
                Control(
                    id: AuthorizationScreen.titleID, role: .zone,
                    frame: Rect(
                        x: b.center.x - titleWidth / 2, y: barTop + 4, width: titleWidth, height: barHeight - 8),
                    label: "Authorization", visibleAffordance: false,
                    text: [t.text("Authorization", .headline, weight: .bold, foreground: ink)], foreground: ink,
                    background: fill))
        } else {
            controls.append(
                Control(
                    id: AuthorizationScreen.titleID, role: .zone,
                    frame: Rect(x: b.center.x - titleWidth / 2, y: barTop, width: titleWidth, height: barHeight),
                    label: "Authorization", visibleAffordance: false,
                    text: [t.text("Authorization", .headline, foreground: C.ink)], foreground: C.ink))
        }
        // The web page's form, 16 pt from the window's sides.
        var y = barTop + barHeight + 24
        func row(_ height: Double) -> Rect {
            defer { y += height + 12 }
            return Rect(x: left + 16, y: y, width: width - 32, height: height)
        }
        controls.append(
            Control(
                id: "login-field", role: .zone, frame: row(44), label: "Email or phone",
                text: [t.text("Email or phone", .body, foreground: C.secondaryInk)], foreground: C.secondaryInk,
                background: C.field))
        controls.append(
            Control(
                id: "password-field", role: .zone, frame: row(44), label: "Password",
                text: [t.text("Password", .body, foreground: C.secondaryInk)], foreground: C.secondaryInk,
                background: C.field))
        controls.append(
            Control(
                id: "log-in", role: .button, frame: row(44), label: "Log in",
                text: [t.text("Log in", .headline, foreground: C.onAccent)], foreground: C.onAccent,
                background: C.accent))
        let linkWidth = min(240, width - 32)
        controls.append(
            Control(
                id: "forgot", role: .button,
                frame: Rect(x: b.center.x - linkWidth / 2, y: y, width: linkWidth, height: 44),
                label: "Forgot your password?",
                text: [t.text("Forgot your password?", .subheadline, foreground: C.accent)],
                foreground: C.accent))
        let screen = Screen(device: device, controls: controls, background: C.page).inLayoutDirection()
        return AuthorizationScreen(
            screen: screen,
            actions: [
                "cancel": .cancel, "log-in": .logIn, "forgot": .forgotPassword,
                "login-field": .focusField, "password-field": .focusField
            ])
    }
}
