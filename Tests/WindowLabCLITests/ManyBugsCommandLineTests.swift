import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport

/// `check` on an engine with many bugs at once, as a user runs it (issue 33): each
/// group with a saved scenario or a case seed, every saved scenario reproducing with
/// `windowlab run`, and `--time` bounding the whole run.
@Suite("Many bugs at once: the command line", .enabled(if: Binary.built, Binary.missing))
struct ManyBugsCommandLineTests {
    static func folder() throws -> String { try TemporaryFolder("windowlab-many-bugs").path }

    static func check(_ arguments: [String]) throws -> ProcessResult {
        try Binary.run(["check", "--examples", "none", "--corpus", "none", "--failures", "none"] + arguments)
    }

    @Test("an engine behind the protocol with several bugs: each group shrunk, saved, and reproducing with windowlab run")
    func groupsReproduce() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let engine = "exec:" + Binary.serve("--engine indexed --mutant maxEdgeInclusive,forgetKeySuccessor,noCancelOnRemove")
        // Bounded by cases: the same groups however loaded the machine.
        let run = try Self.check(["--engine", engine, "--cases", "150", "--time", "900", "--seed", "6", "--jobs", "1",
                                  "--profile", "small", "--out", out, "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        #expect(result.groups.count >= 3)
        // Several groups: the run says that one bug can be two of them, and how to tell.
        #expect(run.errors.contains("\(result.groups.count) groups need not be \(result.groups.count) bugs"), "\(run.errors.suffix(2000))")
        #expect(result.harnessErrors.isEmpty, "\(result.harnessErrors)")
        for group in result.groups {
            // Every group says how to replay it: its scenario, and its first case's seed.
            #expect(group.status == "shrunk", "\(group.signature): \(group.status ?? "?")")
            #expect(group.replay?.contains("WINDOWLAB_SEED=") == true)
            let path = try #require(group.path)
            let replay = try Binary.run(["run", "--engine", "reference", "--engine", engine, path])
            #expect(replay.status == 1, "\(path) does not diverge")
            #expect(try Binary.run(["run", path]).status == 0, "\(path)'s expect lines fail on the reference")
        }
        #expect(result.differences >= result.divergences)
    }

    @Test("--time bounds the whole check, shrinking and the report included, on an engine that answers slowly")
    func timeBoundsTheRun() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Each statement answered 5 ms late: every run of a 150-command case takes most of a second, and
        // shrinking one group takes hundreds of runs: it used to hold a short check for minutes. The run
        // takes about --time plus 5 s; the bound below leaves a loaded machine ten times that.
        let engine = "exec:" + Binary.serve("--engine indexed --mutant maxEdgeInclusive,forgetKeySuccessor --answer-delay 0.005")
        let start = Date()
        let run = try Self.check(["--engine", engine, "--time", "4", "--profile", "small", "--seed", "2", "--out", out,
                                  "--json"])
        #expect(Date().timeIntervalSince(start) < 90)
        #expect(run.status == 1)
        #expect(try CheckResult.fromJSON(run.output).divergences >= 1)
    }

    @Test("--cases bounds the campaign by cases: the same seed gives the same cases and groups")
    func casesBound() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        func run() throws -> CheckResult {
            let result = try Self.check(["--mutant", "maxEdgeInclusive,noCancelOnHide", "--cases", "60", "--time", "900",
                                         "--seed", "8", "--jobs", "1", "--profile", "small", "--out", out, "--json"])
            return try CheckResult.fromJSON(result.output)
        }
        let first = try run(), second = try run()
        #expect(first.cases == 60 && second.cases == 60)
        #expect(first.commands == second.commands)
        #expect(first.groups.map(\.signature) == second.groups.map(\.signature))
        #expect(try Self.check(["--cases", "0"]).status == 64)
    }
}
