import Designs
import Harness
import Interaction

/// Reads a design file's `controls:` (and `background:`) into a `ScreenLayout`: the shared screen vocabulary,
/// for questions whose designs are one screen of controls (see Docs/YourDesign.md for every field).
enum ScreenDeclaration {
    static let fields = ["background", "controls"]
    static let controlFields = [
        "id", "role", "frame", "label", "affordance", "text", "foreground", "background", "action"
    ]

    /// The layout `root` declares; `actions` are the words a tap's `action:` may use.
    static func read(_ root: SpecNode, actions: [String]) throws -> ScreenLayout {
        let list = try root.required("controls")
        var ids: [String] = []
        let items = try list.list().map { node -> ScreenLayout.Item in
            try node.rejectUnknownKeys(controlFields)
            let idNode = try node.required("id"), id = try idNode.string()
            guard id.range(of: #"^[a-z][a-z0-9_-]*$"#, options: .regularExpression) != nil,
                !["screen", "safe"].contains(id)
            else {
                throw idNode.error("id '\(id)': use lowercase letters, digits, '-' and '_' (not screen or safe)")
            }
            guard !ids.contains(id) else { throw idNode.error("two controls have the id '\(id)'") }
            let frame = try frameRule(node.required("frame"), earlier: ids)
            ids.append(id)
            var item = ScreenLayout.Item(
                id: id, role: try role(node.required("role")), frame: frame,
                label: try node.optional("label")?.string())
            if let a = try node.optional("affordance") {
                guard let visible = ["visible": true, "none": false][try a.string()] else {
                    throw a.error("expected visible (drawn as something to touch) or none")
                }
                item.visibleAffordance = visible
            }
            if let text = try node.optional("text") {
                try text.rejectUnknownKeys(["style", "weight", "color"])
                guard item.label != nil else { throw text.error("a control's text prints its label; give a label") }
                item.textStyle = try text.required("style").named("text style", as: TextStyle.self)
                item.weight = try text.optional("weight")?.named("font weight", as: FontWeight.self)
                item.textColor = try text.optional("color").map(DesignFileFields.color)
            }
            item.foreground = try node.optional("foreground").map(DesignFileFields.color)
            item.background = try node.optional("background").map(DesignFileFields.color)
            if let a = try node.optional("action") {
                let action = try a.string()
                guard actions.contains(action) else {
                    throw a.error(
                        "unknown action '\(action)'\(suggestion(action, actions)); a tap here may do "
                            + actions.joined(separator: ", "))
                }
                item.action = action
            }
            return item
        }
        guard !items.isEmpty else { throw list.error("expected at least one control") }
        return ScreenLayout(items: items, background: try root.optional("background").map(DesignFileFields.color))
    }

    static func role(_ node: SpecNode) throws -> ControlRole {
        let name = try node.string()
        let roles: [ControlRole] = [.button, .slider, .knob, .thumbnail, .zone, .scrollArea]
        guard let role = ControlRole(rawValue: name) else {
            let names = roles.map(\.rawValue)
            throw node.error(
                "unknown role '\(name)'\(suggestion(name, names)); expected one of \(names.joined(separator: ", "))")
        }
        return role
    }

    /// `{leading: safe.leading + 8, top: safe.top, width: 80, height: 44}`: two anchors across, two down, each a
    /// number or an expression over `screen`, `safe` and the controls `earlier` (so a layout cannot loop).
    static func frameRule(_ node: SpecNode, earlier: [String]) throws -> FrameRule {
        let anchors = LayoutExpression.Anchor.allCases.map(\.rawValue)
        if let broken = try node.keys().first(where: { $0.hasSuffix(")") }) {
            throw node.error(
                "'\(broken)' looks like the end of an expression cut at a comma: quote an expression with a comma "
                    + "inside {…}, e.g. width: \"min(180, safe.width - 192)\"")
        }
        try node.rejectUnknownKeys(anchors)
        var horizontal: [LayoutExpression.Anchor: LayoutExpression] = [:]
        var vertical: [LayoutExpression.Anchor: LayoutExpression] = [:]
        for (key, value) in try node.entries() {
            let anchor = LayoutExpression.Anchor(rawValue: key)!
            let expression: LayoutExpression
            let text = try value.string()
            do { expression = try LayoutExpression.parse(text) } catch {
                throw value.error("at character \(error.offset + 1): \(error.message)")
            }
            for g in expression.guides where g != "screen" && g != "safe" && !earlier.contains(g) {
                throw value.error(
                    "leans on '\(g)', which is not a control declared above this one; a frame may lean on screen, "
                        + "safe and the controls before it (so a layout never loops)")
            }
            if [.leading, .trailing, .centerX, .width].contains(anchor) {
                horizontal[anchor] = expression
            } else {
                vertical[anchor] = expression
            }
        }
        guard horizontal.count == 2, vertical.count == 2 else {
            throw node.error(
                "give two of leading, trailing, center_x, width and two of top, bottom, center_y, height (got "
                    + "\(horizontal.count) across and \(vertical.count) down)")
        }
        return FrameRule(horizontal: horizontal, vertical: vertical)
    }

    /// Refuses, on `device`, a control of no size, off the screen, or over another one — unless one of the two
    /// lies wholly inside the other and that one is a zone that does nothing (a bar or panel drawn behind it).
    static func check(_ layout: ScreenLayout, nodes: [SpecNode], on device: DeviceConfiguration) throws {
        let frames = layout.frames(on: device, raw: true)
        func backdrop(_ outer: Int, _ inner: Int) -> Bool {
            let o = frames[outer], f = frames[inner]
            return layout.items[outer].role == .zone && layout.items[outer].action == nil
                && f.minX >= o.minX && f.maxX <= o.maxX && f.minY >= o.minY && f.maxY <= o.maxY
        }
        try DesignFileFields.checkFrames(
            frames.indices.map { ("'\(layout.items[$0].id)'", frames[$0], nodes[$0]) }, on: device,
            mayOverlap: { backdrop($0, $1) || backdrop($1, $0) })
    }
}
