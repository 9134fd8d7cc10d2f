/// A fast, seedable pseudo-random generator (xoshiro256**, Blackman & Vigna),
/// seeded through SplitMix64 as its authors recommend.
///
/// Every random draw in a trial comes from one of these, seeded from the
/// experiment seed and a stable label (DESIGN §2), never from the system.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    // Visible to inlined code only: `next` is inlined into other modules' hot loops
    // (bootstrap draws, touch noise); the state stays out of the public API.
    @usableFromInline var s0, s1, s2, s3: UInt64

    public init(seed: UInt64) {
        var sm = SplitMix64(state: seed)
        s0 = sm.next(); s1 = sm.next(); s2 = sm.next(); s3 = sm.next()
    }

    /// A generator for the sub-stream `label` of `seed`.
    public init(seed: UInt64, label: String) {
        self.init(seed: Seed.derive(seed, label))
    }

    @inlinable public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    @inlinable func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}

/// SplitMix64: a tiny generator used to expand one seed into many.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Seed.mix(state)
    }
}

/// Stable seed derivation: the same inputs give the same seed on every platform
/// and Swift version (unlike `Hasher`, which is randomly seeded per process).
public enum Seed {
    /// Combines a seed with a label (a trial key, a participant id) by FNV-1a
    /// over the label's UTF-8 bytes followed by a SplitMix64 finaliser.
    public static func derive(_ seed: UInt64, _ label: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ mix(seed)
        for byte in label.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return mix(h)
    }

    /// SplitMix64's bijective finaliser: spreads every input bit over the output.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
