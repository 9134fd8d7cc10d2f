import ImageEngine
import Interaction

/// What an exposure design remembers between gestures.
public struct ExposureState: Sendable {
    /// The six exposure values the design has set (−1…1 each).
    public var adjustments = Adjustments()
    /// Where the original photo's histogram ends (encoded 0…1): the exposure
    /// control's knobs start there.
    public var endpoints: (low: Double, high: Double)
    /// Clipping of the original and of the current render: the end zones glow
    /// red when an adjustment clips more than the photo already did.
    public var originalClipping: Clipping
    public var clipping: Clipping
    /// Width / height of the photo, for laying it out.
    public var photoAspect: Double
    /// The overlay opened by a button on compact-width screens, if any.
    public var openOverlay: String?
    /// Knob positions (0…1 on the track) for designs with knobs.
    public var knobs: [String: Double] = [:]

    public init(original: Image) {
        let histogram = Histogram(of: original)
        endpoints = histogram.endpoints
        originalClipping = Clipping(of: original)
        clipping = originalClipping
        photoAspect = Double(original.width) / Double(max(1, original.height))
    }

    /// A state with no photo behind it, for laying screens out (the layout
    /// audit): a photo of `photoAspect` whose histogram spans `endpoints`.
    public init(photoAspect: Double, endpoints: (low: Double, high: Double) = (0.05, 0.95)) {
        self.endpoints = endpoints
        originalClipping = Clipping(shadows: 0, highlights: 0)
        clipping = originalClipping
        self.photoAspect = photoAspect
    }

    /// Whether the current render clips noticeably more than the original at each end.
    public var clipsShadows: Bool { clipping.shadows > originalClipping.shadows + 0.002 }
    public var clipsHighlights: Bool { clipping.highlights > originalClipping.highlights + 0.002 }
}

/// An exposure design: how the iPhoto talk's six adjustments are laid out and
/// driven by touches. The engine renders; the design only decides what each
/// gesture sets.
public protocol ExposureDesign: ControlSpace {
    /// The screen for `state` on `device`.
    func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen
    /// Applies `gesture`; `photo` is the current render (for designs that look at
    /// what is under the finger), laid out in the screen's photo frame.
    func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image)
    /// Sets up state that depends on the photo (knob start positions).
    func prepare(_ state: inout ExposureState)
}

extension ExposureDesign {
    public func prepare(_ state: inout ExposureState) {}
}

/// The screens an exposure design shows, for the layout audit: as it first
/// appears, with both clipping warnings lit, and each overlay a button opens.
public enum ExposureScreens {
    /// A 3:2 photo, as a camera takes it.
    public static let photoAspect = 1.5

    public static func all(_ design: any ExposureDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        var start = ExposureState(photoAspect: photoAspect)
        design.prepare(&start)
        var clipping = start
        clipping.clipping = Clipping(shadows: 0.05, highlights: 0.05)
        var screens = [
            LabelledScreen("start", design.screen(start, on: device)),
            LabelledScreen("clipping", design.screen(clipping, on: device))
        ]
        if design is ExposureControl {
            for g in ExposureControl.groups {
                var open = clipping
                open.openOverlay = g.button
                let screen = design.screen(open, on: device)
                // Only where the buttons exist (compact width) is an overlay a different screen.
                if screen.control("button-\(g.button)") != nil {
                    screens.append(LabelledScreen("overlay-\(g.button)", screen))
                }
            }
        }
        return screens
    }
}

/// Where the photo and the controls go.
enum ExposureLayout {
    enum Panel { case side(Double), bottom(Double) }

    /// The photo aspect-fit in the safe area minus the panel, and the panel's rectangle.
    static func split(_ device: DeviceConfiguration, panel: Panel, photoAspect: Double) -> (photo: Rect, panel: Rect) {
        let safe = device.safeBounds
        let area: Rect, panelRect: Rect
        switch panel {
        case .side(let w):
            area = Rect(x: safe.minX, y: safe.minY, width: safe.width - w, height: safe.height)
            panelRect = Rect(x: safe.maxX - w, y: safe.minY, width: w, height: safe.height)
        case .bottom(let h):
            area = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: safe.height - h)
            panelRect = Rect(x: safe.minX, y: safe.maxY - h, width: safe.width, height: h)
        }
        return (fit(photoAspect, in: area.inset(by: EdgeInsets(all: 8))), panelRect)
    }

    static func fit(_ aspect: Double, in r: Rect) -> Rect {
        let w = min(r.width, r.height * aspect), h = w / aspect
        return Rect(x: r.center.x - w / 2, y: r.center.y - h / 2, width: w, height: h)
    }

    static func clamp(_ v: Double, _ lo: Double = -1, _ hi: Double = 1) -> Double { min(hi, max(lo, v)) }
}

