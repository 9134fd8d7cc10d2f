import Foundation
import Harness
import Statistics
import UserModels

/// The Morris screening of a spec's runs (`refine sensitivity --screen`): for
/// every claim "B differs from A on a metric", the claim's value at each
/// screening point with its paired interval over the point's participants, the
/// elementary effect of each parameter group, and whether some point reverses
/// the claim (its interval lies wholly on the other side of zero: fragile, and
/// to what) or none does (robust). A point whose estimate merely changes sign
/// inside an interval that includes zero is noise at that point's size, not a
/// reversal.
public struct ScreeningAnalysis: Sendable {
    public struct Claim: Sendable {
        public var a: String
        public var b: String
        public var metric: String
        /// mean(B) − mean(A) in the main run.
        public var base: Double
        /// The same at every screening point that ran.
        public var points: [Double]
        /// The paired interval (the spec's confidence, participants resampled) of
        /// each of `points`; nil where a side had no values.
        public var intervals: [ClosedRange<Double>?] = []
        /// Group → μ* (mean absolute elementary effect, per unit of the group's level).
        public var influence: [(group: String, muStar: Double)]
        /// The same difference with each other decision policy (`policy=` variants).
        public var underPolicies: [(policy: String, value: Double)] = []

        /// Whether `difference` has the main run's sign (neither being zero).
        public func keepsSign(_ difference: Double) -> Bool {
            base != 0 && (difference > 0) == (base > 0) && difference != 0
        }

        /// Whether the claim keeps its sign under every other policy that ran (nil: none ran).
        public var holdsUnderPolicies: Bool? {
            underPolicies.isEmpty ? nil : underPolicies.allSatisfy { keepsSign($0.value) }
        }

        public var holdsAt: Int { points.filter(keepsSign).count }

        /// Whether `interval` lies wholly on the other side of zero from the main
        /// run's difference (for a main-run difference of zero: excludes zero).
        public func reverses(_ interval: ClosedRange<Double>) -> Bool {
            base > 0 ? interval.upperBound < 0 : base < 0 ? interval.lowerBound > 0 : !interval.contains(0)
        }

        /// The screening points whose interval reverses the claim.
        public var reversedAt: Int { intervals.compactMap { $0 }.filter(reverses).count }
        public var robust: Bool { !points.isEmpty && reversedAt == 0 }
        /// The groups most able to change it, most influential first.
        public var fragileTo: [String] {
            influence.filter { $0.muStar > 0 }.sorted { $0.muStar > $1.muStar }.prefix(2).map(\.group)
        }
        public var label: String { robust ? "robust" : "fragile (to \(fragileTo.joined(separator: ", ")))" }
    }

    /// A headline figure (one strategy's mean of one lead metric) across the
    /// screening: which assumption groups move it, and how far.
    public struct Figure: Sendable {
        public var strategy: String
        public var metric: String
        public var base: Double
        public var points: [Double]
        public var influence: [(group: String, muStar: Double)]
        /// Groups with a non-zero effect: a figure moved by two or more is not a
        /// function of any single assumption.
        public var drivers: [String] {
            influence.filter { $0.muStar > 1e-12 }.sorted { $0.muStar > $1.muStar }.map(\.group)
        }
    }

    public var claims: [Claim]
    public var figures: [Figure] = []
    public var pointsRun: Int
    public var pointsPlanned: Int
    /// The design read: the study-size one where its runs exist, else the suite's.
    public var design: ScreeningDesign
    /// The factors it moved (groups, or parameters alone), in its order.
    public var groups: [(name: String, paths: [String])]
    public var trajectories: Int { design.trajectories }
    public var participants: Int { design.participants }

    /// The claim about `b` against `a` on `metric`, either way round.
    public func claim(_ a: String, _ b: String, _ metric: String) -> Claim? {
        claims.first { $0.metric == metric && (($0.a == a && $0.b == b) || ($0.a == b && $0.b == a)) }
    }

    /// The metrics whose means the analysis compares: the sensitivity metric, then the spec's.
    private static func figureMetrics(_ spec: ExperimentSpec, _ settings: SensitivitySettings) -> [String] {
        var metrics: [String] = []
        for m in [settings.metric] + spec.metrics where !metrics.contains(m) { metrics.append(m) }
        return metrics
    }

    /// What the analysis reads of the main run, in the report's pass: its
    /// means by strategy (`RunSamples`); nil when the spec has no screening or
    /// policy runs in `store`, which read nothing.
    static func reader(spec: ExperimentSpec, store: RunStore) throws -> RunSamples.Reader? {
        guard let settings = spec.sensitivity, try !variantRuns(of: spec, in: store).isEmpty else { return nil }
        return RunSamples.Reader(metrics: figureMetrics(spec, settings), only: Set(spec.strategies.map(\.label)))
    }

