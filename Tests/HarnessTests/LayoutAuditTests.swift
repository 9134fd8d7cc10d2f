import Foundation
@testable import Harness
import Interaction
@testable import Questions
import Reports
import Testing

/// `refine audit`'s checks: one seeded violation of each kind is found, a clean
/// screen yields none, and the audit covers (or lists) every strategy.
@Suite("Layout audit")
struct LayoutAuditTests {
    /// iPhone 15 in portrait: 393 × 852 pt, safe area 59 pt at the top and 34 at the bottom.
    static let phone = DeviceCatalog.iPhone15.configuration(.portrait)
    let checks = ScreenChecks()

    /// A button with a body-text label, a slider with a label above it and a
    /// yellow selection warning, on a dark screen: nothing wrong.
    static func cleanScreen(_ device: DeviceConfiguration = phone) -> Screen {
        let t = device.traits
        let button = Control(id: "done", role: .button, frame: Rect(x: 140, y: 700, width: 120, height: 44), label: "Done",
                             warning: "selected", text: [t.text("Done", .body)], foreground: SystemColor.label,
                             background: SystemColor.background, warningColor: SystemColor.yellow)
        let slider = Control(id: "shadows", role: .slider, frame: Rect(x: 20, y: 600, width: 353, height: 44), label: "Shadows",
                             text: [t.text("Shadows", .subheadline, frame: Rect(x: 20, y: 570, width: 200, height: 24))],
                             foreground: SystemColor.label, background: SystemColor.background)
        return Screen(device: device, controls: [button, slider], photoFrame: Rect(x: 0, y: 80, width: 393, height: 262), background: SystemColor.black)
    }

    func kinds(_ s: Screen) -> [ViolationKind] { checks.run(s).findings.map(\.kind) }

    @Test("a clean screen yields no violation")
    func clean() {
        #expect(checks.run(Self.cleanScreen()).findings.isEmpty)
    }

    @Test("a target under 44 × 44 pt is found")
    func smallTarget() {
        var s = Self.cleanScreen()
        s.controls[0].frame = Rect(x: 140, y: 700, width: 120, height: 30)
        let f = checks.run(s).findings
        #expect(f.map(\.kind) == [.smallTarget])
        #expect(f.first { $0.kind == .smallTarget }?.controls == ["done"])
        #expect(f.filter { $0.kind == .smallTarget }.count == 1)
    }

    @Test("overlapping controls are found; knobs on one track and a scroll area's content are not overlaps")
    func overlap() {
        var s = Self.cleanScreen()
        s.controls.append(Control(id: "other", role: .button, frame: Rect(x: 200, y: 690, width: 100, height: 44)))
        #expect(kinds(s) == [.overlap])
        var knobs = Self.cleanScreen()
        let track = Rect(x: 20, y: 500, width: 353, height: 44)
        knobs.controls += [Control(id: "k1", role: .knob, frame: track), Control(id: "k2", role: .knob, frame: track)]
        knobs.controls += [Control(id: "grid", role: .scrollArea, frame: Rect(x: 0, y: 360, width: 393, height: 130)),
                           Control(id: "thumb", role: .thumbnail, frame: Rect(x: 10, y: 370, width: 100, height: 100))]
        #expect(kinds(knobs).isEmpty)
    }

    @Test("a control off screen and one under the unsafe areas are found")
    func placement() {
        var off = Self.cleanScreen()
        off.controls[0].frame = Rect(x: 330, y: 700, width: 120, height: 44)
        #expect(kinds(off) == [.offScreen])
        var unsafe = Self.cleanScreen()
        unsafe.controls[0].frame = Rect(x: 140, y: 20, width: 120, height: 44)
        #expect(kinds(unsafe) == [.unsafeArea])
        var homeIndicator = Self.cleanScreen()
        homeIndicator.controls[0].frame = Rect(x: 140, y: 800, width: 120, height: 44)
        #expect(checks.run(homeIndicator).findings.first?.detail.contains("home indicator") == true)
    }

    @Test("a label that no longer fits is found: too long, at AX5, and translated")
    func textOverflow() {
        var long = Self.cleanScreen()
        long.controls[0].text = [LayoutTraits.standard.text("Highlights and Shadows", .body)]
        #expect(kinds(long) == [.textOverflow])
        var ax5 = Self.phone
        ax5.traits.contentSize = .ax5
        #expect(kinds(Self.cleanScreen(ax5)).contains(.textOverflow))
        var translated = Self.phone
        translated.traits.contentSize = .xxxLarge
        translated.traits.expansion = .translated
        #expect(kinds(Self.cleanScreen(translated)).contains(.textOverflow))
        #expect(kinds(Self.cleanScreen(Self.phone)).isEmpty)
    }

    @Test("text under WCAG AA contrast is found; AA but not AAA is a note")
    func contrast() {
        var low = Self.cleanScreen()
        low.controls[0].foreground = ScreenColor(0x777777)
        low.controls[0].background = ScreenColor(0x666666)
        low.controls[0].warningColor = SystemColor.yellow
        let f = checks.run(low).findings
        #expect(f.map(\.kind) == [.lowContrast])
        #expect(f[0].value < 1.5)
        var aaOnly = Self.cleanScreen()
        aaOnly.controls[0].foreground = SystemColor.secondaryLabel   // #8E8E93 on #1C1C1E: about 5:1
        let r = checks.run(aaOnly)
        #expect(r.findings.isEmpty)
        #expect(r.notes.contains { $0.detail.contains("AAA") })
    }

