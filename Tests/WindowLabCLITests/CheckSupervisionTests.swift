import Foundation
import ProcessSupport
import Testing
import WindowLabTestSupport

/// `windowlab check` end to end, with the binary `swift test` builds beside the tests.
@Suite("windowlab check, supervised")
struct CheckSupervisionTests {
    @Test("an engine that traps only in big states: check saves a shrunk crash scenario and exits 1",
          .enabled(if: Binary.built, Binary.missing))
    func trapBecomesACrashFinding() throws {
        let out = TemporaryFolder.unusedPath("windowlab-check-crash")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // The first crowd case traps; it is shrunk to the end (not for a time), so on any machine alike.
        let run = ChildProcess.run([Binary.windowlab, "check", "--mutant=trapWithManyWindows", "--profile=crowd",
                                    "--time=600", "--seed=1", "--jobs=1", "--stop-on-finding", "--out=\(out)",
                                    "--failures=none", "--examples=none", "--corpus=none", "--crash-shrink-seconds=36000"],
                                   timeout: 36000, captureStandardError: true, quiet: true)
        #expect(run.outcome == .exited(1), "\(run.standardErrorTail)")
        let crashes = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix("crash-") }
        let name = try #require(crashes.first, "no crash scenario in \(out): \(run.standardErrorTail)")
        let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
        #expect(text.contains("CRASH"))
        // Shrunk to about the 41 windows the trap needs, shown: far below a crowd case.
        let statements = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(statements.count <= 120, "\(statements.count) statements")
        // The scenario crashes again in a fresh process.
        let again = ChildProcess.run([Binary.windowlab, "crash-probe", "--commands=\(out)/\(name)",
                                      "--mutant=trapWithManyWindows"], timeout: 120, quiet: true)
        #expect(again.outcome.isCrash, "\(again.outcome)")
    }

    @Test("the worker process runs with the check's own options", .enabled(if: Binary.built, Binary.missing))
    func workerGetsTheOptions() throws {
        let out = TemporaryFolder.unusedPath("windowlab-check-options")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Binary.run(["check", "--time", "1", "--seed", "7", "--jobs", "1", "--profile", "small",
                                  "--no-invariants", "--max-findings", "3", "--examples", "none", "--corpus", "none",
                                  "--failures", "none", "--out", out, "--json"])
        #expect(run.status == 0, "\(run.errors.suffix(600))")
        // The worker's campaign line names what only the options could have told it.
        // (Its seconds are what is left of --time 1 when the campaign starts: a load may take some.)
        #expect(run.errors.contains("campaign: seed 7, 1 job(s), ")
                && run.errors.contains("s, profile small, invariants not checked"), "\(run.errors.suffix(600))")
        // --json reached it too: its result is the one JSON document the supervisor prints.
        #expect(run.output.hasPrefix("{") && run.output.contains("\"seed\":7"), "\(run.output.prefix(300))")
        // check-worker is a command of its own, hidden from the help.
        #expect(try !Binary.run(["--help"]).output.contains("check-worker"))
    }
}
