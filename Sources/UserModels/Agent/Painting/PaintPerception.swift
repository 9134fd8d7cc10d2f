import Foundation
import ImageEngine
import Interaction
import Randomness

/// What a person painting sees, patch by patch: the part of the photo on
/// screen is judged as a grid of patches (`paint.cells` across the photo's
/// longer side at zoom 1, the same size on screen when zoomed in); in each, how far it is from
/// the look in mind, and whether it has changed less than meant (paint more) or
/// changed where nothing was meant to change (spill: erase). The judgement of
/// each patch's difference wobbles in proportion to it, by the person's JND
/// relative to their threshold (log-normal).
struct PaintPerception {
    let threshold: Double, jnd: Double, cells: Int

    init(participant p: Participant) {
        threshold = p["perception.satisfied_de00"]
        jnd = p["perception.jnd_de00"]
        cells = max(2, Int(p["paint.cells"].rounded()))
    }

    /// One patch: its centre in normalised photo coordinates and its size.
    struct Patch: Hashable { var row: Int, column: Int, centre: Point }

    struct View {
        var paint: [Patch] = []
        var spill: [Patch] = []
        /// Normalised bounding box of the patches the goal changes (the region as the person sees it).
        var region: (min: Point, max: Point)?
        var isDone: Bool { paint.isEmpty && spill.isEmpty }
    }

    /// The difference maps of one person's looks during a trial, kept from one
    /// look to the next so only the pixels a stroke changed are compared again
    /// (`DeltaEMapMemo`: the same maps, computed faster).
    struct Maps {
        let toGoal = DeltaEMapMemo(), done = DeltaEMapMemo()
    }

    /// The part of the photo on screen, in normalised photo coordinates.
    struct Visible: Equatable {
        var min = Point(0, 0), max = Point(1, 1)
        static let whole = Visible()
    }

    /// Judges `now` (the whole photo, rendered at the size the person resolves it
    /// at the current zoom: the glance size times `zoom`) on the part of it that
    /// is on screen, patch by patch. Patches keep their size on screen: `paint.cells`
    /// of them span the photo's longer side at zoom 1, so zoomed in they are
    /// smaller on the photo, judged at finer detail, and fewer of the region's
    /// patches are in view.
    func look<G: RandomNumberGenerator>(
        _ now: Image, goal: PaintingGoal, visible: Visible = .whole, zoom: Double = 1,
        memory: Maps = Maps(), using g: inout G
    ) -> View {
        let w = now.width, h = now.height
        let sized = goal.at(max(w, h))
        precondition(
            sized.goal.width == w && sized.goal.height == h,
            "PaintPerception: the photo is \(w)×\(h), the goal \(sized.goal.width)×\(sized.goal.height)")
        let meant = sized.meant
        let side = Double(max(w, h)) / (Double(cells) * max(zoom, 1))
        // The visible part in pixels (at least one patch).
        let vx0 = min(max(0, Int(visible.min.x * Double(w))), w - 1),
            vy0 = min(max(0, Int(visible.min.y * Double(h))), h - 1)
        let vx1 = max(vx0 + 1, min(w, Int((visible.max.x * Double(w)).rounded(.up)))),
            vy1 = max(vy0 + 1, min(h, Int((visible.max.y * Double(h)).rounded(.up))))
        // Only what is on screen is judged: the differences are computed on that crop
        // (a map `cw` wide, from (vx0, vy0)); zoomed in, most of the photo is off screen.
        let cw = vx1 - vx0, whole = cw == w && vy1 - vy0 == h
        func crop(_ lab: LabImage) -> LabImage { whole ? lab : lab.cropped(x: vx0..<vx1, y: vy0..<vy1) }
        let current = LabImage(whole ? now : now.cropped(x: vx0, y: vy0, width: cw, height: vy1 - vy0))
        let toGoal = memory.toGoal.map(current, to: crop(sized.goal)),
            done = memory.done.map(current, to: crop(sized.original))
        let cols = Int((Double(vx1 - vx0) / side).rounded(.up)), rows = Int((Double(vy1 - vy0) / side).rounded(.up))
        var view = View()
        var lo = Point(1, 1), hi = Point(0, 0)
        for r in 0..<rows {
            for c in 0..<cols {
                let x0 = vx0 + Int(Double(c) * side), x1 = min(vx1, vx0 + Int(Double(c + 1) * side))
                let y0 = vy0 + Int(Double(r) * side), y1 = min(vy1, vy0 + Int(Double(r + 1) * side))
                guard x1 > x0, y1 > y0 else { continue }
                var e = 0.0, d = 0.0, m = 0.0
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let i = y * w + x, j = (y - vy0) * cw + (x - vx0)
                        e += Double(toGoal[j]); d += Double(done[j]); m += Double(meant[i])
                    }
                }
                let n = Double((x1 - x0) * (y1 - y0))
                e /= n; d /= n; m /= n
                let patch = Patch(
                    row: r, column: c,
                    centre: Point((Double(x0 + x1) / 2) / Double(w), (Double(y0 + y1) / 2) / Double(h)))
                if m >= threshold {
                    lo = Point(min(lo.x, Double(x0) / Double(w)), min(lo.y, Double(y0) / Double(h)))
                    hi = Point(max(hi.x, Double(x1) / Double(w)), max(hi.y, Double(y1) / Double(h)))
                }
                // The judgement wobbles in proportion to the difference (Weber): a patch
                // exactly as it should be never looks off; one at the threshold is a toss-up.
                let seen = e * exp(g.normal(mean: 0, sd: jnd / threshold))
                guard seen > threshold else { continue }
                if m >= threshold && d < m {
                    view.paint.append(patch)
                } else if m < threshold {
                    view.spill.append(patch)
                }
            }
        }
        if hi.x > lo.x { view.region = (lo, hi) }
        return view
    }
}
