import Foundation
import ImageEngine
import Interaction

/// A neutral editing bench for the learning-curve check: a few labelled
/// horizontal sliders, each setting one engine adjustment from −1 (left) to +1
/// (right), on a small generated photo. It belongs to no design question; it is
/// the simplest screen on which the agent has something to learn.
struct PracticeBench: PhotoEditingEnvironment {
    var base: Image
    var adjustments = Adjustments()
    let sliders: [(id: String, label: String, key: WritableKeyPath<Adjustments, Double>)] = [
        ("a", "Brightness", \.brightness), ("b", "Saturation", \.saturation), ("c", "Contrast", \.contrast)
    ]
    let device = DeviceCatalog.iPad97.configuration(.landscape)

    func frame(_ i: Int) -> Rect { Rect(x: 720, y: 180 + Double(i) * 90, width: 260, height: 44) }

    var screen: Screen {
        Screen(
            device: device,
            controls: sliders.enumerated().map { i, s in
                Control(
                    id: s.id, role: .slider, frame: frame(i), label: s.label,
                    value: (adjustments[keyPath: s.key] + 1) / 2, axis: .horizontal)
            }, photoFrame: Rect(x: 40, y: 100, width: 640, height: 480))
    }

    mutating func photo(proxy: Int) -> Image { Renderer(threads: 1).render(base, with: adjustments) }

    mutating func perform(_ gesture: Gesture) {
        guard case .drag(let s) = gesture else { return }
        // A drag grabs the slider under the finger (with a little slop, like UIKit).
        guard
            let i = sliders.indices.first(where: {
                let f = frame($0)
                return Rect(x: f.minX - 10, y: f.minY - 10, width: f.width + 20, height: f.height + 20).contains(
                    s.start.location)
            })
        else { return }
        let f = frame(i)
        let value = min(1, max(0, (s.end.location.x - f.minX) / f.width))
        adjustments[keyPath: sliders[i].key] = value * 2 - 1
    }

    /// A 64 × 48 photo-like image: a sky gradient over a green field with a
    /// skin-toned patch, so brightness, colour and contrast all show.
    static let photo: Image = Image(width: 64, height: 48) { x, y in
        let u = Float(x) / 63, v = Float(y) / 47
        if v < 0.45 { return [0.18 + 0.2 * u, 0.32 + 0.15 * u, 0.62 - 0.1 * v, 1] }  // sky
        if (0.35...0.6).contains(u) && v < 0.8 { return [0.55, 0.33, 0.24, 1] }  // a face-like patch
        return [0.05 + 0.08 * v, 0.22 - 0.1 * v + 0.05 * u, 0.04, 1]  // field, darker toward the bottom
    }

    /// The goal looks: two of the three sliders moved by 0.4, in every pair and
    /// direction (12 looks). Different looks, so nothing is learnt by rote; the
    /// same size of change, so no look is much harder than another.
    static let goals: [Adjustments] = {
        let keys: [WritableKeyPath<Adjustments, Double>] = [\.brightness, \.saturation, \.contrast]
        var out: [Adjustments] = []
        for skip in 0..<3 {
            for signs in 0..<4 {
                var goal = Adjustments()
                for (i, key) in keys.enumerated().filter({ $0.offset != skip }).map({ $0 }).enumerated() {
                    goal[keyPath: key.element] = (signs >> i) & 1 == 0 ? 0.4 : -0.4
                }
                out.append(goal)
            }
        }
        return out
    }()
}
