import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport

/// The harness under hostile engines, signals and bad places to write: nothing lost,
/// nothing left running (issue 25's reproductions, kept so they keep holding).
@Suite("Reliability", .enabled(if: Binary.built, Binary.missing))
struct ReliabilityTests {
    static func folder() throws -> TemporaryFolder { try TemporaryFolder("windowlab-reliability") }

    /// A scenario that shows a window and hits it, in `folder`; its path.
    static func hitScenario(in folder: TemporaryFolder) throws -> String {
        try folder.write("hit.wls", "window a frame 0 0 9 9\nshow a\nhit 1 1\n")
    }

    /// Starts windowlab as a shell would: no signal blocked (a test runner's threads block some).
    /// Its standard output and error go to the files named (created), or nowhere.
    static func startAsFromAShell(_ arguments: [String], output: String? = nil, errors: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                             + "os.execv(sys.argv[1], sys.argv[1:])", Binary.windowlab] + arguments
        process.currentDirectoryURL = Repository.root
        func handle(_ path: String?) -> FileHandle {
            guard let path, FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else { return FileHandle.nullDevice }
            return handle
        }
        process.standardOutput = handle(output)
        process.standardError = handle(errors)
        try process.run()
        return process
    }

    @Test("corpus merge interrupted at any moment leaves no temporary file: the output whole, or absent")
    func interruptedMerge() throws {
        let folder = try Self.folder()
        let packs = ["differential.wlpack", "differential-v2.wlpack", "seed.wlpack", "seed-v3.wlpack"].map { "corpus/" + $0 }
        var interrupted = 0
        for delay in [0, 200_000, 500_000, 1_000_000, 2_000_000, 3_000_000] as [useconds_t] {
            let output = folder.file("merged-\(delay).wlpack")
            let process = try Self.startAsFromAShell(["corpus", "merge"] + packs + ["-o", output])
            usleep(delay)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let left = folder.names()
            #expect(!left.contains { $0.contains(".tmp-") }, "after \(delay) µs: \(left)")
            // Ended by the signal (held back while the output is written and renamed) or done before it.
            let ended = process.terminationReason == .uncaughtSignal || process.terminationStatus == 130
            if ended { interrupted += 1 } else { #expect(process.terminationStatus == 0) }
            if left.contains("merged-\(delay).wlpack") {
                #expect(try Binary.run(["corpus", "verify", output]).status == 0, "after \(delay) µs")
            } else {
                #expect(ended, "after \(delay) µs: no output and no interruption")
            }
        }
        // Some interruption came before the end (the merge takes longer than the first delays).
        #expect(interrupted > 0)
    }

    @Test("a run ended by SIGTERM ends the engine it started, even one that hangs in a group of its own")
    func interruptedRunEndsItsEngine() throws {
        let folder = try Self.folder()
        let pidFile = folder.file("engine.pid")
        let scenario = try Self.hitScenario(in: folder)
        let command = "exec:echo $$ > '\(pidFile)'; exec \(Binary.serve("--fault hang:hit"))"
        let process = try Self.startAsFromAShell(["run", "--engine", command, "--engine-timeout", "60", scenario])
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
        let run = try Binary.run(["check", "--time", "1", "--examples", "none", "--corpus", "none"] + arguments)
        #expect(run.status == 64)
        #expect(run.errors.contains(arguments[0] + ":"), "\(run.errors)")
        #expect(!run.errors.contains("campaign:"), "work began: \(run.errors)")
    }

    @Test("bad input to run is exit 2 with where and why, never a crash", arguments: [
        ("window a frame 0 0 nan 9\n", "1:20: error: width must be a finite number, got 'nan'"),
        ("windw a frame 0 0 9 9\n", "1:1: error: unknown statement 'windw'; did you mean 'window'?"),
        ("window a frame 0 0 9 9 " + String(repeating: "x", count: 5000) + "\n", "1:4097: error: line is longer than 4096 bytes"),
        ("window a\u{200B} frame 0 0 9 9\n", "1:8: error: 'aU+200B' is not a valid name"),
        ("\u{0}\u{1}binary", "1:1: error: NUL byte"),
    ])
    func badScenarios(text: String, says: String) throws {
        let file = try Self.folder().write("bad.wls", text)
        let run = try Binary.run(["run", file])
        #expect(run.status == 2)
        #expect(run.errors.contains(file + ":" + says), "\(run.errors.prefix(300))")
    }

    @Test("a missing or damaged pack is exit 2 in every corpus command", arguments: ["stats", "unpack", "merge", "replay", "verify"])
    func damagedPacks(command: String) throws {
        let folder = try Self.folder()
        let pack = try folder.write("damaged.wlpack", "WLPK not a pack at all")
        var arguments = ["corpus", command, pack]
        if command == "unpack" || command == "merge" { arguments += ["-o", folder.file("out")] }
        let run = try Binary.run(arguments)
        #expect(run.status == (command == "verify" ? 1 : 2), "\(run.errors)")
        #expect(run.errors.contains("damaged.wlpack"))
    }

    /// Hostile engines: what each does after reading the harness's hello, and what the report must say.
    static let hostileEngines: [(name: String, script: String, says: String)] = [
        ("an endless line", "yes | tr -d '\\n'", "longer than 1048576 bytes"),
        ("a flood of lines", "echo 'hello 1 x all'; echo ok; read l; yes 'notify a didBecomeVisible'", "more than 200000 lines"),
        ("invalid UTF-8 and NUL", "echo 'hello 1 x all'; echo ok; read l; printf 'notify \\377\\000\\033[31m\\n'; echo ok; cat >/dev/null",
         "U+001B"),
        ("a slow answer", "echo 'hello 1 x all'; echo ok; read l; sleep 30", "no complete answer within 5 s"),
        ("a closed standard output", "echo 'hello 1 x all'; echo ok; exec 1>&-; sleep 30", "before answering"),
        ("a child holding its output", "echo 'hello 1 x all'; echo ok; sleep 30 & read l; exit 4", "exited with status 4"),
        ("an early exit", "exit 3", "exited with status 3"),
        ("a crash", "echo 'hello 1 x all'; echo ok; read l; kill -SEGV $$", "SIGSEGV"),
        ("SIGSTOP", "echo 'hello 1 x all'; echo ok; read l; kill -STOP $$", "no complete answer within 5 s"),
        ("an echo", "echo 'hello 1'; cat", "failed the handshake"),
        ("an ok before the hello", "echo ok; echo 'hello 1 x all'; echo ok; cat >/dev/null", "the handshake failed"),
        ("a bad version", "echo 'hello 9 x all'; echo ok", "speaks protocol version 9"),
        ("a missing command", "exec /nonexistent/engine-WLHOSTILE", "127"),
    ]

    @Test("a hostile engine gives a clear fault and leaves no process behind",
          arguments: hostileEngines.indices)
    func hostileEngine(index: Int) throws {
        let (name, script, says) = Self.hostileEngines[index]
        let scenario = try Self.hitScenario(in: try Self.folder())
        // A token in the command line finds every process the engine started.
        let token = "WLHOSTILE\(index)x\(UInt32.random(in: 0...UInt32.max))"
        let command = "exec:: \(token); read hello; " + script
        // 5 s per answer (a shell's start on a busy machine), but for the engines that must first write
        // megabytes to break a limit: a flood of 200,000 lines takes a third of a second alone, more on a busy machine.
        let timeout = ["more than 200000 lines", "longer than 1048576 bytes"].contains(says) ? "30" : "5"
        let run = try Binary.run(["run", "--engine", command, "--engine-timeout", timeout, scenario])
        #expect(run.status != 0, "\(name)")
        let said = run.output + run.errors
        #expect(said.contains(says), "\(name): \(said.prefix(600))")
        #expect(!said.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(name): raw control characters")
        usleep(100_000)
        #expect(try runProcess("/usr/bin/pgrep", ["-f", token]).status == 1, "\(name): a process of the engine is still running")
    }

    @Test("corpus show and corpus shrink given a pack but no entry ask for one", arguments: ["show", "shrink"])
    func packWithoutEntry(command: String) throws {
        let folder = try Self.folder()
        let run = try Binary.run(["corpus", command, "corpus/seed.wlpack"]
                                 + (command == "shrink" ? ["-o", folder.file("entry.wls")] : []))
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.contains("corpus/seed.wlpack is a corpus pack, not one input: name one of its entries"))
        #expect(!run.errors.contains("encoding version"))
        #expect(run.output.isEmpty && folder.names().isEmpty)
    }

    /// An engine (the reference behind `serve`, through a Python relay) that hangs at the
    /// first `hit` of every other instance it serves: never two faults in a row.
    static let everyOtherHangs = """
        import subprocess, sys, time
        serve = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        resets = 0
        for line in sys.stdin:
            resets += line.startswith("reset")
            if resets % 2 == 1 and line.startswith("hit"):
                time.sleep(3600)
            serve.stdin.write(line)
            serve.stdin.flush()
            while True:
                answer = serve.stdout.readline()
                sys.stdout.write(answer)
                if answer == "" or answer.startswith("ok"):
                    break
            sys.stdout.flush()
        """

    @Test("faults that are not in a row are capped too: replays stop at the limit a run allows, saying so")
    func faultsPerRunAreCapped() throws {
        let folder = try Self.folder()
        try FileManager.default.createDirectory(atPath: folder.file("ex"), withIntermediateDirectories: true)
        for n in 10..<34 { try folder.write("ex/h\(n).wls", "window a frame 0 0 9 9\nshow a\nhit 1 1\n") }
        let relay = try folder.write("relay.py", Self.everyOtherHangs)
        let run = try Binary.run(["check", "--engine", "exec:python3 '\(relay)' \(Binary.serve())", "--engine-timeout", "5",
                                  "--examples", folder.file("ex"), "--corpus", "none", "--time", "0", "--failures", "none",
                                  "--out", folder.file("out"), "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        let limit = ReplayFindings.faultLimitPerRun
        #expect(result.problems.contains("replays stopped after \(limit) replayed items ended in an engine fault, the most "
                                         + "one run allows (each costs up to --engine-timeout); the rest were not replayed"),
                "\(result.problems)")
        // Every other one hung: the limit came before the 24th file.
        #expect(result.scenarioFiles < 24 && result.scenarioFiles >= 2 * limit - 1, "\(result.scenarioFiles) files replayed")
    }

    @Test("an engine that floods its standard error still gets checked")
    func standardErrorFlood() throws {
        let scenario = try Self.hitScenario(in: try Self.folder())
        let command = "exec:head -c 50000000 /dev/zero | tr '\\0' x >&2; exec " + Binary.serve()
        let run = try Binary.run(["run", "--engine", command, "--engine-timeout", "20", scenario])
        #expect(run.status == 0, "\(run.errors.prefix(400))")
        #expect(run.output.contains("hit -> a/a at 1 1"))
    }
}
