import Foundation
import Harness
import ImageEngine
import Interaction

/// The audit as data (`--json`, `audit.json` in the report folder).
public struct AuditSummary: Codable, Sendable {
    public struct Violation: Codable, Sendable {
        public var strategy: String
        public var screen: String
        public var kind: String
        public var controls: [String]
        public var detail: String
        public var value: Double
        public var viewer: String?
        /// The wireframe beside the report, when it was written.
        public var wireframe: String?
    }
    public struct PhotoShare: Codable, Sendable {
        public var strategy: String
        public var screen: String
        public var share: Double
    }
    public struct Configuration: Codable, Sendable {
        public var name: String
        public var device: String
        public var orientation: String
        public var window: String
        public var horizontal_size_class: String
        public var content_size: String
        public var language: String
        public var direction: String
        public var violations: [Violation]
        public var photo_share: [PhotoShare]
        public var notes: Int
    }
    public var configurations_audited: Int
    public var clean_configurations: Int
    public var screens_checked: Int
    public var audited: [String]
    public var not_audited: [String]
    /// Registered strategies (`question/design`) and how many gave screens.
    public var registered_strategies: Int
    public var covered_strategies: Int
    public var uncovered: [String]
    public var totals: [String: Int]
    public var sensitivity: [String: [String: Int]]
    public var rules: [String: String]
    public var comparison: AuditComparison?
    /// Configuration → violation kind → count.
    public var configuration_counts: [String: [String: Int]]
    /// Every configuration's violations (left out of the report folder's copy).
    public var configurations: [Configuration]

    public init(
        _ result: AuditResult, comparison: AuditComparison? = nil, wireframes: [String: String] = [:],
        details: Bool = true
    ) {
        configurations_audited = result.configurations.count
        clean_configurations = result.configurations.filter { $0.findings == 0 }.count
        screens_checked = result.configurations.reduce(0) { $0 + $1.screens.count }
        audited = result.audited
        not_audited = result.notAudited
        registered_strategies = result.registered.count
        covered_strategies = result.covered.count
        uncovered = result.registered.filter { !result.covered.contains($0) }
        totals = Dictionary(uniqueKeysWithValues: ViolationKind.allCases.map { ($0.rawValue, result.totals[$0] ?? 0) })
        sensitivity = Dictionary(
            uniqueKeysWithValues: result.sensitivity.map { v in
                (v.label, Dictionary(uniqueKeysWithValues: v.counts.map { ($0.key.rawValue, $0.value) }))
            })
        rules = Dictionary(result.rules.table.map { ($0.rule, $0.value) }, uniquingKeysWith: { a, _ in a })
        self.comparison = comparison
        configuration_counts = Dictionary(
            uniqueKeysWithValues: result.configurations.map { conf in
                (
                    conf.configuration.name,
                    Dictionary(uniqueKeysWithValues: conf.counts.map { ($0.key.rawValue, $0.value) })
                )
            })
        configurations =
            !details
            ? []
            : result.configurations.map { conf in
                let d = conf.configuration.device, t = d.traits
                return Configuration(
                    name: conf.configuration.name, device: d.device.name, orientation: d.orientation.rawValue,
                    window: t.window.rawValue,
                    horizontal_size_class: d.horizontalSizeClass.rawValue, content_size: t.contentSize.rawValue,
                    language: t.expansion == .none ? "en" : "translated", direction: t.direction.rawValue,
                    violations: conf.screens.flatMap { s in
                        s.findings.map { f in
                            Violation(
                                strategy: s.strategy, screen: s.screenName, kind: f.kind.rawValue, controls: f.controls,
                                detail: f.detail,
                                value: f.value, viewer: f.viewer, wireframe: wireframes[AuditReport.screenKey(conf, s)])
                        }
                    },
                    photo_share: conf.screens.compactMap { s in
                        s.photoShare.map { PhotoShare(strategy: s.strategy, screen: s.screenName, share: $0) }
                    },
                    notes: conf.screens.reduce(0) { $0 + $1.notes.count })
            }
    }
}

/// `Reports/audit/`: `index.html` and `report.md` with every configuration's
/// violations by kind, and each screen (device, window, strategy, screen) that
/// has a violation with a wireframe PNG of it in its worst configuration;
/// `audit.json`. `full` adds every configuration's violations one by one and a
/// wireframe of every distinct violating screen (tens of megabytes).
public enum AuditReport {
    static func screenKey(_ conf: ConfigurationAudit, _ s: ScreenAudit) -> String {
        "\(conf.configuration.name)|\(s.strategy)|\(s.screenName)"
    }

