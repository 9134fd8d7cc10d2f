import Foundation
import Harness
import ImageEngine

/// The distinct photos of a replay, each encoded once as a PNG data URI (many
/// gestures leave the photo as it was; previews repeat from screen to screen):
/// the page defines each once and every frame refers to it by id.
struct PhotoLibrary {
    /// Long side of the photos embedded in the page, in pixels: the working size
    /// at which the harness renders and judges them.
    static let longSide = 160

    private(set) var images: [Image] = []
    private(set) var uris: [String] = []

    /// The id of `photo` in the page (`ph0`, `ph1`, …), adding it if new.
    mutating func id(_ photo: Image) throws -> String {
        if let i = images.firstIndex(of: photo) { return "ph\(i)" }
        images.append(photo)
        let small = photo.downscaled(toFit: Self.longSide)
        let png = try PNGFile.encode(small)
        uris.append("data:image/png;base64," + png.base64EncodedString())
        sizes.append((small.width, small.height))
        return "ph\(images.count - 1)"
    }

    private var sizes: [(Int, Int)] = []

    /// An `<svg>` of symbols, one per photo, each filling (and cropped to) the
    /// rectangle of a `<use href="#id" x y width height>`.
    var definitions: String {
        var out = "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n"
        for (i, uri) in uris.enumerated() {
            let (w, h) = sizes[i]
            out +=
                "<symbol id=\"ph\(i)\" viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"xMidYMid slice\"><image "
                    + "width=\"\(w)\" height=\"\(h)\" href=\"\(uri)\"/></symbol>\n"
        }
        return out + "</defs></svg>\n"
    }
}
