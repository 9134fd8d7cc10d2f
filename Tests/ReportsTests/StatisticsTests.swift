import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// Reference values computed with scipy 1.17 / numpy 2.4 (see the comments).
@Suite("Statistics")
struct StatisticsTests {
    @Test("Wilson intervals match the reference formula")
    func wilson() {
        // statsmodels proportion_confint(8, 10, method="wilson") and the same formula with scipy's norm.ppf.
        let a = Intervals.wilson(successes: 8, n: 10)
        #expect(abs(a.lower - 0.49016247153664183) < 1e-9 && abs(a.upper - 0.9433178485456247) < 1e-9)
        let b = Intervals.wilson(successes: 0, n: 25)
        #expect(abs(b.lower) < 1e-12 && abs(b.upper - 0.13319225093904846) < 1e-9)
        let c = Intervals.wilson(successes: 97, n: 100, confidence: 0.99)
        #expect(abs(c.lower - 0.8891247228489051) < 1e-8 && abs(c.upper - 0.9923878306982216) < 1e-8)
    }

    @Test("normal quantiles match scipy.stats.norm.ppf")
    func normalQuantile() {
        #expect(abs(Intervals.normalQuantile(0.975) - 1.959963984540054) < 1e-8)
        #expect(abs(Intervals.normalQuantile(0.001) + 3.090232306167813) < 1e-8)
        #expect(abs(Intervals.normalQuantile(0.7) - 0.5244005127080407) < 1e-8)
    }

    @Test("quantiles follow numpy's default (type 7); the median by selection agrees with sorting")
    func quantiles() {
        let v: [Double] = [3, 1, 4, 1, 5, 9, 2, 6]
        let s = v.sorted()
        #expect(Descriptive.quantile(sorted: s, 0.1) == 1)
        #expect(Descriptive.quantile(sorted: s, 0.5) == 3.5)
        #expect(abs(Descriptive.quantile(sorted: s, 0.9) - 6.9) < 1e-12)
        var g = SeededGenerator(seed: 3)
        for n in 1...60 {
            let values = (0..<n).map { _ in Double(g.next() % 20) }
            #expect(Descriptive.median(values) == Descriptive.quantile(sorted: values.sorted(), 0.5))
        }
    }

    @Test("the ECDF of a censored sample stops below 1")
    func ecdf() {
        let points = Descriptive.ecdf([2, 1, 2, 3], total: 5)
        #expect(points.map(\.x) == [1, 2, 3])
        #expect(points.map(\.y) == [0.2, 0.6, 0.8])
    }

    @Test("bootstrap intervals are seeded and contain the estimate")
    func bootstrap() {
        let values = (1...200).map { Double($0 % 37) }
        let a = Intervals.median(values, seed: 5), b = Intervals.median(values, seed: 5)
        #expect(a == b)
        #expect(a.lower <= a.value && a.value <= a.upper && a.lower < a.upper)
    }

    @Test("HTML and Markdown escape user strings")
    func escaping() {
        var doc = ReportDocument(title: "<script>alert('x')</script>")
        doc.add(.paragraph("a & b < c"))
        doc.add(.table(header: ["x|y"], rows: [["<b>"]]))
        #expect(!doc.html.contains("<script>") && doc.html.contains("&lt;script&gt;") && doc.html.contains("a &amp; b &lt; c"))
        #expect(doc.markdown.contains("x\\|y"))
    }

    @Test("A table's linked cells are links in HTML and Markdown, escaped; the others stay text")
    func tableLinks() {
        var doc = ReportDocument(title: "t")
        doc.add(.table(header: ["name", "report"], rows: [["pip", "pip/index.html"], ["a&b", "none"]],
                       links: [[nil, "pip/index.html"], [nil, nil]]))
        #expect(doc.html.contains("<td><a href=\"pip/index.html\">pip/index.html</a></td>"))
        #expect(doc.html.contains("<td>a&amp;b</td><td>none</td>"))
        #expect(doc.markdown.contains("| pip | [pip/index.html](pip/index.html) |"))
        #expect(doc.markdown.contains("| a&b | none |"))
    }
}

