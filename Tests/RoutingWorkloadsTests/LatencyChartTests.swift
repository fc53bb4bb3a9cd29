import Foundation
import RoutingWorkloads
import Testing

/// The benchmark chart must say something at every N, and tell the workloads apart.
@Suite("Latency chart")
struct LatencyChartTests {
    static func results(_ sizes: [Int]) -> [RoutingResult] {
        var options = RoutingBenchmarkOptions()
        options.touches = 64
        options.referenceBudgetSeconds = 0.01
        options.measureUpdates = false
        return WorkloadKind.allCases.flatMap { kind in
            sizes.map { RoutingBenchmark.run(kind, windows: $0, options: options) }
        }
    }

    /// The x coordinates of the chart's points and the plot's left and right edges.
    static func pointXs(_ svg: String) -> (xs: [Double], left: Double, right: Double) {
        var xs: [Double] = []
        for piece in svg.components(separatedBy: "class=\"point").dropFirst() {
            let attribute = piece.contains("cx=\"") ? "cx=\"" : "x=\""
            guard let start = piece.range(of: attribute) else { continue }
            let number = piece[start.upperBound...].prefix { $0 != "\"" }
            if let value = Double(number) { xs.append(attribute == "x=\"" ? value + 3.5 : value) }
        }
        return (xs, 80, 760 - 200)
    }

    @Test("a chart of one N puts its points inside the plot, not on its left edge")
    func singleSize() {
        let (xs, left, right) = Self.pointXs(LatencyChart(results: Self.results([100])).svg())
        #expect(xs.count == 4)
        for x in xs { #expect(x > left + 50 && x < right - 50, "x = \(x)") }
    }

    @Test("desktop and dense have their own colours and markers")
    func workloadsDiffer() {
        let svg = LatencyChart(results: Self.results([50, 200])).svg()
        #expect(svg.contains("<circle class=\"point desktop\""))
        #expect(svg.contains("<rect class=\"point dense\""))
        let colours = ["#c0392b", "#2471a3", "#e67e22", "#17a589"]
        for colour in colours { #expect(svg.contains(colour), "\(colour)") }
    }
}
