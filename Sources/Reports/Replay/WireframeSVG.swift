import Designs
import Foundation
import Harness
import Interaction

/// One frame as SVG, in the device's points: the screen's wireframe (controls'
/// frames, labels, thumbs and warnings from the design's `Screen`), the photo
/// as rendered, the finger's path with its tap or miss, and for PIP the corners,
/// the window's path under the finger and its flight to a corner.
///
/// Layers (classes) let the page animate a frame: `b` the screen when the finger
/// came down, `a` the screen after the gesture, `g` ghosts of what changed, `m`
/// the gesture's marks; `finger`, `fly` and `card` are moved by the page's script.
enum WireframeSVG {
    static let finger = "#0a84ff", hit = "#30d158", miss = "#ff3b30", pipPath = "#af52de", flight = "#ff9f0a",
        warning = "#ff3b30"

    /// `photoID` names the `<image>` definition of a shot's photo (`PhotoLibrary`).
    /// `preview` names the image a thumbnail control shows.
    static func frame(
        _ f: ReplayFrame, scene: ReplayScene, device: DeviceConfiguration, photoID: (ReplayShot) -> String?,
        preview: (String) -> String? = { _ in nil }
    ) -> String {
        let b = device.bounds
        let fs = fontSize(device)
        let pad = fs
        var out =
            "<svg class=\"frame\" data-i=\"\(f.index)\" "
                + "viewBox=\"\(n(-pad)) \(n(-pad)) \(n(b.width + 2 * pad)) \(n(b.height + 2 * pad))\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(htmlEscape(f.caption))\">\n"
        out +=
            "<rect class=\"device\" x=\"0\" y=\"0\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" "
                + "rx=\"\(n(fs * 2))\"/>\n"
        if let layout = scene.pipLayout {
            out += pipCorners(layout, goal: scene.to, fs: fs)
            if let after = f.after.corner {
                out += "<g class=\"a\">\(window(layout, at: layout.center(of: after), fs: fs, cls: "pip"))</g>\n"
            }
            if let before = f.before?.corner {
                out += "<g class=\"g\">\(window(layout, at: layout.center(of: before), fs: fs, cls: "pip ghost"))</g>\n"
            }
        } else {
            if let s = f.before?.screen {
                out += "<g class=\"b\">\(screen(s, photo: f.before.flatMap(photoID), preview: preview, fs: fs))</g>\n"
            }
            if let s = f.after.screen {
                out += "<g class=\"a\">\(screen(s, photo: photoID(f.after), preview: preview, fs: fs))</g>\n"
            }
            if let s0 = f.before?.screen, let s1 = f.after.screen, !ReplayFrames.switched(s0, s1) {
                out += "<g class=\"g\">\(ghosts(from: s0, to: s1, fs: fs))</g>\n"
            }
        }
        out += "<g class=\"m\">\(marks(f, scene: scene, fs: fs))</g>\n"
        if let layout = scene.pipLayout {
            out +=
                "<rect class=\"fly\" width=\"\(n(layout.pipSize.width))\" height=\"\(n(layout.pipSize.height))\" "
                    + "rx=\"\(n(fs * 0.8))\" x=\"-1000\" y=\"-1000\"/>\n"
        }
        // The preview in flight: its own image when the page has it.
        if let id = f.cardFlight.flatMap({ _ in f.control.flatMap { preview($0.id) } }) {
            out += "<use class=\"card\" href=\"#\(id)\" x=\"-1000\" y=\"-1000\" width=\"1\" height=\"1\"/>\n"
        } else {
            out += "<rect class=\"card\" x=\"-1000\" y=\"-1000\" width=\"1\" height=\"1\"/>\n"
        }
        out += "<circle class=\"finger\" r=\"\(n(fs * 0.9))\" cx=\"-100\" cy=\"-100\"/>\n"  // over the window it drags
        return out + "</svg>"
    }

