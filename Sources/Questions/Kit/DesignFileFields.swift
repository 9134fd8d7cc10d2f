import Foundation
import Harness
import Interaction

/// Fields several kinds of design file share: colours, the devices a layout is for, and the check that every
/// control is on the screen and clear of the others.
enum DesignFileFields {
    /// A colour: `"#RRGGBB"`.
    static func color(_ node: SpecNode) throws -> ScreenColor {
        let text = try node.string()
        guard text.count == 7, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(text.dropFirst(), radix: 16)
        else {
            throw node.error("expected a colour as \"#RRGGBB\" (quoted: YAML reads # as a comment), got '\(text)'")
        }
        return ScreenColor(value)
    }

    /// `when: {width: compact|regular, orientation: portrait|landscape}`: the devices a layout is for.
    static func when(_ node: SpecNode) throws -> (width: SizeClass?, orientation: Orientation?) {
        try node.rejectUnknownKeys(["width", "orientation"])
        let width = try node.optional("width").map { n -> SizeClass in
            guard let w = SizeClass(rawValue: try n.string()) else {
                throw n.error("unknown width '\(try n.string())'; expected compact or regular")
            }
            return w
        }
        return (width, try node.optional("orientation")?.named("orientation", as: Orientation.self))
    }

    /// Refuses a frame that is no number or no size, leaves `device`'s screen or covers another's (unless
    /// `mayOverlap(i, j)` allows frames `i` and `j` to), naming the node that declared it.
    static func checkFrames(
        _ frames: [(name: String, frame: Rect, node: SpecNode)], on device: DeviceConfiguration,
        mayOverlap: (Int, Int) -> Bool = { _, _ in false }
    ) throws {
        let screen = device.bounds
        for (i, f) in frames.enumerated() {
            let at = "on \(device.name) \(f.name) at \(describe(f.frame))"
            guard [f.frame.minX, f.frame.minY, f.frame.width, f.frame.height].allSatisfy(\.isFinite) else {
                throw f.node.error("\(at): an expression gives no number there (a division by 0?)")
            }
            guard f.frame.width > 0, f.frame.height > 0 else { throw f.node.error("\(at): give it a positive size") }
            guard f.frame.minX >= screen.minX, f.frame.minY >= screen.minY, f.frame.maxX <= screen.maxX,
                f.frame.maxY <= screen.maxY
            else {
                throw f.node.error("\(at) leaves the \(describe(screen)) screen")
            }
            for (j, g) in frames[..<i].enumerated() where !mayOverlap(i, j) {
                if let overlap = f.frame.intersection(g.frame), overlap.width > 0, overlap.height > 0 {
                    throw f.node.error("\(at) overlaps \(g.name) at \(describe(g.frame))")
                }
            }
        }
    }

    /// A length in points as a message writes it: `33`, `52.5`, `inf`.
    static func number(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e9 else { return "\(v)" }
        return v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    static func describe(_ r: Rect) -> String {
        let n = number
        return "(x \(n(r.minX)), y \(n(r.minY)), \(n(r.width))×\(n(r.height)) pt)"
    }
}
