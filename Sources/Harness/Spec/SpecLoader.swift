import Designs
import Foundation
import ImageEngine
import Interaction
import Randomness
import UserModels
import Yams

/// Reads experiment specs from YAML, checking every field and reporting the
/// first problem with its file, line, column and field path.
public enum SpecLoader {
    /// The spec files (`*.yaml`) directly in `folder`, sorted, as `folder/name.yaml`;
    /// none if the folder cannot be read.
    public static func specPaths(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }

    static let topLevelKeys = [
        "name", "question", "title", "description", "seed", "replications", "devices",
        "strategies", "population", "tasks", "limits", "metrics", "report", "gate",
        "sensitivity", "tuning", "policy", "practical", DeclaredDesignText.key
    ]

    /// Loads and validates the spec at `path`, whose question must be in `catalog`.
    /// `overrides` (another seed or number of people) are written into the text the run stores.
    public static func load(
        path: String, catalog: QuestionCatalog,
        overrides: SpecOverrides = SpecOverrides()
    ) throws -> ExperimentSpec {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try InputFile.read(url.path) } catch {
            throw SpecError(file: path, message: "cannot read the spec: it \(error.reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: path, message: "the spec is not UTF-8 text")
        }
        // Parsed as written (errors point into the user's files), then stored with the design files it read.
        let written = try overrides.apply(to: text, file: path)
        var spec = try parse(written, file: path, catalog: catalog)
        let whole = try DeclaredDesignText.embedding(spec, in: written, file: path)
        if whole != written {
            spec.text = whole
            spec.sha256 = SHA256.hex(whole)
        }
        // Build the trial simulator once, so that problems with the data a spec
        // names (unreadable photos, goals already met) surface before anything is written.
        _ = try spec.plugin.simulator(for: spec)
        return spec
    }

    /// Parses and validates spec `text`, whose question must be in `catalog`; `file` is used in messages.
    public static func parse(_ text: String, file: String, catalog: QuestionCatalog) throws -> ExperimentSpec {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw yamlError(error, file: file)
        }
        guard let root else {
            throw SpecError(
                file: file, message: "the spec is empty; expected a mapping with name, question, strategies, …")
        }
        let spec = SpecNode(node: root, path: "", file: file)
        guard spec.isMapping else { throw spec.error("expected a mapping with name, question, strategies, …") }
        try spec.rejectUnknownKeys(topLevelKeys)

        let nameNode = try spec.required("name")
        let name = try nameNode.string()
        // The name becomes file names (runs/<name>.sqlite, Reports/<name>/) and trial keys,
        // so it is held to the same alphabet as labels: no '/', no leading '.'.
        guard name.count <= 100, name.range(of: #"\A[a-z0-9][a-z0-9._-]*\z"#, options: .regularExpression) != nil else {
            throw nameNode.error(
                "name '\(name)' must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit "
                    + "(it becomes file names and trial keys)"
            )
        }
        let questionNode = try spec.required("question")
        let question = try questionNode.string()
        guard let plugin = catalog.question(named: question) else {
            throw questionNode.error(
                "unknown design question '\(question)'; known: \(catalog.names.joined(separator: ", "))"
                    + suggestion(question, catalog.names))
        }
        let devices = try parseDevices(spec.required("devices"))
        let strategies = try parseStrategies(
            spec.required("strategies"), question: plugin, devices: devices,
            embedded: try embeddedDesigns(spec.optional(DeclaredDesignText.key)))
        let population = try parsePopulation(spec.required("population"))
        let tasks = try Self.withFields(plugin.tasks(from: spec.required("tasks")), spec.required("tasks"))
        let limits = try parseLimits(spec.optional("limits"))
        let title = try spec.optional("title")?.string() ?? plugin.design.title
        // A report without its own title takes the experiment's.
        let known = plugin.recordedMetrics
        let report = try parseReport(spec.optional("report"), defaultTitle: title, known: known)
        let metrics = try spec.optional("metrics")?.list().map { try metricName($0, known: known) } ?? []
        let gate = try parseGate(spec.optional("gate"), known: known)
        let sensitivity = try parseSensitivity(spec.optional("sensitivity"), known: known)
        if let headline = sensitivity?.metric ?? metrics.first, let i = report.costs.firstIndex(of: headline),
            let item = try spec.optional("report")?.optional("costs")?.list()[i]
        {
            throw item.error("'\(headline)' is the headline metric, which the Answer compares already; list others")
        }
        if let sensitivity, let t = gate?.tolerances.first(where: { $0.metric == sensitivity.metric }),
            t.worse == sensitivity.better
        {
            throw SpecError(
                file: file, field: "sensitivity.better",
                message: "says \(sensitivity.better.rawValue) is better for \(t.metric), but the gate says "
                    + "\(t.worse.rawValue) is worse; make them agree")
        }
        let tuning = try spec.optional("tuning").map {
            try parseTuning(
                $0, known: known, question: plugin, strategies: strategies, devices: devices,
                participants: population.participants)
        }
        var policy = PolicyKind.effectModel
        if let node = try spec.optional("policy") {
            let kind = try node.named("decision policy", as: PolicyKind.self)
            policy = kind
        }