/// The exposure strategies of the iPhoto talk, built from a spec's name and parameters.
public enum ExposureDesigns: DesignCatalog {
    public static let question = DesignQuestion(
        name: "exposure", title: "Exposure: six sliders or one exposure control?",
        strategies: [
            StrategyDescription(
                name: "six-sliders",
                summary:
                    "Six labelled sliders beside the photo: black level, shadows, brightness, contrast, highlights, "
                        + "white level.",
                source: "iPhoto for iOS (WWDC 2012): the desktop-style starting point", parameters: [:]),
            StrategyDescription(
                name: "histogram-touch",
                summary:
                    "Touch zones on a histogram at the side, with no visible affordances: top for highlights and "
                        + "white point, bottom for shadows and black point, middle for brightness, between for "
                        + "contrast.",
                source: "iPhoto for iOS: 'we have no affordances on this histogram'",
                parameters: [
                    "hint": "show a hint on the zones (default false)",
                    "full_scale_pt": "points of drag for a full-scale change (default 200)"
                ]),
            StrategyDescription(
                name: "histogram-bottom",
                summary: "The same histogram zones along the bottom; the photo gets bigger.",
                source: "iPhoto for iOS: 'it gives us a nice, big, giant image'",
                parameters: [
                    "hint": "show a hint on the zones (default false)",
                    "full_scale_pt": "points of drag for a full-scale change (default 200)"
                ]),
            StrategyDescription(
                name: "exposure-control",
                summary:
                    "One control with 0% and 100% marks: knobs at the histogram's ends (left: black level / shadows; "
                        + "right: highlights / white level), brightness in the centre, contrast between; end zones "
                        + "glow red when an adjustment clips. On a compact-width screen in portrait (an iPhone) it "
                        + "splits, as the talk's iPhone version did: three buttons (highlights & shadows, brightness, "
                        + "contrast) each open an overlay above them with those knobs.",
                source: "iPhoto for iOS: 'we combined everything into a single control'",
                parameters: [
                    "recovery_span":
                        "share of the track over which shadow/highlight recovery reaches full strength (default 0.5)",
                    "tone_span": "knob travel for full brightness or contrast (default 0.25)"
                ]),
            StrategyDescription(
                name: "crammed-control",
                summary:
                    "The counterfactual the talk rejects: the iPad's exposure control, all five knobs on one track, "
                        + "kept whole on every screen; on a phone in portrait the track shrinks to the screen's width "
                        + "instead of splitting into overlays (on an iPad it is exposure-control).",
                source: "iPhoto for iOS: 'on the iPhone, there just wasn't room for them … We split the controls up'",
                parameters: [
                    "recovery_span": "as exposure-control (default 0.5)",
                    "tone_span": "as exposure-control (default 0.25)"
                ]),
            StrategyDescription(
                name: "on-image",
                summary:
                    "Touch a dark area of the photo and drag up or down for shadows, a bright area for highlights, "
                        + "the midtones for brightness.",
                source: "iPhoto for iOS: 'tap on a dark area of the image and drag up to adjust your shadows'",
                parameters: [
                    "hint": "show a hint that the photo can be dragged (default false)",
                    "full_scale_pt": "points of drag for a full-scale change (default 200)"
                ])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    public static func make(_ name: String, parameters: StrategyParameters) throws -> any ExposureDesign {
        var p = parameters
        let design: any ExposureDesign
        switch name {
        case "six-sliders":
            design = SixSliders()
            try p.finish(known: [])
        case "histogram-touch", "histogram-bottom":
            let hint = try p.number("hint", default: 0, in: 0...1) != 0
            let scale = try p.number("full_scale_pt", default: 200, in: 20...2000)
            try p.finish(known: ["hint", "full_scale_pt"])
            design = HistogramTouch(
                placement: name == "histogram-touch" ? .side : .bottom, hinted: hint, fullScale: scale)
        case "exposure-control", "crammed-control":
            let recovery = try p.number("recovery_span", default: 0.5, in: 0.05...1)
            let tone = try p.number("tone_span", default: 0.25, in: 0.05...1)
            try p.finish(known: ["recovery_span", "tone_span"])
            design = ExposureControl(
                recoverySpan: recovery, toneSpan: tone, splitsOnCompactWidth: name == "exposure-control")
        case "on-image":
            let hint = try p.number("hint", default: 0, in: 0...1) != 0
            let scale = try p.number("full_scale_pt", default: 200, in: 20...2000)
            try p.finish(known: ["hint", "full_scale_pt"])
            design = OnImage(hinted: hint, fullScale: scale)
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown exposure strategy '\(name)'")
        }
        return design
    }
}
