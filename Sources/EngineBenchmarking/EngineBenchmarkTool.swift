import Foundation
import InstructionCounting
import ProcessSupport
import RoutingWorkloads
import WindowModel

/// The command line of a user's engine benchmark: a Swift executable of five lines,
///
/// ```swift
/// import EngineBenchmarking
/// import MyEngine
/// exit(EngineBenchmarkTool.run(EngineFactory(name: "mine", features: [.windows, .levels, .key, .hit]) { MyEngine() }))
/// ```
///
/// or a C program that links `libWindowLabOracle.a` and calls `windowlab_benchmark_main`
/// (`include/windowlab.h`), each run as `my-bench [OPTIONS]` (``usage``): wall-clock
/// latency by default, instruction counts gated against a file with `--instructions`.
public enum EngineBenchmarkTool {
    public static let usage = """
        usage: BENCH [--n 1000,10000] [--workload desktop|dense|all] [--touches 4096] [--updates 1000] [--json]
               BENCH --instructions [--thresholds FILE] [--update] [--only REGEX] [--tolerance 1.5] [--valgrind PATH] [--list]

        Builds windowlab bench's routing workloads on the engine (fitted to its declared features,
        numbers and limits, as `windowlab check` fits its cases), then times each `hit` statement and
        each update command: p50 and p99 in nanoseconds, wall clock, and how many routed answers
        are the built-in indexed engine's.

        --instructions counts instructions instead (valgrind's callgrind, no hardware counters
        needed: the same build counts the same whatever the machine is doing): per hit statement
        and per update, each benchmark in a child process with the engine built outside the counted
        region, checked against --thresholds (default engine-instructions.txt; exit 1 when a count
        moved more than --tolerance per cent; --update writes the file). Gate your CI with it.
        """