    static func fontSize(_ device: DeviceConfiguration) -> Double {
        max(10, min(device.bounds.width, device.bounds.height) / 32)
    }

    /// A screen: the photo in its frame, then every control by role.
    static func screen(_ s: Screen, photo: String?, preview: (String) -> String?, fs: Double) -> String {
        var out = ""
        if let p = s.photoFrame {
            if let photo {
                out += use(photo, p)
            } else {
                out += rect(p, cls: "photo")
            }
        }
        for c in s.controls { out += control(c, preview: c.role == .thumbnail ? preview(c.id) : nil, fs: fs) }
        return out
    }

    static func control(_ c: Control, preview: String?, fs: Double) -> String {
        let f = c.frame
        var out = ""
        let warn = c.warning != nil ? " warn" : ""
        switch c.role {
        case .button:
            out +=
                rect(f, cls: "button\(warn)", rx: fs * 0.5)
                + text(c.label ?? c.id, at: f.center, fs: fs, cls: "label mid")
        case .slider, .knob:
            if c.role == .slider || c.warning != nil { out += rect(f, cls: "track\(warn)", rx: fs * 0.3) }
            if let axis = c.axis {
                let (a, b) =
                    axis == .horizontal
                    ? (Point(f.minX, f.center.y), Point(f.maxX, f.center.y))
                    : (Point(f.center.x, f.maxY), Point(f.center.x, f.minY))
                out += line(a, b, cls: "rail")
            }
            if let t = c.thumbCenter {
                out += "<circle class=\"thumb\(warn)\" cx=\"\(n(t.x))\" cy=\"\(n(t.y))\" r=\"\(n(fs * 0.7))\"/>"
            }
            if let label = c.label {
                out += text(label, at: Point(f.minX + fs * 0.2, f.minY + fs * 0.9), fs: fs * 0.8, cls: "label")
            }
        case .thumbnail:
            out += rect(f, cls: "thumbnail\(warn)", rx: fs * 0.3)
            if let preview { out += use(preview, f.inset(by: EdgeInsets(all: 2))) }
            if let label = c.label {
                out += text(label, at: Point(f.center.x, f.maxY - fs * 0.6), fs: fs * 0.75, cls: "label mid onimg")
            }
        case .zone:
            out += rect(f, cls: (c.visibleAffordance || c.hinted ? "zone" : "zone hidden") + warn)
            if let label = c.label {
                out += text(label, at: Point(f.minX + fs * 0.2, f.minY + fs * 0.9), fs: fs * 0.75, cls: "label faint")
            }
            if let t = c.thumbCenter {
                out += "<circle class=\"thumb\(warn)\" cx=\"\(n(t.x))\" cy=\"\(n(t.y))\" r=\"\(n(fs * 0.5))\"/>"
            }
        case .scrollArea:
            out += rect(f, cls: "scroll")
            if let v = c.value {
                let h = max(fs * 2, f.height * 0.2)
                out += rect(
                    Rect(x: f.maxX - fs * 0.4, y: f.minY + v * (f.height - h), width: fs * 0.3, height: h),
                    cls: "scrollbar", rx: fs * 0.15)
            }
        }
        if c.hinted {
            out += text("hint", at: Point(f.maxX - fs * 0.2, f.minY + fs * 0.9), fs: fs * 0.7, cls: "label end hint")
        }
        return out
    }

