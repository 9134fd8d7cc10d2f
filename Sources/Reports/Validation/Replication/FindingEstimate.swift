import Foundation
import Harness
import Randomness
import Statistics
import UserModels

/// A statistic of a replication computed on a set of people (indices into the
/// observations), so the same function gives the estimate on everyone and on each
/// bootstrap resample of people.
struct FindingEstimate {
    let statistic: Statistic
    let seen: Observations

    /// Why a statistic cannot be computed: a cell the task did not measure.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    init(_ statistic: Statistic, _ seen: Observations) throws {
        self.statistic = statistic
        self.seen = seen
        for cell in cells where seen.values[cell] == nil {
            let known = seen.measures.flatMap { seen.cells(of: $0) }.map(\.description)
            throw Missing(description: "the task does not measure \(cell); "
                                 + "it measures \(known.joined(separator: ", "))")
        }
    }

    /// Every cell the statistic reads.
    var cells: [Observations.Cell] {
        switch statistic {
        case .value(let c): [c]
        case .ratio(let a, let b, _), .contrast(let a, let b, _): [a, b]
        case .trend(let c, let factor, _), .plateau(let c, let factor), .fit(let c, let factor, _):
            levels(of: factor).map { level(c, factor, $0) }
        }
    }

    func levels(of factor: String) -> [String] { seen.levels[factor] ?? [] }

    func level(_ cell: Observations.Cell, _ factor: String, _ level: String) -> Observations.Cell {
        var condition = cell.condition
        condition[factor] = level
        return Observations.Cell(cell.measure, condition)
    }

    /// A factor's levels as numbers (their position when they are names).
    func positions(_ factor: String) -> [Double] {
        levels(of: factor).enumerated().map { Double($1) ?? Double($0) }
    }

    func mean(_ cell: Observations.Cell, _ people: [Int]) -> Double {
        let v = seen.values[cell]!
        return people.reduce(0) { $0 + v[$1] } / Double(people.count)
    }

    /// The statistic on `people`.
    func callAsFunction(_ people: [Int]) -> Double {
        switch statistic {
        case .value(let c): return mean(c, people)
        case .ratio(let a, let b, let minusOne): return mean(a, people) / mean(b, people) - (minusOne ? 1 : 0)
        case .contrast(let a, let b, _): return mean(a, people) - mean(b, people)
        case .trend(let c, let factor, _):
            let x = positions(factor)
            return people.reduce(0) { sum, k in
                sum + LinearFit(x: x, y: levels(of: factor).map { seen.values[level(c, factor, $0)]![k] }).slope
            } / Double(people.count)
        case .fit(let c, let factor, let goodness):
            let fit = LinearFit(x: positions(factor), y: levels(of: factor).map { mean(level(c, factor, $0), people) })
            return goodness == .r2 ? fit.rSquared : fit.rSquared.squareRoot() * (fit.slope < 0 ? -1 : 1)
        case .plateau(let c, let factor):
            return plateau(c, factor, people)
        }
    }

    /// The first level from which no level differs from the last one (paired t-test, two-sided 5 %), as the
    /// studies that report a plateau test it.
    func plateau(_ c: Observations.Cell, _ factor: String, _ people: [Int]) -> Double {
        let names = levels(of: factor), x = positions(factor)
        let last = seen.values[level(c, factor, names.last!)]!
        let critical = StudentT.upperQuantile(tail: 0.025, df: max(1, people.count - 1))
        var from = names.count - 1
        for i in stride(from: names.count - 2, through: 0, by: -1) {
            let v = seen.values[level(c, factor, names[i])]!
            let d = people.map { v[$0] - last[$0] }
            let m = d.reduce(0, +) / Double(d.count)
            let sd = (d.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(1, d.count - 1))).squareRoot()
            let t = sd > 0 ? abs(m) / (sd / Double(d.count).squareRoot()) : (m == 0 ? 0 : .infinity)
            if t > critical { break }
            from = i
        }
        return x[from]
    }

    /// The estimate on everyone and a 95 % percentile interval over `resamples` resamples of people.
    func interval(resamples: Int = 1000, seed: UInt64, label: String) -> (Double, Double, Double) {
        let everyone = Array(0..<seen.participants)
        var g = SeededGenerator(seed: seed, label: "replication/\(label)")
        var draws = (0..<resamples).map { _ in
            self(everyone.map { _ in Int(g.next() % UInt64(everyone.count)) })
        }.filter(\.isFinite)
        draws.sort()
        guard !draws.isEmpty else { return (self(everyone), .nan, .nan) }
        let lo = draws[Int(Double(draws.count - 1) * 0.025)], hi = draws[Int(Double(draws.count - 1) * 0.975)]
        return (self(everyone), lo, hi)
    }
}
