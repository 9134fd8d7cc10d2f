import Designs
import Foundation
@testable import Harness
import ImageEngine
import Interaction
@testable import Questions
import Reports
import Testing

/// The audit screens of the gesture, brushes, colour and picker questions: they
/// are the design's own layout (the frames the simulators hit-test), they carry
/// their warning colours, and a seeded violation of each new kind is found.
@Suite("Audit screens")
struct AuditScreensTests {
    static let phone = DeviceCatalog.iPhone15.configuration(.portrait)
    let checks = ScreenChecks()

    func screens(_ question: String, _ design: String, on device: DeviceConfiguration = phone) throws -> [LabelledScreen] {
        let specs = try LayoutAuditTests.specs()
        let q = QuestionCatalog.standard.question(named: question)!
        let tasks = specs.first { $0.question == question }?.tasks ?? []
        return try q.auditScreens(StrategySpec(label: design, design: design), tasks: tasks, on: device)
    }

    @Test("task-bound screens are the frames the simulators lay out: the tap row, the edge control, the PIP's corners")
    func fromTheDesign() throws {
        let row = try TapMarginDesigns.make("tap-margin", parameters: StrategyParameters([:]), count: TapMarginSimulator.buttons, size: 28, gap: 4,
                                            at: Self.phone.bounds.center)
        let tap = try screens("tap-margin", "tap-margin").first { $0.name == "row-28pt-gap-4pt" }!
        #expect(tap.screen.controls.map(\.frame) == row.frames)
        #expect(checks.run(tap.screen).findings.contains { $0.kind == .smallTarget })
        let capture = try EdgeButtonDesigns.make("edge", parameters: StrategyParameters([:]), position: .bottomLeft, size: 44, on: Self.phone,
                                                 gate: SystemEdgeGate(regions: [], swipeThreshold: 0, delay: 0))
        let edge = try screens("edge-button", "edge").first { $0.name == "bottom-left-44pt" }!
        #expect(edge.screen.control("control")?.frame == capture.control)
        // Flush with the screen's corner: under the home indicator.
        #expect(checks.run(edge.screen).findings.contains { $0.kind == .unsafeArea })
        let layout = PIPLayout(device: Self.phone)
        let pip = try screens("pip", "nearest-corner")
        #expect(pip.count == 4)
        #expect(pip.map { $0.screen.control("pip")!.frame.center } .allSatisfy { c in layout.corners.values.contains { $0.distance(to: c) < 1e-9 } })
    }

    @Test("right to left: the described screens mirror; the pause strategies' app screen is the content alone")
    func directionAndStrip() throws {
        var rtl = Self.phone
        rtl.traits.direction = .rightToLeft
        let ltr = try screens("brushes", "brush-row").first!.screen, mirrored = try screens("brushes", "brush-row", on: rtl).first!.screen
        #expect(mirrored.direction == .rightToLeft && mirrored.controls == ltr.mirrored().controls)
        let pause = try screens("pause", "pause-timer").first!.screen
        #expect(pause.controls.isEmpty && pause.photoShare == 1 && checks.run(pause).findings.isEmpty)
    }

    @Test("the new screens carry their warning colours: selection highlights and the colour picker's thumb")
    func warningColoursIncluded() throws {
        let chosen = try screens("brushes", "brush-row").first { $0.name == "brush-chosen" }!.screen
        #expect(chosen.controls.contains { $0.warningColor == SystemColor.blue })
        let picked = try screens("color", "four-controls-one-axis").filter { $0.name.hasPrefix("picked-") }
        #expect(!picked.isEmpty && picked.allSatisfy { $0.screen.controls.contains { $0.warningColor != nil } })
        let picker = try screens("color-match", "hsv-1d-gradient")
        #expect(picker.count > 1 && picker.allSatisfy { $0.screen.controls.allSatisfy { $0.warningColor == ColorPickerScreens.thumbRing } })
        let clipping = try screens("exposure", "histogram-touch").first { $0.name == "clipping" }!.screen
        #expect(clipping.controls.contains { $0.warningColor != nil })
    }

    @Test("seeded: a selection highlight too close to the screen, and a picker thumb on a colour like its own, are found")
    func seededWarnings() throws {
        // A selection fill a shade off the background: indistinct for every viewer.
        let grey = ScreenDescription(selection: ScreenColor(0x242426))
        let selected = Control(id: "brush", role: .button, frame: Rect(x: 100, y: 400, width: 120, height: 44), label: "Lighten", value: 1)
        let s = grey.apply(Screen(device: Self.phone, controls: [selected]))
        #expect(checks.run(s).findings.contains { $0.kind == .warningIndistinct && $0.viewer == "normal" })
        #expect(!checks.run(ScreenDescription.standard.apply(Screen(device: Self.phone, controls: [selected]))).findings.contains { $0.kind == .warningIndistinct })
        // A white thumb on a gradient track at a near-white colour; on a plain track it stands out.
        let design = try ColorPickerDesigns.make("rgb-1d-gradient", parameters: StrategyParameters([:]))
        let white = SRGBColor(0.96, 0.96, 0.96)
        let near = ColorPickerScreens.screen(design.screen(target: white, start: white, width: Self.phone.bounds.width), on: Self.phone)
        #expect(checks.run(near).findings.contains { $0.kind == .warningIndistinct })
        let plain = try ColorPickerDesigns.make("rgb-1d-plain", parameters: StrategyParameters([:]))
        let onGrey = ColorPickerScreens.screen(plain.screen(target: white, start: white, width: Self.phone.bounds.width), on: Self.phone)
        #expect(!checks.run(onGrey).findings.contains { $0.kind == .warningIndistinct })
    }

    @Test("text fit wraps at spaces: a word wider than its frame overflows however many lines the frame holds")
    func wordsDoNotBreak() {
        let t = LayoutTraits.standard
        var c = Control(id: "b", role: .button, frame: Rect(x: 100, y: 400, width: 60, height: 120), foreground: SystemColor.label, background: SystemColor.fill)
        c.text = [t.text("Saturation", .body)]   // ≈ 88 pt of one word in a 60-pt-wide frame of 5 lines
        let s = Screen(device: Self.phone, controls: [c], background: SystemColor.background)
        #expect(checks.textFit(s).count == 1)
        c.text = [t.text("Add Brush", .body)]    // two short words: two lines, which the frame holds
        #expect(checks.textFit(Screen(device: Self.phone, controls: [c], background: SystemColor.background)).isEmpty)
        #expect(AuditRules.standard.wrappedLines(t.text("Add Brush", .body), width: 60).lines == 2)
    }
}
