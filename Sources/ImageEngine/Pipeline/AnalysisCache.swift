import Foundation

/// Per-image analysis that does not depend on the adjustment values — today the
/// local tone mask — cached by image identity.
///
/// Why: an interactive preview loop and a simulated user re-render the *same*
/// photo thousands of times with new slider values; the edge-aware mask is a
/// function of the pixels alone, so it is built once per photo, not per frame.
///
/// Identity is the pixel buffer itself: each entry keeps a reference to the
/// image's `pixels` array. While the cache holds it the buffer cannot be freed
/// (so its address cannot be reused by another photo), and any mutation of the
/// caller's copy triggers copy-on-write into a *new* buffer, which misses the
/// cache. So a hit always means "these exact pixels". The cost is that up to
/// `capacity` recent photos (and at most `pixelBudget` pixels) stay in memory;
/// `clear()` drops them.
final class AnalysisCache: @unchecked Sendable {
    static let shared = AnalysisCache()

    private struct Entry {
        let pixels: [SIMD4<Float>]  // keeps the buffer alive: the address stays unique
        let address: UInt
        let width: Int, height: Int
        let mask: LocalToneMask
        /// The mask's per-pixel value (`LocalToneMask.basePlane`), 4 B a pixel.
        let base: [Float]
        /// What the 8-bit preview reads (8 B a pixel), once a preview has been drawn.
        var preview: PreviewSource? = nil
    }

    private let lock = NSLock()
    private var entries: [Entry] = []  // most recent last
    /// Photos kept: a simulated run alternates between every task's photo at two
    /// sizes (working and glance) on each job, so a handful would thrash (a mask
    /// rebuilt at the start of nearly every trial). Memory is bounded by `pixelBudget`.
    let capacity = 32
    /// And at most this many pixels in all (20 B a pixel kept: the photo and its
    /// mask values; 28 B once previewed), so a batch of 12 MP renders keeps one photo, not four.
    let pixelBudget = 16_000_000

    private static func address(_ image: Image) -> UInt {
        image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// The tone mask of `image` and its per-pixel values, built with `schedule` on a miss.
    func toneMask(for image: Image, schedule: Schedule) -> (mask: LocalToneMask, base: [Float]) {
        let addr = Self.address(image)
        lock.lock()
        if let i = entries.firstIndex(where: {
            $0.address == addr && $0.width == image.width && $0.height == image.height
        }) {
            let e = entries.remove(at: i)
            entries.append(e)
            lock.unlock()
            return (e.mask, e.base)
        }
        lock.unlock()
        let mask = LocalToneMask(image: image, schedule: schedule)
        let base = mask.basePlane(image: image, schedule: schedule)
        lock.lock()
        defer { lock.unlock() }
        if !entries.contains(where: { $0.address == addr }) {
            entries.append(
                Entry(
                    pixels: image.pixels, address: addr, width: image.width, height: image.height, mask: mask,
                    base: base))
            // Evict the least recently used beyond either bound (never the newest).
            while entries.count > 1
                && (entries.count > capacity
                    || entries.reduce(0, { $0 + $1.width * $1.height }) > pixelBudget)
            {
                entries.removeFirst()
            }
        }
        return (mask, base)
    }

    /// The photo as the 8-bit preview reads it (`PreviewSource`), built on the first preview.
    /// Its mask value is always there, so one source serves settings with and without local gain.
    func previewSource(for image: Image, schedule: Schedule) -> PreviewSource {
        let (mask, _) = toneMask(for: image, schedule: schedule)
        let addr = Self.address(image)
        lock.lock()
        if let i = entries.firstIndex(where: { $0.address == addr }), let p = entries[i].preview {
            lock.unlock()
            return p
        }
        lock.unlock()
        let fresh = PreviewSource(image: image, mask: mask, schedule: schedule)
        lock.lock()
        defer { lock.unlock() }
        if let i = entries.firstIndex(where: { $0.address == addr }) {
            if let p = entries[i].preview { return p }
            entries[i].preview = fresh
        }
        return fresh
    }

    /// Drops every cached analysis (and the photos it kept alive).
    func clear() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }
}
