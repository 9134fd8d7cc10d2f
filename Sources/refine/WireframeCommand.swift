import ArgumentParser
import Foundation
import Harness
import Reports

/// `refine wireframe SPEC`: every screen of a spec's strategies, drawn, before anything runs.
struct WireframeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wireframe",
        abstract: "Draw every screen a spec's strategies show on its devices, as Refine reads them (PNG).",
        discussion: """
            One wireframe per strategy, device and screen (as `refine audit` lays it out: the start screen, with \
            warnings lit, each overlay): controls filled with their colour and outlined, thumbs where their values \
            put them, labels as bars as long as \
            their estimated text, the photo grey, the unsafe margins orange. Look at a declared design here \
            before running it. Questions whose layout belongs to the task draw the spec's tasks' layouts.
            """)

    @Argument(help: "The experiment spec (YAML).")
    var spec: String

    @Option(name: .customLong("strategy"), help: "Only this strategy's screens, by label (repeatable).")
    var strategies: [String] = []

    @Option(help: "Output folder (default: out/wireframes/<experiment>; replaced whole when Refine wrote it).")
    var out: String?

    @Flag(help: "Print the files written as JSON.")
    var json = false

    struct Written: Encodable {
        var folder: String
        var wireframes: [String]
    }

    func run() throws {
        try reportingErrors {
            let loaded = try SpecLoader.load(path: spec, catalog: .standard)
            let labels = loaded.strategies.map(\.label)
            for s in strategies where !labels.contains(s) {
                throw InputError("--strategy \(s): \(spec) has no strategy labelled so; it has "
                    + labels.joined(separator: ", "))
            }
            let folder = out ?? "out/wireframes/\(loaded.name)"
            let names = try StrategyWireframes.write(
                spec: loaded, labels: strategies, to: URL(fileURLWithPath: folder))
            if json { try printJSON(Written(folder: folder, wireframes: names)); return }
            guard !names.isEmpty else {
                print("\(loaded.question) gives no screens to draw (refine audit lists it as not audited)")
                return
            }
            for n in names { print("\(folder)/\(n)") }
        }
    }
}
