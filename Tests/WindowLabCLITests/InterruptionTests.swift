import DifferentialHarness
import Foundation
import ProcessSupport
import ScenarioLanguage
import Testing
import WindowLabTestSupport

/// Ctrl-C and SIGTERM stop a supervised `check` whatever it is doing (issue 34): it
/// ends with 130, its engines with it, what it had found written whole into `--out`
/// and the failure database, and its `--json` result says it was interrupted.
///
/// No test here says how fast: each waits for a phase to begin (a line the check or
/// its engine writes), signals, and requires the end within 60 s, which a check that
/// stops at its next step meets on any machine and one that runs out its `--time 600`
/// (or an engine's 60 s time-out) cannot.
@Suite("Interruptions", .enabled(if: Binary.built, Binary.missing))
struct InterruptionTests {
    /// Seconds a check has to end after the signal.
    static let bound = 60.0

    /// Polls until `condition` holds, for at most `limit` seconds; whether it held.
    static func wait(upTo limit: Double, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// The process ids a file lists, one a line.
    static func pids(_ path: String) -> [pid_t] {
        text(path).split(separator: "\n").compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Gone, or a zombie waiting for init to reap it (no longer running).
    static func isGone(_ pid: pid_t) -> Bool {
        let stat = text("/proc/\(pid)/stat")
        return stat.isEmpty || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Every process whose command line contains `token` (the folder of one test: its
    /// check's worker and probes name it).
    static func running(_ token: String) -> [String] {
        let listing = (try? runProcess("/usr/bin/pgrep", ["-af", token]).output) ?? ""
        return listing.split(separator: "\n").map(String.init).filter { !$0.contains("pgrep") }
    }

    /// Sends `signal` to `process`; whether it ended within ``bound`` seconds. One that
    /// did not is killed with what it started (its worker and probes name `token`, its
    /// engines are in `engines`), so a failing test leaves nothing behind.
    static func interrupt(_ process: Process, _ signal: Int32, token: String, engines: String? = nil) -> Bool {
        kill(process.processIdentifier, signal)
        let ended = wait(upTo: bound) { !process.isRunning }
        if !ended {
            _ = try? runProcess("/usr/bin/pkill", ["-KILL", "-f", token])
            kill(process.processIdentifier, SIGKILL)
        }
        // Engines left running would keep the test waiting for the process's end.
        for pid in engines.map(pids) ?? [] where !wait(upTo: 5, until: { isGone(pid) }) {
            Issue.record("engine \(pid) is still running after the check ended")
            kill(pid, SIGKILL)
        }
        process.waitUntilExit()
        return ended
    }

    /// What every interrupted check must show: 130, a JSON result that says so, nothing left running.
    static func expectStoppedCleanly(_ process: Process, output: String, token: String) throws -> CheckResult {
        #expect(process.terminationStatus == 130)
        let result = try CheckResult.fromJSON(text(output))
        #expect(result.interrupted)
        #expect(result.status == 130)
        usleep(300_000)
        #expect(running(token).isEmpty, "still running: \(running(token))")
        return result
    }

    /// Starts `check` as from a shell with `arguments` and, for the rest, a campaign of 600 s
    /// on one job, no corpus, its findings and database in `folder` (`out`, `db`), its
    /// JSON result in `result.json` and its standard error in `errors`.
    static func startCheck(_ folder: TemporaryFolder, _ arguments: [String]) throws -> Process {
        try ReliabilityTests.startAsFromAShell(
            ["check"] + arguments + (arguments.contains("--examples") ? [] : ["--examples", "none"])
                + ["--corpus", "none", "--time", "600", "--jobs", "1", "--out", folder.file("out"),
                   "--failures", folder.file("db"), "--json"],
            output: folder.file("result.json"), errors: folder.file("errors"))
    }

    /// A scenario file's findings, each whole: it exists and parses.
    static func expectWhole(_ findings: [CheckResult.FindingEntry]) {
        for finding in findings {
            #expect(throws: Never.self, "\(finding.path)") { _ = try ScenarioParser().parseFile(atPath: finding.path) }
        }
    }

    @Test("every child starts with no signal blocked, even one started while interruptions are held back")
    func childrenStartUnblocked() throws {
        let folder = try TemporaryFolder("windowlab-interrupt")
        defer { folder.remove() }
        let report = folder.file("mask")
        let started = InterruptionGuard.deferringInterruptions {
            Spawn.start(["/bin/sh", "-c", "grep SigBlk /proc/self/status > '\(report)'"], newGroup: false)
        }
        guard case let .success(pid) = started else {
            Issue.record("cannot start /bin/sh: \(started)")
            return
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(Self.text(report).trimmingCharacters(in: .whitespacesAndNewlines) == "SigBlk:\t0000000000000000")
    }

    @Test("SIGINT while check replays: it ends, the hanging engine with it, though the engine's time-out is 60 s")
    func duringReplays() throws {
        let folder = try TemporaryFolder("windowlab-interrupt")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("examples"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try folder.write("examples/\(name).wls", "window a frame 0 0 9 9\nshow a\nhit 1 1\n") }
        let (pids, log, output) = (folder.file("pids"), folder.file("engine.log"), folder.file("result.json"))
        let engine = "exec:echo $$ >> '\(pids)'; exec \(Binary.serve("--fault hang:hit")) 2>> '\(log)'"
        let process = try Self.startCheck(folder, ["--engine", engine, "--engine-timeout", "60",
                                                   "--examples", folder.file("examples")])
        // The engine hangs at the first replayed hit.
        #expect(Self.wait(upTo: 300) { Self.text(log).contains("injecting a hang fault") })
        #expect(Self.interrupt(process, SIGINT, token: folder.path, engines: pids), "still running \(Self.bound) s after SIGINT")
        let result = try Self.expectStoppedCleanly(process, output: output, token: folder.path)
        #expect(result.findings.isEmpty)   // the hang was cut short: not the engine's fault
    }

    @Test("SIGTERM while check fuzzes: the findings so far are in --out and the database, whole")
    func duringCampaign() throws {
        let folder = try TemporaryFolder("windowlab-interrupt")
        defer { folder.remove() }
        let (output, errors) = (folder.file("result.json"), folder.file("errors"))
        let process = try Self.startCheck(folder, ["--mutant", "sameLevelNewGoesBehind", "--profile", "small", "--seed", "5"])
        #expect(Self.wait(upTo: 300) { Self.text(errors).contains("finding: ") })
        #expect(Self.interrupt(process, SIGTERM, token: folder.path), "still running \(Self.bound) s after SIGTERM")
        let result = try Self.expectStoppedCleanly(process, output: output, token: folder.path)
        #expect(!result.findings.isEmpty)
        Self.expectWhole(result.findings)
        let saved = sortedNames(in: folder.file("db/reference+indexed-sameLevelNewGoesBehind"))
        #expect(saved.count == result.findings.count, "\(saved)")
        #expect(!(sortedNames(in: folder.file("out")) + saved).contains { $0.contains(".tmp-") })
        #expect(sortedNames(in: folder.file("out")).contains("report.html"))
    }

    @Test("SIGINT while check shrinks an engine's hang: the finding, shrunk as far as it got, is saved")
    func duringShrinking() throws {
        let folder = try TemporaryFolder("windowlab-interrupt")
        defer { folder.remove() }
        let (pids, log, output) = (folder.file("pids"), folder.file("engine.log"), folder.file("result.json"))
        let engine = "exec:echo $$ >> '\(pids)'; exec \(Binary.serve("--fault hang:hit")) 2>> '\(log)'"
        let process = try Self.startCheck(folder, ["--engine", engine, "--engine-timeout", "10", "--profile", "small",
                                                   "--seed", "1"])
        // The first hang is the campaign's; the second, in a new process, is the shrinker's.
        #expect(Self.wait(upTo: 300) { Self.text(log).components(separatedBy: "injecting a hang fault").count > 2 })
        #expect(Self.interrupt(process, SIGINT, token: folder.path, engines: pids), "still running \(Self.bound) s after SIGINT")
        let result = try Self.expectStoppedCleanly(process, output: output, token: folder.path)
        #expect(result.findings.map(\.kind) == ["fault"])
        #expect(result.findings.first?.signature.hasSuffix("hang of reference-2") == true)
        Self.expectWhole(result.findings)
        #expect(sortedNames(in: folder.file("db/reference+reference-2")).count == 1)
    }

    @Test("SIGTERM while the supervisor shrinks a crash in child processes: it ends, and so do they")
    func duringCrashTriage() throws {
        let folder = try TemporaryFolder("windowlab-interrupt")
        defer { folder.remove() }
        let (output, errors) = (folder.file("result.json"), folder.file("errors"))
        let process = try Self.startCheck(folder, ["--mutant", "trapWithManyWindows", "--profile", "crowd", "--seed", "1"])
        #expect(Self.wait(upTo: 600) { Self.text(errors).contains("finding what crashes") })
        let supervisor = process.processIdentifier
        #expect(Self.interrupt(process, SIGTERM, token: folder.path), "still running \(Self.bound) s after SIGTERM")
        _ = try Self.expectStoppedCleanly(process, output: output, token: folder.path)
        // The probes run from the supervisor's own folder of candidates.
        #expect(Self.running("windowlab-crash-\(supervisor)").isEmpty)
    }
}
