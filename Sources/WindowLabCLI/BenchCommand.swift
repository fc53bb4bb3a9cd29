import ArgumentParser
import CMallocCounter
import CommandGeneration
import DifferentialHarness
import EngineProtocol
import Foundation
import IndexedEngine
import ProcessSupport
import RoutingWorkloads
import WindowModel

/// `windowlab bench`: a quick in-process run of the routing workloads of
/// `Benchmarks/` (issue 5), as a table, JSON or an SVG chart.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure touch routing and updates on the reference and indexed engines.",
        discussion: """
            Builds each workload (fixed seeds) on both engines from the same commands, \
            routes the same random touch points through each with hitTarget(at:scene:), \
            and times updates on the indexed engine. Times are nanoseconds per call, \
            clock overhead removed; 'ratio' is reference p50 over indexed p50 from the \
            same run. The reference model is timed for at most --reference-budget \
            seconds per size (at least 100 touches). Building the reference model is \
            O(n^2): 100k windows take tens of seconds.

            Workloads: desktop (3840x2160, one full-scene app window at the bottom, \
            N-1 windows of sides 16..400 above it, 8% hidden, 4% not interactive, 4% \
            pass-through, 2% transparent, 5% statusBar, 5% alert+k) and dense (the same \
            with sides up to 1200).

            'allocationsPerTouch' counts heap allocations (malloc, calloc, realloc, \
            aligned allocators: windowlab interposes them) over every routed touch of \
            the indexed engine, divided by the touches; Benchmarks/ (swift package \
            --disable-sandbox benchmark) reports mallocCountTotal the same way.

            Examples:
              windowlab bench --n 1000,10000
              windowlab bench --workload desktop --n 100000 --json
              windowlab bench --json --svg routing.svg > results.json
            """
    )

    @Flag(name: .customLong("protocol"),
          help: ArgumentHelp("Instead: commands per second through the engine protocol (windowlab serve --engine "
              + "indexed), one request at a time and batched, against the indexed engine in this process."))
    var throughProtocol = false

    @Option(help: ArgumentHelp("Instead: commands per second of your engine through the engine protocol (exec:CMD, "
        + "as --engine of check), on generated cases fitted to its declaration, the pipe included; the indexed engine "
        + "in this process on the same commands beside it. An engine in process: docs/benchmarks.md, \"Your engine\".",
        valueName: "exec:CMD"))
    var engine: String?

    @Option(help: ArgumentHelp("Instead: the engine side by side with the peer indexes of Benchmarks/Peers/ (this is "
        + "the executable Benchmarks/Peers/build.sh builds; Benchmarks/Peers/run.sh does both), routing at window level "
        + "and moves on the same points, each peer checked against the engine's answers. The reference model is not run.",
        valueName: "peers-executable"))
    var peers: String?

    @Option(help: "With --peers: seconds the peers may take on one workload and N before they are killed.")
    var peerTimeout: Double = 600

    @Option(help: ArgumentHelp("With --peers: another build's windowlab (an older commit), whose engine is timed on "
        + "each workload and N too and printed beside this build's, with ratios.", valueName: "windowlab-executable"))
    var baseBuild: String?

    @Option(help: "desktop, dense or all.")
    var workload: String = "all"

    @Option(name: .customLong("n"), help: "Window counts, comma separated.")
    var sizes: String = "100,1000,10000,100000"

    @Option(help: "Touch points per workload (each engine routes the same ones).")
    var touches: Int = 4096

    @Option(help: "Updates of each kind timed on the indexed engine (0: none).")
    var updates: Int = 1000

    @Option(help: "Seconds of reference-model routing per size, at most.")
    var referenceBudget: Double = 1.5

    @Flag(help: "Print one JSON object per workload and N (a JSON array) instead of a table.")
    var json = false

    @Option(help: "Also draw latency against N (log scales, both engines; with --peers, routing and moves of the engine and every peer) to this SVG file.")
    var svg: String?

    func validate() throws {
        guard workload == "all" || WorkloadKind(rawValue: workload) != nil else {
            throw ValidationError("--workload must be desktop, dense or all")
        }
        guard !parsedSizes.isEmpty, parsedSizes.allSatisfy({ $0 >= 1 && $0 <= 1_000_000 }) else {
            throw ValidationError("--n takes window counts from 1 to 1000000 separated by commas, e.g. 100,1000")
        }
        guard touches <= 1_000_000, updates <= 1_000_000, referenceBudget.isFinite, referenceBudget <= 86_400 else {
            throw ValidationError("--touches and --updates take at most 1000000, --reference-budget at most 86400 seconds")
        }
        guard touches >= 1, updates >= 0, referenceBudget > 0 else {
            throw ValidationError("--touches must be positive, --updates not negative, --reference-budget positive")
        }
        if let svg { try OutputPath.validate(svg, option: "--svg") }
        let pieces = sizes.split(separator: ",", omittingEmptySubsequences: false)
        if let bad = pieces.first(where: { Int($0.trimmingCharacters(in: .whitespaces)) == nil }) {
            throw ValidationError("--n: '\(bad)' is not a window count (give counts separated by commas, e.g. 100,1000)")
        }
        if let peers {
            guard FileManager.default.isExecutableFile(atPath: peers) else {
                throw ValidationError("--peers \(peers): no executable there (build it with Benchmarks/Peers/build.sh)")
            }
            guard !throughProtocol else { throw ValidationError("--peers and --protocol are two different runs: give one") }
            guard updates >= 1 else { throw ValidationError("--peers times moves: --updates must be at least 1") }
            guard peerTimeout.isFinite, peerTimeout > 0, peerTimeout <= 86_400 else {
                throw ValidationError("--peer-timeout takes seconds, more than 0 and at most 86400")
            }
        }
        if let engine {
            guard engine.hasPrefix("exec:"), engine.count > 5 else {
                throw ValidationError("--engine takes exec:CMD, an engine speaking the protocol (the built-in engines: --protocol)")
            }
            guard peers == nil else { throw ValidationError("--peers and --engine are two different runs: give one") }
        }
        if let baseBuild {
            guard peers != nil else { throw ValidationError("--base-build goes with --peers") }
            guard FileManager.default.isExecutableFile(atPath: baseBuild) else {
                throw ValidationError("--base-build \(baseBuild): no executable there")
            }
        }
    }

    private var parsedSizes: [Int] {
        sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    func run() throws {
        if throughProtocol || engine != nil { return try ProtocolBench.run(json: json, engine: engine) }
        let kinds = workload == "all" ? WorkloadKind.allCases : [WorkloadKind(rawValue: workload)!]
        if let peers {
            return try PeerBench.run(PeerProcess(executable: peers, timeoutSeconds: peerTimeout), kinds: kinds,
                                     sizes: parsedSizes, touches: touches, moves: updates, json: json, svg: svg,
                                     base: baseBuild.map { BaseBuild(executable: $0, peers: peers, timeoutSeconds: peerTimeout) })
        }
        var options = RoutingBenchmarkOptions()
        options.touches = touches
        options.updateCount = updates
        options.measureUpdates = updates > 0
        options.referenceBudgetSeconds = referenceBudget
        var results: [RoutingResult] = []
        for kind in kinds {
            for n in parsedSizes {
                let result = Heartbeat.during("measuring \(kind.rawValue) N=\(n)") {
                    RoutingBenchmark.run(kind, windows: n, options: options) { Int(windowlab_allocation_count()) }
                }
                results.append(result)
                if !json { print(Self.row(result)) }
                if !result.enginesAgree {
                    FileHandle.standardError.write(Data("warning: engines disagree on \(kind.rawValue) N=\(n)\n".utf8))
                }
            }
        }
        if json {
            try printJSON(results)
        } else {
            Self.printUpdates(results)
        }
        if let svg { try writeChart(LatencyChart(results: results).svg(), to: svg) }
    }

    private static func row(_ r: RoutingResult) -> String {
        func ns(_ v: Double) -> String { v >= 10_000 ? String(format: "%.1f us", v / 1000) : String(format: "%.0f ns", v) }
        return [r.workload.padding(toLength: 8, withPad: " ", startingAt: 0),
                "N=\(r.windows)".padding(toLength: 9, withPad: " ", startingAt: 0),
                "reference p50 \(ns(r.reference.p50)) p99 \(ns(r.reference.p99))",
                "indexed p50 \(ns(r.indexed.p50)) p99 \(ns(r.indexed.p99))",
                String(format: "ratio %.0fx", r.ratioP50),
                String(format: "build %.1f ms", r.indexedBuildMilliseconds),
                "allocs/touch \(r.allocationsPerTouch.map { String(format: "%g", $0) } ?? "n/a")"]
            .joined(separator: "  ")
    }

    private static func printUpdates(_ results: [RoutingResult]) {
        guard let largest = results.max(by: { $0.windows < $1.windows }), !largest.updates.isEmpty else { return }
        for r in results where r.windows == largest.windows {
            let parts = r.updates.keys.sorted().map { key in
                String(format: "%@ p50 %.0f ns p99 %.0f ns", key, r.updates[key]!.p50, r.updates[key]!.p99)
            }
            print("updates \(r.workload) N=\(r.windows): " + parts.joined(separator: ", "))
        }
    }
}

