import DifferentialHarness
import Foundation
import Lockstep
import WindowModel

/// The report's two charts, as inline SVG: rule-outcome coverage per rule, and a
/// campaign's throughput over time.
enum ReportCharts {
    /// One bar per rule: the share of its outcomes the run decided, with the count
    /// of decisions; rules with an outcome never reached are marked.
    static func coverage(_ coverage: RuleCoverage) -> String {
        var rules: [String] = []
        for outcome in RuleOutcome.allCases where !rules.contains(outcome.rule) { rules.append(outcome.rule) }
        let row = 16.0, labelWidth = 44.0, barWidth = 420.0
        let height = Double(rules.count) * row + 24
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"coverage-chart\" width=\"\(Int(labelWidth + barWidth + 260))\" "
            + "height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        for (i, rule) in rules.enumerated() {
            let outcomes = RuleOutcome.allCases.filter { $0.rule == rule }
            let reached = outcomes.filter { coverage.count($0) > 0 }
            let decisions = outcomes.reduce(0) { $0 + coverage.count($1) }
            let y = Double(i) * row + 4
            let share = Double(reached.count) / Double(max(outcomes.count, 1))
            let colour = share == 1 ? "#2e7d32" : share == 0 ? "#c62828" : "#f9a825"
            svg += "<text x=\"0\" y=\"\(y + 11)\">\(rule)</text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"12\" fill=\"#eeeeee\"/>"
            svg += "<rect class=\"bar\" data-rule=\"\(rule)\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(barWidth * share)\" "
                + "height=\"12\" fill=\"\(colour)\"/>"
            svg += "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 11)\">\(reached.count) of \(outcomes.count) "
                + "outcomes · \(decisions) decisions</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Commands per second against time, from the campaign's progress samples.
    static func throughput(_ samples: [CheckResult.ProgressSample]) -> String {
        guard samples.count >= 2, let last = samples.last, last.seconds > 0 else {
            return "<p class=\"meta\">No throughput samples (the campaign ran for less than two seconds).</p>\n"
        }
        var rates: [(Double, Double)] = []
        for (a, b) in zip(samples, samples.dropFirst()) where b.seconds > a.seconds {
            rates.append((b.seconds, Double(b.commands - a.commands) / (b.seconds - a.seconds)))
        }
        let top = max(rates.map(\.1).max() ?? 1, 1)
        let width = 600.0, height = 160.0, left = 60.0
        let points = rates.map { seconds, rate in
            "\(Self.n(left + width * seconds / last.seconds)),\(Self.n(10 + height * (1 - rate / top)))"
        }.joined(separator: " ")
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"throughput-chart\" width=\"\(Int(left + width + 20))\" "
            + "height=\"\(Int(height + 40))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        svg += "<rect x=\"\(left)\" y=\"10\" width=\"\(width)\" height=\"\(height)\" fill=\"#fafafa\" stroke=\"#bbbbbb\"/>\n"
        svg += "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\"\(points)\"/>\n"
        svg += "<text x=\"0\" y=\"20\">\(Int(top)) /s</text><text x=\"0\" y=\"\(Int(height + 10))\">0</text>\n"
        svg += "<text x=\"\(left)\" y=\"\(Int(height + 28))\">0 s</text>"
        svg += "<text x=\"\(left + width - 40)\" y=\"\(Int(height + 28))\">\(Int(last.seconds)) s</text>\n"
        return svg + "</svg>\n"
    }

    private static func n(_ value: Double) -> String { String(Int((value * 10).rounded())) + "e-1" }
}
