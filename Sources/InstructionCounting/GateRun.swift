import Foundation
import ProcessSupport

/// An instruction gate: each benchmark counted by callgrind in a child process
/// (this executable, given `countArguments` and the benchmark's name, runs
/// ``GateBenchmark/runCounted()``), divided by its operations, and compared with the
/// committed thresholds.
public struct GateRun {
    public var callgrind: Callgrind
    /// The program and arguments that run one benchmark's counted region; the
    /// benchmark's name is appended (`windowlab instructions --run-one`).
    public var countArguments: [String]
    /// Tolerance as a fraction: 0.015 fails a change of more than 1.5% either way.
    public var tolerance: Double

    public init(callgrind: Callgrind, countArguments: [String], tolerance: Double = GateRun.defaultTolerance) {
        self.callgrind = callgrind
        self.countArguments = countArguments
        self.tolerance = tolerance
    }

    /// 1.5%: unchanged code counts the same in every run (docs/results/instruction-gate.md);
    /// a planted 3% slowdown in the route is twice this, and a compiler's or library's
    /// small drift from machine to machine stays inside it.
    public static let defaultTolerance = 0.015

    /// Instructions per operation of `benchmark`.
    /// `say` gets a line at least every 10 s while the count runs.
    public func measure(_ benchmark: GateBenchmark, say: (String) -> Void) throws(CallgrindError) -> UInt64 {
        let total = try callgrind.countRegion(of: countArguments + [benchmark.name]) { seconds in
            say("  still counting \(benchmark.name) (\(Int(seconds)) s)")
        }
        return UInt64((Double(total) / Double(benchmark.operations)).rounded())
    }

    /// Counts every benchmark of `benchmarks`, one line each as it ends, and returns the
    /// counts (per operation) and each one's verdict against `thresholds` (`updating`:
    /// the lines say what was counted, not what fails).
    /// - Parameter known: every benchmark's name (a committed name not among them fails the gate).
    public func run(_ benchmarks: [GateBenchmark], known: [String], against thresholds: InstructionThresholds,
                    updating: Bool = false, say: (String) -> Void) throws(CallgrindError) -> GateOutcome {
        // One copy of the program without debug information for every count.
        // A name of the same length every run: the program's path is on its stack, and a
        // stack laid out differently can take a different number of instructions to copy.
        let folder = NSTemporaryDirectory() + "windowlab-gate-" + String(format: "%08x", UInt32.random(in: 0 ... .max))
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            throw CallgrindError(program: countArguments, reason: "cannot make the temporary folder \(folder)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var gate = self
        gate.countArguments[0] = try Callgrind.strippedCopy(of: countArguments[0], in: folder)
        var outcome = GateOutcome()
        for (position, benchmark) in benchmarks.enumerated() {
            if Interruption.requested { throw CallgrindError(program: countArguments, reason: "interrupted") }
            say("[\(position + 1)/\(benchmarks.count)] counting \(benchmark.name): \(benchmark.operations) × "
                + benchmark.operation)
            let measured = try gate.measure(benchmark, say: say)
            let verdict = thresholds.verdict(benchmark.name, measured: measured, tolerance: tolerance)
            outcome.verdicts.append(verdict)
            say(updating ? "     \(benchmark.name): \(measured) instructions per \(benchmark.operation)"
                    + (verdict.committed.map { " (committed \($0))" } ?? "") : verdict.line)
        }
        let measuredNames = Set(benchmarks.map(\.name))
        let known = Set(known)
        outcome.unknownThresholds = thresholds.counts.keys.filter { !known.contains($0) }.sorted()
        outcome.unmeasured = thresholds.counts.keys.filter { known.contains($0) && !measuredNames.contains($0) }.sorted()
        return outcome
    }
}

/// What one gate run found.
public struct GateOutcome {
    public var verdicts: [InstructionVerdict] = []
    /// Names in the thresholds file that no benchmark has (a renamed benchmark whose
    /// old count would otherwise sit there unread).
    public var unknownThresholds: [String] = []
    /// Benchmarks with a committed count that this run left out (`--only`).
    public var unmeasured: [String] = []

    /// Whether the gate fails: any verdict that fails, or a committed name no benchmark has.
    public var fails: Bool { verdicts.contains(where: \.fails) || !unknownThresholds.isEmpty }

    /// The thresholds as measured (for `--update`): `old` with every measured count put in.
    public func updated(_ old: InstructionThresholds) -> InstructionThresholds {
        var new = old
        for name in unknownThresholds { new.counts[name] = nil }
        for verdict in verdicts { new.counts[verdict.name] = verdict.measured }
        return new
    }
}
