/// The person's preferred text size (Settings › Display & Brightness › Text Size,
/// and the larger accessibility sizes), as UIKit's content size categories.
public enum ContentSizeCategory: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    case xSmall = "xS", small = "S", medium = "M", large = "L", xLarge = "xL", xxLarge = "xxL", xxxLarge = "xxxL"
    case ax1 = "AX1", ax2 = "AX2", ax3 = "AX3", ax4 = "AX4", ax5 = "AX5"

    /// The body style's size in points at this category: Apple's Dynamic Type
    /// table (Human Interface Guidelines, Typography › Dynamic Type sizes, iOS:
    /// Body 14, 15, 16, 17, 19, 21, 23 and AX1–AX5 28, 33, 40, 47, 53 pt; the
    /// same figures UIKit's `preferredFont(forTextStyle: .body)` returns, e.g.
    /// gist.github.com/klaas/750f489e2390389ab812).
    public var bodyPointSize: Double {
        switch self {
        case .xSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .xLarge: 19
        case .xxLarge: 21
        case .xxxLarge: 23
        case .ax1: 28
        case .ax2: 33
        case .ax3: 40
        case .ax4: 47
        case .ax5: 53
        }
    }

    /// How much text grows against the default (Large): body's size over 17 pt.
    /// Every style is scaled by this factor (UIFontMetrics scales custom sizes the
    /// same way); the HIG's per-style tables differ from it by at most a point or
    /// two at the standard sizes.
    public var scale: Double { bodyPointSize / 17 }

    public var isAccessibilitySize: Bool { self >= .ax1 }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How much of an iPad's screen the app's window takes (iPadOS multitasking).
public enum WindowMode: String, Sendable, Codable, Hashable, CaseIterable {
    /// The whole screen.
    case fullScreen = "full"
    /// A narrow window floating over another app at the right edge.
    case slideOver = "slide-over"
    /// Split View, the app in the narrow third, half or wide two thirds.
    case splitThird = "split-third", splitHalf = "split-half", splitTwoThirds = "split-two-thirds"
}

/// How a translation lengthens text, as the inclusion talk puts it ("If an
/// English word is less than ten characters long, the translation can be three
/// times longer or more. A seemingly concise English phrase may be two times
/// longer … an English sentence can be 1.3 times or longer").
public enum TextExpansion: String, Sendable, Codable, Hashable, CaseIterable {
    /// The design's own language.
    case none
    /// The longest translation the talk warns of.
    case translated

    /// The factor for `string`: a single word of up to 10 characters 3×, a
    /// phrase (or one longer word) 2×, a sentence (ending in . ! or ?) 1.3×.
    public func factor(_ string: String) -> Double {
        guard self == .translated else { return 1 }
        let trimmed = string.trimmingSpaces()
        if let last = trimmed.last, ".!?".contains(last) { return 1.3 }
        if !trimmed.contains(" ") && trimmed.count <= 10 { return 3 }
        return 2
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// What a design lays out for besides the device: the window, the text size,
/// the language's text length and direction (UIKit's trait collection). The
/// default is what every trial runs with: full screen, Large, English, left to right.
public struct LayoutTraits: Sendable, Codable, Hashable {
    public var window: WindowMode
    public var contentSize: ContentSizeCategory
    public var expansion: TextExpansion
    public var direction: LayoutDirection

    public init(
        window: WindowMode = .fullScreen, contentSize: ContentSizeCategory = .large,
        expansion: TextExpansion = .none, direction: LayoutDirection = .leftToRight
    ) {
        self.window = window
        self.contentSize = contentSize
        self.expansion = expansion
        self.direction = direction
    }

    public static let standard = LayoutTraits()

    /// A run of `string` in `style` at this text size and language (nil weight:
    /// the style's own).
    public func text(
        _ string: String, _ style: TextStyle, weight: FontWeight? = nil, frame: Rect? = nil,
        foreground: ScreenColor? = nil, background: ScreenColor? = nil
    ) -> TextRun {
        TextRun(
            string, pointSize: (style.defaultPointSize * contentSize.scale).rounded(),
            weight: weight ?? style.defaultWeight,
            style: style, frame: frame, foreground: foreground, background: background,
            expansion: expansion.factor(string))
    }
}
