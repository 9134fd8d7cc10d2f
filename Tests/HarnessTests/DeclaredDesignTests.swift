import Designs
import Foundation
@testable import Harness
@testable import Questions
import Interaction
import Testing

/// Designs declared in YAML (issue 49): a design file that re-expresses a Swift design gives its trials bit for
/// bit, and a bad design file is refused with its file, line and column.
@Suite("Declared designs")
struct DeclaredDesignTests {
    /// A spec whose strategies are `strategies` (spec lines), carrying `designs` as a run stores them.
    func spec(_ question: String, _ strategies: [String], tasks: String, designs: [(String, String)] = [],
              devices: String = "[iphone-15-portrait]", participants: Int = 3) throws -> ExperimentSpec {
        let text = """
            name: declared-\(question)
            question: \(question)
            seed: 11
            devices: \(devices)
            strategies:
            \(strategies.map { "  - \($0)" }.joined(separator: "\n"))
            population: {participants: \(participants)}
            tasks:
            \(tasks)
            limits: {time_limit_s: 30, max_attempts: 20}
            """
        return try parse(designs.isEmpty ? text : DeclaredDesignText.appending(designs, to: text))
    }

    /// Every trial of `swift` and `declared`, matched by key: the same metrics, bit for bit.
    func expectSameTrials(_ swift: ExperimentSpec, _ declared: ExperimentSpec) throws {
        let a = try ExperimentRunner.simulate(spec: swift), b = try ExperimentRunner.simulate(spec: declared)
        #expect(a.count == b.count && !a.isEmpty)
        #expect(a.map(\.trial.key) == b.map(\.trial.key))
        for (x, y) in zip(a, b) {
            #expect(x.outcome.metrics.map(\.name) == y.outcome.metrics.map(\.name), "\(x.trial.key)")
            #expect(x.outcome.metrics.map(\.value.bitPattern) == y.outcome.metrics.map(\.value.bitPattern),
                    "\(x.trial.key)")
        }
    }

    static var sixSliders: String { ExposureDeclaration.declaration(like: "six-sliders")! }

    static let rocketTask = """
          - id: rocket
            photo: \(ExposureRunTests.photos)/rocket.png
            goal: {shadows: 0.6, contrast: 0.3}
        """

    @Test("six sliders declared in YAML give the Swift design's trials bit for bit, phone and iPad layouts")
    func sixSlidersBitIdentical() throws {
        let devices = "[iphone-15-portrait, ipad-pro-12.9-landscape]"
        let swift = try spec("exposure", ["six-sliders"], tasks: Self.rocketTask, devices: devices)
        let declared = try spec(
            "exposure", ["{design: Designs/six.yaml, label: six-sliders}"], tasks: Self.rocketTask,
            designs: [("Designs/six.yaml", Self.sixSliders)], devices: devices)
        #expect(declared.strategies[0].declared?.like == "six-sliders")
        try expectSameTrials(swift, declared)
        // The comparison can fail: a smaller grab radius is another design, and its trials differ.
        let other = try spec(
            "exposure", ["{design: Designs/six.yaml, label: six-sliders}"], tasks: Self.rocketTask,
            designs: [("Designs/six.yaml", Self.sixSliders.replacingOccurrences(of: "grab_radius_pt: 22", with: "grab_radius_pt: 9"))],
            devices: devices)
        let a = try ExperimentRunner.simulate(spec: swift), b = try ExperimentRunner.simulate(spec: other)
        #expect(a.map(\.outcome.metrics) != b.map(\.outcome.metrics))
    }

    @Test("the declared six sliders lay out the Swift design's screens exactly, on every device")
    func sixSlidersScreens() throws {
        let panel = try ExposureDeclaration.read(
            DeclaredDesign(path: "Designs/six.yaml", text: Self.sixSliders, file: "six.yaml"))
        let swift = try ExposureDesigns.make("six-sliders", parameters: StrategyParameters())
        for device in DeviceCatalog.allConfigurations {
            let a = ExposureScreens.all(swift, on: device).map(\.screen)
            let b = ExposureScreens.all(panel, on: device).map(\.screen)
            #expect(a == b, "\(device.name)")
        }
    }

    static let tapTasks = """
          - {intent: tap, size_pt: 28, gap_pt: 4}
          - {intent: cancel, size_pt: 28, gap_pt: 8}
          - {intent: tap, size_pt: 44, gap_pt: 8}
        """

    @Test("tap-exact and tap-margin declared in YAML give the Swift designs' trials bit for bit")
    func tapDesignsBitIdentical() throws {
        let question = TapMarginQuestion()
        let exact = try #require(try question.declaration(like: "tap-exact", parameters: StrategyParameters()))
        let margin = try #require(
            try question.declaration(like: "tap-margin", parameters: StrategyParameters(["margin_pt": .number(12)])))
        let swift = try spec(
            "tap-margin", ["tap-exact", "{design: tap-margin, parameters: {margin_pt: 12}}"], tasks: Self.tapTasks,
            participants: 12)
        let declared = try spec(
            "tap-margin",
            ["{design: Designs/exact.yaml, label: tap-exact}", "{design: Designs/margin.yaml, label: tap-margin}"],
            tasks: Self.tapTasks, designs: [("Designs/exact.yaml", exact), ("Designs/margin.yaml", margin)],
            participants: 12)
        try expectSameTrials(swift, declared)
    }

    @Test("a movement limit a declared button adds changes what a wandering press does")
    func movementLimit() throws {
        let limited = """
            question: tap-margin
            button: {margin_pt: 10, max_movement_pt: 2}
            """
        let free = try spec(
            "tap-margin", ["{design: tap-margin, parameters: {margin_pt: 10}}"], tasks: Self.tapTasks,
            participants: 12)
        let strict = try spec(
            "tap-margin", ["{design: Designs/limited.yaml, label: tap-margin}"], tasks: Self.tapTasks,
            designs: [("Designs/limited.yaml", limited)], participants: 12)
        let a = try ExperimentRunner.simulate(spec: free), b = try ExperimentRunner.simulate(spec: strict)
        let firstTime = { (r: [TrialResult]) in r.compactMap { $0.outcome.metrics.first { $0.name == "right_first_time" }?.value }.reduce(0, +) }
        #expect(firstTime(b) < firstTime(a))
    }

    static let labelTasks = """
          - {intent: log-in}
          - {intent: cancel}
          - {intent: forgot-password}
        """

    @Test("the button-like title and the plain title declared in YAML give the Swift designs' trials bit for bit")
    func labelDesignsBitIdentical() throws {
        let question = LabelAffordanceQuestion()
        let buttonLike = try #require(try question.declaration(like: "button-like-title", parameters: StrategyParameters()))
        let faint = try #require(try question.declaration(
            like: "button-like-title", parameters: StrategyParameters(["fill_opacity": .number(0.4)])))
        let plain = try #require(try question.declaration(like: "plain-title", parameters: StrategyParameters()))
        let devices = "[iphone-15-portrait, iphone-se-landscape, ipad-9.7-portrait]"
        let swift = try spec(
            "label-affordance",
            ["button-like-title", "{design: button-like-title, label: faint, parameters: {fill_opacity: 0.4}}",
             "plain-title"],
            tasks: Self.labelTasks, devices: devices, participants: 10)
        let declared = try spec(
            "label-affordance",
            ["{design: Designs/button.yaml, label: button-like-title}", "{design: Designs/faint.yaml, label: faint}",
             "{design: Designs/plain.yaml, label: plain-title}"],
            tasks: Self.labelTasks,
            designs: [("Designs/button.yaml", buttonLike), ("Designs/faint.yaml", faint), ("Designs/plain.yaml", plain)],
            devices: devices, participants: 10)
        try expectSameTrials(swift, declared)
    }

    @Test("the declared authorization screens equal the Swift ones on every device, size and language")
    func labelScreens() throws {
        let question = LabelAffordanceQuestion()
        for (name, opacity) in [("button-like-title", 1.0 as Double?), ("plain-title", nil)] {
            let text = try #require(try question.declaration(like: name, parameters: StrategyParameters()))
            let layout = try LabelAffordanceDeclaration.read(DeclaredDesign(path: "d.yaml", text: text, file: "d.yaml")).layout
            for device in DeviceCatalog.allConfigurations {
                for traits in [LayoutTraits(), LayoutTraits(contentSize: .ax3, expansion: .translated, direction: .rightToLeft)] {
                    var d = device
                    d.traits = traits
                    let swift = LabelAffordanceDesigns.layout(title: opacity, on: d)
                    let declared = AuthorizationLayout.declared(layout).make(on: d)
                    #expect(swift.screen == declared.screen, "\(name) on \(d.name)")
                    #expect(swift.actions == declared.actions, "\(name) on \(d.name)")
                }
            }
        }
    }

    @Test("a declared screen's layout errors: an unknown role, a frame leaning on a later control, overlaps")
    func badScreens() throws {
        let plain = try #require(try LabelAffordanceQuestion().declaration(like: "plain-title", parameters: StrategyParameters()))
        func problem(_ text: String) -> String {
            error(text, question: "label-affordance", tasks: Self.labelTasks)
        }
        let role = problem(plain.replacingOccurrences(of: "role: button\n    frame: {leading: safe.leading + 8",
                                                      with: "role: link\n    frame: {leading: safe.leading + 8"))
        #expect(role.contains("unknown role 'link'") && role.contains(":17:"), "\(role)")
        let later = problem(plain.replacingOccurrences(of: "top: safe.top + 68", with: "top: log-in.bottom + 12"))
        #expect(later.contains("leans on 'log-in', which is not a control declared above this one"), "\(later)")
        let overlap = problem(plain.replacingOccurrences(of: "top: password-field.bottom + 12", with: "top: password-field.bottom - 20"))
        #expect(overlap.contains("'log-in' at") && overlap.contains("overlaps 'password-field'"), "\(overlap)")
        let off = problem(plain.replacingOccurrences(of: "leading: safe.leading + 8", with: "leading: safe.leading - 80"))
        #expect(off.contains("'cancel' at (x -80") && off.contains("leaves the"), "\(off)")
        let expression = problem(plain.replacingOccurrences(of: "safe.top + 68", with: "safe.top + * 68"))
        #expect(expression.contains("at character 12: expected a number"), "\(expression)")
        let action = problem(plain.replacingOccurrences(of: "action: cancel", with: "action: close"))
        #expect(action.contains("unknown action 'close'"), "\(action)")
        let comma = problem(plain.replacingOccurrences(of: "\"min(180, safe.width - 192)\"", with: "min(180, safe.width - 192)"))
        #expect(comma.contains("quote an expression with a comma"), "\(comma)")
        let noTitle = problem(plain.replacingOccurrences(of: "id: title", with: "id: heading"))
        #expect(noTitle.contains("declare a control with id 'title'"), "\(noTitle)")
    }

    static let experiments = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Experiments")

    @Test("every strategy of the gesture questions, declared as a recognizer file, gives its trials bit for bit",
          arguments: ["pause", "hysteresis", "double-tap", "scroll"])
    func recognizersBitIdentical(_ name: String) throws {
        let path = Self.experiments.appendingPathComponent("\(name).yaml").path
        let text = try SpecOverrides(participants: 6).apply(
            to: String(contentsOfFile: path, encoding: .utf8), file: path)
        let swift = try parse(text, file: path)
        let question = try #require(swift.plugin as? any RecognizerDeclaring)
        var designs: [(String, String)] = [], lines: [String] = []
        for s in swift.strategies {
            let file = try #require(try question.declaration(like: s.design, parameters: StrategyParameters(s.parameters)))
            designs.append(("designs/\(s.label).yaml", file))
            lines.append("  - {design: designs/\(s.label).yaml, label: \(s.label)}")
        }
        let start = try #require(text.range(of: "\nstrategies:\n")), end = try #require(text.range(of: "\npopulation:\n"))
        let declaredText = DeclaredDesignText.appending(
            designs, to: String(text[..<start.upperBound]) + lines.joined(separator: "\n") + String(text[end.lowerBound...]))
        let declared = try parse(declaredText, file: path)
        #expect(declared.strategies.allSatisfy { $0.declared != nil })
        #expect(declared.strategies.map(\.design) == swift.strategies.map(\.design))
        try expectSameTrials(swift, declared)
    }

    @Test("a recognizer file's bad kind or parameter is named at its line in the file")
    func badRecognizers() throws {
        let tasks = "  - {intent: flick}"
        let kind = error("question: pause\nrecognizer: {kind: pause-timr}\n", question: "pause", tasks: tasks)
        #expect(kind.contains("Designs/bad.yaml:2:") && kind.contains("unknown pause recognizer 'pause-timr' (did you mean 'pause-timer'?)"),
                "\(kind)")
        let value = error("question: pause\nrecognizer:\n  kind: pause-timer\n  duration_s: 9\n", question: "pause", tasks: tasks)
        #expect(value.contains("Designs/bad.yaml:4:15") && value.contains("outside 0.01…2"), "\(value)")
        let unknown = error("question: pause\nrecognizer:\n  kind: pause-timer\n  durations: 0.2\n", question: "pause", tasks: tasks)
        #expect(unknown.contains("Designs/bad.yaml:4:") && unknown.contains("did you mean 'duration_s'"), "\(unknown)")
    }

    /// The error parsing a spec with design file `design` (for `question`) gives.
    func error(_ design: String, question: String = "exposure", tasks: String = rocketTask) -> String {
        do {
            _ = try spec(question, ["{design: Designs/bad.yaml, label: bad}"], tasks: tasks,
                         designs: [("Designs/bad.yaml", design)])
            return ""
        } catch { return "\(error)" }
    }

    @Test("bad design files are refused with the file, line, column and what was expected")
    func badFiles() throws {
        let six = Self.sixSliders
        let role = error(six.replacingOccurrences(of: "{id: shadows,", with: "{role: knob, id: shadows,"))
        #expect(role.contains("Designs/bad.yaml:10:") && role.contains("unknown role 'knob'"), "\(role)")
        let adjustment = error(six.replacingOccurrences(of: "adjusts: shadows", with: "adjusts: shadow"))
        #expect(adjustment.contains(":10:") && adjustment.contains("no exposure adjustment 'shadow' (did you mean 'shadows'?)"),
                "\(adjustment)")
        let overlap = error(six.replacingOccurrences(of: "bottom_pt: 2, height_pt: 44}", with: "bottom_pt: 2, height_pt: 60}"))
        #expect(overlap.contains("slider 'shadows'") && overlap.contains("overlaps slider 'black_level'")
                && overlap.contains(":10:"), "\(overlap)")
        let tall = error(six.replacingOccurrences(of: "size_pt: 304", with: "size_pt: 900"))
        #expect(tall.contains("slider 'black_level' at") && tall.contains("leaves the"), "\(tall)")
        let wide = error(six.replacingOccurrences(of: "leading_pt: 120, trailing_pt: 20", with: "leading_pt: 120, trailing_pt: -30"))
        #expect(wide.contains("trailing_pt") && wide.contains("outside 0"), "\(wide)")
        let short = error(six.replacingOccurrences(of: "leading_pt: 120, trailing_pt: 20", with: "leading_pt: 340, trailing_pt: 20"))
        #expect(short.contains("the track is 33 pt long; a thumb needs at least 44 pt"), "\(short)")
        let twice = error(six.replacingOccurrences(of: "adjusts: contrast", with: "adjusts: shadows"))
        #expect(twice.contains("slider 'shadows' already drives shadows"), "\(twice)")
        let unknownField = error(six + "knobs: 2\n")
        #expect(unknownField.contains("knobs: unknown field"), "\(unknownField)")
        let question = error(six, question: "tap-margin", tasks: Self.tapTasks)
        #expect(question.contains("this design answers 'exposure', but the spec's question is 'tap-margin'"), "\(question)")
    }

    @Test("a question without declared designs, parameters on a design file and a missing file are refused")
    func refusals() throws {
        #expect(throws: SpecError.self) {
            _ = try spec("pip", ["Designs/x.yaml"], tasks: "  moves: all")
        }
        let text = """
            name: x
            question: tap-margin
            seed: 1
            devices: [iphone-15-portrait]
            strategies:
              - {design: Designs/does-not-exist.yaml, label: mine}
            population: {participants: 1}
            tasks:
              - {intent: tap, size_pt: 28, gap_pt: 4}
            """
        #expect(throws: SpecError.self) { _ = try parse(text) }
        do { _ = try parse(text) } catch {
            #expect("\(error)".contains("test.yaml:6:")
                    && "\(error)".contains("cannot read the design file 'Designs/does-not-exist.yaml'"), "\(error)")
        }
        do {
            _ = try spec(
                "tap-margin", ["{design: Designs/m.yaml, label: m, parameters: {margin_pt: 3}}"], tasks: Self.tapTasks,
                designs: [("Designs/m.yaml", "question: tap-margin\nbutton: {margin_pt: 4}\n")])
            Issue.record("parameters on a design file were accepted")
        } catch {
            #expect("\(error)".contains("a declared design takes no parameters"), "\(error)")
        }
    }

    @Test("a design file with Windows line breaks is kept whole in the stored spec")
    func windowsLineBreaks() throws {
        let exact = try #require(try TapMarginQuestion().declaration(like: "tap-margin", parameters: StrategyParameters()))
        let crlf = exact.replacingOccurrences(of: "\n", with: "\r\n")
        let s = try spec("tap-margin", ["{design: Designs/m.yaml, label: m}"], tasks: Self.tapTasks,
                         designs: [("Designs/m.yaml", crlf)])
        #expect(try TapMarginDeclaration.area(s.strategies[0]).margin == 10)
        #expect(try parse(s.text).strategies.map(\.label) == ["m"])
    }

    @Test("--participants rewrites a spec with Windows line breaks too")
    func overridesWithWindowsLineBreaks() throws {
        let text = "name: x\r\nquestion: tap-margin\r\nseed: 1\r\ndevices: [iphone-15-portrait]\r\n"
            + "strategies: [tap-exact]\r\npopulation: {participants: 3}\r\ntasks:\r\n"
            + "  - {intent: tap, size_pt: 28, gap_pt: 4}\r\n"
        let changed = try SpecOverrides(participants: 7).apply(to: text, file: "x.yaml")
        #expect(try parse(changed).population.participants == 7)
    }

    /// A one-control label-affordance design whose title's frame is `frame`.
    static func titleOnly(_ frame: String) -> String {
        "question: label-affordance\ncontrols:\n  - {id: title, role: zone, frame: \(frame), label: Authorization}\n"
    }

    @Test("frames that leave numbers behind (infinite, too deep, too long) are refused, not trapped on")
    func hostileFrames() throws {
        func problem(_ frame: String) -> String {
            error(Self.titleOnly(frame), question: "label-affordance", tasks: Self.labelTasks)
        }
        let infinite = problem("{leading: 10, width: 100 / 0, top: 100, height: 44}")
        #expect(infinite.contains("inf×44 pt): an expression gives no number there"), "\(infinite)")
        let huge = problem("{leading: 1e300 * 1e300, width: 10, top: 100, height: 44}")
        #expect(huge.contains("Designs/bad.yaml:3:"), "\(huge)")
        let deep = problem("{leading: \"" + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40)
            + "\", width: 10, top: 100, height: 44}")
        #expect(deep.contains("nested deeper than 16"), "\(deep)")
        let long = problem("{leading: \"" + String(repeating: "1+", count: 150) + "1\", width: 10, top: 100, height: 44}")
        #expect(long.contains("longer than 200 characters"), "\(long)")
        let colour = error("question: label-affordance\nbackground: \"#+FFFFF\"\ncontrols:\n"
            + "  - {id: title, role: zone, frame: {leading: 10, width: 100, top: 100, height: 44}, label: A}\n",
            question: "label-affordance", tasks: Self.labelTasks)
        #expect(colour.contains("expected a colour as \"#RRGGBB\""), "\(colour)")
    }

    @Test("a frame sent to infinity on a device the spec does not list is an empty frame there, not a trap")
    func infiniteElsewhere() throws {
        let text = Self.titleOnly("{leading: 10, width: \"100 + 1 / (screen.width - 852)\", top: 100, height: 44}")
        let layout = try LabelAffordanceDeclaration.read(DeclaredDesign(path: "d.yaml", text: text, file: "d.yaml")).layout
        let landscape = try #require(DeviceCatalog.configuration(named: "iphone-15-landscape"))
        let frame = layout.frames(on: landscape)[0]
        #expect(frame.width == 0 && frame.height == 0)
    }

    @Test("the six-sliders copy is accepted on every device the Swift design runs on")
    func sixSlidersEverywhere() throws {
        let declared = try DeclaredDesign(path: "d.yaml", text: Self.sixSliders, file: "d.yaml")
        for device in DeviceCatalog.allConfigurations {
            #expect(throws: Never.self, "\(device.name)") { try ExposureDeclaration.check(declared, on: device) }
        }
    }

    @Test("a changed design file changes the trials' definition, so a report will not show an old run with it")
    func definitionIncludesDesigns() throws {
        let base = "name: x\nquestion: tap-margin\nseed: 1\ndevices: [iphone-15-portrait]\nstrategies: [d.yaml]\n"
            + "population: {participants: 1}\ntasks:\n  - {intent: tap, size_pt: 28, gap_pt: 4}\n"
        let a = DeclaredDesignText.appending([("d.yaml", "question: tap-margin\nbutton: {margin_pt: 25}\n")], to: base)
        let b = DeclaredDesignText.appending([("d.yaml", "question: tap-margin\nbutton: {margin_pt: 3}\n")], to: base)
        #expect(TrialDefinition.differences(a, b) == [DeclaredDesignText.key])
        #expect(TrialDefinition.differences(a, a).isEmpty)
    }

    @Test("specs in flow style, with a document end or a partial declared_designs section")
    func unusualSpecs() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let design = "question: tap-margin\nbutton: {margin_pt: 7}\n"
        try design.write(to: dir.appendingPathComponent("d.yaml"), atomically: true, encoding: .utf8)
        let flow = "{name: f, question: tap-margin, seed: 1, devices: [iphone-15-portrait], strategies: [d.yaml],\n"
            + " population: {participants: 1}, tasks: [{intent: tap, size_pt: 28, gap_pt: 4}]}\n"
        let ended = "name: e\nquestion: tap-margin\nseed: 1\ndevices: [iphone-15-portrait]\nstrategies: [d.yaml]\n"
            + "population: {participants: 1}\ntasks:\n  - {intent: tap, size_pt: 28, gap_pt: 4}\n...\n"
        for (name, text) in [("flow.yaml", flow), ("ended.yaml", ended)] {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let loaded = try SpecLoader.load(path: path, catalog: .standard)
            let stored = try SpecLoader.parse(loaded.text, file: path + " (as stored in run 1)", catalog: .standard)
            #expect(try TapMarginDeclaration.area(stored.strategies[0]).margin == 7, "\(name)")
        }
        let partial = ended.replacingOccurrences(of: "...\n", with: "declared_designs: {}\n")
        let path = dir.appendingPathComponent("partial.yaml").path
        try partial.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { _ = try SpecLoader.load(path: path, catalog: .standard) }
    }

    @Test("the stored spec carries the design file's text, so a changed file cannot change a finished run")
    func embedding() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cwd = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        FileManager.default.changeCurrentDirectoryPath(dir.path)
        try FileManager.default.createDirectory(atPath: "Designs", withIntermediateDirectories: true)
        let design = "question: tap-margin\nsummary: mine\n\nbutton:\n  margin_pt: 7\n"
        try design.write(toFile: "Designs/mine.yaml", atomically: true, encoding: .utf8)
        let text = """
            name: x
            question: tap-margin
            seed: 1
            devices: [iphone-15-portrait]
            strategies: [tap-exact, Designs/mine.yaml]
            population: {participants: 1}
            tasks:
              - {intent: tap, size_pt: 28, gap_pt: 4}
            """
        try text.write(toFile: "x.yaml", atomically: true, encoding: .utf8)
        let loaded = try SpecLoader.load(path: "x.yaml", catalog: .standard)
        #expect(loaded.strategies.map(\.label) == ["tap-exact", "mine"])
        #expect(loaded.strategies[1].declared?.text == design)
        try "question: tap-margin\nbutton: {margin_pt: 30}\n".write(toFile: "Designs/mine.yaml", atomically: true, encoding: .utf8)
        let stored = try parse(loaded.text)
        #expect(stored.strategies[1].declared?.text == design)
        #expect(try TapMarginDeclaration.area(stored.strategies[1]).margin == 7)
    }
}
