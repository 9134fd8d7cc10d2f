/// Every number the touch-sensing model uses, with where it comes from.
///
/// Physical quantities are in millimetres on the glass so they hold across
/// devices; the sensor converts them with the device's density. Values marked
/// *assumption* have no published figure we could find: specs should sweep them.
/// Docs/Gestures.md lists the same table.
public struct TouchSensorParameters: Sendable, Hashable, Codable {
    /// Digitizer samples per second. 120 Hz: Apple's developer table for iPhone X
    /// and ProMotion iPads (touch sample rate 120 Hz, older iPhones 60 Hz); UIKit
    /// "usually delivers touches at around 60 Hz" and coalesces the rest
    /// (Apple, "Getting high-fidelity input with coalesced touches").
    public var sampleRate: Double
    /// Standard deviation of each sample's timestamp around the nominal grid, in
    /// seconds. *Assumption* (0.5 ms): timestamps are taken by hardware; no
    /// published jitter figure for iOS digitizers.
    public var samplingJitter: Double
    /// Standard deviation of each sensed coordinate around the true contact
    /// point, per axis, in mm. 0.25 mm is *derived from a bound*: Windows touch
    /// certification allows at most 1 mm of jitter (Windows Touch Digitizer
    /// Jitter Test); ±2σ = 1 mm. Real digitizers filter, so this is pessimistic
    /// for a phone; sweep 0–0.5 mm.
    public var positionNoise: Double
    /// The mean offset of the sensed point from the intended one, in mm (x right,
    /// y down). *Assumption* (0, 0): the OS corrects the population's average
    /// offset. Holz & Baudisch (CHI 2011, "Understanding Touch") measured 4 mm
    /// offsets under the contact-centroid model and 1.6 mm under their
    /// projected-centre model: the range to sweep for a person's own offset.
    public var systematicOffset: Vector2
    /// Standard deviation, per axis in mm, of a per-touch offset that stays for
    /// the whole contact (how this touch's finger posture shifts the centroid;
    /// Holz & Baudisch 2010, generalized perceived input point model). Default 0:
    /// the Bi & Zhai landing spread that UserModels draws already contains all
    /// per-touch scatter, so a non-zero value here adds to it (sweep only).
    public var touchOffsetSpread: Double
    /// Median diameter of the finger's contact patch, in mm: 9.4 mm, the mean
    /// index-finger contact width Microsoft measured for Windows touch hardware
    /// (9.4 × 8.8 mm; 10.8 × 10.5 mm in normal taps).
    public var contactDiameter: Double
    /// Standard deviation of the log contact diameter between touches. 0.3 puts
    /// Microsoft's smallest and largest observed contacts (5 and 17–20 mm) near
    /// ±2σ: a fit to a reported range, not a reported spread.
    public var contactDiameterLogSpread: Double
    /// Physiological tremor frequency range, Hz: 8–12 Hz is the traditional range
    /// (Elble 2003, Handbook of Clinical Neurophysiology; peak ≈ 10 Hz under 40).
    public var tremorFrequency: ClosedRange<Double>
    /// Tremor amplitude, mm. 0.03 mm: the mean physiological finger tremor at
    /// rest (Growdon et al. 2000, ≈ 30 µm, about double with the hand extended).
    /// A finger resting on glass is damped by friction, so this is an upper figure.
    public var tremorAmplitude: Double

    public init(sampleRate: Double, samplingJitter: Double, positionNoise: Double,
                systematicOffset: Vector2, touchOffsetSpread: Double,
                contactDiameter: Double, contactDiameterLogSpread: Double,
                tremorFrequency: ClosedRange<Double>, tremorAmplitude: Double) {
        precondition(sampleRate > 0 && samplingJitter >= 0 && positionNoise >= 0 && touchOffsetSpread >= 0
                     && contactDiameter > 0 && contactDiameterLogSpread >= 0 && tremorAmplitude >= 0
                     && tremorFrequency.lowerBound > 0, "touch-sensor parameters out of range")
        self.sampleRate = sampleRate; self.samplingJitter = samplingJitter; self.positionNoise = positionNoise
        self.systematicOffset = systematicOffset; self.touchOffsetSpread = touchOffsetSpread
        self.contactDiameter = contactDiameter; self.contactDiameterLogSpread = contactDiameterLogSpread
        self.tremorFrequency = tremorFrequency; self.tremorAmplitude = tremorAmplitude
    }

    /// The defaults above.
    public static let standard = TouchSensorParameters(
        sampleRate: 120, samplingJitter: 0.0005, positionNoise: 0.25,
        systematicOffset: .zero, touchOffsetSpread: 0,
        contactDiameter: 9.4, contactDiameterLogSpread: 0.3,
        tremorFrequency: 8...12, tremorAmplitude: 0.03)

    /// A perfect digitizer at the same rate: no jitter, noise, offset or tremor.
    /// Sensing through it is the noise-free reference a noisy run is compared with.
    public static let ideal = TouchSensorParameters(
        sampleRate: 120, samplingJitter: 0, positionNoise: 0,
        systematicOffset: .zero, touchOffsetSpread: 0,
        contactDiameter: 9.4, contactDiameterLogSpread: 0,
        tremorFrequency: 10...10, tremorAmplitude: 0)
}
