import ArgumentParser
import Designs
import Foundation
import Harness
import Interaction
import Questions
import Reports
import UserModels

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List designs, devices, experiments, user-model parameters, mechanisms to switch off, metrics, or a spec's "
            + "fields.")

    enum Topic: String, ExpressibleByArgument, CaseIterable {
        case designs, devices, experiments, parameters, ablations, metrics, spec
    }

    @Argument(
        help: """
            What to list: designs, devices, experiments, parameters, ablations (the mechanisms of the simulated \
            people `population.ablate` and `refine sensitivity --ablate` switch off, with the parameters each \
            fixes) or metrics (each with which way is better, its kind, unit and the questions that record it; \
            default: designs, devices and experiments); spec: every \
            field the spec parser accepts, with an example from the specs in --experiments, as Markdown \
            (Docs/Spec.md is this output).
            """)
    var topic: Topic?

    @Option(help: "Folder holding experiment specs.")
    var experiments: String = "Experiments"

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(
        help: """
            With designs: every parameter of every design, with its default, allowed values, unit and meaning \
            (read from the code that reads it).
            """)
    var parameters = false

    func validate() throws {
        if parameters && !(topic == nil || topic == .designs) {
            throw ValidationError("--parameters goes with the designs topic: refine list designs --parameters")
        }
    }

    func run() throws {
        try reportingErrors {
            if topic == .spec {
                guard !json else { throw InputError("--json: the spec reference is Markdown; leave --json out") }
                let specs = SpecLoader.specPaths(in: experiments)
                guard !specs.isEmpty else {
                    throw InputError("\(experiments): no specs (*.yaml) to read the fields of")
                }
                print(try SpecKeyTables.reference(specs: specs, catalog: .standard), terminator: "")
                return
            }
            let topics = topic.map { [$0] } ?? [.designs, .devices, .experiments]
            var out: [String: [[String: String]]] = [:]
            for t in topics {
                switch t {
                case .designs:
                    let declarable = Set(DeclaredDesigns.declarable)
                    out["designs"] = QuestionCatalog.standard.questions.map(\.design).flatMap { q in
                        q.strategies.map {
                            [
                                "question": q.name, "name": $0.name, "summary": $0.summary,
                                "parameters": $0.parameters.keys.sorted().joined(separator: ", "),
                                "declarable": declarable.contains($0.name) ? "yes" : "no"
                            ]
                        }
                    }
                    if parameters {
                        out["design_parameters"] = QuestionCatalog.standard.questions.flatMap(DesignParameters.rows)
                    }
                case .devices:
                    out["devices"] = DeviceCatalog.allConfigurations.map { c in
                        [
                            "name": c.name, "points": "\(Int(c.bounds.width))×\(Int(c.bounds.height))",
                            "ppi": formatNumber(c.device.ppi),
                            "mm_per_pt": formatNumber(c.device.millimetresPerPoint, digits: 4),
                            "size_class":
                                "w\(c.horizontalSizeClass == .compact ? "C" : "R") "
                                    + "h\(c.verticalSizeClass == .compact ? "C" : "R")"
                        ]
                    }
                case .experiments:
                    out["experiments"] = SpecLoader.specPaths(in: experiments).map { ["spec": $0] }
                case .metrics:
                    let questions = QuestionCatalog.standard.questions
                    let names = questions.flatMap(\.recordedMetrics).reduce(into: [String]()) {
                        if !$0.contains($1) { $0.append($1) }
                    }
                    out["metrics"] = names.map { name in
                        let d = MetricCatalog.definition(name)
                        let recordedBy = questions.filter { $0.recordedMetrics.contains(name) }.map(\.name)
                        return [
                            "name": name, "better": d.better.rawValue, "kind": d.kind.rawValue, "unit": d.unit,
                            "meaning": d.meaning, "questions": recordedBy.joined(separator: ", ")
                        ]
                    }
                case .spec: break  // answered above
                case .ablations:
                    out["ablations"] = Ablation.allCases.map {
                        ["name": $0.rawValue, "meaning": $0.meaning, "fixes": $0.settings]
                    }
                case .parameters:
                    out["parameters"] = ParameterCatalog.all.map {
                        [
                            "path": $0.path, "meaning": $0.meaning, "novice": "\($0.novice)", "expert": "\($0.expert)",
                            "allowed": "\($0.allowed.lowerBound)…\($0.allowed.upperBound)", "source": $0.source
                        ]
                    }
                }
            }
            if json { try printJSON(out); return }
            for t in topics {
                print("\(t.rawValue):")
                for row in out[t.rawValue] ?? [] {
                    switch t {
                    case .designs:
                        let declarable = row["declarable"] == "yes" ? " [declarable]" : ""
                        print(
                            "  \(row["question"]!)/\(row["name"]!)\(declarable) — \(row["summary"]!)\n      "
                                + "parameters: \(row["parameters"]!.isEmpty ? "none" : row["parameters"]!)"
                        )
                        let own = (out["design_parameters"] ?? []).filter {
                            $0["question"] == row["question"] && $0["design"] == row["name"]
                        }
                        for p in own {
                            let unit = p["unit"]!.isEmpty ? "" : " \(p["unit"]!)"
                            print(
                                "      \(p["name"]!) = \(p["default"]!)\(unit) (allowed \(p["allowed"]!)): "
                                    + p["meaning"]!)
                        }
                    case .devices:
                        print("  \(row["name"]!)  \(row["points"]!) pt  \(row["ppi"]!) ppi  \(row["size_class"]!)")
                    case .experiments: print("  \(row["spec"]!)")
                    case .metrics:
                        let unit = row["unit"]!.isEmpty ? "" : ", \(row["unit"]!)"
                        print(
                            "  \(row["name"]!) — \(row["better"]!) is better (\(row["kind"]!)\(unit)): "
                                + "\(row["meaning"]!)"
                                + "\n      recorded by \(row["questions"]!)")
                    case .spec: break
                    case .ablations:
                        print("  \(row["name"]!) — switches off \(row["meaning"]!)\n      fixes \(row["fixes"]!)")
                    case .parameters:
                        print(
                            "  \(row["path"]!) = \(row["novice"]!) (expert \(row["expert"]!)), "
                                + "allowed \(row["allowed"]!)\n      \(row["meaning"]!); \(row["source"]!)"
                        )
                    }
                }
            }
        }
    }
}
