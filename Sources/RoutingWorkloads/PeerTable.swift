/// The side-by-side table of `windowlab bench --peers`: for each workload and N,
/// the engine's full route, its grid at window level, and every peer's routing and
/// moves, with ratios against the engine measured in the same run.
public enum PeerTable {
    /// The table as text, one block per result.
    /// - Complexity: O(results x peers).
    public static func text(_ results: [PeerComparisonResult]) -> String {
        ([legend] + results.map(block)).joined(separator: "\n")
    }

    /// What the columns mean.
    public static let legend = "Times in ns per call (clock overhead removed), p50 / p99. x = the row's time over the engine's\n"
        + "(above 1: the engine is faster), routing against the engine's grid at window level, moves\n"
        + "against the engine's move/resize (`set W frame`, a whole command); a base build's rows over\n"
        + "this build's. Every peer is checked against the engine's window-level answer on every point,\n"
        + "before and after the moves.\n"

    /// One workload and N.
    public static func block(_ r: PeerComparisonResult) -> String {
        var out = ""
        out += "\(r.workload), N = \(grouped(r.windows)) (\(grouped(r.visibleWindows)) visible), "
            + "engine built in \(fixed(r.engineBuildMs, 1)) ms\n"
        out += pad("", 34) + pad("route p50 / p99", 18) + pad("x p50 / p99", 16)
            + pad("move p50 / p99", 18) + pad("x p50 / p99", 16) + "answers\n"
        let grid = r.engineGrid, move = r.engineUpdates[UpdateKind.moveResize.rawValue]
        out += pad("engine: full route (hitTarget)", 34) + pad(pair(r.engineRoute), 18)
            + pad(ratio(r.engineRoute, grid), 16) + "\n"
        if let byHandle = r.engineRouteByHandle {
            out += pad("engine: route by handle", 34) + pad(pair(byHandle), 18) + pad(ratio(byHandle, grid), 16) + "\n"
        }
        if let floor = r.answerFloor {
            out += pad("engine: floor (answer known)", 34) + pad(pair(floor), 18) + pad(ratio(floor, grid), 16) + "\n"
        }
        out += pad("engine: grid alone, window level", 34) + pad(pair(grid), 18) + pad("1 / 1", 16)
            + pad(move.map(pair) ?? "–", 18) + pad(move == nil ? "" : "1 / 1", 16) + "reference\n"
        for p in r.peers {
            let agreement = p.mismatchesBefore == 0 && p.mismatchesAfter == 0
                ? "agree" : "DISAGREE at \(p.mismatchesBefore) + \(p.mismatchesAfter) points"
            out += pad(p.peer, 34) + pad(pair(p.route), 18) + pad(ratio(p.route, grid), 16)
                + pad(p.move.map(pair) ?? "–", 18)
                + pad(p.move.flatMap { m in move.map { ratio(m, $0) } } ?? "", 16) + agreement + "\n"
        }
        let others = ([UpdateKind.raise, .hide, .show, .levelChange].map(\.rawValue) + [PeerComparison.moveByHandle])
            .compactMap { kind in r.engineUpdates[kind].map { "\(kind) \(pair($0))" } }
        if !others.isEmpty { out += "engine updates: " + others.joined(separator: ", ") + "\n" }
        if let base = r.base { out += baseRows(base, r) }
        return out
    }

    /// The base build's rows: its routing and updates, each with its ratio over this
    /// build's (above 1: this build is faster).
    static func baseRows(_ base: BaseBuildFigures, _ r: PeerComparisonResult) -> String {
        let move = UpdateKind.moveResize.rawValue
        var out = pad("base build: full route", 34) + pad(pair(base.route), 18) + pad(ratio(base.route, r.engineRoute), 16)
            + "\n"
        out += pad("base build: grid alone", 34) + pad(pair(base.grid), 18) + pad(ratio(base.grid, r.engineGrid), 16)
        if let old = base.updates[move], let new = r.engineUpdates[move] {
            out += pad(pair(old), 18) + pad(ratio(old, new), 16)
        }
        out += "\n"
        let updates = [UpdateKind.raise, .hide, .show, .levelChange].compactMap { kind -> String? in
            guard let old = base.updates[kind.rawValue], let new = r.engineUpdates[kind.rawValue] else { return nil }
            return "\(kind.rawValue) \(pair(old)) (x \(ratio(old, new)))"
        }
        if !updates.isEmpty { out += "base build updates: " + updates.joined(separator: ", ") + "\n" }
        return out
    }

    /// Whether every peer agreed with the engine on every point of every result.
    public static func allAgree(_ results: [PeerComparisonResult]) -> Bool {
        results.allSatisfy { $0.peers.allSatisfy { $0.mismatchesBefore == 0 && $0.mismatchesAfter == 0 } }
    }

    static func pair(_ s: LatencySummary) -> String { "\(grouped(Int(s.p50.rounded()))) / \(grouped(Int(s.p99.rounded())))" }

    static func ratio(_ s: LatencySummary, _ base: LatencySummary) -> String {
        "\(short(s.p50 / max(base.p50, 1))) / \(short(s.p99 / max(base.p99, 1)))"
    }

    /// Two significant digits, at most two decimals: 0.05, 1.4, 12, 340.
    static func short(_ v: Double) -> String {
        if v >= 10 { return grouped(Int(v.rounded())) }
        return v >= 1 ? fixed(v, 1) : fixed(v, 2)
    }

    /// `v` with exactly `decimals` decimals and thousands grouped: -1,234.50.
    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((v.magnitude * Double(scale)).rounded())
        let sign = v < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + grouped(scaled) }
        let digits = String(scaled % scale)
        return sign + grouped(scaled / scale) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    /// Thousands separated by commas: 100,000.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
