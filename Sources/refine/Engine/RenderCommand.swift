import ArgumentParser
import Foundation
import Harness
import ImageEngine
import Interaction
import Reports

/// `refine render`: apply adjustments to a photo, or make a contact sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a photo with adjustments, effects and brushes.",
        discussion: """
            Adjustments come from --recipe (JSON with snake_case keys, e.g. \
            {"shadows": 0.6, "effect": {"family": "bw", "position": 0.3}}) and/or repeated \
            --set name=value (applied after the recipe). Exposure and color values are in \
            -1…1 with 0 = unchanged. Names: \(Adjustments.settableNames.joined(separator: ", ")). \
            --set effect=ID picks a catalog effect (\(EffectCatalog.all.map(\.id).joined(separator: " "))).
            With --contact-sheet the output shows the photo under every catalog effect, labelled.
            """)

    @Argument(help: "Input PNG.") var input: String
    @Option(name: .shortAndLong, help: "Output PNG (written atomically).") var output: String
    @Option(name: .customLong("set"), help: "An adjustment, name=value (repeatable).") var sets: [String] = []
    @Option(help: "A JSON recipe of adjustments.") var recipe: String?
    @Flag(help: "Render a labelled contact sheet of all 24 effects instead.") var contactSheet = false
    @Option(help: "Output bit depth (8 or 16).") var depth: Int = 8
    @Option(
        help:
            ArgumentHelp(
                "zlib compression level of 8-bit output, 0…9 (1 writes four to five times faster and a fifth larger "
                + "than 6).")
    )
    var compression: Int = PNGCompression.default.level
    @Option(
        name: .customLong("png-filter"),
        help: "PNG row filter of 8-bit output: \(PNGFilterChoice.allCases.map(\.rawValue).joined(separator: ", ")).")
    var pngFilter: String = PNGCompression.default.filter.rawValue
    @OptionGroup var workers: JobsOption
    var jobs: Int { workers.jobs }
    @Flag(help: "Print a JSON summary (size, time, adjustments).") var json = false

    func validate() throws {
        guard depth == 8 || depth == 16 else { throw ValidationError("--depth must be 8 or 16, not \(depth)") }
        guard (0...9).contains(compression) else {
            throw ValidationError("--compression must be 0…9, not \(compression)")
        }
        guard PNGFilterChoice(rawValue: pngFilter) != nil else {
            throw ValidationError(
                "--png-filter must be one of \(PNGFilterChoice.allCases.map(\.rawValue).joined(separator: ", ")), "
                    + "not \(pngFilter)"
            )
        }
        // libpng's simplified API writes 16-bit files and has no level or filter setting.
        if depth == 16
            && (compression != PNGCompression.default.level || pngFilter != PNGCompression.default.filter.rawValue)
        {
            throw ValidationError(
                "--compression and --png-filter apply to 8-bit output; 16-bit files are written at libpng's defaults")
        }
    }

    var pngCompression: PNGCompression {
        PNGCompression(level: compression, filter: PNGFilterChoice(rawValue: pngFilter) ?? .adaptive)
    }

    func adjustments() throws -> Adjustments {
        var a = Adjustments()
        if let recipe {
            let data = try InputFile.read(recipe)
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw InputError(
                    "\(recipe): expected a JSON object of adjustments "
                        + "(snake_case keys, e.g. {\"shadows\": 0.2})")
            }
            if let field = Adjustments.unknownRecipeFields(object).first {
                let hint = nearestName(to: field, in: Adjustments.recipeFields).map { "; did you mean '\($0)'?" } ?? ""
                let known = Adjustments.recipeFields.joined(separator: ", ")
                throw InputError("\(recipe): unknown field '\(field)'\(hint) (known: \(known))")
            }
            do { a = try JSONDecoder().decode(Adjustments.self, from: data) } catch {
                throw InputError("\(recipe): \(JSONFiles.problem(error))")
            }
        }
        for s in sets {
            guard let eq = s.firstIndex(of: "=") else {
                throw InputError("--set \(s): expected name=value, e.g. shadows=0.2")
            }
            do { try a.set(String(s[..<eq]), to: String(s[s.index(after: eq)...])) } catch let e as AdjustmentError {
                throw InputError("--set \(s): \(e.description)")
            }
        }
        return a
    }

    struct Summary: Encodable {
        var input: String, output: String, width: Int, height: Int, milliseconds: Double
        var adjustments: Adjustments
    }

    func run() throws { try reportingErrors { try execute() } }

    func execute() throws {
        let a = try adjustments()
        announce(Leftovers.clean(for: output, hidden: true))  // `.NAME.tmp-PID-…` of a killed render
        let (image, _) = try EngineCLI.readPNG(input, threads: jobs)
        let start = DispatchTime.now().uptimeNanoseconds
        let width: Int, height: Int
        if contactSheet || depth == 16 {
            // The contact sheet renders one photo 24 times: keep its tone mask between cells.
            let renderer = Renderer(threads: jobs, cachesAnalysis: contactSheet)
            let out =
                contactSheet
                ? ContactSheet.render(image, cells: ContactSheet.effectCells(base: a), renderer: renderer)
                : renderer.render(image, with: a)
            (width, height) = (out.width, out.height)
            try EngineCLI.writePNG(out, output, bitDepth: depth, compression: pngCompression, threads: jobs)
        } else {
            // One photo, one render: no cache to fill; rendering overlaps compression, band by band.
            let renderer = Renderer(threads: jobs, cachesAnalysis: false)
            let data = try EngineCLI.pngErrors {
                try renderer.renderPNG(image, with: a, compression: pngCompression, name: output)
            }
            (width, height) = (image.width, image.height)
            try EngineCLI.pngErrors { try AtomicFile.write(data, to: URL(fileURLWithPath: output)) }
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if json {
            try printJSON(
                Summary(
                    input: input, output: output, width: width, height: height,
                    milliseconds: EngineCLI.round(ms, 2), adjustments: a))
        } else {
            print("\(output): \(width)×\(height), rendered and written in \(String(format: "%.1f", ms)) ms")
        }
    }
}
