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
        let run = ChildProcess.run([Binary.windowlab, "check", "--mutant=trapWithManyWindows", "--profile=crowd",
                                    "--time=120", "--seed=1", "--jobs=1", "--stop-on-finding", "--out=\(out)",
                                    "--failures=none", "--examples=none", "--corpus=none"],
                                   timeout: 600, captureStandardError: true, quiet: true)
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
}
