import Foundation

/// The clustered Kaplan–Meier medians a report has already computed, by the
/// exact trials they were computed from. Several sections ask for the median of
/// the same trials (a strategy's headline row, its velocity row), and each is
/// 1000 resampled passes over the curve's cells; computed once, each is read
/// again for free. A median depends only on its trials and the seed derived
/// from them, so a cached one is the value a rebuild gives.
///
/// The curves themselves are not kept: each holds its points and its
/// per-participant cells, ≈ 30–40 bytes a trial of its selection, and a report
/// builds a dozen (by strategy, by strategy and device, …), which at 10⁷ trials
/// was hundreds of megabytes held to the end. A curve asked for again (the
/// survival figure) is rebuilt: the same value, one more sort.
///
/// Shared by every copy of a `ResultSet` (a reference); locked, since sections
/// may be built from several threads.
final class SurvivalCache: @unchecked Sendable {
    /// The trials of a curve: their table, their count and a 128-bit
    /// fingerprint of their rows in order (two independent 64-bit mixes, so a
    /// key costs nothing per trial; two different row lists of the same count
    /// collide with probability about 2⁻¹²⁸).
    struct Key: Hashable {
        let table: ObjectIdentifier
        let count: Int
        let fingerprint: Fingerprint
        let resamples: Int
        let confidence: Double
        let seed: UInt64
    }

    struct Fingerprint: Hashable { let a, b: UInt64 }

    /// Two running hashes of the row indices (splitmix64 finalizers with different seeds).
    static func fingerprint(_ trials: [TrialRow]) -> Fingerprint {
        func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        for t in trials {
            a = mix(a ^ UInt64(t.index))
            b = mix(b &+ UInt64(t.index) &* 0xD6E8_FEB8_6659_FD93)
        }
        return Fingerprint(a: a, b: b)
    }

    typealias Median = (value: Double?, lower: Double?, upper: Double?)

    private var medians: [Key: Median?] = [:]
    /// Keeps the tables of the keys alive, so an identifier is never reused while cached.
    private var tables: [ObjectIdentifier: TrialColumns] = [:]
    private let lock = NSLock()

    /// The key of `trials`, or nil when they come from more than one table (not cached).
    func key(_ trials: [TrialRow], resamples: Int, confidence: Double, seed: UInt64) -> Key? {
        guard let table = trials.first?.table, trials.allSatisfy({ $0.table === table }) else { return nil }
        lock.lock(); defer { lock.unlock() }
        tables[ObjectIdentifier(table)] = table
        return Key(table: ObjectIdentifier(table), count: trials.count, fingerprint: Self.fingerprint(trials), resamples: resamples, confidence: confidence, seed: seed)
    }

    /// The median of the curve `make` builds, nil when the curve is empty (no
    /// observation); the curve is built only when `key` is not cached (or nil).
    func median(_ key: Key?, of make: () -> ClusteredKaplanMeier) -> Median? {
        if let key, let hit = locked({ medians[key] }) { return hit }
        let km = make()
        let m: Median? = km.curve.count > 0 ? km.median : nil
        if let key { locked { medians[key] = .some(m) } }
        return m
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body()
    }
}
