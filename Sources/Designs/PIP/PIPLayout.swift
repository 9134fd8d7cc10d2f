import Interaction

/// The four endpoints a picture-in-picture can rest at.
public enum Corner: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    public static func < (a: Corner, b: Corner) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// How two corners relate: along an edge or across the diagonal.
    public func relation(to other: Corner) -> CornerRelation {
        if self == other { return .same }
        let sameRow = (self == .topLeft || self == .topRight) == (other == .topLeft || other == .topRight)
        let sameColumn = (self == .topLeft || self == .bottomLeft) == (other == .topLeft || other == .bottomLeft)
        if sameRow { return .horizontal }
        if sameColumn { return .vertical }
        return .diagonal
    }
}

/// Whether a move between corners runs along the short edge, the long edge, or across.
public enum CornerRelation: String, Sendable, Codable, Hashable {
    case same, horizontal, vertical, diagonal
}

/// Where the picture-in-picture sits on one device: its size and the centre of
/// each corner it can rest at, inset inside the safe area.
public struct PIPLayout: Sendable, Hashable {
    public var device: DeviceConfiguration
    public var pipSize: Size
    /// The region the PIP's centre may occupy (corners are its extremes).
    public var restingArea: Rect
    /// The PIP's centre at each corner.
    public var corners: [Corner: Point]

    /// Lays the PIP out like FaceTime: a 3:4 video tile (4:3 in landscape) about
    /// 28% of the short side on compact-width screens and 18% on regular ones,
    /// `margin` points inside the safe area.
    public init(device: DeviceConfiguration, widthFraction: Double? = nil, margin: Double = 16) {
        self.device = device
        let screen = device.bounds
        let shortSide = min(screen.width, screen.height)
        let fraction = widthFraction ?? (device.horizontalSizeClass == .compact ? 0.28 : 0.18)
        let short = shortSide * fraction
        pipSize = device.orientation == .portrait
            ? Size(width: short, height: short * 4 / 3)
            : Size(width: short * 4 / 3, height: short)
        let safe = device.safeBounds.inset(by: EdgeInsets(all: margin))
        restingArea = safe.inset(by: EdgeInsets(top: pipSize.height / 2, left: pipSize.width / 2,
                                                bottom: pipSize.height / 2, right: pipSize.width / 2))
        corners = [
            .topLeft: Point(restingArea.minX, restingArea.minY),
            .topRight: Point(restingArea.maxX, restingArea.minY),
            .bottomLeft: Point(restingArea.minX, restingArea.maxY),
            .bottomRight: Point(restingArea.maxX, restingArea.maxY),
        ]
    }

    public func center(of corner: Corner) -> Point { corners[corner]! }

    /// The corner whose centre is nearest `p` (ties broken in `Corner` order,
    /// so the answer never depends on dictionary order).
    public func nearestCorner(to p: Point) -> Corner {
        Corner.allCases.min { center(of: $0).distance(to: p) < center(of: $1).distance(to: p) }!
    }
}
