import Interaction

/// One configuration the audit lays every screen out in: a device held one way,
/// in one window, at one text size, in the design's language or translated,
/// left to right or right to left.
public struct AuditConfiguration: Sendable, Hashable {
    public var device: DeviceConfiguration

    /// `iphone-15-portrait/L/en/ltr`, `ipad-9.7-landscape-split-third/AX5/translated/rtl`.
    public var name: String {
        let t = device.traits
        return
            "\(device.name)/\(t.contentSize.rawValue)/\(t.expansion == .none ? "en" : "translated")/"
                + "\(t.direction.rawValue)"
    }

    /// Every configuration of `devices`: both orientations, each window the
    /// device offers, every Dynamic Type size, as written and translated, both directions.
    public static func all(devices: [Device] = DeviceCatalog.all) -> [AuditConfiguration] {
        var out: [AuditConfiguration] = []
        for d in devices {
            for o in Orientation.allCases {
                let held = d.configuration(o)
                for w in held.availableWindows {
                    for size in ContentSizeCategory.allCases {
                        for e in TextExpansion.allCases {
                            for dir in LayoutDirection.allCases {
                                let traits = LayoutTraits(window: w, contentSize: size, expansion: e, direction: dir)
                                out.append(
                                    AuditConfiguration(
                                        device: DeviceConfiguration(device: d, orientation: o, traits: traits)))
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// A strategy the audit asks for screens: its question and its spec entry.
public struct AuditedStrategy: Sendable {
    public var question: any TrialQuestion
    public var strategy: StrategySpec
    /// The tasks of the spec that lists the strategy (or, for a registered
    /// strategy no spec lists, of the first spec of its question): the layouts
    /// that belong to a task are audited for these.
    public var tasks: [TaskSpec]

    public init(question: any TrialQuestion, strategy: StrategySpec, tasks: [TaskSpec] = []) {
        self.question = question
        self.strategy = strategy
        self.tasks = tasks
    }

    /// `exposure/six-sliders`, `effects/grid-sliders`.
    public var name: String { "\(question.name)/\(strategy.label)" }

    /// The strategies `specs` list (with their parameters: the effects spec's
    /// refiners), then every registered strategy no spec lists, with its
    /// default parameters; each once.
    public static func all(catalog: QuestionCatalog, specs: [ExperimentSpec] = []) -> [AuditedStrategy] {
        var out: [AuditedStrategy] = []
        var seen: Set<String> = []
        func add(_ q: any TrialQuestion, _ s: StrategySpec, _ tasks: [TaskSpec]) {
            let key =
                "\(q.name)|\(s.design)|"
                    + "\(s.parameters.keys.sorted().map { "\($0)=\(s.parameters[$0]!)" }.joined(separator: ","))"
            guard seen.insert(key).inserted,
                !out.contains(where: { $0.question.name == q.name && $0.strategy.label == s.label })
            else { return }
            out.append(AuditedStrategy(question: q, strategy: s, tasks: tasks))
        }
        for spec in specs {
            guard let q = catalog.question(named: spec.question) else { continue }
            for s in spec.strategies { add(q, s, spec.tasks) }
        }
        for q in catalog.questions {
            let tasks = specs.first { $0.question == q.name }?.tasks ?? []
            for d in q.design.strategies
            where !out.contains(where: { $0.question.name == q.name && $0.strategy.design == d.name }) {
                add(q, StrategySpec(label: d.name, design: d.name), tasks)
            }
        }
        // In the catalogue's order of questions (the sort is stable).
        let order = catalog.names
        return out.sorted { order.firstIndex(of: $0.question.name)! < order.firstIndex(of: $1.question.name)! }
    }
}

/// What the audit found on one screen of one strategy in one configuration.
public struct ScreenAudit: Sendable {
    public var strategy: String
    public var screenName: String
    public var findings: [Finding]
    public var notes: [AuditNote]
    public var photoShare: Double?
    /// The screen as laid out, kept when it has a violation (for its wireframe).
    public var screen: Screen?
}

/// Everything found in one configuration.
public struct ConfigurationAudit: Sendable {
    public var configuration: AuditConfiguration
    public var screens: [ScreenAudit]

    public var findings: Int { screens.reduce(0) { $0 + $1.findings.count } }

    /// Violations by kind.
    public var counts: [ViolationKind: Int] {
        var c: [ViolationKind: Int] = [:]
        for s in screens { for f in s.findings { c[f.kind, default: 0] += 1 } }
        return c
    }

    /// Violations by strategy and kind (the baseline's unit); a strategy with
    /// screens and no violation maps to an empty dictionary.
    public var countsByStrategy: [String: [ViolationKind: Int]] {
        var c: [String: [ViolationKind: Int]] = [:]
        for s in screens {
            c[s.strategy, default: [:]] = c[s.strategy, default: [:]]
            for f in s.findings { c[s.strategy]![f.kind, default: 0] += 1 }
        }
        return c
    }
}

/// The whole audit: every configuration, and the strategies that gave no screens.
public struct AuditResult: Sendable {
    public var rules: AuditRules
    public var configurations: [ConfigurationAudit]
    public var audited: [String]
    /// Strategies whose question describes no screens (listed, never skipped silently).
    public var notAudited: [String]
    /// Violations of each kind under other values of the assumptions (label → kind → count).
    public var sensitivity: [(label: String, counts: [ViolationKind: Int])]
    /// Every strategy design asked (`question/design`), and those that gave screens
    /// (with any parameters): the audit's coverage of the registered strategies.
    public var registered: [String] = []
    public var covered: [String] = []

    /// Share of `registered` that gave screens (1 when nothing was asked).
    public var coverage: Double { registered.isEmpty ? 1 : Double(covered.count) / Double(registered.count) }

    public var totals: [ViolationKind: Int] {
        var c: [ViolationKind: Int] = [:]
        for conf in configurations { for (k, n) in conf.counts { c[k, default: 0] += n } }
        return c
    }
}

/// `refine audit`: asks every strategy for its screens in every configuration
/// and checks them.
public enum LayoutAudit {
    public static func run(
        _ strategies: [AuditedStrategy], configurations: [AuditConfiguration] = AuditConfiguration.all(),
        rules: AuditRules = .standard
    ) throws -> AuditResult {
        let checks = ScreenChecks(rules: rules)
        // The assumptions moved: character width ±10%, warning threshold 5 and 20.
        let variants: [(String, ScreenChecks, Set<ViolationKind>)] = [
            ("character width ×0.9", ScreenChecks(rules: rules.scalingCharacterWidth(0.9)), [.textOverflow]),
            ("character width ×1.1", ScreenChecks(rules: rules.scalingCharacterWidth(1.1)), [.textOverflow]),
            (
                "warning ΔE00 ≥ 5",
                ScreenChecks(
                    rules: {
                        var r = rules; r.warningDeltaE = 5; return r
                    }()), [.warningIndistinct]
            ),
            (
                "warning ΔE00 ≥ 20",
                ScreenChecks(
                    rules: {
                        var r = rules; r.warningDeltaE = 20; return r
                    }()), [.warningIndistinct]
            )
        ]
        var variantCounts = Array(repeating: [ViolationKind: Int](), count: variants.count)
        var audited: [String] = [], notAudited: [String] = []
        var designs: Set<String> = [], covered: Set<String> = []
        var results = configurations.map { ConfigurationAudit(configuration: $0, screens: []) }
        for s in strategies {
            var any = false
            for i in results.indices {
                let screens = try s.question.auditScreens(
                    s.strategy, tasks: s.tasks, on: results[i].configuration.device)
                any = any || !screens.isEmpty
                // A violation is a property of the layout: the same label in the same frame (the same
                // finding) on another moment's screen of this strategy here counts once, on its first screen.
                var seen: Set<Finding> = []
                var variantSeen = Array(repeating: Set<Finding>(), count: variants.count)
                for labelled in screens {
                    let (all, notes) = checks.run(labelled.screen)
                    let findings = all.filter { seen.insert($0).inserted }
                    results[i].screens.append(
                        ScreenAudit(
                            strategy: s.name, screenName: labelled.name, findings: findings, notes: notes,
                            photoShare: labelled.screen.photoFrame == nil ? nil : labelled.screen.photoShare,
                            screen: findings.isEmpty ? nil : labelled.screen))
                    for (v, variant) in variants.enumerated() {
                        var ignored: [AuditNote] = []
                        let moved =
                            variant.2.contains(.textOverflow)
                            ? variant.1.textFit(labelled.screen) : variant.1.warnings(labelled.screen, notes: &ignored)
                        for f in moved where variantSeen[v].insert(f).inserted {
                            variantCounts[v][f.kind, default: 0] += 1
                        }
                    }
                }
            }
            if any { audited.append(s.name) } else { notAudited.append(s.name) }
            designs.insert("\(s.question.name)/\(s.strategy.design)")
            if any { covered.insert("\(s.question.name)/\(s.strategy.design)") }
        }
        return AuditResult(
            rules: rules, configurations: results, audited: audited, notAudited: notAudited,
            sensitivity: zip(variants, variantCounts).map { ($0.0.0, $0.1) },
            registered: designs.sorted(), covered: designs.filter(covered.contains).sorted())
    }
}
