import Foundation
import ProcessSupport

/// What `windowlab instructions` and a user's engine benchmark (`--instructions`) do
/// with a list of benchmarks: pick some, count each under callgrind, and check the
/// counts against a thresholds file or write them into it.
public struct GateDriver {
    /// The thresholds file.
    public var thresholds: String
    /// Write the counts into ``thresholds`` instead of checking against it.
    public var update = false
    /// Only the benchmarks whose whole name matches this regular expression.
    public var only: String?
    /// Per cent a count may move either way.
    public var tolerancePercent = GateRun.defaultTolerance * 100
    /// The valgrind executable (nil: valgrind on `PATH`).
    public var valgrind: String?
    /// Comment lines a new thresholds file starts with.
    public var newFileHeader: [String] = []

    public init(thresholds: String) { self.thresholds = thresholds }

    /// A usage problem with these options, or nil (a bad tolerance, a bad regular expression).
    public func usageProblem(_ benchmarks: [GateBenchmark]) -> String? {
        guard tolerancePercent >= 0, tolerancePercent < 100 else { return "--tolerance must be from 0 to 100 per cent" }
        if let only {
            guard let regex = try? Regex(only) else { return "--only: '\(only)' is not a regular expression" }
            if !benchmarks.contains(where: { (try? regex.wholeMatch(in: $0.name)) != nil }) {
                return "--only '\(only)' matches no benchmark (see --list)"
            }
        }
        return nil
    }

    /// Counts the chosen benchmarks (each run as `countArguments + [name]`) and checks or
    /// updates the thresholds, saying each step through `say`. Returns the exit status:
    /// 0 when every count is within the tolerance (or the file was written), 1 when the
    /// gate fails, 2 when something could not be run, read or written (`problem` gets why).
    public func run(_ benchmarks: [GateBenchmark], countArguments: [String], say: (String) -> Void,
                    problem: (String) -> Void) -> Int32 {
        let regex = only.flatMap { try? Regex($0) }
        let chosen = benchmarks.filter { benchmark in regex.map { (try? $0.wholeMatch(in: benchmark.name)) != nil } ?? true }
        let committed: InstructionThresholds
        switch readThresholds() {
        case let .success(read): committed = read
        case let .failure(message): problem(message.description); return 2
        }
        guard let callgrind = Callgrind(path: valgrind) else {
            problem(valgrind.map { "cannot run \($0): no such executable" }
                ?? "valgrind is not on PATH (apt-get install -y valgrind)")
            return 2
        }
        let gate = GateRun(callgrind: callgrind, countArguments: countArguments, tolerance: tolerancePercent / 100)
        let outcome: GateOutcome
        do {
            outcome = try gate.run(chosen, known: benchmarks.map(\.name), against: committed, updating: update, say: say)
        } catch {
            // Interrupted: the children are ended and the temporary copies removed; 130 as a shell says.
            if Interruption.requested { problem("interrupted: nothing counted, nothing written"); return 130 }
            problem(error.description)
            return 2
        }
        let percent = String(format: "%g", tolerancePercent)
        if update {
            let text = outcome.updated(committed).text(order: benchmarks.map(\.name))
            do {
                try AtomicFile.write(Array(text.utf8), to: thresholds)
            } catch {
                problem(error.description)
                return 2
            }
            say("wrote \(outcome.verdicts.count) counts to \(thresholds)")
            return 0
        }
        for name in outcome.unknownThresholds {
            say("FAIL \(name): \(thresholds) lists it, but no benchmark has that name (rename or remove it)")
        }
        if !outcome.unmeasured.isEmpty { say("(not measured this run: \(outcome.unmeasured.count) benchmarks)") }
        let failed = outcome.verdicts.filter(\.fails).count + outcome.unknownThresholds.count
        if failed > 0 {
            say("FAIL: \(failed) of \(outcome.verdicts.count) benchmarks off their committed counts (\(thresholds), "
                + "tolerance \(percent)%); after a deliberate change, run the same command with --update")
            return 1
        }
        say("ok: \(outcome.verdicts.count) benchmarks within \(percent)% of \(thresholds)")
        return 0
    }

    /// The committed counts; with ``update``, a missing file is an empty one.
    func readThresholds() -> Result<InstructionThresholds, GateProblem> {
        guard FileManager.default.fileExists(atPath: thresholds) else {
            if update { return .success(InstructionThresholds(header: newFileHeader)) }
            return .failure(GateProblem("cannot read \(thresholds): no such file (write it with --update)"))
        }
        guard let text = try? String(contentsOfFile: thresholds, encoding: .utf8) else {
            return .failure(GateProblem("cannot read \(thresholds): not a readable UTF-8 text file"))
        }
        do {
            return .success(try InstructionThresholds(parsing: text, file: thresholds))
        } catch {
            return .failure(GateProblem(error.description))
        }
    }
}

/// Why a gate could not run (its message).
struct GateProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
