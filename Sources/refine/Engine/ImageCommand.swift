import ArgumentParser
import Foundation
import ImageEngine
import Reports

/// `refine image`: facts about photos.
struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect photos (size, depth, histogram endpoints, clipping).",
        subcommands: [Info.self])

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a PNG's size, bit depth, color type, histogram endpoints and clipping.",
            discussion: """
                Histogram endpoints are the 0.5th and 99.5th percentiles of encoded luminance \
                (0…1): where the exposure control's knobs start. Clipping is the fraction of \
                pixels with some channel at 0 or at 255.
                """)

        @Argument(help: "The PNG file.") var file: String
        @Flag(help: "Print JSON instead of text.") var json = false
        @Option(help: "Refuse images with more pixels than this.") var maxPixels: Int?

        struct Report: Encodable {
            var file: String
            var width: Int, height: Int
            var bit_depth: Int
            var color_type: String
            var interlaced: Bool
            var has_alpha: Bool
            var histogram_low: Double, histogram_high: Double
            var clipped_shadows: Double, clipped_highlights: Double
            var mean_luminance: Double
        }

        func run() throws { try reportingErrors { try execute() } }

        func execute() throws {
            // Row by row: memory for one row, whatever the photo's size.
            var limits = PNGLimits.default
            if let maxPixels { limits.maxPixels = maxPixels }
            var stats = PhotoStatistics()
            let (header, hasAlpha): (PNGHeader, Bool)
            do { (header, hasAlpha) = try PNGRows.forEach(file, limits: limits) { stats.add($0) } } catch let e
                as PNGError
            {
                throw InputError(e.description)
            }
            let hist = stats.histogram, clip = stats.clipping, meanY = stats.meanLuminance
            let r = Report(
                file: file, width: header.width, height: header.height, bit_depth: header.bitDepth,
                color_type: header.colorType.description, interlaced: header.interlaced,
                has_alpha: hasAlpha,
                histogram_low: EngineCLI.round(hist.endpoints.low),
                histogram_high: EngineCLI.round(hist.endpoints.high),
                clipped_shadows: EngineCLI.round(clip.shadows, 6),
                clipped_highlights: EngineCLI.round(clip.highlights, 6),
                mean_luminance: EngineCLI.round(meanY, 6))
            if json { try printJSON(r); return }
            print(
                "\(file): \(r.width)×\(r.height), \(r.bit_depth)-bit \(r.color_type)"
                    + "\(r.interlaced ? ", interlaced" : "")"
            )
            print("histogram endpoints: \(r.histogram_low) … \(r.histogram_high) (encoded luminance)")
            print(
                "clipped: shadows \(formatNumber(r.clipped_shadows * 100, digits: 3))%, "
                    + "highlights \(formatNumber(r.clipped_highlights * 100, digits: 3))%"
            )
            print("mean linear luminance: \(r.mean_luminance)")
        }
    }
}