/// `windowlab bench --peers EXE`: the engine beside the peer indexes (see ``PeerComparison``).
enum PeerBench {
    static func run(_ process: PeerProcess, kinds: [WorkloadKind], sizes: [Int], touches: Int, moves: Int,
                    json: Bool, svg: String?, base: BaseBuild?) throws {
        if !json { print(PeerTable.legend) }
        var results: [PeerComparisonResult] = []
        for kind in kinds {
            for n in sizes {
                do {
                    try Heartbeat.during("measuring \(kind.rawValue) N=\(n) beside the peers") {
                        results.append(try PeerComparison.run(kind, windows: n, touches: touches, moves: moves,
                                                              runPeers: process.run))
                        results[results.count - 1].base = try base?.measure(kind, windows: n, touches: touches,
                                                                            moves: moves)
                    }
                } catch {
                    FileHandle.standardError.write(Data("error: \(kind.rawValue) N=\(n): \(error)\n".utf8))
                    throw ExitStatus.badInput.exit
                }
                if !json { print(PeerTable.block(results.last!)) }
            }
        }
        if json {
            try printJSON(results)
        } else {
            print(GrowthFit.text(results))
        }
        if let svg { try writeChart(GrowthChart(results: results).svg(), to: svg) }
        guard PeerTable.allAgree(results) else {
            FileHandle.standardError.write(Data("error: a peer disagreed with the engine (see the answers column)\n".utf8))
            throw ExitStatus.failed.exit
        }
    }
}

/// Prints `value` as sorted, pretty-printed JSON (`bench --json`).
private func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Writes a chart through a temporary file renamed into place; exit 2 if it cannot.
private func writeChart(_ svg: String, to path: String) throws {
    do {
        try AtomicFile.write(Array(svg.utf8), to: path)
    } catch {
        FileHandle.standardError.write(Data("error: \(OutputPath.message(error, writing: path))\n".utf8))
        throw ExitStatus.badInput.exit
    }
}
