import Foundation
import Testing

/// Report, compare, power and check say the same thing about the same data (issue 48): each ends with the one
/// contrast of two strategies (`Contrast`) and the one rule (`Verdict`), so the report's ranking, `refine
/// compare` of the same two strategies and `refine power`'s first study (the spec's own people) find the same
/// difference, interval and verdict; and a regression `refine check` flags is one `refine compare` of the two runs
/// calls worse. Through the executable, on a rate, a mean and a censored time to effect.
@Suite("Report, compare, power and check agree")
struct AgreementTests {
    /// Three tap-margin variants judged on a rate.
    static let margins = """
        name: margins
        question: tap-margin
        seed: 5
        devices: [iphone-15-portrait]
        strategies:
          - {design: tap-margin, label: margin-0, parameters: {margin_pt: 0}}
          - {design: tap-margin, label: margin-6, parameters: {margin_pt: 6}}
          - {design: tap-margin, label: margin-16, parameters: {margin_pt: 16}}
        population: {participants: 24}
        tasks:
          - {intent: tap, size_pt: 28, gap_pt: 4}
          - {intent: tap, size_pt: 32, gap_pt: 12}
        metrics: [right_first_time]
        report: {bootstrap_resamples: 300}

        """

    /// PIP judged on `metric`: time to effect (a censored time) or how long the window took to settle (a mean).
    static func pip(_ metric: String) -> String {
        """
        name: pip-\(metric.prefix(6))
        question: pip
        seed: 8
        devices: [iphone-15-portrait]
        strategies:
          - design: nearest-corner
          - design: projected-momentum
          - {design: projected-momentum, label: projected-fast, parameters: {rate: fast}}
        population: {participants: 8}
        tasks: {moves: all}
        metrics: [\(metric)]
        report: {bootstrap_resamples: 300}

        """
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test("the report's ranking, compare and power's first study find the same difference and verdict",
          arguments: [("margins", margins, "right_first_time", 24), ("pip-time", pip("time_to_effect_s"),
                                                                     "time_to_effect_s", 8),
                      ("pip-settle", pip("settle_time_s"), "settle_time_s", 8)])
    func sameVerdict(_ name: String, _ spec: String, _ metric: String, _ people: Int) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try spec.write(to: dir.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "\(name).yaml", "--db", "r.sqlite", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try CLI.run(["report", "\(name).yaml", "--db", "r.sqlite", "--out", "report"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: dir.appendingPathComponent("report/answer.json"))) as? [String: Any])
        let ranking = try #require(answer["ranking"] as? [[String: Any]])
        #expect(ranking.count == 3, "\(answer)")
        let best = try #require(ranking.first?["strategy"] as? String)
        for entry in ranking.dropFirst() {
            let other = try #require(entry["strategy"] as? String)
            let fromBest = try #require(entry["fromBest"] as? [String: Double], "\(other): \(entry)")
            let verdict = try #require(entry["verdict"] as? String)

            let compare = try CLI.run(["compare", best, other, "--db", "r.sqlite", "--metric", metric, "--json"], in: dir)
            #expect(compare.status == 0, "\(compare.stderr)")
            let row = try #require((try json(compare.stdout) as? [[String: Any]])?.first)
            let difference = try #require(row["difference"] as? [String: Double])
            #expect(difference == fromBest, "\(name) \(other) vs \(best): compare \(difference), report \(fromBest)")
            #expect(row["verdict"] as? String == verdict, "\(name) \(other) vs \(best): \(row)")

            let power = try CLI.run(["power", "\(name).yaml", "--compare", "\(best):\(other):\(metric)",
                                     "--participants", "\(people)", "--studies", "1", "--out", "power-\(other)",
                                     "--json"], in: dir)
            #expect(power.status == 0, "\(power.stderr)")
            let point = try #require(((try json(power.stdout) as? [String: Any])?["points"] as? [[String: Any]])?.first)
            // Power's people are simulated in memory, the report's read back from the database: the same values,
            // summed in another order.
            let effect = try #require(point["medianEffect"] as? Double), value = try #require(fromBest["value"])
            #expect(abs(effect - value) <= 1e-12 * max(1, abs(value)), "\(name) \(other): \(point)")
            let detected = ["better", "worse"].contains(verdict) ? 1 : 0
            #expect(point["detected"] as? Int == detected, "\(name) \(other): report \(verdict), power \(point)")
        }
    }

    @Test("a regression check flags is one compare of the two runs calls worse; what compare cannot tell, check passes")
    func checkAgreesWithCompare() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gated = Self.margins.replacingOccurrences(of: "margin-0, parameters: {margin_pt: 0}",
                                                      with: "margin-0, parameters: {margin_pt: 10}")
            + """
            gate:
              confidence: 0.95
              metrics:
                right_first_time: {worse: lower, absolute: 0.001}
                missed_tap: {worse: higher, absolute: 0.001}

            """
        try gated.write(to: dir.appendingPathComponent("before.yaml"), atomically: true, encoding: .utf8)
        // The change under test: the first variant loses its margin (the same people: the same seed).
        try gated.replacingOccurrences(of: "{margin_pt: 10}", with: "{margin_pt: 0}")
            .write(to: dir.appendingPathComponent("after.yaml"), atomically: true, encoding: .utf8)
        for side in ["before", "after"] {
            let r = try CLI.run(["run", "\(side).yaml", "--db", "\(side).sqlite", "--quiet"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let baseline = try CLI.run(["baseline", "update", "before.yaml", "--db", "before.sqlite", "-o", "b.json"],
                                   in: dir)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let check = try CLI.run(["check", "after.yaml", "--baseline", "b.json", "--db", "after.sqlite", "--json"],
                                in: dir)
        #expect(check.status == 1, "the planted loss of margin is a regression: \(check.stdout) \(check.stderr)")
        let findings = try #require((try json(check.stdout) as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.count == 6)
        var regressions = 0
        for f in findings {
            let (strategy, metric) = (f["strategy"] as! String, f["metric"] as! String)
            let compare = try CLI.run(["compare", "before.sqlite:\(strategy)", "after.sqlite:\(strategy)",
                                       "--metric", metric, "--json"], in: dir)
            #expect(compare.status == 0, "\(compare.stderr)")
            let row = try #require((try json(compare.stdout) as? [[String: Any]])?.first)
            let verdict = row["verdict"] as? String, found = f["verdict"] as? String
            if found == "regression" { regressions += 1; #expect(verdict == "worse", "\(strategy) \(metric): \(row)") }
            if found == "improvement" { #expect(verdict == "better", "\(strategy) \(metric): \(row)") }
            if verdict == "inconclusive" { #expect(found == "pass", "\(strategy) \(metric): \(f)") }
        }
        #expect(regressions > 0)
    }
}
