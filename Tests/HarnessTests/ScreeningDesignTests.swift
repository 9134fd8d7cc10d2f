import Testing
@testable import Harness
import UserModels

@Suite("Screening design and policy variants")
struct ScreeningDesignTests {
    @Test("each trajectory moves one group at a time by ±2/3, every group once, levels on the 4-level grid")
    func trajectories() throws {
        let spec = try parse(smallSpec())
        let design = spec.screeningVariants(trajectories: 3, participants: 2)
        let k = ParameterGroups.screened.count
        #expect(design.count == 3 * (k + 1))
        for r in 0..<3 {
            let path = design.filter { $0.trajectory == r }
            #expect(path.map(\.step) == Array(0...k))
            #expect(Set(path.compactMap(\.moved)) == Set(0..<k))
            for (a, b) in zip(path, path.dropFirst()) {
                let changed = (0..<k).filter { a.levels[$0] != b.levels[$0] }
                #expect(changed == [b.moved!] && abs(abs(b.delta) - 2.0 / 3) < 1e-12)
                #expect(abs(b.levels[b.moved!] - a.levels[b.moved!] - b.delta) < 1e-12)
            }
            #expect(path.allSatisfy { $0.levels.allSatisfy { l in [0, 1.0 / 3, 2.0 / 3, 1].contains { abs($0 - l) < 1e-12 } } })
        }
        // Same seed, same design; the population shrinks to the screening size and the seed is kept.
        #expect(spec.screeningVariants(trajectories: 3, participants: 2).map(\.levels) == design.map(\.levels))
        #expect(design.allSatisfy { $0.spec.population.participants == 2 && $0.spec.seed == spec.seed })
    }

    @Test("factors: parameters moves each parameter of the named groups on its own, one step each")
    func parameterFactors() throws {
        let screen = "  screen: {trajectories: 2, participants: 2, groups: [gesture], factors: parameters}"
        let sweep = "sensitivity:\n  parameters:\n    motor.timing_cv: [0.05, 0.1]\n" + screen
        let spec = try parse(smallSpec(extra: sweep))
        let paths = ParameterGroups.all.first { $0.name == "gesture" }!.paths
        #expect(spec.screenedGroups.map(\.name) == paths && spec.screenedGroups.allSatisfy { $0.paths == [$0.name] })
        let design = spec.screeningVariants(trajectories: 2, participants: 2)
        #expect(design.count == 2 * (paths.count + 1))
        // A step moves exactly the one parameter it names.
        for (a, b) in zip(design, design.dropFirst()) where b.step > 0 {
            let moved = paths[b.moved!]
            let changed = Set(paths.filter { a.spec.population.shifts[$0] != b.spec.population.shifts[$0] })
            #expect(changed == [moved])
        }
        let bad = sweep.replacingOccurrences(of: "factors: parameters", with: "factors: params")
        #expect { try parse(smallSpec(extra: bad)) } throws: { "\($0)".contains("unknown screening factor 'params'") }
    }

    @Test("the study-size design: by default 10 trajectories, 20 people a point, each parameter alone, as `study/…`")
    func studyDesign() throws {
        let head = "sensitivity:\n  parameters:\n    motor.timing_cv: [0.05, 0.1]\n"
        let spec = try parse(smallSpec(extra: head + "  screen: {trajectories: 2, participants: 2, groups: [gesture]}"))
        let study = try #require(spec.screeningDesign(.study))
        #expect(study.trajectories == 10 && study.participants == 20 && study.factors == .parameters)
        let paths = ParameterGroups.all.first { $0.name == "gesture" }!.paths
        let variants = spec.screeningVariants(study)
        #expect(variants.count == 10 * (paths.count + 1) && variants.allSatisfy { $0.label.hasPrefix("study/r") })
        #expect(variants.allSatisfy { $0.spec.population.participants == 20 })
        // The suite's design is untouched by the study's.
        let suite = try #require(spec.screeningDesign(.suite))
        #expect(suite.trajectories == 2 && suite.factors == .groups)
        #expect(spec.screeningVariants(suite).allSatisfy { $0.label.hasPrefix("screen/r") })
        // A spec may size its study.
        let sized = head + "  screen: {groups: [gesture], study: {trajectories: 3, participants: 5, factors: groups}}"
        let small = try #require(try parse(smallSpec(extra: sized)).screeningDesign(.study))
        #expect(small.trajectories == 3 && small.participants == 5 && small.factors == .groups)
        let bad = head + "  screen: {study: {people: 5}}"
        #expect { try parse(smallSpec(extra: bad)) } throws: { "\($0)".contains("people") }
    }

    @Test("a screened parameter's plausible range contains its default and stays inside what is allowed")
    func plausibleRanges() {
        for group in ParameterGroups.screened {
            for path in group.paths {
                let def = ParameterCatalog.definition(path)!
                let range = ParameterGroups.plausibleRange(def)
                #expect(def.allowed.contains(range.lowerBound) && def.allowed.contains(range.upperBound), "\(path)")
                #expect(range.contains(min(max(def.novice.typical, def.allowed.lowerBound), def.allowed.upperBound)), "\(path)")
            }
        }
        #expect(ParameterGroups.screened.flatMap(\.paths).allSatisfy { ParameterCatalog.definition($0)!.source.lowercased().hasPrefix("assumption") })
    }

    @Test("a spec may name the groups it screens: the gesture group only where asked, in catalogue order")
    func namedGroups() throws {
        let sweep = "sensitivity:\n  parameters:\n    motor.timing_cv: [0.05, 0.1]\n  screen: {trajectories: 2, participants: 2, groups: [gesture, motor]}"
        let spec = try parse(smallSpec(extra: sweep))
        #expect(spec.screenedGroups.map(\.name) == ["motor", "gesture"])
        #expect(spec.screenedGroups[1].paths.allSatisfy { $0.hasPrefix("gesture.") } && !spec.screenedGroups[1].paths.isEmpty)
        let design = spec.screeningVariants(trajectories: 2, participants: 2)
        #expect(design.count == 2 * 3 && design.allSatisfy { $0.levels.count == 2 })
        // The moved gesture group shifts a gesture parameter and nothing of another group.
        let moved = try #require(design.first { $0.moved == 1 })
        #expect(moved.spec.population.shifts.keys.contains { $0.hasPrefix("gesture.") })
        #expect(!moved.spec.population.shifts.keys.contains { $0.hasPrefix("memory.") })
        // Without `groups`, the standard groups, never gesture.
        #expect(try parse(smallSpec()).screenedGroups.map(\.name) == ParameterGroups.screened.map(\.name))
        #expect(!ParameterGroups.screened.contains { $0.name == "gesture" })
        // An unknown group is an error that names it.
        let bad = "sensitivity:\n  parameters:\n    motor.timing_cv: [0.05, 0.1]\n  screen: {groups: [gestures]}"
        #expect { try parse(smallSpec(extra: bad)) } throws: { "\($0)".contains("unknown parameter group 'gestures'") }
    }
}

extension ExperimentSpec {
    /// The suite's design with `trajectories` and `participants` (a test's small design).
    fileprivate func screeningVariants(trajectories: Int, participants: Int) -> [ScreeningVariant] {
        screeningVariants(
            ScreeningDesign(
                scale: .suite, trajectories: trajectories, participants: participants,
                factors: sensitivity?.screen.factors ?? .groups))
    }
}
