import ImageEngine

/// The last working-size render of a trial's photo, by its adjustments: a
/// gesture's render is needed by the design (what is under the finger, the
/// clipping glow), by the goal check and by the next gesture, and it is the
/// same image each time. A class, so copies of an environment (the goal check
/// receives one) share it; one trial uses it on one thread.
final class RenderCache: @unchecked Sendable {
    private var key: Adjustments?
    private var image: Image?

    func render(_ original: Image, with adjustments: Adjustments) -> Image {
        if let image, key == adjustments { return image }
        let fresh = Renderer(threads: 1).render(original, with: adjustments)
        key = adjustments
        image = fresh
        return fresh
    }
}
