import Foundation

extension Renderer {
    /// Renders `image` with `adjustments` straight into the bytes of an 8-bit
    /// PNG file: the same bytes as `PNGFile.encode(render(image, with:), …)`,
    /// without the float image in between.
    ///
    /// Schedule: each PNG band (`PNGEncoder`) renders its own rows, a few at a
    /// time through a small float scratch, encodes them exactly to 8-bit sRGB,
    /// filters and deflates them, so rendering overlaps compression on every
    /// thread and the 16-byte-a-pixel result is never written to memory. The
    /// per-image analysis the pass needs (the tone mask) is built first, over
    /// the whole image. The Glow look needs the whole float result (it blurs
    /// it), so it renders first and encodes after.
    public func renderPNG(
        _ image: Image, with adjustments: Adjustments, compression: PNGCompression = .default,
        name: String = "<memory>"
    ) throws -> Data {
        let a = adjustments.normalizedForRendering
        let plan = PlanCache.shared.plan(for: a)
        if a == Adjustments() || image.pixelCount == 0 || (plan.effect?.glow ?? 0) > 0 {
            return try PNGFile.encode(
                render(image, with: adjustments), compression: compression, threads: threads, name: name)
        }
        let w = image.width, alpha = image.hasAlpha, channels = alpha ? 4 : 3, rowBytes = w * channels
        // Rows rendered per kernel call: the float scratch stays in L2 (4 rows of a 4000-px photo: 256 KB).
        let chunk = 4
        var result: Result<Data, Error> = .failure(PNGError(file: name, message: "cannot encode PNG"))
        withRowKernel(image, a, plan) { kernel in
            result = Result {
                try PNGEncoder.encode(
                    width: w, height: image.height, channels: channels, compression: compression,
                    threads: threads, name: name
                ) { rows, buffer in
                    let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: chunk * w)
                    defer { scratch.deallocate() }
                    var y = rows.lowerBound
                    while y < rows.upperBound {
                        let end = min(rows.upperBound, y + chunk)
                        kernel(y..<end, scratch, nil)
                        for r in y..<end {
                            SRGB.encodeRow8(
                                scratch + (r - y) * w, count: w, alpha: alpha,
                                into: buffer + (r - rows.lowerBound) * rowBytes)
                        }
                        y = end
                    }
                }
            }
        }
        return try result.get()
    }
}
