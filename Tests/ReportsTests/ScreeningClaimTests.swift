import PropertyBased
import Testing
@testable import Reports

/// A screening claim is fragile only where a point's paired interval lies
/// wholly on the other side of zero (`ScreeningAnalysis.Claim`).
@Suite("Screening claims: fragile only where an interval reverses them")
struct ScreeningClaimTests {
    static func claim(base: Double, _ intervals: [ClosedRange<Double>]) -> ScreeningAnalysis.Claim {
        var c = ScreeningAnalysis.Claim(
            a: "a", b: "b", metric: "m", base: base, points: intervals.map { ($0.lowerBound + $0.upperBound) / 2 },
            influence: [("motor", 1)])
        c.intervals = intervals
        return c
    }

    @Test("a sign change inside an interval that includes zero is noise; one outside it is a reversal")
    func reversal() {
        let noisy = Self.claim(base: 2, [1...3, -1...0.5, 0.5...4])
        #expect(noisy.holdsAt == 2 && noisy.reversedAt == 0 && noisy.robust)
        let reversed = Self.claim(base: 2, [1...3, -3 ... -0.5])
        #expect(reversed.reversedAt == 1 && !reversed.robust && reversed.label == "fragile (to motor)")
        let negative = Self.claim(base: -1, [0.2...0.9])
        #expect(negative.reversedAt == 1)
        #expect(!Self.claim(base: 1, []).robust, "a claim with no screening point is not robust")
    }

    @Test("reversedAt never exceeds the points whose estimate changed sign")
    func reversedIsASubsetOfSignChanges() async {
        await propertyCheck(input: Gen.double(in: -5...5), Gen.double(in: -5...5), Gen.double(in: 0...3)) {
            base, centre, half in
            let c = Self.claim(base: base, [(centre - half)...(centre + half)])
            #expect(c.reversedAt <= c.points.count - c.holdsAt)
        }
    }

    @Test("a stored screening point the design does not have stops the report, unless a later screen superseded it")
    func staleScreening() throws {
        let design = ["screen/r1/s0", "screen/r1/s1"]
        // The catalogue lost a parameter: s2 was run before the design's points were run again; fine.
        try ScreeningAnalysis.checkFits(
            design, stored: ["screen/r1/s0": 5, "screen/r1/s1": 6, "screen/r1/s2": 3], in: "x.sqlite")
        // s2 newer than a point of the design: the stored points were run over another set of parameters.
        #expect(throws: ReportError.self) {
            try ScreeningAnalysis.checkFits(
                design, stored: ["screen/r1/s0": 1, "screen/r1/s1": 2, "screen/r1/s2": 3], in: "x.sqlite")
        }
        try ScreeningAnalysis.checkFits(design, stored: [:], in: "x.sqlite")
    }
}
