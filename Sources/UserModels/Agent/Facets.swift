import Foundation
import Interaction
import Randomness

extension Control {
    /// The ways a person can move this control, each along one axis: the control
    /// itself when it has one axis; for a control that moves on two (its screen
    /// description says so with `crossAxis`), one facet per axis, with the thumb's
    /// position along that axis. A person chooses a facet and a direction, and
    /// learns what each facet does, as for any one-axis control.
    var facets: [Control] {
        guard let axis, let cross = crossAxis else { return [self] }
        return [(axis, value), (cross, crossValue)].map { a, v in
            var f = self
            f.id = "\(id)\(Self.facetMark)\(a.rawValue)"
            f.axis = a
            f.value = v
            f.crossAxis = nil
            f.crossValue = nil
            return f
        }
    }

    static let facetMark = "#"

    /// The screen control a facet id belongs to (an id that is no facet's is its own).
    static func parentID(_ id: String) -> String {
        guard let r = id.range(of: facetMark, options: .backwards) else { return id }
        return String(id[..<r.lowerBound])
    }
}

extension Hands {
    /// Drags `control` along `facet`'s axis by `move` points, grabbing its thumb (or
    /// `zonePoint` when it has none). The finger aims along the axis with the
    /// person's direction scatter (`motor.aim_sd_deg`), so part of the movement goes
    /// across it: on a control that moves freely on two axes that part moves the
    /// other axis too. Returns how far the finger moved along the facet's axis.
    func drag<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        facet: Control, of control: Control, by move: Double,
        grabAt zonePoint: Point, on screen: Screen, _ environment: inout E,
        _ record: inout EditingRecord, judge: Judge<E, G>? = nil, using g: inout G
    ) -> Double {
        let axis = Self.axisVector(facet)
        let move = fitted(move, along: facet, of: control)
        let grab = touchDown(control, zonePoint: zonePoint, on: screen, using: &g)
        record.clock.advance(by: reachTime(to: control, at: grab, from: record.finger, on: screen))
        let angle = g.normal(mean: 0, sd: participant["motor.aim_sd_deg"]) * .pi / 180
        let aimed = Vector2(axis.x * cos(angle) - axis.y * sin(angle), axis.x * sin(angle) + axis.y * cos(angle))
        let touches = slide(
            from: grab, to: grab + aimed * move, tolerance: max(3, abs(move) * 0.1), on: screen, &environment,
            &record, judge: judge, using: &g)
        return (touches.end.location - touches.start.location).dot(axis)
    }
}
