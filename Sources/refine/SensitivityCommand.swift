import ArgumentParser
import Foundation
import Harness
import Questions
import Reports
import UserModels

struct SensitivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensitivity",
        abstract:
            "Run the spec's sensitivity sweeps: the experiment again with each uncertain user-model parameter moved "
                + "across its range.",
        discussion: """
            Each sweep point is stored as a run variant (`path=value`) in the database; `refine report` then shows, \
            per comparison, whether the winner and the effect size hold across each parameter's range, with a plot.
            """)

    @Argument(help: "The experiment spec (YAML) with a `sensitivity` section.")
    var spec: String

    @OptionGroup var sweep: SweepOptions

    @Flag(
        help: "Run the Morris screening of every assumption parameter (in groups) instead of the one-at-a-time sweeps.")
    var screen = false

    @Flag(
        help: ArgumentHelp(
            "With --screen: run the study-size screening (`screen.study`: by default 10 trajectories, 20 "
                + "participants a point, each parameter on its own, only those the spec's people read in its main "
                + "run, found by simulating it once) instead of the suite's small one; the report then reads its "
                + "labels from it."))
    var study = false

    @Flag(
        help: ArgumentHelp(
            "Run the experiment again with each mechanism of the simulated people switched off in turn ("
                + Ablation.allCases.map(\.rawValue).joined(separator: ", ")
                + "), and once with none (the reference), instead of the sweeps; the report's ablation table says "
                + "which mechanism, switched off, changes the headline."))
    var ablate = false

    func validate() throws {
        if screen && ablate { throw ValidationError("--screen and --ablate are separate runs: give one of them") }
        if study && !screen { throw ValidationError("--study sizes the screening: give it with --screen") }
    }

    func run() throws {
        try reportingErrors {
            let experiment = try SpecLoader.load(path: spec, catalog: .standard)
            let variants: [VariantRuns.Variant] =
                ablate
                ? experiment.ablationVariants().map { .init(label: $0.label, spec: $0.spec) }
                : screen
                ? (try screeningDesign(experiment).map(experiment.screeningVariants) ?? []).map {
                    .init(label: $0.label, spec: $0.spec, path: $0.movedParameters.map { .step(moved: $0) } ?? .start)
                }
                : experiment.sensitivityVariants().map { .init(label: $0.label, spec: $0.spec) }
                    + experiment.policyVariants().map { .init(label: $0.label, spec: $0.spec) }
            guard !variants.isEmpty else {
                if ablate { throw InputError("\(spec): population.ablate switches off every mechanism already") }
                throw InputError(
                    "\(spec): no `sensitivity` section; add one, e.g. `sensitivity: {participants: 20, metric: "
                        + "time_to_effect_s, parameters: {motor.release_speed_pt_s: [500, 1000, 2000]}}`"
                )
            }
            try sweep.run(variants, of: experiment, kind: "sensitivity")
        }
    }

    /// The suite's screening, or the study-size one over the parameters the spec's people read.
    private func screeningDesign(_ experiment: ExperimentSpec) throws -> ScreeningDesign? {
        guard study else { return experiment.screeningDesign(.suite) }
        guard let design = try experiment.studyScreeningDesign(jobs: sweep.workers.jobs) else { return nil }
        if experiment.screenedFactors(design.factors, reading: design.read).isEmpty {
            let groups = experiment.screenedFactors(.groups).map(\.name).joined(separator: ", ")
            throw InputError(
                "\(spec): sensitivity.screen.groups: no parameter of the groups screened (\(groups)) is read by "
                    + "this experiment's people, so a study-size screening would move nothing; name groups its "
                    + "question uses (`refine list parameters`)")
        }
        return design
    }
}
