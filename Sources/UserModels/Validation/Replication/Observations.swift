import Foundation

/// What a replicated study measured: each measure in each condition, one value
/// per simulated participant (index `k` is the same person in every cell), so a
/// statistic can be recomputed on a resample of people.
public struct Observations: Sendable {
    /// A measure in one condition: a level for each factor the study varied.
    public struct Cell: Hashable, Sendable, CustomStringConvertible {
        public var measure: String
        public var condition: [String: String]

        public init(_ measure: String, _ condition: [String: String] = [:]) {
            self.measure = measure
            self.condition = condition
        }

        public var description: String {
            let levels = condition.keys.sorted().map { "\($0)=\(condition[$0]!)" }
            return levels.isEmpty ? measure : "\(measure)[\(levels.joined(separator: ", "))]"
        }
    }

    public private(set) var values: [Cell: [Double]] = [:]
    /// Each factor's levels in the order the study ran them.
    public private(set) var levels: [String: [String]] = [:]
    public let participants: Int

    public init(participants: Int) { self.participants = participants }

    /// Records one participant's value; participants are recorded in order.
    public mutating func record(_ measure: String, _ condition: [String: String], _ value: Double) {
        values[Cell(measure, condition), default: []].append(value)
        for (factor, level) in condition where !(levels[factor]?.contains(level) ?? false) {
            levels[factor, default: []].append(level)
        }
    }

    /// Every recorded cell of `measure`, sorted by their description.
    public func cells(of measure: String) -> [Cell] {
        values.keys.filter { $0.measure == measure }.sorted { $0.description < $1.description }
    }

    public var measures: [String] { Set(values.keys.map(\.measure)).sorted() }

    /// The text of a numeric level, written the same way wherever it appears
    /// ("4" for 4.0, "3.8"), so a replication file can name it.
    public static func level(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}

/// A published study's task, run by simulated people. One requirement: what it
/// measures for a list of people. Everything the task does goes through the same
/// motor and cognitive models the design questions use.
public protocol ReplicationTask: Sendable {
    /// One value per person per cell, people in order; `seed` fixes every draw.
    func observe(_ people: [Participant], seed: UInt64) -> Observations
}
