import Designs
import Foundation
import Harness
import ImageEngine
import Interaction

/// The frames of a replay side by side in one PNG: a grid of as many frames a
/// row as fit in `rowWidth` pixels, in order, at least `minimumWidth` pixels wide
/// (few frames are drawn larger), each the wireframe rasterised (`Canvas`) with the photo
/// as rendered, the finger's path and marks, and a caption band under it
/// ("3: DRAG 2.4S": frame, gesture — MISS for a missed tap — and touch-down time). One cell per frame, so cells =
/// gestures + 1.
enum Filmstrip {
    /// The grid's geometry, in pixels.
    struct Layout: Sendable, Codable, Equatable {
        var columns: Int
        var rows: Int
        var cell_width: Int
        var cell_height: Int
        var padding: Int
        var caption_height: Int
        /// Pixels per point of the device's screen.
        var scale: Double
        var width: Int { padding + columns * (cell_width + padding) }
        var height: Int { padding + rows * (cell_height + caption_height + padding) }
    }

    /// The long side of a frame, in pixels, when there are enough frames to fill a row.
    static let cellLongSide = 300.0
    static let rowWidth = 1800, minimumWidth = 1200
    static let captionHeight = 12, padding = 6

    static func layout(frames: Int, device: DeviceConfiguration) -> Layout {
        let b = device.bounds
        var s = cellLongSide / max(b.width, b.height)
        let fit = (rowWidth - padding) / (Int((b.width * s).rounded()) + padding)
        let columns = max(1, min(frames, fit))
        // Too few frames to fill the least width: larger frames, so that a person can read them.
        let least = Double((minimumWidth - padding + columns - 1) / columns - padding)
        if b.width * s < least { s = least / b.width }
        return Layout(
            columns: columns, rows: max(1, (frames + columns - 1) / columns),
            cell_width: Int((b.width * s).rounded(.up)), cell_height: Int((b.height * s).rounded()),
            padding: padding, caption_height: captionHeight, scale: s)
    }

    static func render(
        _ frames: [ReplayFrame], scene: ReplayScene, device: DeviceConfiguration
    ) -> (image: Image, layout: Layout) {
        let l = layout(frames: frames.count, device: device)
        var canvas = Canvas(width: l.width, height: l.height, background: Canvas.color(0x2C2C2E))
        let s = l.scale
        for (i, f) in frames.enumerated() {
            let x = l.padding + (i % l.columns) * (l.cell_width + l.padding)
            let y = l.padding + (i / l.columns) * (l.cell_height + l.caption_height + l.padding)
            canvas.scale = s
            canvas.origin = Point(Double(x), Double(y))
            draw(f, scene: scene, device: device, on: &canvas)
            canvas.text(
                String(caption(f).prefix(max(1, l.cell_width / 6))), x: x, y: y + l.cell_height + 3,
                Canvas.color(0xF2F2F7))
        }
        return (canvas.image, l)
    }

    static func caption(_ f: ReplayFrame) -> String {
        guard let g = f.gesture else { return "0: START" }
        let kind = g.kind == .tap && g.hit == false ? "MISS" : g.kind.rawValue
        // A look while the finger was still down: its time, after the gesture's, with a "+" (still going).
        return "\(f.index): \(kind) \(formatNumber(f.time, digits: 1))S" + (f.stillDown == nil ? "" : " +")
    }

    static let ink = Canvas.color(0x1D1D1F), grey = Canvas.color(0x8E8E93), light = Canvas.color(0xC7C7CC),
        blue = Canvas.color(0x0A84FF),
        green = Canvas.color(0x30D158), red = Canvas.color(0xFF3B30), orange = Canvas.color(0xFF9F0A),
        purple = Canvas.color(0xAF52DE)