    /// The latest screening and policy runs of `spec`, by variant label.
    private static func variantRuns(of spec: ExperimentSpec, in store: RunStore) throws -> [String: RunRecord] {
        try ResultSet.latestVariantRuns(of: spec, in: store) {
            $0.hasPrefix("screen/") || $0.hasPrefix("study/") || $0.hasPrefix("policy=")
        }
    }

    /// Stored screening points are found by label (`screen/r<trajectory>/s<step>`), and a step is the factor the
    /// design moved there: when the catalogue's assumptions change (a parameter gets a source), the design has other
    /// steps and old points would be read as moving the wrong factor. A stored label the design does not have
    /// shows that, so the report stops rather than mislabel the effects.
    /// `design`: the design's labels; `stored`: the latest stored run of each label, by id.
    static func checkFits(_ design: [String], stored: [String: Int64], in path: String) throws {
        let labels = Set(design)
        // A stray older than every point of the design was superseded by a later screen of the design.
        guard let oldestPoint = stored.filter({ labels.contains($0.key) }).values.min() else { return }
        let strays = stored.filter { !labels.contains($0.key) && $0.value > oldestPoint }.keys.sorted()
        guard let first = strays.first else { return }
        throw ReportError(
            "\(path): screening run '\(first)' (and \(strays.count - 1) more) does not fit the current "
                + "screening design (\(design.count) points over the catalogue's assumption parameters now): the "
                + "catalogue changed since it ran. Re-run `refine sensitivity --screen` (with `--study` for a "
                + "study-size screen) on this database, then the report.")
    }

