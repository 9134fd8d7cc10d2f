import Foundation
import Harness
import Statistics

/// The answer first (DESIGN §8): for the spec's headline metric, each strategy
/// against the first one — the difference with its interval, whether it holds,
/// whether it is robust under the screening of every assumption, and whether it
/// holds under the other decision policy — then the caveat that matters most.
public struct Answer: Sendable, Codable, Hashable {
    public var experiment: String
    public var title: String
    public var run: Int64
    /// The headline metric the verdicts are about.
    public var metric: String
    /// One verdict per strategy against the first, in plain words with its interval and robustness.
    public var verdicts: [String]
    public var caveat: String
    /// The strategies best first on `metric`, each against the best.
    public var ranking: [RankedStrategy] = []
    /// The answer in at most five sentences: who is best, who is equivalent to it or cannot be told
    /// apart from it, the closest worse one, how robust.
    public var summary: [String] = []
    /// The best ranked again with each task left out and each class of tasks alone (nil: one task).
    public var taskMix: TaskMix?

    public init(
        experiment: String, title: String, run: Int64, metric: String, verdicts: [String], caveat: String,
        ranking: [RankedStrategy] = [], summary: [String] = [], taskMix: TaskMix? = nil
    ) {
        (self.experiment, self.title, self.run, self.metric) = (experiment, title, run, metric)
        (self.verdicts, self.caveat, self.ranking, self.summary) = (verdicts, caveat, ranking, summary)
        self.taskMix = taskMix
    }

    /// An answer.json written before the ranking existed reads with none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            experiment: try c.decode(String.self, forKey: .experiment),
            title: try c.decode(String.self, forKey: .title),
            run: try c.decode(Int64.self, forKey: .run), metric: try c.decode(String.self, forKey: .metric),
            verdicts: try c.decode([String].self, forKey: .verdicts),
            caveat: try c.decode(String.self, forKey: .caveat),
            ranking: try c.decodeIfPresent([RankedStrategy].self, forKey: .ranking) ?? [],
            summary: try c.decodeIfPresent([String].self, forKey: .summary) ?? [],
            taskMix: try c.decodeIfPresent(TaskMix.self, forKey: .taskMix))
    }
}

enum AnswerSection {
    /// The headline metric (the one the verdicts are about), or "" when the spec names none.
    static func metric(_ spec: ExperimentSpec) -> String {
        spec.sensitivity?.metric ?? spec.metrics.first ?? spec.knownMetrics.first ?? ""
    }

    /// Whether the headline metric is compared as a survival outcome: times to
    /// effect are censored, so they are compared by restricted means of the
    /// Kaplan–Meier curves (read from the trials), not by their values.
    static func isSurvival(_ metric: String) -> Bool { Contrast.isSurvival(metric) }

    /// What the answer reads of the run, in the report's pass: the headline
    /// metric's values by strategy and participant (`RunSamples`), and the spec's
    /// costs; nil when there is nothing to read (a survival headline, which reads
    /// its observations apart, and no costs).
    static func reader(spec: ExperimentSpec) -> RunSamples.Reader? {
        let metric = Self.metric(spec)
        let read = (metric.isEmpty || isSurvival(metric) ? [] : [metric]) + spec.report.costs
        guard !read.isEmpty else { return nil }
        return RunSamples.Reader(metrics: read, only: Set(spec.strategies.map(\.label)))
    }

    /// What a survival headline reads: each strategy's survival observations.
    /// `ceilings`: what each design can express (`CeilingSection`), for the task mix.
    static func requests(spec: ExperimentSpec, ceilings: [DesignCeiling] = [], into r: inout SelectionRequests) {
        TaskMix.requests(spec: spec, metric: metric(spec), ceilings: ceilings, into: &r)
        for s in spec.strategies {
            r.add(TrialSelection(strategy: s.label))
            r.add(stoppedByAttempts(s.label, spec: spec))
        }
        guard isSurvival(metric(spec)) else { return }
        for s in spec.strategies { r.add(TrialSelection(strategy: s.label), survival: true) }
    }

