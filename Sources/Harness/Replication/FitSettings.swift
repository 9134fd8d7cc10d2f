import Foundation
import UserModels

/// Which parameters `refine fit` estimates from the replications, each searched
/// between bounds on a log scale (`Experiments/fit/parameters.yaml`).
public struct FitSettings: Sendable {
    public struct Parameter: Sendable {
        public var path: String
        public var lower: Double
        public var upper: Double
    }
    public var parameters: [Parameter]

    public static func load(path: String) throws -> FitSettings {
        let node = try YAMLDocument.root(path: path, what: "fit settings", expected: "parameters")
        try node.rejectUnknownKeys(["parameters"])
        let parameters = try node.required("parameters").entries().map { path, bounds in
            guard let definition = ParameterCatalog.definition(path) else {
                throw bounds.error("unknown parameter; see `refine list parameters`")
            }
            let pair = try bounds.list().map { try $0.double() }
            guard pair.count == 2, pair[0] > 0, pair[0] < pair[1],
                  definition.allowed.contains(pair[0]), definition.allowed.contains(pair[1]) else {
                throw bounds.error("expected [lower, upper] with 0 < lower < upper inside \(definition.allowed)")
            }
            return Parameter(path: path, lower: pair[0], upper: pair[1])
        }
        guard !parameters.isEmpty else { throw node.error("expected at least one parameter") }
        return FitSettings(parameters: parameters)
    }
}
