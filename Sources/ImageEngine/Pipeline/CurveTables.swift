import Foundation

/// The lookup tables a render plan needs for the exposure controls, built once
/// per distinct value and kept while recently used.
///
/// Why: a simulated person drags one control at a time, so of the two table
/// sets (the global curve, the local shadow/highlight gain) one usually keeps
/// its value from render to render; and building a table costs about three
/// thousand `pow` calls. Schedule only: a table is the same bits whether it
/// comes from here or is built afresh (tested in `CurveTableTests`).
enum CurveTables {
    /// The global exposure curve: its LUT and the (value, slope) planes the strip kernels read.
    struct Exposure: Sendable {
        let lut: CurveLUT
        let pairs: [[SIMD2<Float>]]

        init(_ curve: ExposureCurve) {
            lut = CurveLUT(gray: { curve($0) })
            // The lut has size + 2 entries. The exposure curve treats the channels alike:
            // one shared plane then, so the gathers hit 8 KB of L1, not 24. The slope is
            // rounded exactly as the scalar path does.
            let t = lut.table
            let pairs = (0..<3).map { c in (0...CurveLUT.size).map { i in SIMD2(t[i][c], t[i + 1][c] - t[i][c]) } }
            self.pairs = pairs[0] == pairs[1] && pairs[0] == pairs[2] ? [pairs[0], pairs[0], pairs[0]] : pairs
        }
    }

    /// The local gain: its table and the (value, slope) pairs of it and of its square root.
    struct LocalGain: Sendable {
        let gain: [Float]
        let pairs: [SIMD2<Float>]
        /// √gain, for the 8-bit preview (`PreviewSource`), which scales √x.
        let rootPairs: [SIMD2<Float>]

        init(_ local: LocalToneCurve) {
            let g = local.gainTable()
            gain = g
            // One entry more than intervals (slope 0): `Kernels.split` may return index n.
            let n = LocalToneCurve.lutSize
            pairs = (0...n).map { i in SIMD2(g[i], i < n ? g[i + 1] - g[i] : 0) }
            rootPairs = (0...n).map { i in
                let v = g[i].squareRoot()
                return SIMD2(v, i < n ? g[i + 1].squareRoot() - v : 0)
            }
        }
    }

    /// Enough entries for a few threads each toggling between a couple of settings.
    static let exposure = Recent<ExposureCurve, Exposure>(capacity: 16) { Exposure($0) }
    static let localGain = Recent<LocalToneCurve, LocalGain>(capacity: 16) { LocalGain($0) }

    /// A small least-recently-used map from a value to what is built from it. Thread-safe.
    final class Recent<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Key: (value: Value, used: UInt64)] = [:]
        private var clock: UInt64 = 0
        private let capacity: Int
        private let make: @Sendable (Key) -> Value

        init(capacity: Int, make: @escaping @Sendable (Key) -> Value) {
            self.capacity = capacity
            self.make = make
        }

        func value(for key: Key) -> Value {
            lock.lock()
            clock += 1
            if let hit = entries[key] {
                entries[key] = (hit.value, clock)
                lock.unlock()
                return hit.value
            }
            lock.unlock()
            let fresh = make(key)   // outside the lock: other threads keep rendering
            lock.lock()
            defer { lock.unlock() }
            clock += 1
            entries[key] = (entries[key]?.value ?? fresh, clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
            return entries[key]!.value
        }
    }
}
