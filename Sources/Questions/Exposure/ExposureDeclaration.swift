import Designs
import Harness
import ImageEngine
import Interaction

/// Exposure designs declared in a design file: a `SliderPanel` (the fields below). Six sliders is one; a
/// designer's variant changes which adjustments the sliders drive, their ranges, order and labels, the panel
/// and its rows. The histogram zones, the exposure control's knobs and dragging on the photo are not
/// declarable yet: the format has no knobs on a shared track, no zones and no overlays.
enum ExposureDeclaration {
    static let fields = ["sliders", "layouts", "grab_radius_pt", "photo_inset_pt", "label_style", "colors"]

    /// The design `strategy` names: a Swift design, or a declared one read from its file.
    static func design(_ strategy: StrategySpec) throws -> any ExposureDesign {
        guard let declared = strategy.declared else {
            return try ExposureDesigns.make(strategy.design, parameters: strategy.designParameters)
        }
        return try read(declared)
    }

    /// The slider panel `declared` describes, every field checked.
    static func read(_ declared: DeclaredDesign) throws -> SliderPanel {
        let root = try declared.root()
        let slidersNode = try root.required("sliders")
        var ids: Set<String> = [], driven: [String: String] = [:]
        let sliders = try slidersNode.list().map { node -> SliderPanel.Slider in
            try node.rejectUnknownKeys(["id", "label", "role", "adjusts", "range"])
            let idNode = try node.required("id"), id = try idNode.string()
            guard ids.insert(id).inserted else { throw idNode.error("two sliders have the id '\(id)'") }
            if let role = try node.optional("role"), try role.string() != ControlRole.slider.rawValue {
                throw role.error("unknown role '\(try role.string())' for an exposure panel's control; expected slider")
            }
            let adjustsNode = try node.required("adjusts"), adjusts = try adjustsNode.string()
            let known = Adjustments.exposureNames.sorted()
            guard known.contains(adjusts) else {
                throw adjustsNode.error(
                    "no exposure adjustment '\(adjusts)'\(suggestion(adjusts, known)); expected one of "
                        + known.joined(separator: ", "))
            }
            if let other = driven.updateValue(id, forKey: adjusts) {
                throw adjustsNode.error("slider '\(other)' already drives \(adjusts); give each adjustment one slider")
            }
            var range = -1.0...1.0
            if let r = try node.optional("range") {
                let ends = try r.list()
                guard ends.count == 2 else { throw r.error("expected [low, high], the adjustment at the track's ends") }
                let low = try ends[0].double(in: -1...1), high = try ends[1].double(in: -1...1)
                guard low < 0, high > 0 else {
                    throw r.error("the range must hold 0 (the untouched photo) inside it: low < 0 < high")
                }
                range = low...high
            }
            return SliderPanel.Slider(
                id: id, label: try node.optional("label")?.string() ?? id, adjusts: adjusts, range: range)
        }
        guard !sliders.isEmpty else { throw slidersNode.error("expected at least one slider") }
        let layoutsNode = try root.required("layouts")
        let layouts = try layoutsNode.list().map(layout)
        guard !layouts.isEmpty else { throw layoutsNode.error("expected at least one layout") }
        var panel = SliderPanel(
            sliders: sliders, layouts: layouts,
            grabRadius: try root.optional("grab_radius_pt")?.double(in: 1...200) ?? 22,
            photoInset: try root.optional("photo_inset_pt")?.double(in: 0...200) ?? 8,
            labelStyle: try root.optional("label_style")?.named("text style", as: TextStyle.self) ?? .subheadline)
        if let colors = try root.optional("colors") {
            try colors.rejectUnknownKeys(["background", "ink", "label_ink"])
            panel.background = try colors.optional("background").map(DesignFileFields.color) ?? panel.background
            panel.ink = try colors.optional("ink").map(DesignFileFields.color) ?? panel.ink
            panel.labelInk = try colors.optional("label_ink").map(DesignFileFields.color) ?? panel.labelInk
        }
        return panel
    }

