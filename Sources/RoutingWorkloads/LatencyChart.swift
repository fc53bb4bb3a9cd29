/// An SVG line chart of routing latency (p50, log scale) against window count (log
/// scale): one line per engine and workload, so the linear walk's slope and the
/// index's flat line can be seen at a glance. Deterministic: the same results give
/// the same bytes.
public struct LatencyChart {
    public var results: [RoutingResult]

    public init(results: [RoutingResult]) { self.results = results }

    private let width = 760.0, height = 480.0
    private let left = 80.0, right = 200.0, top = 40.0, bottom = 60.0

    /// The chart as a complete SVG document.
    /// - Complexity: O(results).
    public func svg() -> String {
        let ns = results.flatMap { [$0.reference.p50, $0.indexed.p50] }.filter { $0 > 0 }
        let counts = results.map { Double($0.windows) }
        guard let minNs = ns.min(), let maxNs = ns.max(), let minN = counts.min(), let maxN = counts.max() else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n"
        }
        // Whole decades around the counts; a single N (or counts within one decade)
        // gets half a decade of room on each side, so its points sit inside the plot.
        var xLow = floorLog10(minN), xHigh = max(ceilLog10(maxN), xLow + 1)
        if log10(minN) - xLow < 0.25 || xHigh - log10(maxN) < 0.25 {
            xLow = min(xLow, log10(minN) - 0.5)
            xHigh = max(xHigh, log10(maxN) + 0.5)
        }
        let yLow = floorLog10(minNs), yHigh = max(ceilLog10(maxNs), yLow + 1)
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ n: Double) -> Double { left + (log10(n) - xLow) / (xHigh - xLow) * plotW }
        func y(_ v: Double) -> Double { top + plotH - (log10(max(v, 1)) - yLow) / (yHigh - yLow) * plotH }

        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
        s += "font-family=\"sans-serif\" font-size=\"12\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        s += "<text x=\"\(f(left))\" y=\"22\" font-size=\"15\">Routing one touch: p50 latency against window count</text>\n"
        for e in Int(yLow)...Int(yHigh) {
            let yy = y(pow10(Double(e)))
            s += "<line x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(left + plotW))\" y2=\"\(f(yy))\" stroke=\"#ddd\"/>\n"
            s += "<text x=\"\(f(left - 8))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(ChartText.time(e))</text>\n"
        }
        for e in Int(xLow.rounded(.up))...Int(xHigh.rounded(.down)) {
            let xx = x(pow10(Double(e)))
            s += "<line x1=\"\(f(xx))\" y1=\"\(f(top))\" x2=\"\(f(xx))\" y2=\"\(f(top + plotH))\" stroke=\"#ddd\"/>\n"
            s += "<text x=\"\(f(xx))\" y=\"\(f(top + plotH + 18))\" text-anchor=\"middle\">\(ChartText.count(e))</text>\n"
        }
        s += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#333\"/>\n"
        s += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 16))\" text-anchor=\"middle\">windows in the scene (N, log scale)</text>\n"
        s += "<text transform=\"translate(20 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">p50 latency per touch (log scale)</text>\n"

        var legendY = top + 10
        for workload in orderedWorkloads() {
            let rows = results.filter { $0.workload == workload }.sorted { $0.windows < $1.windows }
            // Each workload has its own colours and markers (and dense a dashed line),
            // so desktop and dense read apart even in grey.
            let dense = workload == "dense"
            for (engine, colour) in dense ? [("reference", "#e67e22"), ("indexed", "#17a589")]
                                          : [("reference", "#c0392b"), ("indexed", "#2471a3")] {
                let dash = dense ? " stroke-dasharray=\"6 4\"" : ""
                let points = rows.map { r -> String in
                    let v = engine == "reference" ? r.reference.p50 : r.indexed.p50
                    return "\(f(x(Double(r.windows)))),\(f(y(v)))"
                }
                s += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
                for p in points {
                    let xy = p.split(separator: ",").compactMap { Double($0) }
                    s += dense
                        ? "<rect class=\"point \(workload)\" x=\"\(f(xy[0] - 3.5))\" y=\"\(f(xy[1] - 3.5))\" width=\"7\" "
                            + "height=\"7\" fill=\"white\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>\n"
                        : "<circle class=\"point \(workload)\" cx=\"\(f(xy[0]))\" cy=\"\(f(xy[1]))\" r=\"3.5\" "
                            + "fill=\"\(colour)\"/>\n"
                }
                let lx = left + plotW + 16
                s += "<line x1=\"\(f(lx))\" y1=\"\(f(legendY))\" x2=\"\(f(lx + 28))\" y2=\"\(f(legendY))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
                s += "<text x=\"\(f(lx + 34))\" y=\"\(f(legendY + 4))\">\(engine), \(workload)</text>\n"
                legendY += 20
            }
        }
        return s + "</svg>\n"
    }

    private func orderedWorkloads() -> [String] {
        var seen: [String] = []
        for r in results where !seen.contains(r.workload) { seen.append(r.workload) }
        return seen
    }
}

private func log10(_ v: Double) -> Double { v.logarithm10 }
private func pow10(_ e: Double) -> Double { e.exponent10 }
private func floorLog10(_ v: Double) -> Double { log10(v).rounded(.down) }
private func ceilLog10(_ v: Double) -> Double { log10(v).rounded(.up) }
private func f(_ v: Double) -> String { ChartText.number(v) }

private extension Double {
    var logarithm10: Double { chartLog10(self) }
    var exponent10: Double { chartExp10(self) }
}
