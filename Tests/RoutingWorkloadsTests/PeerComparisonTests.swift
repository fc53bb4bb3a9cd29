import Foundation
import RoutingWorkloads
import Testing
import WindowLabTestSupport
import WindowModel

/// `windowlab bench --peers`: the workload file the peers read, the engine's
/// window-level answers in it, the process that runs the peers, and the table.
@Suite("Peer comparison")
struct PeerComparisonTests {
    /// Reads a ``PeerWorkloadFile`` back, independently of the encoder.
    struct Decoded {
        var windows: [[Double]] = [], points: [[Double]] = []
        var before: [Int32] = [], after: [Int32] = []
        var moves: [(window: UInt32, rect: [Double])] = []
    }

    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        var offset = 0
        func u32() -> UInt32 {
            defer { offset += 4 }
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        }
        func f64() -> Double {
            defer { offset += 8 }
            return Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) })
        }
        try #require(Array(bytes.prefix(8)) == Array("WLPEER01".utf8))
        offset = 8
        let (w, p, m, flags) = (Int(u32()), Int(u32()), Int(u32()), u32())
        #expect(flags == 0)
        var d = Decoded()
        for _ in 0..<w { d.windows.append([f64(), f64(), f64(), f64()]) }
        for _ in 0..<p { d.points.append([f64(), f64()]) }
        for _ in 0..<p { d.before.append(Int32(bitPattern: u32())) }
        for _ in 0..<m {
            let window = u32()
            #expect(u32() == 0)
            d.moves.append((window, [f64(), f64(), f64(), f64()]))
        }
        for _ in 0..<p { d.after.append(Int32(bitPattern: u32())) }
        #expect(offset == bytes.count, "trailing bytes")
        return d
    }

    /// The front-most window (back to front order) whose half-open rect holds the point.
    static func bruteForce(_ windows: [[Double]], _ p: [Double]) -> Int32 {
        for i in windows.indices.reversed() {
            let r = windows[i]
            if r[0] <= p[0] && p[0] < r[2] && r[1] <= p[1] && p[1] < r[3] { return Int32(i) }
        }
        return -1
    }

    @Test("the file holds the visible windows back to front, and the engine's window-level answers are a plain scan's, before and after the moves",
          arguments: WorkloadKind.allCases)
    func engineAnswersMatchAScan(kind: WorkloadKind) throws {
        var captured: [UInt8] = []
        let result = try PeerComparison.run(kind, windows: 300, touches: 500, moves: 60) { bytes in
            captured = bytes
            return []
        }
        let d = try Self.decode(captured)
        #expect(d.windows.count == result.visibleWindows && d.windows.count > 250)
        #expect(d.points.count == 500 && d.moves.count == 60)
        #expect(d.windows[0] == [0, 0, 3840, 2160], "the app window is at the back")
        for (p, answer) in zip(d.points, d.before) { #expect(answer == Self.bruteForce(d.windows, p)) }
        var moved = d.windows
        for m in d.moves { moved[Int(m.window)] = m.rect }
        #expect(moved != d.windows)
        for (p, answer) in zip(d.points, d.after) { #expect(answer == Self.bruteForce(moved, p)) }
        #expect(Set(d.before).count > 20, "the points land in many windows")
        #expect((result.answerFloor?.samples ?? 0) > 250, "the floor is timed on the points that hit something")
        #expect(result.engineRouteByHandle?.samples == 500, "the route by handle is timed on every point")
        // Moves by handle come before the moves by name and are undone: the answers after
        // are still those of the file's moves alone (above).
        for kind in ["moveResize", "raise", "hide", "show", "levelChange", PeerComparison.moveByHandle] {
            #expect((result.engineUpdates[kind]?.samples ?? 0) > 0, "\(kind) timed")
        }
    }

    /// A stand-in peers executable: a shell script with this body.
    static func script(_ body: String) throws -> String {
        let path = TemporaryFolder.unusedPath("windowlab-fake-peers")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    static let goodLine = #"{"peer":"p","windows":3,"points":2,"moves":0,"buildMs":1.5,"#
        + #""route":{"samples":2,"p50":100,"p99":300,"mean":150},"move":null,"mismatchesBefore":0,"mismatchesAfter":0}"#

    /// A workload file's header and nothing more: what the process checks lines against.
    static func header(windows: UInt32, points: UInt32, moves: UInt32) -> [UInt8] {
        Array("WLPEER01".utf8) + [windows, points, moves, 0].flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    }

    @Test("the peers process: its lines are read, a disagreement (exit 1) still gives figures, anything else is an error that says what")
    func peerProcess() throws {
        let workload = Self.header(windows: 3, points: 2, moves: 0)
        var made: [String] = []
        defer { for path in made { try? FileManager.default.removeItem(atPath: path) } }
        func script(_ body: String) throws -> String {
            let path = try Self.script(body)
            made.append(path)
            return path
        }
        let good = try script("test -f \"$1\" || exit 3\necho '\(Self.goodLine)'")
        let timings = try PeerProcess(executable: good).run(workload)
        #expect(timings.count == 1 && timings[0].peer == "p" && timings[0].route.p99 == 300 && timings[0].move == nil)

        let disagreeing = try script("echo '\(Self.goodLine.replacingOccurrences(of: "\"mismatchesAfter\":0", with: "\"mismatchesAfter\":4"))'\nexit 1")
        #expect(try PeerProcess(executable: disagreeing).run(workload).first?.mismatchesAfter == 4)

        // Only the sleeper needs a short time limit: the others, on a busy machine, may take seconds to start.
        for (body, needle, limit) in [("exit 2", "exited with status 2", 60.0), ("echo not json", "line 1: not a peer result", 60),
                                      ("kill -9 $$", "killed by signal 9", 60), ("true", "printed no results", 60),
                                      ("exec sleep 30", "took over 1 s", 1)] {
            let path = try script(body)
            #expect {
                try PeerProcess(executable: path, timeoutSeconds: limit).run(workload)
            } throws: { error in
                "\(error)".contains(needle)
            }
        }
        // Canned lines about another workload (a stale or wrong executable) are refused.
        #expect {
            try PeerProcess(executable: good).run(Self.header(windows: 3, points: 5, moves: 0))
        } throws: { error in
            "\(error)".contains("reports 3 windows, 2 points (2 timed), 0 moves; the workload has 3, 5, 0")
        }
        #expect(throws: PeerProcess.Failure.self) { try PeerProcess(executable: "/nonexistent/peers").run(workload) }
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .contains { $0.hasPrefix("windowlab-peers-\(getpid())-") }), "no workload left behind")
    }

    static func result(_ n: Int, route: Double, move: Double, peerRoute: Double, mismatches: Int = 0) -> PeerComparisonResult {
        func s(_ v: Double) -> LatencySummary { LatencySummary(samples: 10, p50: v, p99: 2 * v, mean: v) }
        return PeerComparisonResult(
            workload: "desktop", windows: n, visibleWindows: n, engineBuildMs: 1, engineRoute: s(2 * route),
            engineGrid: s(route), engineUpdates: ["moveResize": s(move), "raise": s(move)],
            peers: [PeerTiming(peer: "walk", buildMs: 1, route: s(peerRoute), move: s(move / 4),
                               mismatchesBefore: mismatches, mismatchesAfter: 0)])
    }

    @Test("the table gives each peer's ratio to the engine and flags a disagreement; agreement is all or nothing")
    func table() {
        let agreeing = Self.result(1000, route: 50, move: 2000, peerRoute: 500)
        let text = PeerTable.text([agreeing])
        #expect(text.contains("desktop, N = 1,000"))
        #expect(text.contains("walk") && text.contains("500 / 1,000") && text.contains("10 / 10"), "\(text)")
        #expect(text.contains("0.25 / 0.25"), "the walk's move at a quarter of the engine's")
        #expect(text.contains("agree") && !text.contains("DISAGREE"))
        #expect(PeerTable.allAgree([agreeing]))
        let disagreeing = Self.result(1000, route: 50, move: 2000, peerRoute: 500, mismatches: 3)
        #expect(PeerTable.text([disagreeing]).contains("DISAGREE at 3 + 0 points"))
        #expect(!PeerTable.allAgree([agreeing, disagreeing]))
    }

    @Test("growth slopes: a flat line is 0, a linear one 1; the chart draws every series with its slope")
    func growth() {
        // The engine's grid flat at 50 ns, the walk linear in N.
        let results = [1000, 10_000, 100_000].map { n in
            Self.result(n, route: 50, move: 1000, peerRoute: Double(n) / 10)
        }
        let (routing, moves) = GrowthFit.series(results)
        let grid = routing.first { $0.name == "engine, grid alone" }, walk = routing.first { $0.name == "walk" }
        #expect(abs((grid?.slope ?? 9) - 0) < 1e-9 && abs((walk?.slope ?? 9) - 1) < 1e-9)
        #expect(moves.map(\.name) == ["engine, move/resize", "walk"])
        #expect(GrowthFit.text(results).contains("walk 1.00"))
        let svg = GrowthChart(results: results).svg()
        #expect(svg.components(separatedBy: "class=\"series\"").count - 1 == routing.count + moves.count)
        #expect(svg.contains("walk, desktop, slope 1.00") && svg.hasSuffix("</svg>\n"))
        #expect(svg == GrowthChart(results: results).svg(), "deterministic")
    }

    @Test("a p50 under the clock's resolution is left out of the chart, and its legend says so")
    func unresolvedPointsLeftOut() {
        var results = [1000, 10_000].map { Self.result($0, route: 50, move: 1000, peerRoute: 80) }
        results[0].peers[0].move = LatencySummary(samples: 10, p50: 0, p99: 10, mean: 1)
        let svg = GrowthChart(results: results).svg()
        #expect(svg.contains("walk, desktop (1 of 2 sizes under 1 ns, below the clock: not drawn)"))
        #expect(!svg.contains("NaN") && !svg.contains("inf"))
    }
}
