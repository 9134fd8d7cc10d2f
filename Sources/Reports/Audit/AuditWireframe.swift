import Harness
import ImageEngine
import Interaction

/// A screen with violations as a small PNG wireframe: the window on its
/// background, the unsafe margins shaded, the photo grey, each control filled
/// with its background and outlined (red when it has a violation), each text
/// run as a bar as long as its estimated width (orange past its frame), and a
/// warning as a band in its colour.
enum AuditWireframe {
    /// Long side of the window, in pixels.
    static let longSide = 180.0

    static func render(
        _ screen: Screen, findings: [Finding], rules: AuditRules, longSide: Double = longSide, thumbs: Bool = false
    ) -> Image {
        let window = screen.device.bounds
        let s = longSide / max(window.width, window.height)
        var c = Canvas(
            width: max(1, Int((window.width * s).rounded())) + 2,
            height: max(1, Int((window.height * s).rounded())) + 2,
            background: Canvas.color(0x8E8E93))
        c.scale = s
        c.origin = Point(1, 1)
        c.fill(window, color(screen.background) ?? Canvas.color(0xFBFBFD))
        let safe = screen.device.safeBounds
        for band in [
            Rect(x: window.minX, y: window.minY, width: window.width, height: safe.minY - window.minY),
            Rect(x: window.minX, y: safe.maxY, width: window.width, height: window.maxY - safe.maxY),
            Rect(x: window.minX, y: window.minY, width: safe.minX - window.minX, height: window.height),
            Rect(x: safe.maxX, y: window.minY, width: window.maxX - safe.maxX, height: window.height)
        ] where band.width > 0 && band.height > 0 {
            c.fill(band, Canvas.color(0xFF9F0A), alpha: 0.25)
        }
        if let p = screen.photoFrame, p.width > 0, p.height > 0 { c.fill(p, Canvas.color(0x636366)) }
        let flagged = Set(
            findings.flatMap { $0.controls.map { $0.split(separator: "#").first.map(String.init) ?? $0 } })
        let red = Canvas.color(0xFF3B30), orange = Canvas.color(0xFF9F0A)
        for control in screen.controls where control.frame.width > 0 && control.frame.height > 0 {
            if let bg = color(control.background) { c.fill(control.frame, bg, alpha: 0.9) }
            if let w = color(control.warningColor) {
                c.fill(
                    Rect(
                        x: control.frame.minX, y: control.frame.maxY - 4 / s,
                        width: control.frame.width, height: 4 / s),
                    w)
            }
            for run in control.text {
                let frame = run.frame ?? control.frame
                let width = rules.estimatedWidth(run), height = min(run.pointSize, frame.height * 0.8)
                let bar = Rect(
                    x: frame.minX, y: frame.center.y - height / 2, width: min(width, frame.width), height: height)
                c.fill(bar, color(run.foreground ?? control.foreground) ?? Canvas.color(0x1D1D1F), alpha: 0.6)
                if width > frame.width {
                    c.fill(
                        Rect(x: frame.maxX, y: bar.minY, width: width - frame.width, height: height), orange, alpha: 0.8
                    )
                }
            }
            let bad = flagged.contains(control.id)
            c.stroke(control.frame, bad ? red : Canvas.color(0xC7C7CC), width: bad ? 2 : 1)
            // Where a slider's or knob's value puts its thumb (a designer checks the start value here).
            if thumbs, let thumb = control.thumbCenter {
                c.dot(thumb, radius: min(14, control.frame.height / 2), Canvas.color(0xF2F2F7))
            }
        }
        c.stroke(window, Canvas.color(0x1D1D1F), width: 1)
        return c.image
    }

    static func color(_ c: ScreenColor?) -> SIMD4<Float>? { c.map { Canvas.color($0.hex) } }
}