    @Test("a warning colour a colour-blind viewer cannot tell from its surroundings is found, for that viewer only")
    func warningColour() {
        // Red on an olive green of about the same lightness: far apart for normal
        // vision, close once red–green discrimination is lost.
        let red = ScreenColor(0xC8503C), olive = ScreenColor(0x6E7A2A)
        #expect(ScreenChecks.warningDifference(red, olive, viewer: nil) >= 10)
        var s = Self.cleanScreen()
        s.controls[0].warningColor = red
        s.controls[0].background = olive
        s.controls[0].foreground = SystemColor.black
        let f = checks.run(s).findings.filter { $0.kind == .warningIndistinct }
        #expect(!f.isEmpty)
        #expect(!f.contains { $0.viewer == "normal" })
        #expect(f.contains { $0.viewer == "deutan" || $0.viewer == "protan" })
        // A warning over the photo has no one surrounding colour: a note, not a pass.
        var photo = Self.cleanScreen()
        photo.controls[0].background = nil
        photo.controls[0].warningColor = SystemColor.red
        #expect(checks.run(photo).notes.contains { $0.detail.contains("not checked") })
    }

    /// The specs of `Experiments/`, whose tasks lay out the task-bound screens (as `refine audit` reads them).
    /// Loaded once: loading all fifteen took about 6 s of a debug build, and seven tests read them.
    static func specs() throws -> [ExperimentSpec] { try loadedSpecs.get() }
    private static let loadedSpecs = Result { () throws -> [ExperimentSpec] in
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Experiments")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { try SpecLoader.load(path: dir.appendingPathComponent($0).path, catalog: .standard) }
    }

    @Test("every registered strategy gives screens: 100% coverage, so a question added without audit screens fails")
    func coverage() throws {
        let strategies = AuditedStrategy.all(catalog: .standard, specs: try Self.specs())
        let result = try LayoutAudit.run(strategies, configurations: [AuditConfiguration(device: Self.phone)])
        #expect(Set(result.audited + result.notAudited) == Set(strategies.map(\.name)))
        let registered = QuestionCatalog.standard.questions.flatMap { q in q.design.strategies.map { "\(q.name)/\($0.name)" } }
        #expect(Set(registered).isSubset(of: Set(strategies.map { "\($0.question.name)/\($0.strategy.design)" })))
        #expect(Set(result.registered) == Set(registered))
        #expect(result.covered == result.registered, "no screens: \(Set(result.registered).subtracting(result.covered).sorted())")
        #expect(result.coverage == 1)
        #expect(result.notAudited.isEmpty, "no screens: \(result.notAudited)")
    }

    @Test("a finding repeated on several screens of one strategy in one configuration counts once")
    func repeatsCountOnce() throws {
        let strategies = AuditedStrategy.all(catalog: .standard, specs: try Self.specs())
        var ax5 = Self.phone
        ax5.traits.contentSize = .ax5
        ax5.traits.expansion = .translated
        let result = try LayoutAudit.run(strategies, configurations: [AuditConfiguration(device: ax5)])
        var byStrategy: [String: [Finding]] = [:]
        for s in result.configurations[0].screens { byStrategy[s.strategy, default: []] += s.findings }
        #expect(!byStrategy.isEmpty)
        for (name, findings) in byStrategy { #expect(Set(findings).count == findings.count, "\(name) counts a finding twice") }
    }

    @Test("the configurations: phones full screen only, iPads with Slide Over and Split View, every text size, language and direction")
    func configurations() {
        let all = AuditConfiguration.all()
        #expect(all.count == Set(all.map(\.name)).count)
        // Phones: 3 × 2 orientations; iPads: 2 × (5 windows in landscape + 4 in portrait); × 12 × 2 × 2.
        #expect(all.count == (3 * 2 + 2 * 9) * 12 * 2 * 2)
        let third = DeviceConfiguration(device: DeviceCatalog.iPad97, orientation: .landscape, traits: LayoutTraits(window: .splitThird))
        #expect(third.bounds.width == 320 && third.horizontalSizeClass == .compact)
        let half = DeviceConfiguration(device: DeviceCatalog.iPadPro129, orientation: .landscape, traits: LayoutTraits(window: .splitHalf))
        #expect(half.bounds.width == 678 && half.horizontalSizeClass == .regular)
        #expect(!DeviceCatalog.iPad97.configuration(.portrait).availableWindows.contains(.splitHalf))
        #expect(ContentSizeCategory.ax5.scale == 53.0 / 17)
        #expect(TextExpansion.translated.factor("Edit") == 3 && TextExpansion.translated.factor("Black & White") == 2
                && TextExpansion.translated.factor("Drag up to brighten.") == 1.3)
    }

    @Test("the baseline check fails when a clean configuration gains a violation, passes on the same audit")
    func baseline() throws {
        let screen = Self.cleanScreen()
        let conf = AuditConfiguration(device: Self.phone)
        func result(_ s: Screen) -> AuditResult {
            let (f, n) = ScreenChecks().run(s)
            return AuditResult(rules: .standard, configurations: [ConfigurationAudit(configuration: conf, screens: [
                ScreenAudit(strategy: "q/s", screenName: "start", findings: f, notes: n, photoShare: s.photoShare, screen: s)])],
                audited: ["q/s"], notAudited: [], sensitivity: [])
        }
        let base = AuditBaseline(result(screen))
        let decoded = try JSONDecoder().decode(AuditBaseline.self, from: try base.encoded())
        #expect(decoded == base)
        #expect(base.compare(result(screen)).passed)
        var worse = screen
        worse.controls[0].frame.size.height = 30
        let c = base.compare(result(worse))
        #expect(!c.passed)
        #expect(c.newlyDirty.map(\.kind) == [.smallTarget])
        // Fewer violations than the baseline is an improvement, not a failure.
        #expect(AuditBaseline(result(worse)).compare(result(screen)).passed)
    }
}