    /// Writes the report into `output` (replaced whole); returns the number of wireframes.
    @discardableResult
    public static func write(
        _ result: AuditResult, comparison: AuditComparison?, to output: URL, command: String, full: Bool = false
    ) throws -> Int {
        var count = 0
        try StagedFolder.write(to: output) { folder in
            let frames = folder.appendingPathComponent("wireframes")
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            // One PNG per screen with violations, where it first shows a set of
            // violations: the same screen (device, window, strategy, screen) with
            // the same violations (kind, controls, viewer) at another text size,
            // language or direction links to it (configurations run from xS
            // upwards, English before translated, left to right first).
            var files: [String: String] = [:]
            var first: [String: String] = [:]
            // The worst configuration (most findings, the first of equals) of each screen.
            var worst: [String: (conf: ConfigurationAudit, screen: ScreenAudit)] = [:]
            var order: [String] = []
            for conf in result.configurations {
                for s in conf.screens where !s.findings.isEmpty {
                    let key = "\(conf.configuration.device.name)|\(s.strategy)|\(s.screenName)"
                    if let w = worst[key] {
                        if s.findings.count > w.screen.findings.count { worst[key] = (conf, s) }
                    } else {
                        worst[key] = (conf, s)
                        order.append(key)
                    }
                }
            }
            var worstRows: [(key: String, conf: ConfigurationAudit, screen: ScreenAudit, file: String)] = []
            for key in order {
                let (conf, s) = worst[key]!
                guard let screen = s.screen else { continue }
                let name = "wireframes/" + fileName(screenKey(conf, s)) + ".png"
                try PNGFile.write(
                    AuditWireframe.render(screen, findings: s.findings, rules: result.rules),
                    to: folder.appendingPathComponent(name))
                files[screenKey(conf, s)] = name
                worstRows.append((key, conf, s, name))
                count += 1
            }
            for conf in result.configurations where full {
                for s in conf.screens where !s.findings.isEmpty {
                    guard let screen = s.screen else { continue }
                    let signature =
                        "\(conf.configuration.device.name)|\(s.strategy)|\(s.screenName)|"
                        + s.findings.map {
                            "\($0.kind.rawValue):\($0.controls.joined(separator: "+")):\($0.viewer ?? "")"
                        }.sorted().joined(separator: ",")
                    if let file = first[signature] ?? files[screenKey(conf, s)] {
                        files[screenKey(conf, s)] = file
                        first[signature] = file
                        continue
                    }
                    let name = "wireframes/" + fileName(screenKey(conf, s)) + ".png"
                    try PNGFile.write(
                        AuditWireframe.render(screen, findings: s.findings, rules: result.rules),
                        to: folder.appendingPathComponent(name),
                        compression: .default)
                    first[signature] = name
                    files[screenKey(conf, s)] = name
                    count += 1
                }
            }
            let doc = document(
                result, comparison: comparison, wireframes: files,
                worst: worstRows.map { ($0.conf, $0.screen, $0.file) },
                full: full, command: command)
            try Data(doc.html.utf8).write(to: folder.appendingPathComponent("index.html"))
            try Data(doc.markdown.utf8).write(to: folder.appendingPathComponent("report.md"))
            let e = JSONEncoder()
            e.outputFormatting = [.sortedKeys]
            try e.encode(AuditSummary(result, comparison: comparison, wireframes: files, details: false)).write(
                to: folder.appendingPathComponent("audit.json"))
        }
        return count
    }

    /// One line per kind: its count and its first finding in words, so a
    /// screen with many text overflows still shows its one overlap.
    static func byKind(_ findings: [Finding]) -> [String] {
        ViolationKind.allCases.compactMap { k in
            let of = findings.filter { $0.kind == k }
            guard let first = of.first else { return nil }
            return "\(k.rawValue) ×\(of.count) (\(first.controls.joined(separator: "+")): \(first.detail))"
        }
    }

    /// Per kind: violations, configurations and strategies with one, and the strategy with the most.
    static func kindSummary(_ r: AuditResult) -> [[String]] {
        ViolationKind.allCases.map { k in
            var confs = 0
            var byStrategy: [String: Int] = [:]
            for conf in r.configurations {
                var here = false
                for s in conf.screens {
                    let n = s.findings.filter { $0.kind == k }.count
                    if n > 0 { here = true; byStrategy[s.strategy, default: 0] += n }
                }
                if here { confs += 1 }
            }
            let total = byStrategy.values.reduce(0, +)
            let top = byStrategy.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
            return [
                k.rawValue, "\(total)", "\(confs) of \(r.configurations.count)", "\(byStrategy.count)",
                top.map { "\($0.key) (\($0.value))" } ?? "–"
            ]
        }
    }

