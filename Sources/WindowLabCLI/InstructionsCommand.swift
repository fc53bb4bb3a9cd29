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

    func validate() throws {
        guard tolerance >= 0, tolerance < 100 else { throw ValidationError("--tolerance must be from 0 to 100 per cent") }
        if let only, (try? Regex(only)) == nil { throw ValidationError("--only: '\(only)' is not a regular expression") }
        if let runOne, GateBenchmarks.named(runOne) == nil { throw ValidationError("no benchmark named '\(runOne)'") }
    }

    func run() throws {
        if let runOne {
            GateBenchmarks.named(runOne)!.runCounted()
            return
        }
        let chosen = try GateBenchmarks.all.filter { benchmark in
            guard let only else { return true }
            return try Regex(only).wholeMatch(in: benchmark.name) != nil
        }
        if list {
            for benchmark in GateBenchmarks.all {
                print("\(benchmark.name): \(benchmark.operations) × \(benchmark.operation)")
            }
            return
        }
        guard !chosen.isEmpty else { throw ValidationError("--only '\(only ?? "")' matches no benchmark (see --list)") }
        let committed = try readThresholds()
        guard let callgrind = Callgrind(path: valgrind) else {
            fail(valgrind.map { "cannot run \($0): no such executable" }
                ?? "valgrind is not on PATH (apt-get install -y valgrind)")
        }
        let gate = GateRun(callgrind: callgrind, countArguments: [ChildProcess.currentExecutable, "instructions", "--run-one"],
                           tolerance: tolerance / 100)
        let outcome: GateOutcome
        do {
            outcome = try gate.run(chosen, against: committed, updating: update) { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        } catch {
            fail(error.description)
        }
        if update {
            let text = outcome.updated(committed).text(order: GateBenchmarks.all.map(\.name))
            do {
                try AtomicFile.write(Array(text.utf8), to: thresholds)
            } catch {
                fail(error.description)
            }
            print("wrote \(outcome.verdicts.count) counts to \(thresholds)")
            return
        }
        for name in outcome.unknownThresholds {
            print("FAIL \(name): \(thresholds) lists it, but no benchmark has that name (rename or remove it)")
        }
        if !outcome.unmeasured.isEmpty {
            print("(not measured this run: \(outcome.unmeasured.count) benchmarks)")
        }
        let failed = outcome.verdicts.filter(\.fails).count + outcome.unknownThresholds.count
        if failed > 0 {
            print("FAIL: \(failed) of \(outcome.verdicts.count) benchmarks off their committed counts "
                + "(\(thresholds), tolerance \(tolerance)%); after a deliberate change: windowlab instructions --update")
            throw ExitStatus.failed.exit
        }
        print("ok: \(outcome.verdicts.count) benchmarks within \(tolerance)% of \(thresholds)")
    }

    /// The committed counts; with --update, a missing file is an empty one.
    func readThresholds() throws -> InstructionThresholds {
        guard FileManager.default.fileExists(atPath: thresholds) else {
            if update { return InstructionThresholds(header: Self.newFileHeader) }
            fail("cannot read \(thresholds): no such file (write it with --update)")
        }
        guard let text = try? String(contentsOfFile: thresholds, encoding: .utf8) else {
            fail("cannot read \(thresholds): not a readable UTF-8 text file")
        }
        do {
            return try InstructionThresholds(parsing: text, file: thresholds)
        } catch {
            fail(error.description)
        }
    }

    static let newFileHeader = [
        "# Instructions per operation, counted by callgrind: `windowlab instructions` checks against",
        "# these (tolerance 1.5%); `windowlab instructions --update` rewrites them. docs/benchmarks.md.",
    ]

    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("windowlab instructions: \(message)\n".utf8))
        Foundation.exit(ExitStatus.badInput.rawValue)
    }
}