    /// Runs the benchmark with `arguments` (the program's name first) and returns the exit status.
    public static func run(_ engine: EngineFactory, arguments: [String] = CommandLine.arguments) -> Int32 {
        let options: EngineBenchmarkOptions
        do {
            options = try EngineBenchmarkOptions(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n\n\(usage)\n".utf8))
            return 64
        }
        if options.help {
            print(usage)
            return 0
        }
        guard options.instructions || options.list || options.runOne != nil else { return latency(engine, options) }
        let benchmarks = EngineCountedBenchmarks.runnable(engine, kinds: options.kinds, sizes: options.sizes,
                                                          touches: options.touches, updates: options.updates)
        if let name = options.runOne {
            guard let benchmark = benchmarks.first(where: { $0.name == name }) else { return 64 }
            benchmark.runCounted()
            return 0
        }
        if options.list {
            for benchmark in benchmarks { print("\(benchmark.name): \(benchmark.operations) × \(benchmark.operation)") }
            return 0
        }
        if options.instructions {
            var driver = options.driver
            driver.newFileHeader = ["# Instructions per operation of \(engine.name), counted by callgrind "
                + "(--instructions --update rewrites them)."]
            if let problem = driver.usageProblem(benchmarks) {
                FileHandle.standardError.write(Data("\(problem)\n".utf8))
                return 64
            }
            let count = [ChildProcess.currentExecutable] + options.workloadArguments + ["--run-one"]
            return driver.run(benchmarks, countArguments: count,
                              say: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
                              problem: { FileHandle.standardError.write(Data("error: \($0)\n".utf8)) })
        }
        return latency(engine, options)
    }

    static func latency(_ engine: EngineFactory, _ options: EngineBenchmarkOptions) -> Int32 {
        var results: [EngineLatencyResult] = []
        for kind in options.kinds {
            for windows in options.sizes {
                let workload: EngineWorkload
                do {
                    workload = try EngineWorkload(kind: kind, windows: windows, touches: options.touches,
                                                  updates: options.updates, engine: engine)
                } catch {
                    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                    return 2
                }
                if !options.json { FileHandle.standardOutput.write(Data("\(kind.rawValue) N=\(windows): measuring…\n".utf8)) }
                let result = Heartbeat.during("measuring \(kind.rawValue) N=\(windows)") { EngineLatency.measure(workload) }
                results.append(result)
                if !options.json { FileHandle.standardOutput.write(Data((text(result) + "\n").utf8)) }
            }
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: (try? encoder.encode(results)) ?? Data("[]".utf8), as: UTF8.self))
        }
        return 0
    }

    /// A result as a few lines of text.
    public static func text(_ r: EngineLatencyResult) -> String {
        func ns(_ s: LatencySummary) -> String { "p50 \(Int(s.p50.rounded())) ns, p99 \(Int(s.p99.rounded())) ns" }
        var lines = ["\(r.engine), \(r.workload), \(r.windows) windows (built in "
            + String(format: "%.3f", r.buildSeconds) + " s"
            + (r.skippedCommands > 0 ? ", \(r.skippedCommands) workload commands not sent: features not declared" : "")
            + ")",
            "  route (hit):  \(ns(r.route)) over \(r.route.samples) points; answers as the indexed engine's: "
            + "\(r.answersAgreeing) of \(r.answersCompared)"]
        for kind in ["moveResize", "raise", "hide", "show", "levelChange"] {
            if let s = r.updates[kind] {
                lines.append("  " + (kind + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + ns(s))
            } else if let why = r.leftOut[kind == "show" ? "hide" : kind] {
                lines.append("  " + (kind + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + "not measured (\(why))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The options of ``EngineBenchmarkTool``.
struct EngineBenchmarkOptions {
    var sizes = [1000, 10_000]
    var kinds = WorkloadKind.allCases
    var touches = 4096
    var updates = 1000
    var json = false
    var help = false
    var instructions = false
    var list = false
    var runOne: String?
    var driver = GateDriver(thresholds: "engine-instructions.txt")
    /// The options that choose the workloads, for the counted child processes.
    var workloadArguments: [String] {
        ["--n", sizes.map(String.init).joined(separator: ","), "--workload",
         kinds.count == 1 ? kinds[0].rawValue : "all", "--touches", "\(touches)", "--updates", "\(updates)"]
    }

    init(_ arguments: [String]) throws(OptionError) {
        var rest = arguments[...]
        func value(_ option: String) throws(OptionError) -> String {
            guard let next = rest.popFirst() else { throw OptionError("\(option) needs a value") }
            return next
        }
        func count(_ option: String, _ text: String) throws(OptionError) -> Int {
            guard let n = Int(text), n > 0 else { throw OptionError("\(option): '\(text)' is not a positive whole number") }
            return n
        }
        while let option = rest.popFirst() {
            switch option {
            case "--n":
                let text = try value(option)
                var parsed: [Int] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                    parsed.append(try count(option, String(part)))
                }
                sizes = parsed
            case "--workload":
                let text = try value(option)
                if text == "all" { kinds = WorkloadKind.allCases } else if let kind = WorkloadKind(rawValue: text) {
                    kinds = [kind]
                } else {
                    throw OptionError("--workload: '\(text)' is not desktop, dense or all")
                }
            case "--touches": touches = try count(option, try value(option))
            case "--updates": updates = try count(option, try value(option))
            case "--json": json = true
            case "--instructions": instructions = true
            case "--thresholds": driver.thresholds = try value(option)
            case "--update": driver.update = true
            case "--only": driver.only = try value(option)
            case "--tolerance":
                let text = try value(option)
                guard let percent = Double(text), percent.isFinite else { throw OptionError("--tolerance: '\(text)' is not a number") }
                driver.tolerancePercent = percent
            case "--valgrind": driver.valgrind = try value(option)
            case "--list": list = true
            case "--run-one": runOne = try value(option)
            case "-h", "--help": help = true
            default: throw OptionError("unknown option '\(option)'")
            }
        }
    }
}

/// A bad command line.
struct OptionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
