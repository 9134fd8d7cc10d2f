import ArgumentParser
import Foundation
import Harness
import Questions
import Reports
import Statistics
import UserModels

struct PowerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "power",
        abstract: "How many participants are needed to detect a difference with the required power, by simulation.",
        discussion: """
            Runs many simulated studies (other people each time, seeded) at each participant count, judges each as \
            the report or the gate would, and writes power against participants: a table, a gnuplot figure and \
            power.json, with the answer first.

            What is detected:
              --compare A:B:METRIC  the difference the models predict between
                strategies A and B: the study's report would call B better or
                worse than A on METRIC — the same contrast and rule as the
                Answer and `refine compare` (rates for 0/1 metrics, restricted
                means of time to effect, else means; the paired interval at the
                spec's report confidence excludes zero and does not lie within
                the spec's practical margin, `practical:`). Nothing is planted.
              --plant S:M:FACTOR  the spec's gate catches a regression planted
                into strategy S's metric M (e.g. 1.1: 10% higher), in the same
                people (--in same-people, as `refine check` sees a code change)
                or in a run of other people (--in other-people).
            Without either, the spec's first strategy's first gated metric made 10% worse, in the same people.

            Study i has the same seed at every participant count, so bigger studies extend smaller ones with more \
            people (common random numbers). Cost: studies × the sum of the participant counts, in participant-runs \
            of the spec (twice that for --in other-people).
            """)

    @Argument(help: "The experiment spec (YAML).")
    var spec: String

    @Option(help: "Detect the difference between two strategies in a metric: A:B:METRIC.")
    var compare: String?

    @Option(help: "Detect a regression planted for the gate: STRATEGY:METRIC:FACTOR (metric must be gated).")
    var plant: String?

    enum People: String, ExpressibleByArgument, CaseIterable {
        case samePeople = "same-people", otherPeople = "other-people"
    }

    @Option(
        name: .customLong("in"),
        help: "With --plant: plant into the same people (paired) or into a run of other people (unpaired).")
    var people: People = .samePeople

    @Option(help: "Participant counts to try, comma-separated (default: half, once, twice and four times the spec's).")
    var participants: String?

    @Option(help: "Simulated studies per participant count.")
    var studies: Int = 20

    @Option(help: "The power required (share of studies that detect it).")
    var power: Double = 0.8

    @Option(help: "Output folder (default: Reports/<experiment>-power).")
    var out: String?

    @OptionGroup var workers: JobsOption

    @Flag(help: "Print the curve as JSON on standard output.")
    var json = false

    func run() throws {
        try reportingErrors {
            let base = try SpecLoader.load(path: spec, catalog: .standard)
            let output = URL(fileURLWithPath: out ?? "Reports/\(base.name)-power")
            try StagedFolder.claim(output, inputs: [spec])
            guard studies >= 1 else { throw InputError("--studies: expected at least 1, got \(studies)") }
            guard power > 0 && power <= 1 else {
                throw InputError("--power: expected a share above 0 and at most 1, got \(power)")
            }
            let counts = try participantCounts(base)
            let target = try makeTarget(base)
            let curve = try PowerAnalysis.run(
                spec: base, target: target, participants: counts, simulations: studies,
                requiredPower: power, jobs: workers.jobs
            ) { line in
                if !json { FileHandle.standardError.write(Data("power: \(line)\n".utf8)) }
            }
            try PowerReport.write(curve, to: output)
            if json {
                try printJSON(curve)
            } else {
                for p in curve.points {
                    print(
                        "\(p.participants) participants: power \(formatRate(p.power)) (\(p.detected)/\(p.simulations) "
                            + "studies)"
                    )
                }
                print(PowerReport.answer(curve))
                print("wrote \(output.path)/index.html")
            }
        }
    }

    func participantCounts(_ spec: ExperimentSpec) throws -> [Int] {
        guard let participants else {
            let n = spec.population.participants
            return Array(Set([max(2, n / 2), n, 2 * n, 4 * n])).sorted()
        }
        let counts = participants.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 2 }) else {
            throw InputError(
                "--participants: expected comma-separated counts of at least 2, e.g. 10,20,40; got '\(participants)'")
        }
        return Array(Set(counts.compactMap { $0 })).sorted()
    }

    func makeTarget(_ spec: ExperimentSpec) throws -> PowerTarget {
        if compare != nil && plant != nil { throw InputError("--compare and --plant: choose one") }
        if let compare {
            let parts = compare.split(separator: ":").map(String.init)
            let labels = spec.strategies.map(\.label)
            let known = spec.knownMetrics
            guard labels.count >= 2 else {
                throw InputError("--compare: \(spec.path) has one strategy ('\(labels[0])'); a comparison needs two")
            }
            guard parts.count == 3 else {
                throw InputError(
                    "--compare: expected A:B:METRIC, "
                        + "e.g. \(labels[0]):\(labels.last!):\(spec.metrics.first ?? known[0]); got '\(compare)'"
                )
            }
            for s in parts[0...1] where !labels.contains(s) {
                throw InputError(
                    "--compare: no strategy '\(s)' in \(spec.path) (strategies: \(labels.joined(separator: ", ")))")
            }
            guard parts[0] != parts[1] else {
                throw InputError("--compare: A and B are the same strategy '\(parts[0])'")
            }
            guard known.contains(parts[2]) else {
                throw InputError(
                    "--compare: '\(parts[2])' is not a metric of question '\(spec.question)' "
                        + "(\(known.joined(separator: ", ")))"
                )
            }
            return .difference(a: parts[0], b: parts[1], metric: parts[2])
        }
        guard let gate = spec.gate else {
            throw InputError(
                "\(spec.path): no `gate` section, so there is nothing to plant a regression for; use --compare "
                    + "A:B:METRIC to size a comparison of strategies"
            )
        }
        return .gate(try parsePlant(plant, spec: spec, gate: gate), gate, sameSeed: people == .samePeople)
    }
}

extension ClusterStatistic: ExpressibleByArgument {}