    /// Loads the screening runs of `spec` from `store`; nil when there are none.
    /// `main`: what `reader(spec:store:)` read of the main run (nil when there are none).
    static func load(spec: ExperimentSpec, store: RunStore, main: RunSamples?) throws -> ScreeningAnalysis? {
        guard let settings = spec.sensitivity, let main else { return nil }
        let latest = try variantRuns(of: spec, in: store)
        // The study-size screening where it ran (`scripts/study`), else the suite's.
        let scale: ScreeningDesign.Scale = latest.keys.contains { $0.hasPrefix("study/") } ? .study : .suite
        let jobs = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        guard let plan = try scale == .study ? spec.studyScreeningDesign(jobs: jobs) : spec.screeningDesign(.suite)
        else { return nil }
        let design = spec.screeningVariants(plan)
        // A study point's label carries the parameters it screened (`ScreeningVariant.label`): points run over
        // other parameters than the main run reads now are not this design's, and are not read as its.
        let stored = Set(latest.keys.filter { $0.hasPrefix(scale.rawValue + "/") })
        if scale == .study, stored.isDisjoint(with: design.map(\.label)) {
            throw ReportError(
                "\(store.path): its study-size screening moved other parameters than \(spec.name)'s main run reads "
                    + "now (the simulation, its photos or the catalogue changed since it ran). Re-run `refine "
                    + "sensitivity --screen --study` on this database, then the report.")
        }
        try checkFits(
            design.map(\.label), stored: latest.filter { $0.key.hasPrefix(scale.rawValue + "/") }.mapValues(\.id),
            in: store.path)
        let metrics = figureMetrics(spec, settings)
        let strategies = spec.strategies.map(\.label)
        /// A run's means by strategy and metric, from one pass over its rows (`RunSamples`), not its trial store.
        func means(_ read: RunSamples) -> [String: [String: Double]] {
            var out: [String: [String: Double]] = [:]
            for s in strategies {
                for m in metrics {
                    if let sample = read.sample(strategy: s, metric: m) { out[s, default: [:]][m] = sample.mean }
                }
            }
            return out
        }
        func means(run: Int64) throws -> [String: [String: Double]] {
            try means(RunSamples(store: store, runID: run, metrics: metrics, only: Set(strategies)))
        }
        var values: [String: [String: [String: Double]]] = [:]
        var samples: [String: RunSamples] = [:]
        for v in design {
            guard let run = latest[v.label] else { continue }
            let read = try RunSamples(store: store, runID: run.id, metrics: metrics, only: Set(strategies))
            samples[v.label] = read
            values[v.label] = means(read)
        }
        var clustered: [String: ClusteredSample] = [:]
        /// A strategy's values of a metric at a point, gathered by participant once for every claim that reads them.
        func sample(_ label: String, _ strategy: String, _ metric: String) -> ClusteredSample? {
            let key = "\(label)\u{1F}\(strategy)\u{1F}\(metric)"
            if let done = clustered[key] { return done }
            guard let read = samples[label]?.sample(strategy: strategy, metric: metric) else { return nil }
            let c = read.clustered
            clustered[key] = c
            return c
        }
        /// mean(B) − mean(A) at a point, paired over its participants (the same people ran both).
        func interval(_ label: String, _ a: String, _ b: String, _ m: String) -> ClosedRange<Double>? {
            guard let sa = sample(label, a, m), let sb = sample(label, b, m) else { return nil }
            let e = ClusterBootstrap.difference(
                sb, sa, .mean, paired: true, confidence: spec.report.confidence,
                resamples: spec.report.bootstrapResamples,
                seed: Sections.seed(spec, "screening/\(label)/\(a)/\(b)/\(m)"))
            guard e.lower.isFinite, e.upper.isFinite else { return nil }
            return e.lower...e.upper
        }
        let base = means(main)
        var policyMeans: [(String, [String: [String: Double]])] = []
        for (label, _, _) in spec.policyVariants() {
            guard let run = latest[label] else { continue }
            policyMeans.append((String(label.dropFirst("policy=".count)), try means(run: run.id)))
        }
        let factors = spec.screenedFactors(plan.factors, reading: plan.read)
        let groups = factors.map(\.name)
        var claims: [Claim] = []
        for m in metrics {
            for (i, a) in strategies.enumerated() {
                for b in strategies[(i + 1)...] {
                    guard let ya = base[a]?[m], let yb = base[b]?[m] else { continue }
                    func y(_ label: String) -> Double? {
                        guard let pa = values[label]?[a]?[m], let pb = values[label]?[b]?[m] else { return nil }
                        return pb - pa
                    }
                    var effects: [Int: [Double]] = [:]
                    for (k, v) in design.enumerated() where v.step > 0 {
                        guard let after = y(v.label), let before = y(design[k - 1].label), let g = v.moved else {
                            continue
                        }
                        effects[g, default: []].append((after - before) / v.delta)
                    }
                    let influence = groups.indices.map { g in
                        (groups[g], effects[g].map { $0.map(abs).reduce(0, +) / Double($0.count) } ?? 0)
                    }
                    var claim = Claim(
                        a: a, b: b, metric: m, base: yb - ya, points: design.compactMap { y($0.label) },
                        influence: influence)
                    claim.intervals = design.filter { y($0.label) != nil }.map { interval($0.label, a, b, m) }
                    claim.underPolicies = policyMeans.compactMap { name, v in
                        guard let pa = v[a]?[m], let pb = v[b]?[m] else { return nil }
                        return (name, pb - pa)
                    }
                    claims.append(claim)
                }
            }
        }
        var figures: [Figure] = []
        for m in metrics {
            for s in strategies {
                guard let b = base[s]?[m] else { continue }
                var effects: [Int: [Double]] = [:]
                for (k, v) in design.enumerated() where v.step > 0 {
                    guard let after = values[v.label]?[s]?[m], let before = values[design[k - 1].label]?[s]?[m],
                        let g = v.moved
                    else { continue }
                    effects[g, default: []].append((after - before) / v.delta)
                }
                let influence = groups.indices.map { g in
                    (groups[g], effects[g].map { $0.map(abs).reduce(0, +) / Double($0.count) } ?? 0)
                }
                figures.append(
                    Figure(
                        strategy: s, metric: m, base: b, points: design.compactMap { values[$0.label]?[s]?[m] },
                        influence: influence))
            }
        }
        var analysis = ScreeningAnalysis(
            claims: claims, pointsRun: values.count, pointsPlanned: design.count, design: plan, groups: factors)
        analysis.figures = figures
        return analysis
    }
}

