import Designs
import Harness
import Interaction

/// Every parameter of a question's designs, as the code reads it (`ParameterReads`): name, default, allowed
/// values, unit (from the name's suffix) and the design's own description of it.
enum DesignParameters {
    static func rows(_ question: any TrialQuestion) -> [[String: String]] {
        question.design.strategies.flatMap { d in
            let reads = (try? question.parameterReads(of: d.name, parameters: StrategyParameters())) ?? []
            let names = reads.map(\.name) + d.parameters.keys.sorted().filter { n in !reads.contains { $0.name == n } }
            return names.map { name in
                let read = reads.first { $0.name == name }
                return [
                    "question": question.name, "design": d.name, "name": name,
                    "default": read?.defaultValue ?? "–", "allowed": read?.allowed ?? "–", "unit": unit(name),
                    "meaning": d.parameters[name] ?? "(not described)"
                ]
            }
        }
    }

    /// The unit a parameter's name ends in (`margin_pt`, `window_s`, `speed_pt_s`).
    static func unit(_ name: String) -> String {
        let suffixes = [("_pt_s", "pt/s"), ("_pt", "pt"), ("_mm", "mm"), ("_s", "s"), ("_deg", "°"), ("_px", "px")]
        return suffixes.first { name.hasSuffix($0.0) }?.1 ?? ""
    }
}
