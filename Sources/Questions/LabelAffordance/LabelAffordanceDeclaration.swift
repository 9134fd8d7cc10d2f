import Designs
import Harness
import Interaction

/// Label-affordance designs declared in a design file: the whole authorization screen as controls
/// (`ScreenDeclaration`), each tap doing one of the screen's actions. The question measures how people treat the
/// control with the id `title`, so a declared screen has one.
enum LabelAffordanceDeclaration {
    /// The layout `strategy` sets: a Swift design's, or a declared one's.
    static func layout(_ strategy: StrategySpec) throws -> AuthorizationLayout {
        guard let declared = strategy.declared else {
            let parameters = strategy.designParameters
            return .title(fillOpacity: try LabelAffordanceDesigns.fillOpacity(strategy.design, parameters: parameters))
        }
        return .declared(try read(declared).layout)
    }

    static func read(_ declared: DeclaredDesign) throws -> (layout: ScreenLayout, nodes: [SpecNode]) {
        let root = try declared.root()
        let layout = try ScreenDeclaration.read(root, actions: AuthorizationAction.allCases.map(\.rawValue))
        guard layout.items.contains(where: { $0.id == AuthorizationScreen.titleID }) else {
            throw try root.required("controls").error(
                "the label-affordance question measures taps on the title: declare a control with id "
                    + "'\(AuthorizationScreen.titleID)'")
        }
        return (layout, try root.required("controls").list())
    }

    static func check(_ declared: DeclaredDesign, on device: DeviceConfiguration) throws {
        let (layout, nodes) = try read(declared)
        try ScreenDeclaration.check(layout, nodes: nodes, on: device)
    }

    /// The design file of button-like-title (at `fill_opacity`) or plain-title.
    static func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        typealias C = AuthorizationColors
        let opacity = try LabelAffordanceDesigns.fillOpacity(name, parameters: parameters)
        func hex(_ c: ScreenColor) -> String { "\"\(c)\"" }
        let title: String
        if let alpha = opacity {
            let fill = C.blend(C.accent, over: C.bar, alpha: alpha)
            let ink = C.blend(C.onAccent, over: C.accent, alpha: alpha)
            title = """
                  # The title drawn as the first version was: bold, on a rounded button-sized fill of the accent colour.
                  - id: title
                    role: zone
                    frame: {center_x: screen.center_x, width: "min(180, safe.width - 192)",
                            top: safe.top + 4, height: 36}
                    label: Authorization
                    affordance: none
                    text: {style: headline, weight: bold, color: \(hex(ink))}
                    foreground: \(hex(ink))
                    background: \(hex(fill))
                """
        } else {
            title = """
                  # The bar's standard title: semibold black text, no fill.
                  - id: title
                    role: zone
                    frame: {center_x: screen.center_x, width: "min(180, safe.width - 192)", top: safe.top, height: 44}
                    label: Authorization
                    affordance: none
                    text: {style: headline, color: \(hex(C.ink))}
                    foreground: \(hex(C.ink))
                """
        }
        return """
            # A label-affordance design declared in YAML: the modal authorization screen, control by control, in the
            # vocabulary the simulated people read. Copied from \(name); edit it, then name the file as a strategy's
            # design in a spec. Frames lean on `screen`, `safe` (the safe area) and controls declared above them.
            # Docs/YourDesign.md explains every field.
            question: label-affordance
            like: \(name)
            \(DeclaredDesign.summaryLine(of: name, in: LabelAffordanceDesigns.question))
            background: \(hex(C.page))
            controls:
              # The bar, under the status bar to 44 pt below the safe area's top.
              - id: bar
                role: zone
                frame: {leading: screen.leading, trailing: screen.trailing, top: screen.top, bottom: safe.top + 44}
                affordance: none
                background: \(hex(C.bar))
              - id: cancel
                role: button
                frame: {leading: safe.leading + 8, top: safe.top, width: 80, height: 44}
                label: Cancel
                text: {style: body, color: \(hex(C.accent))}
                foreground: \(hex(C.accent))
                action: cancel
            \(title)
              # The web page's form, 16 pt from the safe area's sides, rows 12 pt apart.
              - id: login-field
                role: zone
                frame: {leading: safe.leading + 16, trailing: safe.trailing - 16, top: safe.top + 68, height: 44}
                label: Email or phone
                text: {style: body, color: \(hex(C.secondaryInk))}
                foreground: \(hex(C.secondaryInk))
                background: \(hex(C.field))
                action: focus-field
              - id: password-field
                role: zone
                frame: {leading: login-field.leading, trailing: login-field.trailing,
                        top: login-field.bottom + 12, height: 44}
                label: Password
                text: {style: body, color: \(hex(C.secondaryInk))}
                foreground: \(hex(C.secondaryInk))
                background: \(hex(C.field))
                action: focus-field
              - id: log-in
                role: button
                frame: {leading: login-field.leading, trailing: login-field.trailing,
                        top: password-field.bottom + 12, height: 44}
                label: Log in
                text: {style: headline, color: \(hex(C.onAccent))}
                foreground: \(hex(C.onAccent))
                background: \(hex(C.accent))
                action: log-in
              - id: forgot
                role: button
                frame: {center_x: screen.center_x, width: "min(240, safe.width - 32)",
                        top: log-in.bottom + 12, height: 44}
                label: Forgot your password?
                text: {style: subheadline, color: \(hex(C.accent))}
                foreground: \(hex(C.accent))
                action: forgot-password

            """
    }
}