    /// Outlines of controls that moved, changed or went away in the gesture (not
    /// drawn when the gesture brought up another screen).
    static func ghosts(from a: Screen, to b: Screen, fs: Double) -> String {
        let after = Dictionary(b.controls.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        var out = ""
        for c in a.controls {
            let now = after[c.id]
            if now == nil || now!.frame != c.frame {
                out += rect(c.frame, cls: "ghost", rx: fs * 0.3)
            } else if let t0 = c.thumbCenter, let t1 = now!.thumbCenter, t0.distance(to: t1) > 0.5 {
                out += "<circle class=\"ghost\" cx=\"\(n(t0.x))\" cy=\"\(n(t0.y))\" r=\"\(n(fs * 0.7))\"/>"
            }
        }
        return out
    }

    /// The finger's path, its landing (a tap: a dot on a hit, a cross on a miss
    /// with the target outlined), and for PIP the window's path and flight.
    static func marks(_ f: ReplayFrame, scene: ReplayScene, fs: Double) -> String {
        guard let g = f.gesture else { return "" }
        var out = ""
        if g.hit == false, let target = f.control {
            out += rect(target.frame, cls: "target", rx: fs * 0.3)
        }
        if !f.after.pipPath.isEmpty { out += polyline(f.after.pipPath, cls: "pippath") }
        if f.after.flight.count > 1 { out += polyline(f.after.flight, cls: "flight") }
        let points = g.touches.map(\.location)
        if points.count > 1 && points.first!.distance(to: points.last!) > 0.5 { out += polyline(points, cls: "path") }
        if let first = points.first {
            out += "<circle class=\"down\" cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"\(n(fs * 0.35))\"/>"
        }
        if g.kind == .tap, let p = points.last {
            if g.hit == false {
                let r = fs * 0.8
                out +=
                    "<path class=\"miss\" "
                        + "d=\"M\(n(p.x - r)) \(n(p.y - r))L\(n(p.x + r)) \(n(p.y + r))M\(n(p.x - r)) \(n(p.y + r))L"
                            + "\(n(p.x + r)) \(n(p.y - r))\"/>"
            } else {
                out += "<circle class=\"hit\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(fs * 0.8))\"/>"
            }
        } else if let p = points.last {
            out += "<circle class=\"up\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(fs * 0.45))\"/>"
        }
        return out
    }

    static func pipCorners(_ layout: PIPLayout, goal: Corner?, fs: Double) -> String {
        var out = ""
        for c in Corner.allCases {
            let p = layout.center(of: c)
            let r = Rect(
                x: p.x - layout.pipSize.width / 2, y: p.y - layout.pipSize.height / 2, width: layout.pipSize.width,
                height: layout.pipSize.height)
            out += rect(r, cls: c == goal ? "corner goal" : "corner", rx: fs * 0.8)
            if c == goal { out += text("goal", at: Point(p.x, p.y + fs * 0.35), fs: fs, cls: "label mid goaltext") }
        }
        return out
    }

    static func window(_ layout: PIPLayout, at p: Point, fs: Double, cls: String) -> String {
        rect(
            Rect(
                x: p.x - layout.pipSize.width / 2, y: p.y - layout.pipSize.height / 2, width: layout.pipSize.width,
                height: layout.pipSize.height),
            cls: cls, rx: fs * 0.8)
    }

    // MARK: primitives

    static func n(_ v: Double) -> String { v.isFinite ? formatNumber(v, digits: 1) : "0" }

    static func rect(_ r: Rect, cls: String, rx: Double = 0) -> String {
        "<rect class=\"\(cls)\" x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(max(0, r.width)))\" "
            + "height=\"\(n(max(0, r.height)))\"\(rx > 0 ? " rx=\"\(n(rx))\"" : "")/>"
    }

    /// A photo or preview (a `PhotoLibrary` symbol) filling rectangle `r`.
    static func use(_ id: String, _ r: Rect) -> String {
        "<use href=\"#\(id)\" x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"/>"
    }

    static func line(_ a: Point, _ b: Point, cls: String) -> String {
        "<line class=\"\(cls)\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"/>"
    }

    static func polyline(_ points: [Point], cls: String) -> String {
        "<polyline class=\"\(cls)\" points=\"\(points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))\"/>"
    }

    static func text(_ s: String, at p: Point, fs: Double, cls: String) -> String {
        "<text class=\"\(cls)\" x=\"\(n(p.x))\" y=\"\(n(p.y))\" font-size=\"\(n(fs))\">\(htmlEscape(s))</text>"
    }