    static func layout(_ node: SpecNode) throws -> SliderPanel.Layout {
        try node.rejectUnknownKeys(["when", "panel", "row_pt", "track", "label"])
        let when: (width: SizeClass?, orientation: Orientation?) =
            try node.optional("when").map(DesignFileFields.when) ?? (nil, nil)
        let panel = try node.required("panel")
        try panel.rejectUnknownKeys(["edge", "size_pt", "inset_pt"])
        let rowNode = try node.required("row_pt")
        var row: Double? = nil, maxRow = Double.infinity
        if rowNode.isMapping {
            try rowNode.rejectUnknownKeys(["fill", "max"])
            guard try rowNode.required("fill").string() == "true" else {
                throw rowNode.error("expected {fill: true, max: <pt>} or a row height in points")
            }
            maxRow = try rowNode.optional("max")?.double(in: 10...1000) ?? .infinity
        } else {
            row = try rowNode.double(in: 10...1000)
        }
        let track = try node.required("track")
        try track.rejectUnknownKeys(["leading_pt", "trailing_pt", "bottom_pt", "height_pt"])
        let label = try node.required("label")
        try label.rejectUnknownKeys(["side", "width_pt", "gap_pt", "height_pt"])
        return SliderPanel.Layout(
            width: when.width, orientation: when.orientation,
            edge: try panel.required("edge").named("panel edge"),
            size: try panel.required("size_pt").double(in: 1...4000),
            inset: try panel.optional("inset_pt")?.double(in: 0...1000) ?? 0, row: row, maxRow: maxRow,
            trackLeading: try track.optional("leading_pt")?.double(in: 0...1000) ?? 0,
            trackTrailing: try track.optional("trailing_pt")?.double(in: 0...1000) ?? 0,
            trackBottom: try track.optional("bottom_pt")?.double(in: 0...1000) ?? 0,
            trackHeight: try track.required("height_pt").double(in: 1...1000),
            labelSide: try label.required("side").named("label side"),
            labelWidth: try label.optional("width_pt")?.double(in: 0...1000) ?? 100,
            labelGap: try label.optional("gap_pt")?.double(in: 0...1000) ?? 8,
            labelHeight: try label.optional("height_pt")?.double(in: 0...1000) ?? 22)
    }

    /// Lays `declared` out on `device` and refuses what a person could not use: no layout for the device, a
    /// track off the screen or over another track or the photo, a track too short to drag. Labels are text:
    /// where one crowds a track or leaves its frame, `refine audit` says so (six sliders' own labels touch the
    /// tracks above them on a phone in landscape, and it runs there).
    static func check(_ declared: DeclaredDesign, on device: DeviceConfiguration) throws {
        let panel = try read(declared), root = try declared.root()
        guard panel.layout(for: device) != nil else {
            throw try root.required("layouts").error(
                "no layout applies to \(device.name) (\(device.horizontalSizeClass.rawValue) width, "
                    + "\(device.orientation.rawValue)); end the list with a layout without `when`")
        }
        let (photo, tracks, _) = panel.frames(ExposureState(photoAspect: ExposureScreens.photoAspect), device)
        let nodes = try root.required("sliders").list()
        let named = panel.sliders.indices.map { i in ("slider '\(panel.sliders[i].id)'", tracks[i], nodes[i]) }
        try DesignFileFields.checkFrames(named + [("the photo", photo, root)], on: device)
        for (i, t) in tracks.enumerated() where t.width < 44 {
            throw nodes[i].error(
                "on \(device.name) the track is \(DesignFileFields.number(t.width)) pt long; a thumb needs at least "
                    + "44 pt")
        }
    }

    /// The design file of six sliders (the only Swift exposure design a slider panel expresses).
    static func declaration(like name: String) -> String? {
        guard name == "six-sliders" else { return nil }
        return """
            # An exposure design declared in YAML: labelled sliders in a panel beside or below the photo, each
            # driving one of the engine's exposure adjustments. Copied from six-sliders; edit it, then name the
            # file as a strategy's design in a spec (design: this file's path from the spec's folder).
            # Docs/YourDesign.md explains every field.
            question: exposure
            like: six-sliders
            summary: Six labelled sliders beside the photo (below it on a phone in portrait).
            sliders:
              - {id: black_level, label: Black Level, adjusts: black_level, range: [-1, 1]}
              - {id: shadows, label: Shadows, adjusts: shadows, range: [-1, 1]}
              - {id: brightness, label: Brightness, adjusts: brightness, range: [-1, 1]}
              - {id: contrast, label: Contrast, adjusts: contrast, range: [-1, 1]}
              - {id: highlights, label: Highlights, adjusts: highlights, range: [-1, 1]}
              - {id: white_level, label: White Level, adjusts: white_level, range: [-1, 1]}
            grab_radius_pt: 22     # how near the thumb a touch must land to move it
            photo_inset_pt: 8      # space around the photo
            label_style: subheadline
            colors: {background: "#1C1C1E", ink: "#FFFFFF", label_ink: "#8E8E93"}
            layouts:               # the first whose `when` fits the device is used
              # A phone in portrait: a 304-pt panel along the bottom, 48-pt rows, labels left of the tracks.
              - when: {width: compact, orientation: portrait}
                panel: {edge: bottom, size_pt: 304, inset_pt: 16}
                row_pt: 48
                track: {leading_pt: 120, trailing_pt: 20, bottom_pt: 2, height_pt: 44}
                label: {side: leading, width_pt: 100, gap_pt: 8}
              # Everything else: a 300-pt panel at the trailing side, rows sharing its height (at most 80 pt),
              # labels above the tracks.
              - panel: {edge: trailing, size_pt: 300, inset_pt: 16}
                row_pt: {fill: true, max: 80}
                track: {leading_pt: 20, trailing_pt: 20, bottom_pt: 2, height_pt: 44}
                label: {side: above, height_pt: 22}

            """
    }
}
