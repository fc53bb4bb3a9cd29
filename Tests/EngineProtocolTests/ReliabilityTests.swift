import Foundation
import DifferentialHarness
import EngineProtocol
import Testing
import WindowModel

/// The harness under hostile engines, signals and bad places to write: nothing lost,
/// nothing left running (issue 25's reproductions, kept so they keep holding).
@Suite("Reliability", .enabled(if: Binary.built, "needs .build/debug/windowlab"))
struct ReliabilityTests {
    static func folder() -> String { Binary.temporaryFolder("windowlab-reliability") }

    static func windowlab(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let run = try Binary.run(arguments)
        return (run.status, run.errors)
    }

    @Test("a run ended by SIGTERM ends the engine it started, even one that hangs in a group of its own")
    func interruptedRunEndsItsEngine() throws {
        let folder = Self.folder()
        let pidFile = folder + "/engine.pid"
        let scenario = folder + "/hit.wls"
        try "window a frame 0 0 9 9\nshow a\nhit 1 1\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let command = "exec:echo $$ > '\(pidFile)'; exec \(Binary.serve("--fault hang:hit"))"
        // As a shell starts it: no signal blocked (a test runner's threads block some).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                             + "os.execv(sys.argv[1], sys.argv[1:])", Binary.windowlab,
                             "run", "--engine", command, "--engine-timeout", "60", scenario]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the engine is up and hanging, then interrupt as Ctrl-C would.
        var engine: pid_t = 0
        for _ in 0..<100 where engine == 0 {
            usleep(100_000)
            engine = pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        }
        #expect(engine > 0)
        usleep(500_000)
        kill(process.processIdentifier, SIGTERM)   // (a child of a test runner may have SIGINT ignored: then it stays ignored)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        usleep(200_000)
        // Gone, or a zombie waiting for init to reap it (killed, no longer running).
        let stat = (try? String(contentsOfFile: "/proc/\(engine)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init)
        #expect(stat.isEmpty || state == "Z", "engine \(engine) is still running: \(stat)")
    }

    @Test("--out naming a file, or --failures an unwritable place, is refused before any work", arguments: [
        ["--out", "/dev/null"], ["--failures", "/proc/windowlab"],
    ])
    func badOutputPlaces(arguments: [String]) throws {
        let (status, errors) = try Self.windowlab(["check", "--time", "1", "--examples", "none", "--corpus", "none"]
                                                  + arguments)
        #expect(status == 64)
        #expect(errors.contains(arguments[0] + ":"), "\(errors)")
        #expect(!errors.contains("campaign:"), "work began: \(errors)")
    }

    @Test("a missing or damaged pack is exit 2 in every corpus command", arguments: ["stats", "unpack", "merge", "replay", "verify"])
    func damagedPacks(command: String) throws {
        let folder = Self.folder()
        let pack = folder + "/damaged.wlpack"
        try Data("WLPK not a pack at all".utf8).write(to: URL(fileURLWithPath: pack))
        var arguments = ["corpus", command, pack]
        if command == "unpack" || command == "merge" { arguments += ["-o", folder + "/out"] }
        let (status, errors) = try Self.windowlab(arguments)
        #expect(status == (command == "verify" ? 1 : 2), "\(errors)")
        #expect(errors.contains("damaged.wlpack"))
    }

    @Test("an engine that greets before it reads the harness's hello starts every time", arguments: [1, 2])
    func eagerGreeting(version: Int) throws {
        let end = version == 1 ? "ok" : "ok 1"
        let eager = "printf 'hello \(version) eager all\\n\(end)\\n'; read first; { echo 'hello 1'; cat; } | "
            + Binary.serve("--protocol \(version)") + " | sed -u 1,2d"
        for _ in 0..<5 {
            let engine = try ProcessEngines.factory(command: eager, timeout: 5)
            #expect(engine.name == "eager")
            let run = DifferentialRunner.run([.createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 9, 9),
                                                            level: 0, withRootView: true), .show(window: "a")],
                                             engines: [Binary.reference, engine])
            #expect(run.divergence == nil)
        }
    }

    @Test("a version 2 engine that answers more than it was asked is caught at the same answer every time")
    func surplusAnswersAreCounted() throws {
        // `ok N` and then a stray `ok` (or a repeated number): each is a fault where it stands, whenever it arrives.
        let commands: [Command] = [.createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0,
                                                 withRootView: true), .show(window: "a"), .hide(window: "a")]
        for (extra, fragment) in [("ok", "ended an answer with `ok`"), ("ok $n", "where answer 3 was due")] {
            let engine = "read l; echo 'hello 2 chatty all'; echo 'ok 1'; n=2; "
                + "while read l; do echo \"ok $n\"; [ $n = 2 ] && echo \"\(extra)\"; n=$((n+1)); done"
            for _ in 0..<6 {
                let factory = try ProcessEngines.factory(command: engine, timeout: 5)
                let run = DifferentialRunner.run(commands, engines: [Binary.reference, factory])
                let divergence = try #require(run.divergence)
                #expect(divergence.fault?.kind == .garbage)
                #expect(divergence.fault?.message.contains(fragment) == true || divergence.fault?.message.contains("after its last answer") == true,
                        "\(divergence.summary)")
            }
        }
    }
}
