import Foundation
import ImageEngine

/// Preview renders shared by every trial of a run: a thumbnail of a catalogue
/// look on a task's photo at a given size is the same image for everyone (the
/// engine is deterministic), so it is rendered once. Thread-safe.
final class PreviewCache: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: Image] = [:]

    func image(_ key: String, render: () -> Image) -> Image {
        lock.lock()
        if let hit = images[key] { lock.unlock(); return hit }
        lock.unlock()
        let fresh = render()
        lock.lock()
        images[key] = images[key] ?? fresh
        let kept = images[key]!
        lock.unlock()
        return kept
    }
}
