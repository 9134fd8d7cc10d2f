import Randomness
import UserModels

/// A deterministic slice of an experiment: shard `index` of `count` (1-based,
/// as on the command line: `--shard 2/4`). A trial belongs to the shard given by
/// a hash of its key, so membership never depends on order or on other trials.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is out of range")
        self.index = index
        self.count = count
    }

    /// Parses `I/N` with 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            return nil
        }
        self.init(index: i, count: n)
    }

    public func contains(key: String) -> Bool {
        count == 1 || Int(Seed.derive(0x5348_4152_44, key) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
