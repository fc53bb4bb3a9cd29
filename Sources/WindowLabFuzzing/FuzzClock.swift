import CLibFuzzerHooks
import DifferentialHarness
import Foundation
import Lockstep

/// Where an input stands in this process's run, for reports, and what the run did
/// (libFuzzer calls from one thread; a lock keeps other callers consistent).
enum FuzzClock {
    nonisolated(unsafe) private static var first: ContinuousClock.Instant?
    nonisolated(unsafe) private static var inputs = 0
    nonisolated(unsafe) private static var commands = 0
    nonisolated(unsafe) private static var declinedInputs = 0
    nonisolated(unsafe) private static var declined = UnsupportedStatements()
    private static let statsAsked = ProcessInfo.processInfo.environment["WINDOWLAB_FUZZ_STATS"] == "1"
    private static let lock = NSLock()

    static func begin() -> (number: Int, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        if first == nil {
            first = now
            // Under libFuzzer, a run that compared too little ends failing (see ``atExit()``).
            if statsAsked || windowlab_libfuzzer_linked() != 0 { atexit { FuzzClock.atExit() } }
        }
        inputs += 1
        return (inputs, seconds(since: first!, now))
    }

    nonisolated(unsafe) private static var keepingGoing = false

    /// Marks the run as a keep-going one: its causes are summed up at exit (``atExit()``).
    static func keepsGoing() {
        lock.lock()
        keepingGoing = true
        lock.unlock()
    }

    /// Counts an input's commands, and what the engine compared and declined of it.
    static func ran(commands count: Int, unsupported: UnsupportedStatements) {
        lock.lock()
        commands += count
        if !unsupported.isEmpty { declinedInputs += 1 }
        declined.merge(unsupported)
        lock.unlock()
    }

    /// At the end of a libFuzzer run (`-max_total_time`, `-runs`): the stats when asked,
    /// and when the engine declined so much that too little was compared, the reasons
    /// and exit status 1: no agreement can be read from such a run, as from such a
    /// `check` (docs/fuzz-your-engine.md).
    /// A keep-going run (``FuzzCauses``) says its causes, one line each, and exits 1
    /// when it found any.
    static func atExit() {
        if statsAsked { printStats() }
        lock.lock()
        let reasons = failure(declinedInputs: declinedInputs, declined)
        let causes = keepingGoing ? FuzzCauses.shared.summary : []
        lock.unlock()
        guard windowlab_libfuzzer_linked() != 0 else { return }
        var text = ""
        if keepingGoing {
            text += "windowlab: \(causes.count) cause(s) of difference in this run (WINDOWLAB_FUZZ_KEEP_GOING=1)\n"
                + causes.map { $0 + "\n" }.joined()
                + (causes.count > 1 ? "windowlab: " + OneBugTwoGroups.note(
                    count: causes.count, noun: "cause", section: OneBugTwoGroups.fuzzSection) + "\n" : "")
        }
        text += reasons.map { "windowlab: FAIL compared too little (not an agreement): \($0)\n" }.joined()
        if !reasons.isEmpty {
            text += "windowlab: the engine answered `unsupported` to so much that this run compared too little; exit 1\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        if !reasons.isEmpty || !causes.isEmpty { _exit(1) }
    }

    /// Why a run with `declinedInputs` inputs declined in part, and `declined` over all
    /// of them, compared too little (the rule of `check`: ``ComparisonLedger/shortfalls``);
    /// empty when nothing was declined.
    static func failure(declinedInputs: Int, _ declined: UnsupportedStatements) -> [String] {
        declinedInputs > 0 ? declined.ledger.shortfalls : []
    }

    /// Prints the stats now when `WINDOWLAB_FUZZ_STATS=1` (an abort skips `atexit`).
    static func printStatsWhenAsked() { if statsAsked { printStats() } }

    /// `windowlab: N inputs, M commands in T s (R commands/s)` on standard error, then
    /// what was compared and, when the engine declined enough to leave too little
    /// compared, why no agreement can be read from the run.
    static func printStats() {
        lock.lock()
        defer { lock.unlock() }
        let elapsed = first.map { seconds(since: $0, .now) } ?? 0
        let rate = elapsed > 0 ? Int((Double(commands) / elapsed).rounded()) : 0
        var text = "windowlab: \(inputs) inputs, \(commands) commands in \(format3(elapsed)) s (\(rate) commands/s)\n"
        if !declined.ledger.isEmpty { text += "windowlab: \(declined.ledger.summary)\n" }
        if declinedInputs > 0 {
            text += "windowlab: \(declinedInputs) input(s) the engine declined in part: " + declined.summary + "\n"
            for shortfall in declined.ledger.shortfalls {
                text += "windowlab: compared too little (not an agreement): \(shortfall)\n"
            }
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func seconds(since start: ContinuousClock.Instant, _ now: ContinuousClock.Instant = .now) -> Double {
        let elapsed = now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A name for an input (FNV-1a, 64 bits, in hex): the same input, the same file.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
