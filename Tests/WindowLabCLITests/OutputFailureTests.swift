import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport

/// Places that cannot be written (issue 34): each is said in plain words, naming the
/// file and why, before any work where it can be known then, with a non-zero exit
/// where it is found later; no folder is made for a check that is refused; and a
/// finding that `--out` cannot take is kept in the failure database, the message
/// saying so truthfully.
@Suite("Output failures", .enabled(if: Binary.built, Binary.missing))
struct OutputFailureTests {
    /// Foundation's raw error text, which no message may show.
    static let rawErrorText = ["Error Domain=", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "(null)", "UserInfo="]

    /// A folder with `taken/` (a folder where a file is asked for), `file` (a file where a
    /// folder is asked for) and `ex/hit.wls` (a scenario with a hit).
    static func places() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("windowlab-output")
        try FileManager.default.createDirectory(atPath: folder.file("taken"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("ex"), withIntermediateDirectories: true)
        try folder.write("file", "a file\n")
        try folder.write("ex/hit.wls", "window a frame 0 0 9 9\nshow a\nhit 1 1\n")
        return folder
    }

    /// Every command that writes, given a place it cannot write: `FOLDER` and `FILE` in an
    /// argument stand for `taken/` and `file`; the status expected; the path the message names.
    static let unwritable: [(arguments: [String], status: Int32, names: String)] = [
        (["check", "--time", "0", "--write-known", "FOLDER"], 64, "FOLDER"),
        (["check", "--time", "0", "--write-known", "FILE/known.txt"], 64, "FILE"),
        (["check", "--time", "0", "--write-known", "/proc/known.txt"], 64, "/proc"),
        (["check", "--time", "0", "--out", "FILE"], 64, "FILE"),
        (["check", "--time", "0", "--out", "FILE/findings"], 64, "FILE"),
        (["check", "--time", "0", "--failures", "FILE"], 64, "FILE"),
        (["corpus", "shrink", "corpus/seed.wlpack", "--entry", "0", "-o", "FOLDER"], 64, "FOLDER"),
        (["corpus", "shrink", "corpus/seed.wlpack", "--entry", "0", "-o", "FILE/entry.wls"], 64, "FILE"),
        (["corpus", "pack", "corpus/regressions", "-o", "FOLDER"], 2, "FOLDER"),
        (["corpus", "merge", "corpus/seed.wlpack", "-o", "FOLDER"], 2, "FOLDER"),
        (["corpus", "unpack", "corpus/seed.wlpack", "-o", "FILE"], 2, "FILE"),
        (["render", "Examples/scenes.wls", "-o", "FOLDER"], 64, "FOLDER"),
        (["report", "Examples/scenes.wls", "-o", "FOLDER"], 64, "FOLDER"),
        (["export", "--generated", "1", "--out", "FILE"], 2, "FILE"),
        (["bench", "--n", "10", "--svg", "FOLDER"], 64, "FOLDER"),
    ]

    @Test("a place that cannot be written is said in plain words, naming it, never as Foundation's raw error",
          arguments: unwritable.indices)
    func plainWords(index: Int) throws {
        let folder = try Self.places()
        defer { folder.remove() }
        let (template, status, names) = Self.unwritable[index]
        let place = { (text: String) in
            text.replacingOccurrences(of: "FOLDER", with: folder.file("taken")).replacingOccurrences(of: "FILE", with: folder.file("file"))
        }
        var arguments = template.map(place)
        if template[0] == "check" {
            // Nothing of a check (refused or not) lands in the checkout.
            arguments += ["--examples", "none", "--corpus", "none"]
            for (option, name) in [("--out", "out"), ("--failures", "db")] where !template.contains(option) {
                arguments += [option, folder.file(name)]
            }
        }
        let run = try Binary.run(arguments)
        let said = run.output + run.errors
        #expect(run.status == status, "\(template): \(said.suffix(500))")
        #expect(said.contains(place(names)), "\(template): \(said.suffix(500))")
        for raw in Self.rawErrorText { #expect(!said.contains(raw), "\(template): \(said.suffix(500))") }
        // Refused before any work: nothing shrunk, no campaign, no folder made.
        #expect(!said.contains("campaign:") && !said.contains("commands (from"), "\(template): work began")
        #expect(folder.names() == ["ex", "file", "taken"] && sortedNames(in: folder.file("taken")).isEmpty,
                "\(template) left \(folder.names())")
    }

    @Test("a check refused for a bad option makes no folder: not --out, not --failures", arguments: [
        ["--profile", "nope"], ["--jobs", "0"], ["--time", "-1"], ["--mutant", "nope"],
        ["--mutant", "maxEdgeInclusive", "--engine", "reference"], ["--write-known", "/no/such/folder/known.txt"],
        ["--examples", "/no/such/folder"], ["--engine-timeout", "0"],
    ])
    func refusedCheckMakesNothing(arguments: [String]) throws {
        let folder = try TemporaryFolder("windowlab-output")
        defer { folder.remove() }
        let run = try Binary.run(["check", "--time", "1", "--out", folder.file("out/deeper"),
                                  "--failures", folder.file("db")] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.errors.suffix(300))")
        #expect(folder.names().isEmpty, "\(arguments) left \(folder.names())")
    }