    static func fileName(_ key: String) -> String {
        String(key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    }

    static func document(
        _ r: AuditResult, comparison: AuditComparison?, wireframes: [String: String],
        worst: [(conf: ConfigurationAudit, screen: ScreenAudit, file: String)], full: Bool, command: String
    ) -> ReportDocument {
        var doc = ReportDocument(
            title: "Layout audit: every strategy on every device, window, text size, language and direction")
        let clean = r.configurations.filter { $0.findings == 0 }.count
        let cleanPairs = r.configurations.reduce(0) { $0 + $1.countsByStrategy.values.filter(\.isEmpty).count }
        let pairs = r.configurations.reduce(0) { $0 + $1.countsByStrategy.count }
        let screens = r.configurations.reduce(0) { $0 + $1.screens.count }
        let totals = r.totals
        // The devices audited (`--device` may pick some), not the catalogue's.
        let devices = Set(r.configurations.map(\.configuration.device.device.name)).count
        let violations = ViolationKind.allCases.map { "\($0.rawValue) \(totals[$0] ?? 0)" }.joined(separator: ", ")
        doc.add(
            .paragraph(
                """
                \(r.configurations.count) configurations (\(devices) device\(devices == 1 ? "" : "s") × \
                both orientations × each window the device offers — \
                full screen, and on iPad Slide Over and Split View — × \(ContentSizeCategory.allCases.count) \
                Dynamic Type sizes × English and translated text × left to right and right to left); \(screens) \
                screens checked; \(clean) configurations clean for every strategy; \(cleanPairs) of \(pairs) strategy \
                × configuration pairs clean. Violations: \(violations).
                """))
        let uncovered = r.registered.filter { !r.covered.contains($0) }
        doc.add(
            .paragraph(
                "Coverage: \(r.audited.count) of \(r.audited.count + r.notAudited.count) strategies "
                    + "(\(r.covered.count) of \(r.registered.count) registered designs, with the specs' parameter "
                    + "variants) give screens"
                    + (uncovered.isEmpty
                        ? " (all)." : "; not audited (no screens): \(uncovered.joined(separator: ", ")).")
                    + " Audited with their spec parameters: \(r.audited.joined(separator: ", "))."))
        if !r.notAudited.isEmpty { doc.add(.paragraph("Gave no screens: \(r.notAudited.joined(separator: ", ")).")) }
        doc.add(.heading(level: 2, text: "Violations by kind"))
        doc.add(
            .paragraph(
                "Each kind once, before any detail, so that one kind's count does not hide the others. A finding "
                    + "repeated on several screens of one strategy in one configuration (the same label in the same "
                    + "frame) counts once."
            ))
        doc.add(
            .table(
                header: ["Kind", "Violations", "Configurations", "Strategies", "Most in one strategy"],
                rows: kindSummary(r)))
        if let c = comparison {
            doc.add(.heading(level: 2, text: "Against the baseline"))
            var lines = c.regressions.map {
                "\($0.wasClean ? "NEWLY DIRTY" : "more") \($0.configuration) \($0.strategy): \($0.kind.rawValue) "
                    + "\($0.was) → \($0.now)"
            }
            lines += c.noLongerAudited.map { "no longer audited: \($0)" }
            lines += c.improvements.prefix(50).map {
                "fewer \($0.configuration) \($0.strategy): \($0.kind.rawValue) \($0.was) → \($0.now)"
            }
            doc.add(
                .paragraph(
                    c.passed
                        ? "Pass: no configuration gained a violation."
                        : "FAIL: \(c.regressions.count) rises, \(c.newlyDirty.count) in configurations that were clean."
                ))
            if !lines.isEmpty { doc.add(.bullets(lines)) }
        }
        doc.add(.heading(level: 2, text: "Rules"))
        doc.add(.table(header: ["Rule", "Value", "Source"], rows: r.rules.table.map { [$0.rule, $0.value, $0.source] }))
        doc.add(
            .paragraph(
                "Text widths are an estimate: characters × point size × an average advance per weight × the "
                    + "translation's expansion; real glyphs differ."
            ))
        doc.add(.heading(level: 2, text: "How the findings move with the assumptions"))
        doc.add(
            .table(
                header: ["Assumption", "text-overflow", "warning-indistinct"],
                rows: [["as above", "\(totals[.textOverflow] ?? 0)", "\(totals[.warningIndistinct] ?? 0)"]]
                    + r.sensitivity.map { v in
                        // Each variant moves one assumption and recounts the kind it affects.
                        let text = v.label.hasPrefix("character"), warning = v.label.hasPrefix("warning")
                        return [
                            v.label, text ? "\(v.counts[.textOverflow] ?? 0)" : "–",
                            warning ? "\(v.counts[.warningIndistinct] ?? 0)" : "–"
                        ]
                    }))
        doc.add(.heading(level: 2, text: "Violations by strategy"))
        var byStrategy: [String: [ViolationKind: Int]] = [:]
        var share: [String: [Double]] = [:]
        for conf in r.configurations {
            for s in conf.screens {
                for f in s.findings { byStrategy[s.strategy, default: [:]][f.kind, default: 0] += 1 }
                if let p = s.photoShare { share[s.strategy, default: []].append(p) }
            }
        }
        doc.add(
            .table(
                header: ["Strategy"] + ViolationKind.allCases.map(\.rawValue) + ["photo share (min–max)"],
                rows: r.audited.map { name in
                    let sh = share[name] ?? []
                    return [name] + ViolationKind.allCases.map { "\(byStrategy[name]?[$0] ?? 0)" }
                        + [
                            sh.isEmpty
                                ? "–"
                                : "\(formatNumber(sh.min()! * 100, digits: 0))–"
                                    + "\(formatNumber(sh.max()! * 100, digits: 0))%"
                        ]
                }))
        doc.add(.heading(level: 2, text: "Screens with violations, each in its worst configuration"))
        doc.add(
            .paragraph(
                "One row per device and window, strategy and screen that has a violation anywhere: the configuration "
                    + "where it has the most, its first findings, and its wireframe (red outline: a control with a "
                    + "violation; bars: text at its estimated width, orange past its frame; shaded: unsafe margins; a "
                    + "band under a control: its warning colour)."
            ))
        doc.add(
            .table(
                header: ["Screen", "Worst configuration", "Findings", "Violations", "Wireframe"],
                rows: worst.map { w in
                    let words = byKind(w.screen.findings)
                    return [
                        "\(w.screen.strategy) \(w.screen.screenName)", w.conf.configuration.name,
                        "\(w.screen.findings.count)", words.joined(separator: "; "), "wireframe"
                    ]
                },
                links: worst.map { [nil, nil, nil, nil, $0.file] }))
        doc.add(.heading(level: 2, text: "Violations per configuration"))
        doc.add(
            .table(
                header: ["Configuration", "Width"] + ViolationKind.allCases.map(\.rawValue) + [
                    "screens with violations"
                ],
                rows: r.configurations.map { conf in
                    let counts = conf.counts
                    let d = conf.configuration.device
                    return [conf.configuration.name, "\(d.horizontalSizeClass.rawValue) \(Int(d.bounds.width)) pt"]
                        + ViolationKind.allCases.map { "\(counts[$0] ?? 0)" }
                        + ["\(conf.screens.filter { !$0.findings.isEmpty }.count) of \(conf.screens.count)"]
                }))
        if !full {
            doc.add(
                .paragraph(
                    "Every finding of every configuration, with a wireframe of every distinct violating screen: "
                        + "`refine audit --full` (tens of megabytes, not committed) or `refine audit --json`."
                ))
        }
        for conf in r.configurations where full && conf.findings > 0 {
            let d = conf.configuration.device
            doc.add(
                .heading(
                    level: 3,
                    text:
                        "\(conf.configuration.name) (\(d.horizontalSizeClass.rawValue) width, \(Int(d.bounds.width)) "
                            + "× \(Int(d.bounds.height)) pt)"
                ))
            var rows: [[String]] = [], links: [[String?]] = []
            for s in conf.screens where !s.findings.isEmpty {
                let file = wireframes[screenKey(conf, s)]
                // Each kind's count and first finding; every one is in `refine audit --json`.
                let words = byKind(s.findings)
                rows.append(
                    [s.strategy, s.screenName, words.joined(separator: "; "), file == nil ? "–" : "wireframe"])
                links.append([nil, nil, nil, file])
            }
            doc.add(.table(header: ["Strategy", "Screen", "Violations", "Wireframe"], rows: rows, links: links))
        }
        doc.add(.heading(level: 2, text: "Reproduce"))
        doc.add(.code(command))
        return doc
    }
}
