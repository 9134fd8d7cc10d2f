import ArgumentParser
import Foundation
import ImageEngine

/// `refine color`: color science on the command line.
struct ColorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "color",
        abstract: "Color differences, WCAG contrast and color-vision-deficiency simulation.",
        discussion: "Colors are written #RRGGBB, rgb(r,g,b) with 0…255 components, or lab(L,a,b).",
        subcommands: [DeltaE.self, Contrast.self, Simulate.self])

    struct DeltaE: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delta-e",
            abstract: "Print CIEDE2000 (and ΔE76) between two colors.")
        @Argument(help: "First color.") var first: String
        @Argument(help: "Second color.") var second: String
        @Flag(help: "Print JSON.") var json = false

        struct Report: Encodable {
            var first: String, second: String, lab1: [Double], lab2: [Double], delta_e00: Double, delta_e76: Double
        }

        func run() throws { try reportingErrors { try execute() } }

        func execute() throws {
            let a = try ColorCommand.parseColor(first), b = try ColorCommand.parseColor(second)
            let d00 = ColorScience.deltaE2000(a.lab, b.lab), d76 = ColorScience.deltaE76(a.lab, b.lab)
            if json {
                try printJSON(
                    Report(
                        first: first, second: second,
                        lab1: [a.lab.l, a.lab.a, a.lab.b].map { EngineCLI.round($0) },
                        lab2: [b.lab.l, b.lab.a, b.lab.b].map { EngineCLI.round($0) },
                        delta_e00: EngineCLI.round(d00), delta_e76: EngineCLI.round(d76)))
            } else {
                let format = "ΔE00 %.4f   (ΔE76 %.4f)   %@ → %@"
                print(String(format: format, d00, d76, a.lab.description, b.lab.description))
            }
        }
    }

    struct Contrast: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the WCAG 2.x contrast ratio of two colors (1…21) and which levels it passes.")
        @Argument(help: "Foreground color.") var foreground: String
        @Argument(help: "Background color.") var background: String
        @Flag(help: "Print JSON.") var json = false

        struct Report: Encodable {
            var foreground: String, background: String, ratio: Double
            var luminance_fg: Double, luminance_bg: Double
            var aa_normal: Bool, aa_large: Bool, aaa_normal: Bool
        }

        func run() throws { try reportingErrors { try execute() } }

        func execute() throws {
            let f = try ColorCommand.parseColor(foreground).srgb, b = try ColorCommand.parseColor(background).srgb
            let r = ColorScience.contrastRatio(f, b)
            let rep = Report(
                foreground: foreground, background: background, ratio: EngineCLI.round(r, 2),
                luminance_fg: EngineCLI.round(ColorScience.relativeLuminance(f), 6),
                luminance_bg: EngineCLI.round(ColorScience.relativeLuminance(b), 6),
                aa_normal: r >= 4.5, aa_large: r >= 3, aaa_normal: r >= 7)
            if json { try printJSON(rep); return }
            let shown = r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r)
            print(
                "\(shown)   (AA normal text: \(rep.aa_normal ? "pass" : "fail"), AA "
                    + "large: \(rep.aa_large ? "pass" : "fail"), AAA: \(rep.aaa_normal ? "pass" : "fail"))"
            )
        }
    }

    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Simulate a color-vision deficiency on a PNG (Machado 2009 by default; Brettel 1997 is best for "
                    + "tritan)."
        )
        @Option(help: "Deficiency: protan, deutan or tritan.") var cvd: CVDKind
        @Option(help: "Model: machado2009, vienot1999 or brettel1997.") var model: CVDModel = .machado2009
        @Option(help: "Severity 0…1.") var severity: Double = 1
        @Argument(help: "Input PNG.") var input: String
        @Option(name: .shortAndLong, help: "Output PNG.") var output: String

        func validate() throws {
            guard (0...1).contains(severity) else { throw ValidationError("--severity must be within 0…1") }
        }

        func run() throws { try reportingErrors { try execute() } }

        func execute() throws {
            let (image, _) = try EngineCLI.readPNG(input)
            let out = CVDSimulator(cvd, model: model, severity: severity).simulate(image)
            try EngineCLI.writePNG(out, output, bitDepth: 8)
            print("\(output): \(cvd.rawValue) (\(model.rawValue), severity \(severity))")
        }
    }

    static func parseColor(_ s: String) throws -> (srgb: SRGBColor, lab: Lab) {
        do { return try ColorParser.parse(s) } catch let e as AdjustmentError { throw InputError(e.description) }
    }
}

extension CVDKind: ExpressibleByArgument {}
extension CVDModel: ExpressibleByArgument {}