/// The screening part of the sensitivity section.
enum ScreeningSection {
    static func build(_ analysis: ScreeningAnalysis?, spec: ExperimentSpec, into doc: inout ReportDocument) {
        defer { if let analysis, analysis.pointsRun > 0 { figures(analysis, groups: analysis.groups, into: &doc) } }
        doc.add(.heading(level: 3, text: "Screening every assumption at once (Morris elementary effects)"))
        guard let s = analysis, s.pointsRun > 0 || s.claims.contains(where: { !$0.underPolicies.isEmpty }) else {
            doc.add(
                .paragraph(
                    "No screening runs yet: run `refine sensitivity \(spec.path) --screen` with the same --db, then "
                        + "report again."
                ))
            return
        }
        let groups = s.groups
        let alone = s.design.factors == .parameters
        doc.add(
            .paragraph(
                "Every parameter whose default is an assumption (no published figure)"
                    + (spec.sensitivity?.screen.groups == nil
                        ? "" : ", in the groups this spec names (`screen: {groups: …}`),")
                    + (s.design.read == nil ? "" : " and that this experiment's people read in its main run")
                    + " was moved \(alone ? "on its own" : "with its group") across a plausible range (half to twice "
                        + "its default; weights centred on 0 from −1 to 1) on a 4-level grid: "
                        + "\(s.trajectories) random " + (alone
                            ? "one-parameter-at-a-time trajectories (Morris 1991), "
                            : "one-group-at-a-time trajectories (Morris 1991, with groups after Campolongo et al. "
                                + "2007), ")
                        + "\(s.participants) participants per point, the experiment's seed; \(s.pointsRun) of "
                        + "\(s.pointsPlanned) points ran. "
                    + (alone
                        ? "Parameters: " + groups.map(\.name).joined(separator: ", ") + "."
                        : "Groups: "
                            + groups.map { "\($0.name) (\($0.paths.joined(separator: ", ")))" }
                            .joined(separator: "; ") + ".")
                    + (s.design.scale == .study
                        ? " This is the study-size screening (`refine sensitivity --screen --study`, `scripts/study`); "
                            + "its labels replace the suite's small screen's." + Self.unscreened(s.design, of: spec)
                        : " This is the suite's small screen; the study-size one (`refine sensitivity --screen "
                            + "--study`, run by `scripts/study`) gives labels a designer can rely on.")))
        doc.add(
            .paragraph(
                "A claim is fragile when at some screening point the difference is reversed: its "
                    + "\(formatNumber(spec.report.confidence * 100)) % paired interval (the point's participants "
                    + "resampled) lies wholly on the other side of zero; the groups with the largest mean absolute "
                    + "elementary effect (μ*) are the ones it is fragile to. Otherwise it is robust at this "
                    + "screening's size (\(s.trajectories) trajectories, \(s.participants) participants a point): "
                    + "a sign change inside an interval that includes zero is that point's noise. \"holds at\" "
                    + "counts the points whose estimate keeps the main run's sign; \"reversed at\" those whose "
                    + "interval reverses it."
            ))
        let policies = s.claims.first?.underPolicies.map(\.policy) ?? []
        if !policies.isEmpty {
            doc.add(
                .paragraph(
                    "The experiment was also rerun with another decision policy (\(policies.joined(separator: ", ")): "
                        + "a differently built agent, \(spec.sensitivity?.participants ?? 0) participants, the same "
                        + "seed); the column says whether each claim keeps its sign under it."
                ))
        }
        doc.add(
            .table(
                header: ["claim", "difference (main run)", "holds at", "reversed at", "verdict"]
                    + policies.map { "under \($0)" }
                    + groups.map { "μ* \($0.name)" },
                rows: s.claims.map { c in
                    let direction =
                        c.base == 0 ? "no difference" : "\(c.b) \(c.base > 0 ? "higher" : "lower") than \(c.a)"
                    let underPolicies = c.underPolicies.map { p in
                        "\(formatNumber(p.value, digits: 3)) "
                            + "(\(c.keepsSign(p.value) ? "holds" : "does not hold"))"
                    }
                    return [
                        "\(c.metric): \(direction)", formatNumber(c.base, digits: 3), "\(c.holdsAt)/\(c.points.count)",
                        "\(c.reversedAt)/\(c.points.count)", c.points.isEmpty ? "not screened" : c.label
                    ]
                        + underPolicies + c.influence.map { formatNumber($0.muStar, digits: 3) }
                }))
    }

    /// What a screening over the parameters read leaves out, and why; empty when it screened every one.
    private static func unscreened(_ design: ScreeningDesign, of spec: ExperimentSpec) -> String {
        guard let read = design.read else { return "" }
        let left = spec.screenedFactors(design.factors).flatMap { $0.paths }.filter { !read.contains($0) }
        guard !left.isEmpty else { return "" }
        return " Not screened, because no trial of the main run reads them: "
            + left.joined(separator: ", ") + "."
    }

    /// Which assumption groups move each headline figure: a figure that only one
    /// group moves is, for all the screening can tell, a function of that assumption.
    static func figures(
        _ s: ScreeningAnalysis, groups: [(name: String, paths: [String])], into doc: inout ReportDocument
    ) {
        doc.add(.heading(level: 3, text: "Which assumptions move each headline figure"))
        doc.add(
            .paragraph(
                "Each lead metric of each strategy across the screening points: its value in the main run, its range "
                    + "over the screening points, and μ* per group. A figure moved by a single group would be a "
                    + "function of that assumption; one moved by several comes out of the models together."
            ))
        doc.add(
            .table(
                header: ["figure", "main run", "range over screening", "moved by"] + groups.map { "μ* \($0.name)" },
                rows: s.figures.map { f in
                    [
                        "\(f.strategy) · \(f.metric)", formatNumber(f.base, digits: 3),
                        f.points.isEmpty
                            ? "–"
                            : "\(formatNumber(f.points.min()!, digits: 3)) "
                                + "… \(formatNumber(f.points.max()!, digits: 3))",
                        f.drivers.isEmpty ? "nothing screened" : f.drivers.joined(separator: ", ")
                    ] + f.influence.map { formatNumber($0.muStar, digits: 3) }
                }))
    }
}
