/// Two log-log panels of a peer comparison: routing p50 and move p50 against N,
/// one line per engine figure and peer, desktop solid and dense dashed, each
/// line's fitted slope in the legend. Deterministic: the same results give the same
/// bytes.
public struct GrowthChart {
    public var results: [PeerComparisonResult]

    /// A chart of these results (any workloads and sizes; one line per series).
    public init(results: [PeerComparisonResult]) { self.results = results }

    private let panelWidth = 520.0
    private let left = 70.0, top = 50.0, plotHeight = 300.0, legendLine = 17.0

    /// Colours by series name, in a fixed order so each name keeps its colour.
    private static let colours = ["#2471a3", "#17a589", "#c0392b", "#e67e22", "#8e44ad", "#7f8c8d", "#d4ac0d", "#34495e"]

    /// The chart as a complete SVG document.
    /// - Complexity: O(results x peers).
    public func svg() -> String {
        let (routing, moves) = GrowthFit.series(results)
        var names: [String] = []
        for s in routing + moves where !names.contains(s.name) { names.append(s.name) }
        let width = 2 * panelWidth + 40
        let height = top + plotHeight + 70 + Double(max(routing.count, moves.count)) * legendLine
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
        s += "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        s += panel(routing, names: names, x0: 0, title: "Routing one touch (peers: at window level), p50")
        s += panel(moves, names: names, x0: panelWidth + 40, title: "Moving one window, p50")
        return s + "</svg>\n"
    }

    private func panel(_ all: [GrowthSeries], names: [String], x0: Double, title: String) -> String {
        // A p50 under 1 ns is below the clock's resolution (a linear walk's move is
        // four stores): such points are left out, and the legend says so.
        let series = all.map { line in
            GrowthSeries(name: line.name, workload: line.workload, points: line.points.filter { $0.p50 >= 1 })
        }
        let ns = series.flatMap { $0.points.map(\.n) }, vs = series.flatMap { $0.points.map(\.p50) }
        var s = "<text x=\"\(f(x0 + left))\" y=\"24\" font-size=\"14\">\(title)</text>\n"
        guard let minN = ns.min(), let maxN = ns.max(), let minV = vs.min(), let maxV = vs.max() else { return s }
        let xLow = chartLog10(minN).rounded(.down), xHigh = max(chartLog10(maxN).rounded(.up), xLow + 1)
        let yLow = chartLog10(minV).rounded(.down), yHigh = max(chartLog10(maxV).rounded(.up), yLow + 1)
        let plotWidth = panelWidth - left - 20
        func x(_ n: Double) -> Double { x0 + left + (chartLog10(n) - xLow) / (xHigh - xLow) * plotWidth }
        func y(_ v: Double) -> Double { top + plotHeight - (chartLog10(v) - yLow) / (yHigh - yLow) * plotHeight }
        for e in Int(yLow)...Int(yHigh) {
            let yy = y(chartExp10(Double(e)))
            s += "<line x1=\"\(f(x0 + left))\" y1=\"\(f(yy))\" x2=\"\(f(x0 + left + plotWidth))\" y2=\"\(f(yy))\" stroke=\"#ddd\"/>\n"
            s += "<text x=\"\(f(x0 + left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(ChartText.time(e))</text>\n"
        }
        for e in Int(xLow)...Int(xHigh) {
            let xx = x(chartExp10(Double(e)))
            s += "<line x1=\"\(f(xx))\" y1=\"\(f(top))\" x2=\"\(f(xx))\" y2=\"\(f(top + plotHeight))\" stroke=\"#ddd\"/>\n"
            s += "<text x=\"\(f(xx))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(ChartText.count(e))</text>\n"
        }
        s += "<rect x=\"\(f(x0 + left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        s += "<text x=\"\(f(x0 + left + plotWidth / 2))\" y=\"\(f(top + plotHeight + 34))\" text-anchor=\"middle\">windows (N, log scale); ns (log scale)</text>\n"
        for (i, (line, original)) in zip(series, all).enumerated() {
            let colour = Self.colours[(names.firstIndex(of: line.name) ?? 0) % Self.colours.count]
            let dash = line.workload == "dense" ? " stroke-dasharray=\"6 4\"" : ""
            let points = line.points.map { "\(f(x($0.n))),\(f(y($0.p50)))" }.joined(separator: " ")
            s += "<polyline class=\"series\" points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            for p in line.points {
                s += "<circle cx=\"\(f(x(p.n)))\" cy=\"\(f(y(p.p50)))\" r=\"3\" fill=\"\(colour)\"/>\n"
            }
            let lx = x0 + left, ly = top + plotHeight + 56 + Double(i) * legendLine
            s += "<line x1=\"\(f(lx))\" y1=\"\(f(ly))\" x2=\"\(f(lx + 22))\" y2=\"\(f(ly))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            var note = original.slope.map { ", slope " + PeerTable.fixed($0, 2) } ?? ""
            let hidden = original.points.count - line.points.count
            if hidden > 0 { note += " (\(hidden) of \(original.points.count) sizes under 1 ns, below the clock: not drawn)" }
            s += "<text x=\"\(f(lx + 26))\" y=\"\(f(ly + 4))\" font-size=\"11\">\(ChartText.escape(line.name)), \(line.workload)\(note)</text>\n"
        }
        return s
    }

    private func f(_ v: Double) -> String { ChartText.number(v) }
}
