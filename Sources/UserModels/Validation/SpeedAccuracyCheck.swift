import Foundation
import Interaction
import Randomness

extension ValidationSuite {
    /// The speed–accuracy pattern of finger taps across target sizes and distances,
    /// measured the ISO way from endpoints (not from the landing formula): the error
    /// rate must fall as targets grow; the effective width W_e = 4.133·SD of the
    /// endpoints along the task axis must exceed the nominal width for small targets
    /// (the finger's absolute imprecision, Bi, Li & Zhai 2013) and fall to or below
    /// it for large ones; where W_e = W the error rate should be near the 4% that
    /// W_e's definition assumes (Soukoreff & MacKenzie 2004), plus what the second
    /// axis of a square target adds.
    func speedAccuracy() -> LawCheck {
        let device = Self.device
        let amplitudes = [20.0, 40.0, 80.0], widths = [2.0, 3, 4, 6, 9, 12]  // mm
        var errorsByWidth = [Double](repeating: 0, count: widths.count)
        var ratioByWidth = [Double](repeating: 0, count: widths.count)
        var points: [[Double]] = []
        for (wi, w) in widths.enumerated() {
            for a in amplitudes {
                var misses = 0, taps = 0, ratio = 0.0
                for (pi, participant) in participants.enumerated() {
                    var g = SeededGenerator(seed: seed, label: "speed-accuracy/\(a)/\(w)/\(pi)")
                    let tapper = Tapper(participant: participant)
                    let radius = device.points(millimetres: a / 2), size = device.points(millimetres: w)
                    let center = device.bounds.center
                    func target(_ k: Int) -> Point {
                        let angle = Double((k * 7) % 13) * 2 * .pi / 13
                        return center + Vector2(cos(angle), sin(angle)) * radius
                    }
                    var finger = target(0)
                    var along: [Double] = []
                    for k in 1...26 {
                        let from = target(k - 1), to = target(k)
                        let rect = Rect(x: to.x - size / 2, y: to.y - size / 2, width: size, height: size)
                        let tap = tapper.tap(rect, from: finger, startTime: 0, on: device, using: &g)
                        along.append(device.millimetres((tap.landing - to).dot((to - from).normalized)))
                        if !rect.contains(tap.landing) { misses += 1 }
                        taps += 1
                        finger = tap.landing
                    }
                    ratio += 4.133 * standardDeviation(along) / w
                }
                let rate = Double(misses) / Double(taps)
                ratio /= Double(participants.count)
                errorsByWidth[wi] += rate / Double(amplitudes.count)
                ratioByWidth[wi] += ratio / Double(amplitudes.count)
                points.append([w, ratio])
            }
        }
        // Where W_e/W crosses 1 (interpolated on log W), and the error rate there.
        var crossing = widths.last!, errorAtCrossing = errorsByWidth.last!
        for i in 1..<widths.count where ratioByWidth[i - 1] >= 1 && ratioByWidth[i] < 1 {
            let t = (ratioByWidth[i - 1] - 1) / (ratioByWidth[i - 1] - ratioByWidth[i])
            crossing = exp(log(widths[i - 1]) + t * (log(widths[i]) - log(widths[i - 1])))
            errorAtCrossing = errorsByWidth[i - 1] + t * (errorsByWidth[i] - errorsByWidth[i - 1])
            break
        }
        return LawCheck(
            id: "speed-accuracy", title: "Speed–accuracy of taps: error rate and effective width against target size",
            source:
                "Bi, Li & Zhai, CHI 2013 (FFitts law: finger endpoints carry an absolute spread, so W_e > W for small "
                    + "targets); Soukoreff & MacKenzie 2004 and ISO 9241-9 (W_e = 4.133·SD equals W at ≈ 4% "
                    + "errors); MacKenzie & Isokoski 2008 (errors rise as the task gets harder)",
            origin: .partlyEmergent,
            originReason:
                "each tap's spread for a given size is the Bi–Zhai input; the error rates of square targets in an "
                    + "ISO ring, W_e along the task axis and the size where W_e = W are not set anywhere",
            xLabel: "nominal target width W (mm)", yLabel: "effective width / nominal width (W_e / W)",
            model: points, published: [[widths.first!, 1], [widths.last!, 1]],
            figures: [
                .init(
                    name: "error_rate_size_rank_correlation", value: rankCorrelation(widths, errorsByWidth), lower: -1,
                    upper: -0.9),
                .init(name: "error_rate_smallest", value: errorsByWidth.first!, lower: 0.2, upper: 0.9),
                .init(name: "error_rate_largest", value: errorsByWidth.last!, lower: 0, upper: 0.04),
                .init(name: "we_over_w_smallest", value: ratioByWidth.first!, lower: 1.2, upper: 4),
                .init(name: "we_over_w_largest", value: ratioByWidth.last!, lower: 0.25, upper: 1.0),
                .init(name: "error_rate_where_we_equals_w", value: errorAtCrossing, lower: 0.03, upper: 0.12),
                .init(name: "width_where_we_equals_w_mm", value: crossing, lower: 3, upper: 9.5)
            ])
    }
}

/// Sample standard deviation.
func standardDeviation(_ x: [Double]) -> Double {
    let mean = x.reduce(0, +) / Double(x.count)
    return (x.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(1, x.count - 1))).squareRoot()
}

/// Spearman's rank correlation (no ties expected: sizes are distinct, rates continuous).
func rankCorrelation(_ x: [Double], _ y: [Double]) -> Double {
    func ranks(_ v: [Double]) -> [Double] {
        var r = [Double](repeating: 0, count: v.count)
        for (rank, i) in v.indices.sorted(by: { v[$0] < v[$1] }).enumerated() { r[i] = Double(rank) }
        return r
    }
    return LinearFit(x: ranks(x), y: ranks(y)).rSquared.squareRoot()
        * (LinearFit(x: ranks(x), y: ranks(y)).slope < 0 ? -1 : 1)
}
