import Harness
@testable import Reports
@testable import Statistics
import Testing

/// The one rule comparisons end with: an interval beyond zero on the good side is better, on the bad
/// side worse, inside the practical margin equivalent, else inconclusive.
@Suite("The verdict rule")
struct VerdictRuleTests {
    let e = { (v: Double, l: Double, u: Double) in Estimate(value: v, lower: l, upper: u) }

    @Test("the direction decides which side of zero is better")
    func direction() {
        #expect(Verdict.judge(e(-1, -2, -0.5), better: .lower) == .better)
        #expect(Verdict.judge(e(-1, -2, -0.5), better: .higher) == .worse)
        #expect(Verdict.judge(e(1, 0.5, 2), better: .higher) == .better)
        #expect(Verdict.judge(e(1, 0.5, 2), better: .neither) == .higher)
        #expect(Verdict.judge(e(0.1, -0.2, 0.4), better: .lower) == .inconclusive)
    }

    @Test("within the margin both ways is equivalent, even when the interval excludes zero; one bound out is not")
    func margin() {
        #expect(Verdict.judge(e(0.05, 0.01, 0.09), better: .lower, margin: 0.1) == .equivalent)
        #expect(Verdict.judge(e(0.05, -0.05, 0.15), better: .lower, margin: 0.1) == .inconclusive)
        #expect(Verdict.judge(e(0.3, 0.2, 0.4), better: .lower, margin: 0.1) == .worse)
        #expect(Verdict.judge(e(0.05, 0.01, 0.09), better: .lower) == .worse)
    }

    @Test("the sentences name the right strategy")
    func sentences() {
        #expect(Verdict.better.sentence(other: "b", base: "a", margin: nil) == "b is better")
        #expect(Verdict.worse.sentence(other: "b", base: "a", margin: nil) == "a is better")
        #expect(Verdict.equivalent.sentence(other: "b", base: "a", margin: 0.2).contains("±0.2"))
    }
}
