import ProcessSupport
import DifferentialHarness
import Foundation
import Testing

/// `windowlab check` end to end, with the binary `swift test` builds beside the tests.
@Suite("windowlab check, supervised")
struct CheckSupervisionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let windowlab = root.appendingPathComponent(".build/debug/windowlab").path
    static var built: Bool { FileManager.default.isExecutableFile(atPath: windowlab) }

    @Test("an engine that traps only in big states: check saves a shrunk crash scenario and exits 1",
          .enabled(if: built, "needs .build/debug/windowlab (swift test builds it)"))
    func trapBecomesACrashFinding() throws {
        let out = NSTemporaryDirectory() + "windowlab-check-crash-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = ChildProcess.run([Self.windowlab, "check", "--mutant=trapWithManyWindows", "--profile=crowd",
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
        let again = ChildProcess.run([Self.windowlab, "crash-probe", "--commands=\(out)/\(name)",
                                      "--mutant=trapWithManyWindows"], timeout: 120, quiet: true)
        #expect(again.outcome.isCrash, "\(again.outcome)")
    }
}