    /// `samples`: what `reader(spec:)` read of the run.
    /// `trials`: how many trials the run holds; with none, the answer says so instead of comparing.
    static func build(
        spec: ExperimentSpec, results: ResultSet, samples: RunSamples?, screening: ScreeningAnalysis?,
        trials: Int, ceilings: [DesignCeiling] = [], into doc: inout ReportDocument
    ) -> Answer {
        var answer = make(spec: spec, results: results, samples: samples, screening: screening, ceilings: ceilings)
        if trials == 0 {
            answer.verdicts = [
                "Run \(results.run.id) holds no trials (a shard with no sessions of its own, or a run "
                    + "whose trials were removed): there is nothing to compare, and every figure below is empty."
            ]
            answer.caveat =
                "there are no trials to report; merge the shards (`refine merge`) and report the "
                + "merged database."
        }
        doc.add(.heading(level: 2, text: "Answer"))
        if answer.metric.isEmpty {
            doc.add(.paragraph(answer.caveat))
            return answer
        }
        // One screen: the sentences, the ranking's head, the caveat; every comparison folded below.
        if !answer.summary.isEmpty { doc.add(.paragraph(answer.summary.joined(separator: " "))) }
        let table = rankingTable(answer, spec: spec)
        if !table.rows.isEmpty {
            doc.add(.table(header: table.header, rows: Array(table.rows.prefix(Self.shownRanks))))
            if table.rows.count > Self.shownRanks {
                let more = table.rows.count - Self.shownRanks
                doc.add(
                    .foldStart(
                        summary: more == 1
                            ? "The last strategy of the ranking"
                            : "The other \(more) strategies of the ranking"))
                doc.add(.table(header: table.header, rows: Array(table.rows.dropFirst(Self.shownRanks))))
                doc.add(.foldEnd)
            }
        }
        doc.add(.paragraph("Main caveat: " + answer.caveat))
        if !answer.verdicts.isEmpty {
            doc.add(
                .foldStart(
                    summary: "Every strategy against \(spec.strategies.first?.label ?? ""), "
                        + "with the screening"))
            doc.add(.bullets(answer.verdicts))
            doc.add(.foldEnd)
        }
        answer.taskMix?.add(
            to: &doc, definition: MetricCatalog.definition(answer.metric), confidence: spec.report.confidence)
        return answer
    }

    /// Rows of the ranking shown before the fold.
    static let shownRanks = 5

    static func rankingTable(_ answer: Answer, spec: ExperimentSpec) -> (header: [String], rows: [[String]]) {
        let definition = MetricCatalog.definition(answer.metric), survival = isSurvival(answer.metric)
        let ranked = spec.better(answer.metric) != .neither
        let rows = answer.ranking.enumerated().map { i, r -> [String] in
            let against = r.fromBest.map { AnswerRanking.differenceText($0, definition) } ?? "–"
            let mark =
                i == 0
                ? (ranked ? "best" : "")
                : r.verdict == .equivalent ? "equivalent to the best" : r.sameAsBest ? "tied" : "worse"
            return [
                ranked ? "\(i + 1)" : "–", r.strategy, AnswerRanking.text(r.value, definition, withUnit: false),
                against, ranked ? mark : ""
            ]
        }
        let value =
            survival
            ? "\(definition.label), restricted mean to \(formatNumber(spec.limits.timeLimit)) s"
            : definition.kind == .outcome ? "\(definition.label), rate" : definition.label
        return (
            [
                "rank", "strategy", value,
                "minus the best [\(formatNumber(spec.report.confidence * 100))% CI]", ""
            ], rows
        )
    }

    /// At most four sentences: the best, those that cannot be told apart from it, the closest other, the screening.
    static func summary(
        _ ranking: [RankedStrategy], metric: String, spec: ExperimentSpec,
        screening: ScreeningAnalysis?
    ) -> [String] {
        guard let best = ranking.first else { return [] }
        let definition = MetricCatalog.definition(metric), better = spec.better(metric)
        guard better != .neither else {
            return [
                "Neither way is better on \(definition.words) (\(definition.meaning)): the table lists each "
                    + "strategy's value in the spec's order."
            ]
        }
        let value =
            AnswerRanking.text(best.value, definition)
            + (isSurvival(metric) ? " on average up to the time limit" : "")
        let same = ranking.dropFirst().filter(\.sameAsBest).map(\.strategy)
        // "Best" only when nothing ties with it; otherwise it merely ranks first.
        var out = [
            "\(best.strategy) \(same.isEmpty ? "is best" : "ranks first") on \(definition.words) "
                + "(\(MetricDefinition.text(better))): \(value)."
        ]
        let equivalent = ranking.dropFirst().filter { $0.verdict == .equivalent }.map(\.strategy)
        let untold = same.filter { !equivalent.contains($0) }
        if !equivalent.isEmpty, let margin = spec.practical[metric] {
            let verb = equivalent.count == 1 ? "is" : "are"
            out.append(
                "\(Self.list(equivalent)) \(verb) equivalent to it (the interval "
                    + "of the difference lies within the ±\(formatNumber(margin)) that matters).")
        }
        if !untold.isEmpty {
            let nor = spec.practical[metric] == nil ? "" : ", nor lies within the margin"
            out.append(
                "\(Self.list(untold)) cannot be told apart from it "
                    + "(the interval of the difference includes none\(nor)).")
        }
        if let next = ranking.dropFirst().first(where: { !$0.sameAsBest }), let d = next.fromBest {
            out.append(
                "\(same.isEmpty ? "The closest" : "The closest measurably worse"), \(next.strategy), differs by "
                    + "\(AnswerRanking.differenceText(d, definition)).")
        }
        let claims = screening?.claims.filter { $0.metric == metric && !$0.points.isEmpty } ?? []
        if let screening, !claims.isEmpty {
            let robust = claims.filter(\.robust).count
            out.append(
                "Under the screening of the people's assumptions, \(robust) of \(claims.count) comparisons with "
                    + "\(spec.strategies[0].label) are reversed at no screening point (paired interval, "
                    + "\(screening.participants) participants a point).")
        }
        return out
    }

