import ArgumentParser
import Foundation
import InstructionCounting
import InstructionGate
import ProcessSupport
import WindowModel

/// `windowlab instructions`: the deterministic benchmark gate (instruction counts
/// under callgrind against committed thresholds).
struct Instructions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instructions",
        abstract: "Count instructions per routed touch, update, grid query and generated case; gate them.",
        discussion: """
            Each benchmark builds a fixed workload, then runs a fixed number of operations \
            inside a counted region; valgrind's callgrind counts the instructions of that \
            region alone (no hardware counters needed), and the count is divided by the \
            operations. The same build on the same input counts the same on any machine \
            load, so the gate can hold a tolerance of a per cent or two.

            Every count is compared with the committed one in --thresholds: more than \
            --tolerance per cent above it is a regression, more than that below it asks \
            for the file to be updated (so a later regression cannot hide inside a gain), \
            and a benchmark the file does not list fails too. --update rewrites the file \
            with what this build counts instead of failing.

            Needs valgrind (apt-get install -y valgrind). A run of every benchmark takes \
            a few minutes; each prints a line when it starts and ends, and one every 10 s \
            while it counts.

            Examples:
              windowlab instructions                       # the gate (exit 1 on a regression)
              windowlab instructions --only 'route_.*'     # some benchmarks
              windowlab instructions --update              # commit what this build counts
            """
    )

    @Option(help: "The committed counts.")
    var thresholds = "Benchmarks/instruction-thresholds.txt"

    @Flag(help: "Write what this build counts into --thresholds instead of checking against it.")
    var update = false

    @Option(help: ArgumentHelp("Only the benchmarks whose whole name matches this regular expression.",
                               valueName: "regex"))
    var only: String?

    @Option(help: "Per cent a count may move either way and still pass.")
    var tolerance: Double = GateRun.defaultTolerance * 100

    @Option(help: "The valgrind executable (default: valgrind on PATH).")
    var valgrind: String?

    @Flag(help: "List the benchmarks and stop.")
    var list = false

    @Option(help: .hidden)
    var runOne: String?

    var driver: GateDriver {
        var driver = GateDriver(thresholds: thresholds)
        driver.update = update
        driver.only = only
        driver.tolerancePercent = tolerance
        driver.valgrind = valgrind
        driver.newFileHeader = [
            "# Instructions per operation, counted by callgrind: `windowlab instructions` checks against",
            "# these (tolerance 1.5%); `windowlab instructions --update` rewrites them. docs/benchmarks.md.",
        ]
        return driver
    }

    func validate() throws {
        if let problem = driver.usageProblem(GateBenchmarks.all) { throw ValidationError(problem) }
        if let runOne, GateBenchmarks.named(runOne) == nil { throw ValidationError("no benchmark named '\(runOne)'") }
    }

    func run() throws {
        if let runOne { return GateBenchmarks.named(runOne)!.runCounted() }
        if list {
            for benchmark in GateBenchmarks.all { print("\(benchmark.name): \(benchmark.operations) × \(benchmark.operation)") }
            return
        }
        // SIGINT or SIGTERM ends valgrind and removes the stripped copy (see Callgrind).
        Interruption.observe()
        let status = driver.run(GateBenchmarks.all,
                                countArguments: [ChildProcess.currentExecutable, "instructions", "--run-one"],
                                say: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
                                problem: { FileHandle.standardError.write(Data("windowlab instructions: \($0)\n".utf8)) })
        if status != 0 { throw ExitCode(status) }
    }
}