    /// The page's style for these classes.
    static let css = """
        svg.frame { width: 100%; height: 100%; }
        svg.frame .device { fill: #fbfbfd; stroke: #1d1d1f; stroke-width: 2; }
        svg.frame text { font-family: system-ui, sans-serif; fill: #1d1d1f; }
        svg.frame text.mid { text-anchor: middle; dominant-baseline: middle; } svg.frame text.end { text-anchor: end; }
        svg.frame text.faint { fill: #8e8e93; } \
        svg.frame text.onimg { paint-order: stroke; stroke: #fff; stroke-width: 3px; } \
        svg.frame text.hint { fill: #0a84ff; }
        svg.frame .photo { fill: #d2d2d7; }
        svg.frame .button { fill: #fff; stroke: #0071e3; stroke-width: 1.5; }
        svg.frame .track { fill: #f2f2f7; stroke: #c7c7cc; } svg.frame .rail { stroke: #8e8e93; stroke-width: 2; }
        svg.frame .thumb { fill: #fff; stroke: #1d1d1f; stroke-width: 1.5; }
        svg.frame .thumbnail { fill: #e5e5ea; stroke: #8e8e93; }
        svg.frame .zone { fill: rgba(10,132,255,.06); stroke: #0a84ff; stroke-dasharray: 4 3; }
        svg.frame .zone.hidden { fill: none; stroke: #c7c7cc; stroke-dasharray: 1 4; }
        svg.frame .scroll { fill: none; stroke: #c7c7cc; } svg.frame .scrollbar { fill: #8e8e93; }
        svg.frame .warn { stroke: \(warning); stroke-width: 3; fill: rgba(255,59,48,.15); }
        svg.frame .ghost { fill: none; stroke: #8e8e93; stroke-dasharray: 3 3; }
        svg.frame .target { fill: none; stroke: \(flight); stroke-width: 2.5; stroke-dasharray: 5 3; }
        svg.frame .path { fill: none; stroke: \(finger); stroke-width: 3; stroke-linecap: round; \
        stroke-linejoin: round; opacity: .85; }
        svg.frame .down { fill: \(finger); } svg.frame .up { fill: #fff; stroke: \(finger); stroke-width: 2; }
        svg.frame .hit { fill: \(hit); fill-opacity: .7; stroke: #1d1d1f; }
        svg.frame .miss { stroke: \(miss); stroke-width: 4; stroke-linecap: round; }
        svg.frame .corner { fill: none; stroke: #c7c7cc; stroke-dasharray: 4 4; } \
        svg.frame .corner.goal { stroke: \(hit); stroke-width: 3; stroke-dasharray: none; }
        svg.frame .goaltext { fill: \(hit); }
        svg.frame .pip { fill: #1d1d1f; fill-opacity: .85; } \
        svg.frame .pip.ghost { fill: #8e8e93; fill-opacity: .25; stroke: #8e8e93; }
        svg.frame .pippath { fill: none; stroke: \(pipPath); stroke-width: 3; }
        svg.frame .flight { fill: none; stroke: \(flight); stroke-width: 3; stroke-dasharray: 6 4; }
        svg.frame .finger { fill: \(finger); fill-opacity: .6; stroke: #fff; stroke-width: 2; display: none; }
        svg.frame .fly { fill: #1d1d1f; fill-opacity: .85; display: none; }
        svg.frame .card { fill: #e5e5ea; stroke: \(flight); stroke-width: 2; display: none; }
        svg.frame .b { display: none; }
        svg.frame.moving .b { display: inline; } svg.frame.moving .a, svg.frame.moving .g, \
        svg.frame.moving .m { display: none; }
        svg.frame.moving .finger, svg.frame.moving .fly, svg.frame.moving .card { display: inline; }
        """
}
