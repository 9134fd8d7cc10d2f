/// A problem with an experiment spec, located as precisely as the YAML allows:
/// `Experiments/pip.yaml:14:7: strategies[1].parameters.rate: expected …`.
public struct SpecError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// Dotted path of the field, e.g. `population.participants`; empty for the whole file.
    public var field: String
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, field: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return field.isEmpty ? "\(location): \(message)" : "\(location): \(field): \(message)"
    }
}
