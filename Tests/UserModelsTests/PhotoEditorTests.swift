import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A minimal photo editor for testing the agent: labelled horizontal sliders,
/// each setting one engine adjustment from −1 (left) to +1 (right).
struct SliderEditor: PhotoEditingEnvironment {
    var base: Image
    var adjustments = Adjustments()
    var sliders: [(id: String, label: String, key: WritableKeyPath<Adjustments, Double>)]
    let device = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!

    func frame(_ i: Int) -> Rect { Rect(x: 1000, y: 200 + Double(i) * 80, width: 300, height: 44) }

    var screen: Screen {
        Screen(device: device, controls: sliders.enumerated().map { i, s in
            Control(id: s.id, role: .slider, frame: frame(i), label: s.label,
                    value: (adjustments[keyPath: s.key] + 1) / 2, axis: .horizontal)
        }, photoFrame: Rect(x: 40, y: 100, width: 900, height: 700))
    }

    mutating func photo(proxy: Int) -> Image { Renderer(threads: 1).render(base, with: adjustments) }

    mutating func perform(_ gesture: Gesture) {
        guard case .drag(let s) = gesture else { return }
        guard let i = sliders.indices.first(where: { frame($0).insetBy(-10).contains(s.start.location) }) else { return }
        let f = frame(i)
        let value = min(1, max(0, (s.end.location.x - f.minX) / f.width))
        adjustments[keyPath: sliders[i].key] = value * 2 - 1
    }
}

extension Rect {
    func insetBy(_ d: Double) -> Rect { Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d) }
}

@Suite("The generic photo-editing agent")
struct PhotoEditorTests {
    static let photo: Image = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/photos/chelsea.png")
        return try! PNGFile.read(url).downscaled(toFit: 96)
    }()

    func run(seed: UInt64, expert: Bool, goal: Adjustments) -> (PhotoEditingOutcome, Double) {
        var env = SliderEditor(base: Self.photo, sliders: [("b", "Brightness", \.brightness), ("s", "Saturation", \.saturation),
                                                           ("h", "Highlights", \.highlights)])
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: goal))
        var p = Population(participants: 1, expertFraction: expert ? 1 : 0,
                           overrides: ["memory.goal_noise": .fixed(0), "memory.drift_per_sqrt_s": .fixed(0)]).participant(0, seed: seed)
        p.values["perception.satisfied_de00"] = 1.5
        var g = SeededGenerator(seed: seed)
        let outcome = PhotoEditor(participant: p).edit(&env, goal: goalLab, using: &g, trace: true) { e in
            LabImage(Renderer(threads: 1).render(e.base, with: e.adjustments)).meanDeltaE2000(to: goalLab) < 2
        }
        return (outcome, LabImage(Renderer(threads: 1).render(Self.photo, with: env.adjustments)).meanDeltaE2000(to: goalLab))
    }

    @Test("people reach a goal look with labelled sliders", arguments: [1, 2, 3, 4] as [UInt64])
    func reachesGoal(seed: UInt64) {
        let (o, final) = run(seed: seed, expert: seed % 2 == 0, goal: Adjustments(brightness: 0.4, saturation: -0.4))
        #expect(o.satisfied, "final ΔE00 \(final), \(o.touches) touches, \(o.timeToDone) s, timeToEffect \(String(describing: o.timeToEffect))")
        #expect(final < 3.5)
        #expect(o.timeToEffect != nil && o.timeToEffect! <= o.timeToDone)
        #expect(o.touches >= 2 && o.touches < 40)
        #expect(o.events.contains { $0.kind == "decide" } && o.events.contains { $0.kind == "touch" })
    }

    @Test("the same seed gives the same person doing the same thing")
    func deterministic() {
        let a = run(seed: 9, expert: false, goal: Adjustments(brightness: -0.3)).0
        let b = run(seed: 9, expert: false, goal: Adjustments(brightness: -0.3)).0
        #expect(a.timeToDone == b.timeToDone && a.events == b.events)
    }

    @Test("an already-right photo needs no touch")
    func nothingToDo() {
        let (o, _) = run(seed: 5, expert: true, goal: Adjustments())
        #expect(o.satisfied && o.touches == 0 && o.timeToEffect == 0)
    }
}
