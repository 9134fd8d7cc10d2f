import CPNG

/// How an 8-bit PNG is compressed: zlib's level and the PNG row filters.
///
/// The default is what libpng writes when nobody asks (zlib level 6, the
/// adaptive choice among all five filters), so files keep the size they had
/// when the engine wrote them through libpng's simplified API. Lower levels
/// trade size for time: on engine-bench's grainy 12 MP photo a whole
/// `refine render` at level 1 took 0.87 s instead of 4.17 s (one thread) and
/// wrote 13.21 MB instead of 10.94.
public struct PNGCompression: Sendable, Hashable {
    /// zlib's compression level, 0 (stored) … 9 (smallest).
    public var level: Int
    /// The row filter, or `.adaptive` for libpng's per-row choice.
    public var filter: PNGFilterChoice

    /// `level` is clamped to 0…9.
    public init(level: Int = 6, filter: PNGFilterChoice = .adaptive) {
        self.level = min(max(level, 0), 9)
        self.filter = filter
    }

    /// libpng's defaults: level 6, adaptive filters.
    public static let `default` = PNGCompression()

    /// zlib's strategy as libpng chooses it: `Z_FILTERED` when rows are
    /// filtered, the default strategy when they are not. Matching it is what
    /// makes our sizes and times comparable with any libpng-based writer
    /// (libvips' `pngsave` among them) given the same level and filters.
    var zlibStrategy: Int32 { filter == .none ? Z_DEFAULT_STRATEGY : Z_FILTERED }

    /// The FLEVEL bits of the zlib header, as zlib itself sets them for this level.
    var zlibLevelFlags: UInt8 {
        switch level {
        case ..<2: return 0
        case 2..<6: return 1
        case 6: return 2
        default: return 3
        }
    }
}

/// The PNG row filter (PNG specification §9): one for every row, or libpng's
/// adaptive choice per row.
public enum PNGFilterChoice: String, Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// Per row, the filter whose output has the least sum of absolute signed
    /// byte values (libpng's heuristic, ties going to the lower filter type).
    case adaptive

    /// The filter type byte of a fixed choice; nil for `.adaptive`.
    var fixedType: UInt8? {
        switch self {
        case .none: return 0
        case .sub: return 1
        case .up: return 2
        case .average: return 3
        case .paeth: return 4
        case .adaptive: return nil
        }
    }
}
