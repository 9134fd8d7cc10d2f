/// An sRGB colour as a design specifies it (8 bits a channel, as in `#RRGGBB`).
/// Interaction depends on nothing of ours, so colour science (contrast, colour
/// vision) lives in the engine; this is only the value a screen carries.
public struct ScreenColor: Sendable, Codable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `ScreenColor(0xFF3B30)`.
    public init(_ hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
    public var description: String {
        let s = String(hex, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - s.count) + s
    }
}

/// The system colours the designs use (iOS dark appearance, as photo editors
/// draw their chrome; values from Apple's Human Interface Guidelines, "Color").
public enum SystemColor {
    public static let black = ScreenColor(0x000000)
    public static let background = ScreenColor(0x1C1C1E)  // secondarySystemBackground (dark)
    public static let fill = ScreenColor(0x3A3A3C)  // systemGray4 (dark): tracks, zones
    public static let label = ScreenColor(0xFFFFFF)
    public static let secondaryLabel = ScreenColor(0x8E8E93)  // systemGray
    public static let blue = ScreenColor(0x0A84FF)  // systemBlue (dark): tint, selection
    public static let red = ScreenColor(0xFF453A)  // systemRed (dark): warnings
    public static let yellow = ScreenColor(0xFFD60A)  // systemYellow (dark)
}

/// A font weight, as far as it changes how wide text runs (the audit's width model).
public enum FontWeight: String, Sendable, Codable, Hashable, CaseIterable {
    case regular, medium, semibold, bold

    /// Whether WCAG and Apple's contrast guidance count it as bold text.
    public var isBold: Bool { self == .semibold || self == .bold }
}

/// Apple's text styles with their size and weight at the default Dynamic Type
/// size (Large), from the Human Interface Guidelines' typography tables.
public enum TextStyle: String, Sendable, Codable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    public var defaultPointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    public var defaultWeight: FontWeight {
        switch self {
        case .largeTitle: .bold
        case .headline: .semibold
        default: .regular
        }
    }
}

/// A run of text a design prints: what it says, in what type, where it must fit.
public struct TextRun: Sendable, Codable, Hashable {
    /// The words as written in the design's language (English).
    public var string: String
    /// Size in points at the configuration's Dynamic Type size.
    public var pointSize: Double
    public var weight: FontWeight
    /// The text style the size came from, if the design uses one (nil: a fixed size).
    public var style: TextStyle?
    /// Where the text must fit; nil: the frame of the control that carries it.
    public var frame: Rect?
    /// Text colour; nil: the carrying control's foreground.
    public var foreground: ScreenColor?
    /// What it is drawn on; nil: the control's background, else the screen's.
    public var background: ScreenColor?
    /// How many times longer the text is in the configuration's language (1: as written).
    public var expansion: Double

    public init(
        _ string: String, pointSize: Double, weight: FontWeight = .regular, style: TextStyle? = nil, frame: Rect? = nil,
        foreground: ScreenColor? = nil, background: ScreenColor? = nil, expansion: Double = 1
    ) {
        self.string = string
        self.pointSize = pointSize
        self.weight = weight
        self.style = style
        self.frame = frame
        self.foreground = foreground
        self.background = background
        self.expansion = expansion
    }
}

/// Which way text and the layout run.
public enum LayoutDirection: String, Sendable, Codable, Hashable, CaseIterable {
    case leftToRight = "ltr", rightToLeft = "rtl"
}
