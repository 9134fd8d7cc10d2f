import Interaction

/// The system's screen-edge gestures as an app sees them: a touch that starts
/// in the band along the top edge (Notification/Control Center) or the bottom
/// edge (the home indicator) goes to the system's edge recognizer first. If the
/// contact travels `swipeThreshold` pt inward before lifting, the system takes
/// it (the app never sees a tap); otherwise the system lets it go and the app
/// receives it late, held `delay` s after touch-down (the system gesture gate).
///
/// The bands are the device's safe-area insets along those edges: the region
/// UIKit reserves for the status bar and the home indicator.
public struct SystemEdgeGate: Sendable, Hashable {
    /// The bands where the system's edge recognizers see a touch first.
    public let regions: [Rect]
    /// How far inward (pt) a contact must travel for the system to take it.
    public let swipeThreshold: Double
    /// How long (s) after touch-down the app receives a touch the system let go.
    public let delay: Double

    public init(regions: [Rect], swipeThreshold: Double, delay: Double) {
        self.regions = regions; self.swipeThreshold = swipeThreshold; self.delay = delay
    }

    /// The top and bottom safe-area bands of `device`, each scaled by `depthScale`.
    public init(device: DeviceConfiguration, depthScale: Double = 1, swipeThreshold: Double, delay: Double) {
        let b = device.bounds, s = device.safeArea
        let top = s.top * depthScale, bottom = s.bottom * depthScale
        var regions: [Rect] = []
        if top > 0 { regions.append(Rect(x: b.minX, y: b.minY, width: b.width, height: top)) }
        if bottom > 0 { regions.append(Rect(x: b.minX, y: b.maxY - bottom, width: b.width, height: bottom)) }
        self.init(regions: regions, swipeThreshold: swipeThreshold, delay: delay)
    }

    /// What the gate does with one touch.
    public enum Verdict: Sendable, Hashable {
        /// Not in an edge band: the app gets it as it came.
        case passed
        /// In a band, not a swipe: the app gets it with its times moved by the delay.
        case held(TouchStream)
        /// A swipe inward from a band: the system took it at `at`.
        case taken(at: Double)
    }

    /// The gate's verdict on `stream`.
    public func judge(_ stream: TouchStream) -> Verdict {
        let down = stream.start.location
        guard let band = regions.first(where: { $0.contains(down) }) else { return .passed }
        // Inward is away from the band's edge: down from the top band, up from the bottom one.
        let inward: Double = band.minY <= 0 ? 1 : -1
        for s in stream.samples where (s.location.y - down.y) * inward >= swipeThreshold {
            return .taken(at: s.time)
        }
        // The app's touch-began waits for the release; moves before it are not
        // delivered, and a lift before it arrives just after it.
        let release = stream.start.time + delay
        var samples = [
            TouchSample(
                time: max(stream.start.time, release), location: down, phase: .down,
                majorRadius: stream.start.majorRadius)
        ]
        for s in stream.samples.dropFirst() where s.time > release || s.phase == .up {
            samples.append(
                TouchSample(
                    time: max(s.time, release + 1e-3), location: s.location, phase: s.phase, majorRadius: s.majorRadius)
            )
        }
        return .held(TouchStream(samples: samples))
    }
}
