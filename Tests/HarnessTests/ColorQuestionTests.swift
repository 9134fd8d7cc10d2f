@testable import Designs
import Foundation
@testable import Harness
import ImageEngine
import Interaction
@testable import Questions
import Testing

@Suite("Colour question")
struct ColorQuestionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!

    func task(_ name: String, _ look: ColorLook) -> ColorSimulator.PreparedTask {
        let original = try! PNGFile.read(Self.root.appendingPathComponent("Data/photos/\(name).png")).downscaled(toFit: ExposureSimulator.workingSize)
        let goal = look.apply(to: original)
        return ColorSimulator.PreparedTask(original: original, goal: goal, goalLab: LabImage(goal), tolerance: 1, look: look,
                                           outside: original.pixels.indices.filter { look.targetWeight(original.pixels[$0]) < ColorSimulator.untargeted },
                                           glance: original.downscaled(toFit: PhotoTasks.glanceSize))
    }

    func drag(_ from: Point, by d: Vector2) -> Gesture {
        .drag(TouchStream(startTime: 0, duration: 0.3) { from + d * ($0 / 0.3) })
    }

    @Test("region errors are measured on the pixels: saturation changes the temple's trees when only the sky is asked for, blue skies does not")
    func regionErrors() {
        let sky = task("china", ColorLook(changes: [.init(range: .sky, chroma: 1.8, lightness: -6)]))
        var env = ColorEnvironment(design: TwoAxisPads(), device: ipad, task: sky)
        let skyPad = env.screen.control("blue_skies")!
        env.perform(drag(skyPad.thumbCenter!, by: Vector2(40, 0)))
        #expect(env.state.adjustments.blueSkies > 0.5)
        #expect(env.regionErrors == 0)
        let saturation = env.screen.control("saturation")!
        env.perform(drag(saturation.thumbCenter!, by: Vector2(40, 0)))
        #expect(env.state.adjustments.saturation > 0.5)
        #expect(env.regionErrors == 1)
        // For an overall-colour task the same saturation move targets every colourful pixel.
        var overall = ColorEnvironment(design: TwoAxisPads(), device: ipad,
                                       task: task("china", ColorLook(changes: [.init(range: .colour, chroma: 1.4, lightness: 0)])))
        overall.perform(drag(overall.screen.control("saturation")!.thumbCenter!, by: Vector2(40, 0)))
        #expect(overall.regionErrors == 0)
    }

    @Test("axis errors: a visible sideways slip on a free pad counts, a small one does not, and the locking photo never makes one")
    func axisErrors() {
        let sky = task("china", ColorLook(changes: [.init(range: .sky, chroma: 1.8, lightness: -6)]))
        var env = ColorEnvironment(design: TwoAxisPads(), device: ipad, task: sky)
        let pad = env.screen.control("blue_skies")!
        env.perform(drag(pad.thumbCenter!, by: Vector2(40, -0.5)))
        #expect(env.axisErrors == 0)
        let moved = env.screen.control("blue_skies")!
        env.perform(drag(moved.thumbCenter!, by: Vector2(40, -25)))
        #expect(env.state.adjustments.blueSkiesLuminance > 0.3)
        #expect(env.axisErrors == 1)
        var photo = ColorEnvironment(design: OnImageColor(), device: ipad, task: sky)
        let frame = photo.screen.photoFrame!
        photo.perform(drag(Point(frame.center.x, frame.minY + 4), by: Vector2(60, -40)))
        #expect(photo.axisErrors == 0)
    }

    @Test("a colour look made with no change is the photo itself, and its ranges are the engine's")
    func identityLook() {
        let t = task("china", ColorLook(changes: [.init(range: .sky, chroma: 1, lightness: 0)]))
        #expect(LabImage(t.original).meanDeltaE2000(to: t.goalLab) < 0.01)
        let sky = t.original.pixels.filter { ColorLook(changes: [.init(range: .sky, chroma: 1, lightness: 0)]).targetWeight($0) >= 0.5 }
        #expect(!sky.isEmpty && sky.allSatisfy { ColorRange.classify($0) == .sky })
    }
}
