import Foundation
import Harness
import ImageEngine
import Interaction
import Reports

/// A task of the brushes question: paint one brush's full effect onto a region
/// of a photo (lighten a face, saturate a sky without the building, soften skin).
public struct BrushTask: QuestionTaskGoal {
    public var path: String
    /// The brush's name, as the person knows the operation ("Lighten").
    public var brush: String
    public var region: PaintRegion
    /// Reached when the region is within this mean ΔE00 of the goal …
    public var tolerance: Double
    /// … and the spill (`PaintScore.spill`: paint outside as a share of the change meant inside) is at most this.
    public var spillLimit: Double
    public var photo: String? { path }

    /// Reads the spec's `tasks:` node: `{id, label, photo, tolerance_de00, goal: {brush, polygon, hue_deg, lightness,
    /// chroma, spill}}`.
    static func tasks(from node: SpecNode, brushes: [String]) throws -> [TaskSpec] {
        try PhotoTasks.list(node, defaultTolerance: 3.0) { item, path, tolerance in
            let goal = try item.required("goal")
            try goal.rejectUnknownKeys(["brush", "polygon", "hue_deg", "lightness", "chroma", "spill"])
            let brushNode = try goal.required("brush")
            let brush = try brushNode.string()
            guard brushes.contains(brush) else {
                throw brushNode.error("unknown brush '\(brush)'; expected one of \(brushes.joined(separator: ", "))")
            }
            let polyNode = try goal.required("polygon")
            let polygon = try polyNode.list().map { pt -> Point in
                let xy = try pt.list()
                guard xy.count == 2 else { throw pt.error("expected a point [x, y] in normalised photo coordinates") }
                return Point(try xy[0].double(in: 0...1), try xy[1].double(in: 0...1))
            }
            guard polygon.count >= 3 else { throw polyNode.error("expected at least three points") }
            func range(_ key: String, _ whole: ClosedRange<Double>) throws -> ClosedRange<Double> {
                guard let n = try goal.optional(key) else { return whole }
                let v = try n.list()
                guard v.count == 2 else { throw n.error("expected [low, high]") }
                let lo = try v[0].double(in: whole), hi = try v[1].double(in: whole)
                guard lo <= hi else { throw n.error("low (\(lo)) must not exceed high (\(hi))") }
                return lo...hi
            }
            let hueNode = try goal.optional("hue_deg")
            var hue = 0.0...360.0
            if let hueNode {
                let v = try hueNode.list()
                guard v.count == 2 else {
                    throw hueNode.error("expected [low, high] in degrees (low > high wraps through 0)")
                }
                let lo = try v[0].double(in: 0...360), hi = try v[1].double(in: 0...360)
                // Stored as written; `PaintRegion.matches` wraps when low > high.
                hue = lo <= hi ? lo...hi : ClosedRange(uncheckedBounds: (lo, hi))
            }
            let region = PaintRegion(
                polygon: polygon, hue: hue, lightness: try range("lightness", 0...100),
                chroma: try range("chroma", 0...200))
            let spill = try goal.optional("spill")?.double(in: 0.001...10) ?? 0.15
            let task = BrushTask(
                path: path, brush: brush, region: region, tolerance: tolerance, spillLimit: spill)
            return .custom(CustomTaskGoal(task))
        }
    }
}