        var practical: [String: Double] = [:]
        if let node = try spec.optional("practical") {
            for (metric, value) in try node.entries() {
                guard known.contains(metric) else {
                    throw value.error(
                        "unknown metric '\(metric)'\(suggestion(metric, known)); this question reports "
                            + known.joined(separator: ", "))
                }
                practical[metric] = try value.double(in: 0...1e9)
            }
        }

        var loaded = ExperimentSpec(
            name: name, question: question, plugin: plugin,
            title: title,
            description: try spec.optional("description")?.string() ?? "",
            seed: try spec.required("seed").uint64(),
            replications: try spec.optional("replications")?.int(in: 1...10_000) ?? 1,
            devices: devices, strategies: strategies, population: population, tasks: tasks,
            limits: limits, metrics: metrics, report: report, gate: gate, sensitivity: sensitivity,
            tuning: tuning, text: text, sha256: SHA256.hex(text), path: file, policy: policy)
        loaded.practical = practical
        return loaded
    }

    /// `text` on one line, control characters (a NUL, a newline) shown as `\u{…}`.
    static func printable(_ text: String) -> String {
        text.unicodeScalars.map { c in
            c.properties.generalCategory == .control ? "\\u{\(String(c.value, radix: 16))}" : String(c)
        }.joined()
    }

    static func yamlError(_ error: YamlError, file: String) -> SpecError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return SpecError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "the key \(keys) appears twice in one mapping; keep one of them")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // libyaml's own words for its nesting limit name a C function; say what it means.
            if problem.contains("nesting level") {
                return SpecError(
                    file: file, line: mark.line, column: mark.column,
                    message: "malformed YAML: nested too deeply (a spec needs a few levels, not hundreds)")
            }
            let detail = [context?.text, problem].compactMap { $0 }.joined(separator: " ")
            return SpecError(
                file: file, line: mark.line, column: mark.column,
                message: "malformed YAML: \(printable(detail))")
        case .reader(let problem, let offset, let value, _):
            let at = offset.map { " at byte \($0)" } ?? ""
            let character = value >= 0 ? String(format: " (character U+%04X)", value) : ""
            return SpecError(
                file: file,
                message: "not readable as YAML text\(at)\(character): \(printable(problem)); "
                    + "a spec is UTF-8 text without control characters")
        case .dataCouldNotBeDecoded:
            return SpecError(file: file, message: "not UTF-8 text; save the spec as UTF-8")
        default:
            return SpecError(file: file, message: "malformed YAML")
        }
    }

    static func parseDevices(_ node: SpecNode) throws -> [DeviceConfiguration] {
        let names = DeviceCatalog.allConfigurations.map(\.name)
        let items = try node.list()
        guard !items.isEmpty else { throw node.error("expected at least one device, e.g. iphone-15-portrait") }
        var seen: Set<String> = []
        return try items.map { item in
            let name = try item.string()
            guard seen.insert(name).inserted else { throw item.error("device '\(name)' is listed twice") }
            guard let config = DeviceCatalog.configuration(named: name) else {
                throw item.error("unknown device '\(name)'\(suggestion(name, names)); see `refine list devices`")
            }
            return config
        }
    }

    static func parseStrategies(
        _ node: SpecNode, question: any TrialQuestion, devices: [DeviceConfiguration],
        embedded: [String: (text: String, file: String)] = [:]
    ) throws -> [StrategySpec] {
        let known = question.design.strategies.map(\.name)
        var labels: Set<String> = []
        let items = try node.list()
        guard !items.isEmpty else { throw node.error("expected at least one strategy") }
        return try items.map { item in
            let designNode = item.isScalar ? item : try item.required("design")
            if item.isMapping { try item.rejectUnknownKeys(["design", "label", "parameters"]) }
            let design = try designNode.string()
            let declared = try declaredDesign(design, node: designNode, question: question, embedded: embedded)
            if declared != nil, item.isMapping, let p = try item.optional("parameters") {
                throw p.error("a declared design takes no parameters: its file says everything; edit the file")
            }
            guard declared != nil || known.contains(design) else {
                throw designNode.error(
                    "unknown \(question.name) design '\(design)'\(suggestion(design, known)); "
                        + "known: \(known.joined(separator: ", "))"
                )
            }
            var parameters: [String: ParameterValue] = [:]
            if item.isMapping, let p = try item.optional("parameters") {
                for (key, value) in try p.entries() { parameters[key] = try value.parameterValue() }
            }
            let fallback = declared.map { ($0.path as NSString).lastPathComponent.replacingOccurrences(
                of: ".yaml", with: "") } ?? design
            let given = item.isMapping ? try item.optional("label")?.string() : nil
            let label = given ?? fallback
            guard label.range(of: #"\A[a-z0-9][a-z0-9._-]*\z"#, options: .regularExpression) != nil else {
                let source =
                    given == nil && declared != nil ? " (taken from the design file's name; give a `label:`)" : ""
                throw item.error(
                    "label '\(label)'\(source) must be lowercase letters, digits, '.', '_' or '-' (it becomes part of "
                        + "trial keys)"
                )
            }
            guard labels.insert(label).inserted else {
                throw item.error("two strategies are labelled '\(label)'; give each a distinct `label`")
            }
            var strategy = StrategySpec(label: label, design: design, parameters: parameters, declared: declared)
            // A recognizer's file sets a Swift design's parameters: its nodes take the messages.
            var fileNodes: [String: SpecNode] = [:]
            if let declared, let recognizing = question as? any RecognizerDeclaring {
                let r = try recognizing.recognizer(declared)
                (strategy.design, strategy.parameters, fileNodes) = (r.design, r.parameters, r.nodes)
            }
            // Build it once per device now, so a bad parameter fails before any trial runs.
            for device in devices {
                do { try question.check(strategy, on: device) } catch let e as StrategyParameterError {
                    if let node = fileNodes[e.parameter] { throw node.error(e.description) }
                    let p = (try? item.optional("parameters")?.optional(e.parameter)) ?? nil
                    throw (p ?? item).error(e.description)
                }
            }
            return strategy
        }
    }

    /// The design file `design` names, if it names one: read from the spec's `declared_designs:` when the spec
    /// carries it (a run's stored spec), else from disk; its question must be the spec's.
    static func declaredDesign(
        _ design: String, node: SpecNode, question: any TrialQuestion,
        embedded: [String: (text: String, file: String)]
    ) throws -> DeclaredDesign? {
        guard DeclaredDesign.isDesignPath(design) else {
            if design.hasSuffix(".yaml") {
                throw node.error(
                    "'\(design)' is not a design file a spec may name: give its path in letters, digits, "
                        + "'.', '_', '-' and '/'")
            }
            return nil
        }
        let text: String, file: String
        if let e = embedded[design] {
            (text, file) = e
        } else {
            text = try DeclaredDesignText.read(design, from: node)
            file = DeclaredDesignText.shown(design, besides: node.file)
        }
        let declared = try DeclaredDesign(path: design, text: text, file: file)
        guard let declaring = question as? any DeclaringQuestion else {
            throw node.error(
                "the \(question.name) question takes no declared designs yet; name one of its Swift designs "
                    + "(refine list designs)")
        }
        let root = try declared.root()
        guard declared.question == question.name else {
            throw try root.required("question").error(
                "this design answers '\(declared.question)', but the spec's question is '\(question.name)'")
        }
        try root.rejectUnknownKeys(DeclaredDesign.commonFields + declaring.declaredFields)
        return declared
    }

    /// The spec's `declared_designs:` (path → text), as a run stores them.
    static func embeddedDesigns(_ node: SpecNode?) throws -> [String: (text: String, file: String)] {
        guard let node else { return [:] }
        var out: [String: (text: String, file: String)] = [:]
        // Named as the file beside the spec; a run's stored spec says so (ResultSet names it "… (as stored in
        // run N)").
        let stored = node.file.contains(" (as stored in run ")
        for (path, value) in try node.entries() {
            let file = DeclaredDesignText.shown(path, besides: node.file)
            out[path] = (try value.string(), stored ? "\(file) (as kept with the run)" : file)
        }
        return out
    }

    static func parsePopulation(_ node: SpecNode) throws -> Population {
        try node.rejectUnknownKeys(["participants", "expert_fraction", "parameters", "ablate"])
        var population = Population(
            participants: try node.required("participants").int(in: 1...1_000_000),
            expertFraction: try node.optional("expert_fraction")?.double(in: 0...1) ?? 0.5)
        if let params = try node.optional("parameters") {
            for (path, value) in try params.entries() {
                guard let def = ParameterCatalog.definition(path) else {
                    throw value.error(
                        "unknown user-model parameter\(suggestion(path, ParameterCatalog.all.map(\.path))); see "
                            + "`refine list parameters`"
                    )
                }
                let dist = try parseDistribution(value)
                population.overrides[path] = dist
                if let bad = population.validationErrors().first(where: { $0.contains("'\(path)'") }) {
                    throw value.error("\(bad) (\(def.meaning))")
                }
            }
        }
        // Mechanisms switched off: a parameter the spec also sets would be silently overruled, so it is refused.
        for item in try node.optional("ablate")?.list() ?? [] {
            let ablation = try item.named("mechanism", as: Ablation.self)
            if let path = ablation.fixed.keys.sorted().first(where: { population.overrides[$0] != nil }) {
                throw item.error(
                    "switching off \(ablation.rawValue) fixes \(path), which population.parameters also sets; "
                        + "remove one of the two")
            }
            population.ablations.insert(ablation)
        }
        return population
    }

    static func parseDistribution(_ node: SpecNode) throws -> Distribution {
        if node.isScalar { return .fixed(try node.double()) }
        try node.rejectUnknownKeys(["distribution", "mean", "sd", "median", "sigma", "lower", "upper", "value"])
        let kindNode = try node.required("distribution")
        switch try kindNode.string() {
        case "fixed": return .fixed(try node.required("value").double())
        case "normal":
            return .normal(mean: try node.required("mean").double(), sd: try node.required("sd").double(in: 0...1e9))
        case "log-normal":
            return .logNormal(
                median: try node.required("median").double(in: 1e-12...1e12),
                sigma: try node.required("sigma").double(in: 0...10))
        case "uniform":
            let lo = try node.required("lower").double(), hiNode = try node.required("upper"), hi = try hiNode.double()
            guard lo <= hi else { throw hiNode.error("upper (\(hi)) must not be below lower (\(lo))") }
            return .uniform(lower: lo, upper: hi)
        case let other:
            throw kindNode.error("unknown distribution '\(other)'; expected fixed, normal, log-normal or uniform")
        }
    }

    /// The tasks with their scalar fields as written (`TaskSpec.fields`), when the spec lists one entry a task;
    /// tasks a question makes from another form (PIP's `moves: all`) keep none.
    static func withFields(_ tasks: [TaskSpec], _ node: SpecNode) throws -> [TaskSpec] {
        guard node.isSequence else { return tasks }
        let items = try node.list()
        guard items.count == tasks.count else { return tasks }
        return zip(tasks, items).map { task, item in
            var task = task
            let entries = (try? item.entries()) ?? []
            for (key, value) in entries where value.isScalar && key != "id" && key != "label" {
                task.fields[key] = try? value.string()
            }
            return task
        }
    }

    static func parseLimits(_ node: SpecNode?) throws -> TrialLimits {
        guard let node else { return TrialLimits(timeLimit: 60, maxAttempts: 8) }
        try node.rejectUnknownKeys(["time_limit_s", "max_attempts"])
        return TrialLimits(
            timeLimit: try node.optional("time_limit_s")?.double(in: 0.1...3600) ?? 60,
            maxAttempts: try node.optional("max_attempts")?.int(in: 1...1000) ?? 8)
    }

    static func metricName(_ node: SpecNode, known: [String]) throws -> String {
        let name = try node.string()
        guard known.contains(name) else {
            throw node.error(
                "unknown metric '\(name)'\(suggestion(name, known)); this question "
                    + "reports \(known.joined(separator: ", "))"
            )
        }
        return name
    }

    static func parseGate(_ node: SpecNode?, known: [String]) throws -> GateSettings? {
        guard let node else { return nil }
        try node.rejectUnknownKeys(["confidence", "metrics"])
        var tolerances: [MetricTolerance] = []
        for (name, t) in try node.required("metrics").entries() {
            guard known.contains(name) else {
                throw t.error(
                    "unknown metric '\(name)'\(suggestion(name, known)); this question "
                        + "reports \(known.joined(separator: ", "))"
                )
            }
            try t.rejectUnknownKeys(["worse", "relative", "absolute", "statistic"])
            let statisticNode = try t.optional("statistic")
            let statistic = try statisticNode?.string() ?? "median"
            guard ["median", "mean"].contains(statistic) else {
                throw statisticNode!.error("expected 'median' or 'mean'")
            }
            // Without `worse:`, the metric's definition says which way it gets worse.
            let worse: WorseDirection
            if let worseNode = try t.optional("worse") {
                guard let w = WorseDirection(rawValue: try worseNode.string()) else {
                    throw worseNode.error("expected 'higher' or 'lower' (the direction in which the metric gets worse)")
                }
                worse = w
            } else {
                switch MetricCatalog.definition(name).better {
                case .lower: worse = .higher
                case .higher: worse = .lower
                case .neither:
                    throw t.error(
                        "gate.metrics.\(name): better neither way by its definition; say which way it gets "
                            + "worse (`worse: higher` or `worse: lower`)")
                }
            }
            tolerances.append(
                MetricTolerance(
                    metric: name, worse: worse,
                    relative: try t.optional("relative")?.double(in: 0...10) ?? 0,
                    absolute: try t.optional("absolute")?.double(in: 0...1e9) ?? 0,
                    statistic: statistic))
        }
        guard !tolerances.isEmpty else { throw node.error("gate.metrics: expected at least one metric") }
        return GateSettings(
            confidence: try node.optional("confidence")?.double(in: 0.5...0.9999) ?? 0.95,
            tolerances: tolerances)
    }

    static func parseSensitivity(_ node: SpecNode?, known: [String]) throws -> SensitivitySettings? {
        guard let node else { return nil }
        try node.rejectUnknownKeys(["participants", "metric", "better", "parameters", "screen", "policies"])
        var sweeps: [ParameterSweep] = []
        for (path, list) in try node.required("parameters").entries() {
            guard let def = ParameterCatalog.definition(path) else {
                throw list.error(
                    "unknown user-model parameter\(suggestion(path, ParameterCatalog.all.map(\.path))); see `refine "
                        + "list parameters`"
                )
            }
            let values = try list.list().map { try $0.double(in: def.allowed) }
            guard values.count >= 2 else { throw list.error("expected at least two values to sweep") }
            sweeps.append(ParameterSweep(path: path, values: values))
        }
        let metric = try node.optional("metric").map { try metricName($0, known: known) } ?? known[0]
        let better = try parseBetter(node.optional("better"), metric: metric, field: "sensitivity.better", in: node)
        var screen = ScreenSettings()
        if let s = try node.optional("screen") {
            try s.rejectUnknownKeys(["trajectories", "participants", "groups", "factors", "study"])
            let groups = try s.optional("groups").map { list -> [String] in
                let known = ParameterGroups.all.map(\.name)
                let names = try list.list().map { n -> String in
                    let name = try n.string()
                    guard known.contains(name) else {
                        throw n.error(
                            "unknown parameter group '\(name)'\(suggestion(name, known)); expected some "
                                + "of \(known.joined(separator: ", "))"
                        )
                    }
                    return name
                }
                guard !names.isEmpty else { throw list.error("expected at least one parameter group to screen") }
                return names
            }
            func factors(_ node: SpecNode, _ otherwise: ScreenSettings.Factors) throws -> ScreenSettings.Factors {
                try node.optional("factors")?.named("screening factor", as: ScreenSettings.Factors.self) ?? otherwise
            }
            var study = ScreenSettings.studySize
            if let t = try s.optional("study") {
                try t.rejectUnknownKeys(["trajectories", "participants", "factors"])
                study = ScreenSettings.Size(
                    trajectories: try t.optional("trajectories")?.int(in: 1...100) ?? study.trajectories,
                    participants: try t.optional("participants")?.int(in: 1...100_000) ?? study.participants,
                    factors: try factors(t, study.factors))
            }
            screen = ScreenSettings(
                trajectories: try s.optional("trajectories")?.int(in: 1...100) ?? 4,
                participants: try s.optional("participants")?.int(in: 1...100_000), groups: groups,
                factors: try factors(s, .groups), study: study)
        }
        let policies =
            try node.optional("policies")?.list().map { n -> PolicyKind in
                let kind = try n.named("decision policy", as: PolicyKind.self)
                return kind
            } ?? []
        return SensitivitySettings(
            participants: try node.optional("participants")?.int(in: 1...100_000) ?? 20,
            metric: metric, better: better, sweeps: sweeps, screen: screen, policies: policies)
    }

    /// `better: lower | higher`: which way a metric improves; without it, the metric's definition
    /// says (`MetricCatalog`), and a metric neither way is better on must be given one.
    static func parseBetter(
        _ node: SpecNode?, metric: String, field: String,
        in parent: SpecNode
    ) throws -> WorseDirection {
        guard let node else {
            switch MetricCatalog.definition(metric).better {
            case .lower: return .lower
            case .higher: return .higher
            case .neither:
                throw parent.error(
                    "\(field): '\(metric)' is better neither way by its definition; say which way this "
                        + "experiment counts it better (`better: lower` or `better: higher`)")
            }
        }
        guard let d = WorseDirection(rawValue: try node.string()) else {
            throw node.error("expected 'lower' or 'higher'")
        }
        return d
    }

    static func parseReport(_ node: SpecNode?, defaultTitle: String, known: [String]) throws -> ReportSettings {
        guard let node else { return ReportSettings(title: defaultTitle, bootstrapResamples: 2000, confidence: 0.95) }
        try node.rejectUnknownKeys(["title", "bootstrap_resamples", "confidence", "costs"])
        var costs: [String] = []
        for item in try node.optional("costs")?.list() ?? [] {
            let name = try metricName(item, known: known)
            // A time to effect is censored at the time limit: its comparison is the Answer's own, not a cost's.
            guard name != "time_to_effect_s" else {
                throw item.error("a cost is a per-trial metric; time_to_effect_s is compared as a survival outcome")
            }
            guard !costs.contains(name) else { throw item.error("'\(name)' is listed twice; list each cost once") }
            costs.append(name)
        }
        return ReportSettings(
            title: try node.optional("title")?.string() ?? defaultTitle,
            bootstrapResamples: try node.optional("bootstrap_resamples")?.int(in: 100...1_000_000) ?? 2000,
            confidence: try node.optional("confidence")?.double(in: 0.5...0.999) ?? 0.95,
            costs: costs)
    }
}