    /// One frame: device, screen after the gesture (or the PIP's corners and window), ghosts, marks.
    static func draw(_ f: ReplayFrame, scene: ReplayScene, device: DeviceConfiguration, on c: inout Canvas) {
        let b = device.bounds
        let dot = 3 / c.scale  // three pixels, in points
        c.fill(b, Canvas.color(0xFBFBFD))
        c.stroke(b, ink, width: 1)
        if let layout = scene.pipLayout {
            for corner in Corner.allCases {
                let r = pipRect(layout, corner)
                c.stroke(
                    r, corner == scene.to ? green : light, width: corner == scene.to ? 2 : 1,
                    dash: corner == scene.to ? 0 : 3)
            }
            if let before = f.before?.corner { c.fill(pipRect(layout, before), grey, alpha: 0.25) }
            if let after = f.after.corner { c.fill(pipRect(layout, after), ink) }
            c.polyline(f.after.pipPath, purple, width: 2)
            c.polyline(f.after.flight, orange, width: 2, dash: 4)
        } else if let screen = f.after.screen {
            if let p = screen.photoFrame {
                if let photo = f.after.photo { c.draw(photo, in: p) } else { c.fill(p, light) }
            }
            for control in screen.controls { draw(control, preview: scene.previews[control.id], dot: dot, on: &c) }
            if let before = f.before?.screen, !ReplayFrames.switched(before, screen) {
                for old in before.controls where screen.control(old.id)?.frame != old.frame {
                    c.stroke(old.frame, grey, width: 1, dash: 3)
                }
            }
        }
        if let card = f.cardFlight {
            c.stroke(card.from, orange, width: 1, dash: 3)
            c.line(card.from.center, card.to.center, orange, width: 2, dash: 4)
        }
        guard let g = f.gesture else { return }
        if g.hit == false, let target = f.control { c.stroke(target.frame, orange, width: 2, dash: 4) }
        let points = g.touches.map(\.location)
        c.polyline(points, blue, width: 2)
        if let first = points.first { c.dot(first, radius: dot, blue) }
        if g.kind == .tap, let p = points.last {
            if g.hit == false { c.cross(p, size: dot * 1.6, red, width: 2) } else { c.dot(p, radius: dot * 1.4, green) }
        }
    }

    static func draw(_ control: Control, preview: Image?, dot: Double, on c: inout Canvas) {
        let warn = control.warning != nil
        switch control.role {
        case .button: c.stroke(control.frame, blue, width: 1)
        case .slider, .knob:
            if let axis = control.axis {
                let f = control.frame
                let (a, b) =
                    axis == .horizontal
                    ? (Point(f.minX, f.center.y), Point(f.maxX, f.center.y))
                    : (Point(f.center.x, f.maxY), Point(f.center.x, f.minY))
                c.line(a, b, warn ? red : grey, width: warn ? 2 : 1)
            }
            if let t = control.thumbCenter { c.dot(t, radius: dot * 1.2, warn ? red : ink) }
        case .thumbnail:
            c.fill(control.frame, Canvas.color(0xE5E5EA))
            if let preview { c.draw(preview, in: fit(preview, in: control.frame.inset(by: EdgeInsets(all: 1)))) }
            c.stroke(control.frame, grey, width: 1)
        case .zone:
            c.stroke(
                control.frame, warn ? red : (control.visibleAffordance || control.hinted ? blue : light), width: 1,
                dash: 3)
            if let t = control.thumbCenter { c.dot(t, radius: dot, ink) }
        case .scrollArea:
            c.stroke(control.frame, light, width: 1)
        }
    }

    /// The largest rectangle of `image`'s aspect inside `r`, centred.
    static func fit(_ image: Image, in r: Rect) -> Rect {
        let aspect = Double(image.width) / Double(max(1, image.height))
        let w = min(r.width, r.height * aspect), h = w / aspect
        return Rect(x: r.center.x - w / 2, y: r.center.y - h / 2, width: w, height: h)
    }

    static func pipRect(_ layout: PIPLayout, _ corner: Corner) -> Rect {
        let p = layout.center(of: corner)
        return Rect(
            x: p.x - layout.pipSize.width / 2, y: p.y - layout.pipSize.height / 2, width: layout.pipSize.width,
            height: layout.pipSize.height)
    }
}
