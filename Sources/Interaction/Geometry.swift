/// A two-dimensional vector in points: a position on screen, a displacement, or a
/// velocity in points per second. One type keeps the physics arithmetic plain.
public struct Vector2: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vector2(0, 0)

    /// Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The unit vector in the same direction, or zero for the zero vector.
    public var normalized: Vector2 {
        let l = length
        return l > 0 ? Vector2(x / l, y / l) : .zero
    }

    public func distance(to other: Vector2) -> Double { (self - other).length }
    public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    public static func += (a: inout Vector2, b: Vector2) { a = a + b }

    public var description: String { "(\(x), \(y))" }
}

/// A position on screen, in points from the top-left corner.
public typealias Point = Vector2

/// A size in points.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width: width, height: height)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// The rectangle shrunk by the insets on each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right,
             height: height - insets.top - insets.bottom)
    }

    /// Whether the two rectangles overlap or touch.
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The part both rectangles cover, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The point of the rectangle nearest to `p` (p itself when inside).
    public func clamped(_ p: Point) -> Point {
        Point(min(max(p.x, minX), maxX), min(max(p.y, minY), maxY))
    }
}

/// Insets from each edge of a rectangle, in points (safe areas, margins).
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = EdgeInsets()

    /// The same inset on every side.
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left,
                   bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}
