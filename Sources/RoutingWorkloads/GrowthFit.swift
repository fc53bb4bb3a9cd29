/// How each line of a peer comparison grows with N: the least-squares slope of
/// log10(p50) against log10(N) (0: flat, 1: linear in N, 0.5: like sqrt(N)).
public struct GrowthSeries: Sendable {
    /// "engine, full route", "linear-plain", ...
    public var name: String
    public var workload: String
    /// (N, p50 ns), ascending N.
    public var points: [(n: Double, p50: Double)]

    /// The fitted slope, or nil with fewer than two sizes.
    public var slope: Double? {
        let usable = points.filter { $0.n > 0 && $0.p50 > 0 }
        guard usable.count >= 2 else { return nil }
        let xs = usable.map { chartLog10($0.n) }, ys = usable.map { chartLog10($0.p50) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) {
            sxy += (x - mx) * (y - my)
            sxx += (x - mx) * (x - mx)
        }
        return sxx > 0 ? sxy / sxx : nil
    }
}

public enum GrowthFit {
    /// The routing series (engine full route, engine grid, each peer) and the move
    /// series (engine move/resize, each peer's move) of every workload.
    /// - Complexity: O(results x peers).
    public static func series(_ results: [PeerComparisonResult]) -> (routing: [GrowthSeries], moves: [GrowthSeries]) {
        var routing: [GrowthSeries] = [], moves: [GrowthSeries] = []
        func add(_ list: inout [GrowthSeries], _ name: String, _ workload: String, _ n: Int, _ v: Double?) {
            guard let v else { return }
            if let i = list.firstIndex(where: { $0.name == name && $0.workload == workload }) {
                list[i].points.append((Double(n), v))
            } else {
                list.append(GrowthSeries(name: name, workload: workload, points: [(Double(n), v)]))
            }
        }
        for r in results.sorted(by: { ($0.workload, $0.windows) < ($1.workload, $1.windows) }) {
            add(&routing, "engine, full route", r.workload, r.windows, r.engineRoute.p50)
            add(&routing, "engine, grid alone", r.workload, r.windows, r.engineGrid.p50)
            add(&moves, "engine, move/resize", r.workload, r.windows, r.engineUpdates[UpdateKind.moveResize.rawValue]?.p50)
            if let base = r.base {
                add(&routing, "base build, grid alone", r.workload, r.windows, base.grid.p50)
                add(&moves, "base build, move/resize", r.workload, r.windows, base.updates[UpdateKind.moveResize.rawValue]?.p50)
            }
            for p in r.peers {
                add(&routing, p.peer, r.workload, r.windows, p.route.p50)
                add(&moves, p.peer, r.workload, r.windows, p.move?.p50)
            }
        }
        return (routing, moves)
    }

    /// The slopes as text, one line per workload and kind.
    public static func text(_ results: [PeerComparisonResult]) -> String {
        let (routing, moves) = series(results)
        guard (routing + moves).contains(where: { $0.slope != nil }) else {
            return "Growth: give --n two sizes or more for the slopes of log p50 against log N"
        }
        var lines = ["Growth: slope of log p50 against log N (0 flat, 1 linear), fitted over the sizes above"]
        for (title, list) in [("routing", routing), ("moves", moves)] {
            var workloads: [String] = []
            for s in list where !workloads.contains(s.workload) { workloads.append(s.workload) }
            for w in workloads {
                let parts = list.filter { $0.workload == w }.map { s in
                    "\(s.name) " + (s.slope.map { PeerTable.fixed($0, 2) } ?? "n/a")
                }
                lines.append("  \(title), \(w): " + parts.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }
}