    /// What the strategy ranked first gives up, on the spec's `report.costs`, against the next-ranked one
    /// (tied or not): each cost's difference (first minus next, the same contrast as every comparison) and
    /// whether it is better, worse or no clearer for the first. Nil when the spec lists no costs, there is
    /// no second strategy, or the headline ranks nothing (neither way is better).
    static func costSentence(spec: ExperimentSpec, samples: RunSamples?, ranking: [RankedStrategy]) -> String? {
        guard !spec.report.costs.isEmpty, ranking.count >= 2, let samples,
            spec.better(metric(spec)) != .neither
        else { return nil }
        let (first, next) = (ranking[0].strategy, ranking[1].strategy)
        let parts = spec.report.costs.compactMap { cost -> String? in
            // Costs are per-trial metrics (the spec refuses a time to effect), so no survival data is read.
            let d = AnswerRanking.difference(next, first, spec: spec, results: nil, samples: samples, metric: cost)
            guard let d else { return nil }
            let definition = MetricCatalog.definition(cost)
            let verdict = Verdict.judge(d, better: spec.better(cost), margin: spec.practical[cost])
            let judged = verdict == .inconclusive ? "no clear difference" : verdict.rawValue
            return "\(definition.words) \(AnswerRanking.differenceText(d, definition, withUnit: true)) (\(judged))"
        }
        guard !parts.isEmpty else { return nil }
        return "On other measures, \(first) minus the next-ranked \(next): \(parts.joined(separator: "; "))."
    }

    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func make(
        spec: ExperimentSpec, results: ResultSet, samples: RunSamples?, screening: ScreeningAnalysis?,
        ceilings: [DesignCeiling] = []
    ) -> Answer {
        let metric = Self.metric(spec)
        let better = spec.better(metric)
        let strategies = spec.strategies.map(\.label)
        guard let base = strategies.first, !metric.isEmpty else {
            return Answer(
                experiment: spec.name, title: spec.report.title, run: results.run.id, metric: "", verdicts: [],
                caveat: "The spec names no headline metric (`metrics` or `sensitivity.metric`).")
        }
        var bullets: [String] = []
        let baseSample = samples?.sample(strategy: base, metric: metric)
        for other in strategies.dropFirst() {
            // Times to effect are censored: compare restricted means of the Kaplan–Meier
            // curves up to the time limit, with the log-rank test beside.
            if Self.isSurvival(metric) {
                // Fewer than three trials on a side: no comparison (nor would their values make one).
                let a = SurvivalData(results.selected(TrialSelection(strategy: base)))
                let b = SurvivalData(results.selected(TrialSelection(strategy: other)))
                guard
                    let contrast = Contrast.make(
                        metric, base: ContrastSide(survival: a),
                        other: ContrastSide(survival: b), names: (base, other),
                        paired: true, settings: Contrast.Settings(spec))
                else { continue }
                let (d, p, step) = (contrast.difference, LogRank.test(a.entries, b.entries).p, contrast.gridStep)
                let verdict = contrast.verdict(better: better, margin: spec.practical[metric])
                    .sentence(other: other, base: base, margin: spec.practical[metric])
                let grid =
                    (step.map { "; the interval's resampled curves on a \(formatNumber($0, digits: 6)) s grid" } ?? "")
                    + (a.isBucketed || b.isBucketed ? "; " + SurvivalData.bucketedNote : "")
                var line =
                    "\(other) vs \(base), time to effect: restricted mean (Kaplan–Meier, up "
                        + "to \(formatNumber(spec.limits.timeLimit)) s, failures censored when the person "
                        + "stopped\(grid)) differs by \(formatEstimate(d, digits: 3)) s, log-rank "
                        + "p \(p < 1e-4 ? "< 0.0001" : "= " + formatNumber(p, digits: 4)) — \(verdict)"
                if let c = screening?.claim(base, other, metric), !c.points.isEmpty {
                    line +=
                        "; the mean over reached trials keeps its sign at \(c.holdsAt)/\(c.points.count) screening "
                            + "points and is reversed at \(c.reversedAt) (\(c.label))"
                    for p in c.underPolicies {
                        line +=
                            "; with the \(p.policy) "
                                + "policy: \(c.keepsSign(p.value) ? "same direction" : "does not hold")"
                    }
                }
                bullets.append(line + ".")
                continue
            }
            // Every strategy meets the same people: differences are paired over participants
            // (a cluster bootstrap that resamples people, not trials). Past 256 values a person
            // the samples are sketches; the answer compares means (or rates), which stay exact.
            let side = ContrastSide(sample: samples?.sample(strategy: other, metric: metric)?.clustered)
            guard
                let contrast = Contrast.make(
                    metric, base: ContrastSide(sample: baseSample?.clustered), other: side,
                    names: (base, other), paired: true, settings: Contrast.Settings(spec))
            else { continue }
            let (statistic, d) = (contrast.statistic.rawValue, contrast.difference)
            let verdict = contrast.verdict(better: better, margin: spec.practical[metric])
                .sentence(other: other, base: base, margin: spec.practical[metric])
            var line =
                "\(other) vs \(base) on \(metric) (\(MetricDefinition.text(better))): "
                + "\(statistic) difference \(formatEstimate(d, digits: 3)) — \(verdict)"
            if let c = screening?.claim(base, other, metric) {
                if !c.points.isEmpty {
                    let screened = spec.sensitivity?.screen.groups.map {
                        "the assumptions of " + $0.joined(separator: " and ")
                    }
                    line +=
                        "; under the screening of \(screened ?? "every assumption"): "
                            + "\(c.label) (reversed at \(c.reversedAt) of \(c.points.count) points, keeps its sign at "
                            + "\(c.holdsAt))"
                }
                for p in c.underPolicies {
                    let holds = c.keepsSign(p.value)
                    line +=
                        "; with the \(p.policy) policy: \(holds ? "same direction" : "does not hold") "
                            + "(\(formatNumber(p.value, digits: 3)))"
                }
            } else {
                line += "; not screened (run `refine sensitivity --screen`)"
            }
            bullets.append(line + ".")
        }
        let fragile = screening?.claims.filter { !$0.points.isEmpty && !$0.robust && $0.metric == metric } ?? []
        let caveat =
            fragile.isEmpty
            ? "Every figure rests on simulated people whose untested assumptions are listed in the screening below; "
                + "intervals resample people (a person's trials together), so they speak for a population like the "
                + "simulated one, not for the real users of a shipping design."
            : "The comparisons marked fragile are reversed somewhere in the plausible range of the assumptions they "
                + "are fragile to (\(Set(fragile.flatMap(\.fragileTo)).sorted().joined(separator: ", "))): read them "
                + "as conditional on those assumptions."
        let ranking = AnswerRanking.rank(
            spec: spec, results: results, samples: samples, metric: metric,
            better: better)
        let limited = [
            limitSentence(spec: spec, samples: samples, metric: metric), attemptSentence(spec: spec, results: results),
        ].compactMap { $0 }
        let mix = ranking.first.flatMap {
            TaskMix.check(spec: spec, results: results, metric: metric, best: $0.strategy, ceilings: ceilings)
        }
        let mixed = mix.map { [$0.sentence(MetricCatalog.definition(metric))] } ?? []
        let costs = costSentence(spec: spec, samples: samples, ranking: ranking).map { [$0] } ?? []
        return Answer(
            experiment: spec.name, title: spec.report.title, run: results.run.id, metric: metric,
            verdicts: bullets, caveat: caveat, ranking: ranking,
            summary: summary(ranking, metric: metric, spec: spec, screening: screening) + costs + mixed + limited,
            taskMix: mix)
    }

