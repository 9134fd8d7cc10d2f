/// Horizontal or vertical size class, as UIKit's trait system names them.
public enum SizeClass: String, Sendable, Codable, Hashable {
    case compact, regular
}

/// Which way up a device is held.
public enum Orientation: String, Sendable, Codable, Hashable, CaseIterable {
    case portrait, landscape
}

/// A device model: its screen in points, its pixel density, its safe areas and
/// size classes in each orientation.
public struct Device: Sendable, Hashable, Codable {
    /// Stable name used in specs and trial keys, e.g. `iphone-15`.
    public var name: String
    public var displayName: String
    /// Screen size in points, held in portrait.
    public var portraitSize: Size
    /// Physical pixels per inch.
    public var ppi: Double
    /// Pixels per point (2 or 3).
    public var scale: Double
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    public var portraitSizeClasses: (horizontal: SizeClass, vertical: SizeClass) {
        (portraitHorizontal, portraitVertical)
    }
    var portraitHorizontal: SizeClass
    var portraitVertical: SizeClass
    var landscapeHorizontal: SizeClass
    var landscapeVertical: SizeClass

    public init(name: String, displayName: String, portraitSize: Size, ppi: Double, scale: Double,
                portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets,
                portraitSizeClasses: (SizeClass, SizeClass), landscapeSizeClasses: (SizeClass, SizeClass)) {
        self.name = name
        self.displayName = displayName
        self.portraitSize = portraitSize
        self.ppi = ppi
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        (portraitHorizontal, portraitVertical) = portraitSizeClasses
        (landscapeHorizontal, landscapeVertical) = landscapeSizeClasses
    }

    /// Points per physical inch (163 on iPhone SE, 132 on a 264-ppi iPad).
    public var pointsPerInch: Double { ppi / scale }
    /// Millimetres per point: how big a target of N points is under a finger.
    public var millimetresPerPoint: Double { 25.4 / pointsPerInch }

    /// The device held in `orientation`.
    public func configuration(_ orientation: Orientation) -> DeviceConfiguration {
        DeviceConfiguration(device: self, orientation: orientation)
    }
}

/// A device held one way: what a strategy lays out for and a trial key names.
/// Its `traits` (window, text size, language, direction) default to what every
/// trial runs with; the layout audit sets them.
public struct DeviceConfiguration: Sendable, Hashable, Codable {
    public var device: Device
    public var orientation: Orientation
    public var traits: LayoutTraits

    public init(device: Device, orientation: Orientation, traits: LayoutTraits = .standard) {
        self.device = device
        self.orientation = orientation
        self.traits = traits
    }

    /// `iphone-15-portrait`, `ipad-pro-12.9-landscape`, … (and the window, when
    /// it is not the whole screen: `ipad-9.7-landscape-split-third`).
    public var name: String {
        let base = "\(device.name)-\(orientation.rawValue)"
        return traits.window == .fullScreen ? base : "\(base)-\(traits.window.rawValue)"
    }

    /// The whole screen in points for this orientation.
    public var screenBounds: Rect {
        let s = device.portraitSize
        return orientation == .portrait
            ? Rect(x: 0, y: 0, width: s.width, height: s.height)
            : Rect(x: 0, y: 0, width: s.height, height: s.width)
    }

    /// Whether iPadOS multitasking applies (a regular-width device).
    var multitasks: Bool { device.portraitHorizontal == .regular }

    /// The windows the app can find itself in: full screen, and on an iPad Slide
    /// Over and Split View (no half-and-half split in portrait).
    public var availableWindows: [WindowMode] {
        guard multitasks else { return [.fullScreen] }
        return orientation == .landscape ? WindowMode.allCases : WindowMode.allCases.filter { $0 != .splitHalf }
    }

    /// The app's window in points (origin at 0, 0, as UIKit's window bounds).
    /// Split View widths follow the HIG's multitasking table: the narrow window
    /// is 320 pt (375 on a 1024-pt-wide iPad Pro), the divider 10 pt, the rest
    /// shared; Slide Over is 320 pt wide.
    public var bounds: Rect {
        let screen = screenBounds
        let narrow = device.portraitSize.width >= 1024 ? 375.0 : 320.0
        let width: Double
        switch traits.window {
        case .fullScreen: return screen
        case .slideOver: width = 320
        case .splitThird: width = narrow
        case .splitHalf: width = (screen.width - 10) / 2
        case .splitTwoThirds: width = screen.width - narrow - 10
        }
        return Rect(x: 0, y: 0, width: width, height: screen.height)
    }

