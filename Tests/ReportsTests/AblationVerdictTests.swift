import Testing
@testable import Reports

/// The ablation table's verdicts (`AblationSection.verdict`): a mechanism carries the headline only where
/// switching it off changes what the same people do with every mechanism on.
@Suite("Which mechanism a headline rests on")
struct AblationVerdictTests {
    static func ranked(_ first: String, best: Double, firstValue: Double, worse: Bool) -> HeadlineVariation {
        var v = HeadlineVariation(
            name: "x", tasks: nil, first: first, bestRank: first == "a" ? 1 : 2, bestValue: best,
            firstValue: firstValue)
        if first != "a" { v.verdict = worse ? .worse : .inconclusive }
        return v
    }

    @Test("an ablation that changes nothing is said to change nothing, even where the headline does not hold")
    func noEffect() {
        let reference = Self.ranked("b", best: 3.4, firstValue: 3.3, worse: true)
        let same = Self.ranked("b", best: 3.4, firstValue: 3.3, worse: true)
        #expect(AblationSection.verdict(same, against: reference, best: "a") == (false, "as with every mechanism on"))
        // Against the Answer alone (no reference run), the same numbers read as a change.
        #expect(AblationSection.verdict(same, against: nil, best: "a").restsOn)
    }

    @Test("the headline rests on a mechanism only where it holds with it on and not with it off")
    func restsOn() {
        let holding = Self.ranked("a", best: 3.3, firstValue: 3.3, worse: false)
        #expect(AblationSection.verdict(Self.ranked("b", best: 3.5, firstValue: 3.2, worse: true),
                                        against: holding, best: "a").restsOn)
        #expect(!AblationSection.verdict(Self.ranked("b", best: 3.4, firstValue: 3.39, worse: false),
                                         against: holding, best: "a").restsOn)
        let failing = Self.ranked("b", best: 3.4, firstValue: 3.3, worse: true)
        #expect(!AblationSection.verdict(Self.ranked("b", best: 3.5, firstValue: 3.2, worse: true),
                                         against: failing, best: "a").restsOn)
        #expect(AblationSection.verdict(Self.ranked("a", best: 3.2, firstValue: 3.2, worse: false),
                                        against: failing, best: "a").words == "a no longer worse")
    }
}