    /// The trials of `strategy` the attempt limit stopped: every attempt used and the effect not reached.
    static func stoppedByAttempts(_ strategy: String, spec: ExperimentSpec) -> TrialSelection {
        TrialSelection(
            strategy: strategy,
            where: [.above("attempts", Double(spec.limits.maxAttempts) - 0.5), .differs("reached_effect", 1)])
    }

    /// The strategies whose trials the attempt limit stopped in more than `limitShare` of them (questions that
    /// record no `attempts` have none): for their times and rates of reaching the effect the limit, not the design,
    /// sets the value (a first-attempt rate it cannot touch).
    static func attemptSentence(spec: ExperimentSpec, results: ResultSet) -> String? {
        let stopped = attemptShares(spec: spec, results: results).filter { $0.1 > limitShare }
        guard !stopped.isEmpty else { return nil }
        let names = stopped.map { "\($0.0) (\(formatNumber($0.1 * 100, digits: 0)) %)" }
        return "The \(spec.limits.maxAttempts)-attempt limit stopped over a fifth of the trials of \(list(names)) "
            + "short of the effect: in \(stopped.count == 1 ? "its" : "their") times and rates of reaching it, the "
            + "limit, not the design, sets the value."
    }

    /// The share of trials above which a limit, not the design, decides a strategy's value (issue 46).
    static let limitShare = 0.2

