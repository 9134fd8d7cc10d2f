import Dispatch
import Foundation

/// How work is spread over threads. Separate from the per-pixel algorithms
/// (Halide's split): every kernel is a pure function of its inputs, and the
/// schedule only decides which rows run where, so any thread count gives
/// bit-identical output.
struct Schedule: Sendable {
    let threads: Int
    /// Rows per tile: big enough to amortise dispatch, small enough to balance.
    let tileRows: Int
    /// Below this many pixels the work runs on the calling thread: waking a
    /// worker costs more than rendering a 256-px proxy.
    static let parallelThreshold = 160_000

    init(threads: Int, tileRows: Int = 16) {
        self.threads = max(1, threads)
        self.tileRows = tileRows
    }

    /// Runs `body(rowRange)` over `0..<rows`, tiled. `pixelsPerRow` decides serial vs parallel.
    func forEachTile(rows: Int, pixelsPerRow: Int, _ body: (Range<Int>) -> Void) {
        let tiles = (rows + tileRows - 1) / tileRows
        if threads == 1 || rows * pixelsPerRow < Self.parallelThreshold || tiles < 2 {
            body(0..<rows)
            return
        }
        let workers = min(threads, tiles)
        // Tiles are handed out in order from a shared counter, not dealt in
        // advance: on a shared machine a worker that loses its core for a while
        // leaves its tiles to the others instead of holding up the whole frame,
        // and PNG bands, which compress at different speeds, balance themselves.
        // Which thread renders a tile never changes what the tile holds.
        let tileRows = self.tileRows
        let next = TileCounter()
        withoutActuallyEscaping(body) { body in
            // The closure only writes disjoint rows through shared pointers.
            let box = UncheckedSendable(value: body)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let t = next.take(below: tiles) {
                    box.value((t * tileRows)..<min(rows, (t + 1) * tileRows))
                }
            }
        }
    }
}

/// The next tile to render, shared by the workers of one `forEachTile`.
final class TileCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// A raw pointer that may cross into worker closures. Each worker writes a
/// disjoint set of rows, which is what makes this sound.
struct SharedMutablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// Read-only counterpart of `SharedMutablePointer`.
struct SharedPointer<T>: @unchecked Sendable {
    let base: UnsafePointer<T>
}

/// Carries a value into a concurrent closure when the caller guarantees safety.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
}
