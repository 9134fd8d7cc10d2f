import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Run the spec's design-parameter sweeps: one strategy at each value of a parameter a designer tunes.",
        discussion: """
            The spec's `tuning` section names, per sweep, a strategy (by label), one of its design's parameters \
            and the values to try, e.g.
              tuning:
                metric: time_to_effect_s
                parameters:
                  - {strategy: projected-momentum, parameter: response,
                     values: [0.25, 0.4, 0.6]}
            Each value is stored as a run variant (`tune:strategy.parameter=value`) in the database, with the same \
            people at every value; `refine report` then plots the metric against the value and names the best value \
            and the values within noise of it. User-model assumptions are swept by `refine sensitivity` instead.
            """)

    @Argument(help: "The experiment spec (YAML) with a `tuning` section.")
    var spec: String

    @OptionGroup var sweep: SweepOptions

    func run() throws {
        try reportingErrors {
            let experiment = try SpecLoader.load(path: spec, catalog: .standard)
            let variants = experiment.tuningVariants()
            guard !variants.isEmpty else {
                throw InputError(
                    "\(spec): no `tuning` section; add one, e.g. `tuning: {parameters: "
                        + "[{strategy: \(experiment.strategies[0].label), parameter: …, values: [a, b, c]}]}` "
                        + "(`refine list designs` shows each design's parameters)"
                )
            }
            try sweep.run(variants.map { .init(label: $0.label, spec: $0.spec) }, of: experiment, kind: "tuning")
        }
    }
}