    /// The strategies whose headline time reached the spec's time limit in more than `limitShare` of their
    /// trials: for them the limit sets the value (a lower bound), so the answer says so.
    static func limitSentence(spec: ExperimentSpec, samples: RunSamples?, metric: String) -> String? {
        let limit = spec.limits.timeLimit
        let stopped = (timeLimitShares(spec: spec, samples: samples, metric: metric) ?? []).filter { $0.1 > limitShare }
        guard !stopped.isEmpty else { return nil }
        let names = stopped.map { "\($0.0) (\(formatNumber($0.1 * 100, digits: 0)) %)" }
        return "The \(formatNumber(limit)) s time limit stopped over a fifth of the trials of \(list(names)): "
            + "the limit, not the design, bounds \(stopped.count == 1 ? "its" : "their") value (from below)."
    }

    /// Each strategy's share of trials whose headline time reached the spec's time limit (nil: the headline
    /// is not a time, or the run has no per-person samples of it).
    static func timeLimitShares(spec: ExperimentSpec, samples: RunSamples?, metric: String) -> [(String, Double)]? {
        // A survival headline's values are not among the samples (they hold only a spec's costs then).
        guard MetricCatalog.definition(metric).unit == "s", let samples, samples.metrics.contains(metric) else {
            return nil
        }
        let limit = spec.limits.timeLimit
        return spec.strategies.compactMap { s in
            guard let sample = samples.sample(strategy: s.label, metric: metric), sample.trialCount > 0 else {
                return nil
            }
            let below = sample.ecdf(total: sample.trialCount).last { $0.x < limit * (1 - 1e-9) }?.y ?? 0
            return (s.label, 1 - below)
        }
    }

    /// Each strategy's share of trials the attempt limit stopped short of the effect (`stoppedByAttempts`).
    static func attemptShares(spec: ExperimentSpec, results: ResultSet) -> [(String, Double)] {
        spec.strategies.map { s in
            let all = results.selected(TrialSelection(strategy: s.label)).count
            let stopped = results.selected(stoppedByAttempts(s.label, spec: spec)).count
            return (s.label, Double(stopped) / Double(max(all, 1)))
        }
    }

    /// What the set-up says of the limits beside their values: the largest share of one strategy's trials
    /// each limit stopped, so a reader sees how near a limit came to deciding, not only when it did.
    static func limitShares(spec: ExperimentSpec, results: ResultSet, samples: RunSamples?, metric: String) -> String {
        func most(_ shares: [(String, Double)], _ how: String, _ note: String = "") -> String {
            guard let top = shares.max(by: { $0.1 < $1.1 }), top.1 > 0 else { return "none" + how }
            if top.1 < 0.01 { return "under 1 % of each strategy's trials\(how) (\(top.0) the most\(note))" }
            return "at most \(formatNumber(top.1 * 100, digits: 0)) % of a strategy's trials\(how) (\(top.0)\(note))"
        }
        var parts: [String] = []
        if let time = timeLimitShares(spec: spec, samples: samples, metric: metric) {
            let name = MetricCatalog.definition(metric).name.replacingOccurrences(of: "_", with: " ")
            let label = name.hasSuffix(" s") ? String(name.dropLast(2)) : name
            parts.append("the time limit stopped \(most(time, "", "; \(label) at the limit"))")
        }
        let attempts = attemptShares(spec: spec, results: results)
        parts.append("the attempt limit stopped \(most(attempts, " short of the effect"))")
        return parts.joined(separator: "; ")
    }
}