    /// A window narrower than the screen keeps only the top and bottom insets.
    public var safeArea: EdgeInsets {
        let insets = orientation == .portrait ? device.portraitSafeArea : device.landscapeSafeArea
        return traits.window == .fullScreen ? insets : EdgeInsets(top: insets.top, bottom: insets.bottom)
    }

    /// The part of the window not covered by the status bar, notch or home indicator.
    public var safeBounds: Rect { bounds.inset(by: safeArea) }

    /// Slide Over and the narrow split are compact; the wide split in landscape is
    /// regular; the half split is regular only on the 12.9-inch iPad Pro (Apple,
    /// "Adopting Multitasking Enhancements on iPad": the secondary app stays
    /// compact on iPad and iPad mini; on iPad Pro both halves are regular).
    public var horizontalSizeClass: SizeClass {
        switch traits.window {
        case .fullScreen: orientation == .portrait ? device.portraitHorizontal : device.landscapeHorizontal
        case .slideOver, .splitThird: .compact
        case .splitHalf: device.portraitSize.width >= 1024 ? .regular : .compact
        case .splitTwoThirds: orientation == .landscape ? .regular : .compact
        }
    }
    public var verticalSizeClass: SizeClass {
        orientation == .portrait ? device.portraitVertical : device.landscapeVertical
    }

    /// Converts a length in points to millimetres on this device's glass.
    public func millimetres(_ points: Double) -> Double { points * device.millimetresPerPoint }
    /// Converts a length in millimetres to points.
    public func points(millimetres mm: Double) -> Double { mm / device.millimetresPerPoint }
}

/// The devices experiments can name. Sizes, densities and safe areas are Apple's
/// published figures (Human Interface Guidelines, device specifications).
public enum DeviceCatalog {
    public static let iPhoneSE = Device(
        name: "iphone-se", displayName: "iPhone SE",
        portraitSize: Size(width: 375, height: 667), ppi: 326, scale: 2,
        portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
        portraitSizeClasses: (.compact, .regular), landscapeSizeClasses: (.compact, .compact))

    public static let iPhone15 = Device(
        name: "iphone-15", displayName: "iPhone 15",
        portraitSize: Size(width: 393, height: 852), ppi: 460, scale: 3,
        portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
        landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
        portraitSizeClasses: (.compact, .regular), landscapeSizeClasses: (.compact, .compact))

    public static let iPhone15ProMax = Device(
        name: "iphone-15-pro-max", displayName: "iPhone 15 Pro Max",
        portraitSize: Size(width: 430, height: 932), ppi: 460, scale: 3,
        portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
        landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
        portraitSizeClasses: (.compact, .regular), landscapeSizeClasses: (.regular, .compact))

    public static let iPad97 = Device(
        name: "ipad-9.7", displayName: "iPad 9.7\"",
        portraitSize: Size(width: 768, height: 1024), ppi: 264, scale: 2,
        portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: EdgeInsets(top: 20),
        portraitSizeClasses: (.regular, .regular), landscapeSizeClasses: (.regular, .regular))

    public static let iPadPro129 = Device(
        name: "ipad-pro-12.9", displayName: "iPad Pro 12.9\"",
        portraitSize: Size(width: 1024, height: 1366), ppi: 264, scale: 2,
        portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
        portraitSizeClasses: (.regular, .regular), landscapeSizeClasses: (.regular, .regular))

    public static let all: [Device] = [iPhoneSE, iPhone15, iPhone15ProMax, iPad97, iPadPro129]

    /// Every device in both orientations.
    public static var allConfigurations: [DeviceConfiguration] {
        all.flatMap { d in Orientation.allCases.map { d.configuration($0) } }
    }

    /// Looks up a configuration by name, e.g. `iphone-15-portrait`.
    public static func configuration(named name: String) -> DeviceConfiguration? {
        allConfigurations.first { $0.name == name }
    }
}
