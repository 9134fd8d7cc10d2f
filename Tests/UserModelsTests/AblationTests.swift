import Testing
@testable import UserModels

/// Mechanisms switched off (`Ablation`): a population that switches one off fixes its parameters for everyone at
/// the value where it does nothing, and leaves every other draw as it was (the same people but for it).
@Suite("Ablations")
struct AblationTests {
    @Test("each ablation fixes its parameters, within their allowed ranges, and changes no other draw",
          arguments: Ablation.allCases)
    func fixesOnlyItsParameters(_ ablation: Ablation) throws {
        var off = Population(participants: 40, expertFraction: 0.5)
        let on = off
        off.ablations = [ablation]
        for i in 0..<40 {
            let (a, b) = (on.participant(i, seed: 11), off.participant(i, seed: 11))
            #expect(a.group == b.group)
            for def in ParameterCatalog.all {
                if let fixed = ablation.fixed[def.path] {
                    #expect(b[def.path] == fixed, "\(def.path)")
                } else {
                    #expect(a[def.path] == b[def.path], "\(def.path)")
                }
            }
        }
        for (path, value) in ablation.fixed {
            let def = try #require(ParameterCatalog.definition(path), "\(path) is not catalogued")
            #expect(def.allowed.contains(value), "\(path) = \(value) outside \(def.allowed)")
        }
    }

    @Test("an ablation wins over a shift and an override of its parameters")
    func overShiftsAndOverrides() {
        var population = Population(participants: 1, overrides: ["learning.practice_alpha": .fixed(0.5)])
        population.shifts["learning.throw_update"] = 0.2
        population.ablations = [.learning]
        let person = population.participant(0, seed: 1)
        #expect(person["learning.practice_alpha"] == 0 && person["learning.throw_update"] == 0)
    }
}
