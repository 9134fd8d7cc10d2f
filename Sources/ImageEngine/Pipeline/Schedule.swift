import Dispatch

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
        // Static round-robin assignment: no shared counter, deterministic ownership.
        let tileRows = self.tileRows
        withoutActuallyEscaping(body) { body in
            // The closure only writes disjoint rows through shared pointers.
            let box = UncheckedSendable(value: body)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var t = w
                while t < tiles {
                    box.value((t * tileRows)..<min(rows, (t + 1) * tileRows))
                    t += workers
                }
            }
        }
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