    /// An engine that waits for `go` to exist before it greets: the check is then past its
    /// options' checks, so a test can spoil a place between them and the writing.
    static func waitingEngine(_ folder: TemporaryFolder, serving arguments: String = "") -> String {
        "exec:echo $$ >> '\(folder.file("pids"))'; while [ ! -e '\(folder.file("go"))' ]; do sleep 0.05; done; exec "
            + Binary.serve(arguments)
    }

    /// Starts `check` with `engine` and `more`, lets `spoil` run once the engine is started, then lets it go on.
    static func check(_ folder: TemporaryFolder, engine: String, _ more: [String], spoil: () throws -> Void)
        throws -> (status: Int32, result: CheckResult, errors: String)
    {
        let (output, errors) = (folder.file("result.json"), folder.file("errors"))
        let process = try ReliabilityTests.startAsFromAShell(
            ["check", "--engine", engine, "--engine-timeout", "60", "--corpus", "none", "--time", "0", "--json"] + more,
            output: output, errors: errors)
        #expect(InterruptionTests.wait(upTo: 300) { !InterruptionTests.pids(folder.file("pids")).isEmpty })
        try spoil()
        try folder.write("go", "")
        process.waitUntilExit()
        let said = InterruptionTests.text(errors)
        for raw in Self.rawErrorText { #expect(!said.contains(raw), "\(said.suffix(800))") }
        return (process.terminationStatus, try CheckResult.fromJSON(InterruptionTests.text(output)), said)
    }

    @Test("--out turned into a file during the run: the replay finding is kept in the database, and the message says so")
    func outTurnedIntoAFile() throws {
        let folder = try Self.places()
        defer { folder.remove() }
        let (out, database) = (folder.file("out"), folder.file("db"))
        let (status, result, errors) = try Self.check(
            folder, engine: Self.waitingEngine(folder, serving: "--fault garbage:hit"),
            ["--examples", folder.file("ex"), "--out", out, "--failures", database]) {
            try FileManager.default.removeItem(atPath: out)
            try folder.write("out", "now a file\n")
        }
        #expect(status == 2, "\(errors.suffix(800))")
        #expect(result.status == 2)
        #expect(errors.contains("cannot make the folder \(out): a file of that name is in the way"), "\(errors.suffix(800))")
        // The replay finding reached the database, and the FAIL line does not claim it is in --out.
        let saved = sortedNames(in: database + "/reference+reference-2")
        #expect(saved.count == 1, "\(saved)")
        let problem = try #require(result.problems.first { $0.hasPrefix("replay: ") })
        #expect(!problem.contains("shrunk into"), "\(problem)")
        #expect(problem.contains("kept in the failure database as \(database)/reference+reference-2/\(saved.first ?? "")"))
        #expect(result.findings.map(\.path) == ["\(database)/reference+reference-2/\(saved.first ?? "")"])
        #expect(errors.contains("error: no report written into \(out)"))
    }

    @Test("replay findings reach the failure database like campaign findings, and are not met again in the same run")
    func replayFindingsInTheDatabase() throws {
        let folder = try Self.places()
        defer { folder.remove() }
        let database = folder.file("db")
        let run = try Binary.run(["check", "--engine", "exec:" + Binary.serve("--fault garbage:hit"), "--examples",
                                  folder.file("ex"), "--corpus", "none", "--time", "0", "--out", folder.file("out"),
                                  "--failures", database, "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        #expect(result.findings.map(\.kind) == ["replay"])
        #expect(sortedNames(in: database + "/reference+reference-2").count == 1)
        #expect(!run.errors.contains("saved failure still fails"), "\(run.errors.suffix(600))")
        // The next check replays it first, from the database.
        let next = try Binary.run(["check", "--engine", "exec:" + Binary.serve("--fault garbage:hit"), "--examples", "none",
                                   "--corpus", "none", "--time", "0", "--out", folder.file("out"), "--failures", database])
        #expect(next.status == 1)
        #expect(next.errors.contains("saved failure still fails"), "\(next.errors.suffix(600))")
    }

    @Test("--write-known whose folder is gone when the clean run ends: a plain error and a non-zero exit")
    func writeKnownFails() throws {
        let folder = try Self.places()
        defer { folder.remove() }
        let baseline = folder.file("baselines")
        try FileManager.default.createDirectory(atPath: baseline, withIntermediateDirectories: true)
        let (status, result, errors) = try Self.check(
            folder, engine: Self.waitingEngine(folder),
            ["--examples", folder.file("ex"), "--out", folder.file("out"), "--failures", "none",
             "--write-known", baseline + "/known.txt"]) {
            try FileManager.default.removeItem(atPath: baseline)
        }
        #expect(status == 2, "\(errors.suffix(600))")
        #expect(result.problems.isEmpty)   // the run itself was clean
        #expect(errors.contains("error: --write-known: cannot write \(baseline)/known.txt: its folder does not exist"),
                "\(errors.suffix(600))")
    }
}
