/// What a capacitive touch screen reports for a finger at its edge.
///
/// A touch controller linearises its coordinates up to the edge of the panel
/// (edge compensation), so a finger centred on the glass is reported at its
/// centre. A finger centred past the edge whose contact patch still covers part
/// of the glass is sensed too, but the controller cannot report a point off the
/// panel: it reports the nearest point of the glass. A finger wholly off the
/// glass is not seen. So a target that touches the edge also catches the taps
/// that overshoot it, and landings pile up at the edge: Kasahara, Yamanaka &
/// Miyashita 2026 saw the tap distribution's peak shift toward the edge and
/// success rise "when the target touched the edge" (people tapping "the target
/// together with the edge"); Perry & Hourcade 2008 found the highest accuracy
/// for targets on the screen's edge.
///
/// The patch is a disc; the touch sensor draws its radius per contact and the
/// tapper uses the median (`TouchSensorParameters.contactDiameter`, 9.4 mm).
public struct Glass: Sendable, Hashable {
    /// The screen's glass in the window's points.
    public var bounds: Rect

    public init(bounds: Rect) { self.bounds = bounds }

    /// The glass of `device`'s screen.
    public init(device: DeviceConfiguration) { self.init(bounds: device.screenBounds) }

    /// Where the screen reports a contact patch of `radius` points centred at
    /// `centre`, or nil when none of the patch is on the glass.
    public func reported(contactAt centre: Point, radius: Double) -> Point? {
        precondition(radius >= 0, "a contact patch's radius is not negative")
        let b = bounds
        let nearest = Point(min(max(centre.x, b.minX), b.maxX), min(max(centre.y, b.minY), b.maxY))
        return nearest.distance(to: centre) <= radius ? nearest : nil
    }
}
