import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport
import WindowModel

/// Checking an engine that differs, as a user runs it: declared deviations through
/// the protocol, a known-findings baseline, replay failures as findings.
@Suite("Checking an engine that differs: the command line", .enabled(if: Binary.built, Binary.missing))
struct BaselineCommandLineTests {
    static func folder() throws -> String { try TemporaryFolder("windowlab-baseline").path }

    /// An engine that posts no notifications: the reference behind serve, its notify lines filtered out.
    static func silentEngine(declaring: String?) -> String {
        "exec:" + Binary.serve(declaring.map { "--deviates '\($0)'" } ?? "") + " | grep --line-buffered -v ^notify"
    }

    static func check(_ arguments: [String]) throws -> ProcessResult {
        try Binary.run(["check", "--examples", "none", "--corpus", "none", "--failures", "none",
                                        "--jobs", "1"] + arguments)
    }

    @Test("N1 through the protocol: an engine without notifications, declaring so, is clean; undeclared it is not")
    func silentEngine() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Bounded by cases, not seconds: the same run however loaded the machine.
        let declared = try Self.check(["--engine", Self.silentEngine(declaring: "N1"), "--cases", "20", "--time", "600",
                                       "--seed", "1", "--out", out, "--json"])
        #expect(declared.status == 0, "\(declared.output.prefix(400))")
        let result = try CheckResult.fromJSON(declared.output)
        #expect(result.engines.last?.deviations == ["N1"])
        let undeclared = try Self.check(["--engine", Self.silentEngine(declaring: nil), "--cases", "20", "--time", "600",
                                         "--seed", "1", "--out", out, "--json", "--max-findings", "1"])
        #expect(undeclared.status == 1)
        let found = try CheckResult.fromJSON(undeclared.output)
        #expect(found.findings.first?.signature.contains("observations notify/missing") == true)
    }

    @Test("check --write-known then check --known: the same run is clean, and a fixed engine's groups are gone")
    func knownRoundTrip() throws {
        let out = try Self.folder(), known = try Self.folder() + "/known.txt"
        defer { try? FileManager.default.removeItem(atPath: out) }
        // The example scenarios' replays find the same groups every time (a campaign's
        // cases depend on how much it got done in its time).
        let broken = Self.silentEngine(declaring: nil)
        func check(_ engine: String, _ more: [String]) throws -> ProcessResult {
            try Binary.run(["check", "--engine", engine, "--time", "0", "--corpus", "none",
                                            "--failures", "none", "--out", out, "--json"] + more)
        }
        let first = try check(broken, ["--write-known", known])
        #expect(first.status == 1)
        let written = try KnownFindings.read(known)
        #expect(!written.entries.isEmpty)
        #expect(written.entries.map(\.signature.text).sorted()
                == (try CheckResult.fromJSON(first.output)).findings.map(\.signature).sorted())
        let again = try check(broken, ["--known", known])
        #expect(again.status == 0, "\(again.output.prefix(600))")
        let met = try CheckResult.fromJSON(again.output)
        #expect(Set(met.knownMet).isSuperset(of: written.entries.map(\.signature.text)))
        // Fixed: every entry is stale and hides nothing; the check says so and fails, unless told
        // the file is known to be stale.
        let fixed = try check("exec:" + Binary.serve(), ["--known", known])
        #expect(fixed.status == 1)
        let stale = try CheckResult.fromJSON(fixed.output)
        #expect(stale.knownGone.count == written.entries.count)
        #expect(stale.problems.contains { $0.contains("no longer reproduce") && $0.contains("--allow-stale") })
        #expect(try check("exec:" + Binary.serve(), ["--known", known, "--allow-stale"]).status == 0)
    }

    @Test("--write-known writes every group a campaign found; the same check with --known is then clean")
    func writeKnownEveryGroup() throws {
        let out = try Self.folder(), known = try Self.folder() + "/known.txt"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let bugs = "maxEdgeInclusive,forgetKeySuccessor,noCancelOnRemove"
        func check(_ more: [String]) throws -> ProcessResult {
            try Self.check(["--mutant", bugs, "--cases", "120", "--time", "900", "--seed", "4", "--profile", "small",
                            "--out", out, "--json"] + more)
        }
        let first = try check(["--write-known", known])
        #expect(first.status == 1)
        let groups = try CheckResult.fromJSON(first.output).groups
        #expect(groups.count >= 3)
        let written = try KnownFindings.read(known)
        #expect(Set(written.entries.map(\.signature.text)) == Set(groups.map(\.signature)))
        let again = try check(["--known", known])
        #expect(again.status == 0, "\(again.output.prefix(800))")
        #expect(try CheckResult.fromJSON(again.output).groups.allSatisfy { $0.status == "known" })
    }

    @Test("a malformed known-findings file is bad input: exit 2, naming the file and line")
    func malformedKnown() throws {
        let path = try Self.folder() + "/known.txt"
        try "known hit observations hit/view\n  window a frame 0 0 1 1\nnot a block\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Self.check(["--time", "1", "--known", path]).status == 2)
        #expect(throws: KnownFindingsError.self) { try KnownFindings.read(path) }
        do { _ = try KnownFindings.read(path) } catch { #expect(error.description.hasPrefix("\(path):3: ")) }
        // Not a file at all: said so, not "permission" or "does it exist?".
        do { _ = try KnownFindings.read("/dev/null"); Issue.record("/dev/null read") } catch {
            #expect(error.description == "/dev/null: not a regular file (a known-findings file is text; an empty file knows nothing)")
        }
    }

    @Test("replay failures are findings: one group per cause, each saved as a runnable scenario")
    func replayFailuresAreFindings() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Binary.run(
            ["check", "--engine", Self.silentEngine(declaring: nil), "--time", "0", "--corpus", "none",
             "--failures", "none", "--out", out, "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        let replays = result.findings.filter { $0.kind == "replay" }
        #expect(!replays.isEmpty)
        #expect(result.problems.count == replays.count, "one problem line per group: \(result.problems)")
        #expect(Set(replays.map(\.signature)).count == replays.count)
        for replay in replays {
            // Runnable: the reference passes its expectations; the silent engine does not.
            #expect(try Binary.run(["run", replay.path]).status == 0)
            #expect(try Binary.run(["run", "--engine", "reference", "--engine",
                                    Self.silentEngine(declaring: nil), replay.path]).status == 1)
            #expect(FileManager.default.fileExists(atPath: replay.path.replacingOccurrences(of: ".wls", with: ".svg")))
        }
        let page = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(!page.contains("every engine agreed"))
        #expect(page.contains("replay: "))
    }

    @Test("corpus show prints an entry as a scenario; corpus shrink --engine shrinks it on any engine")
    func corpusShowAndShrink() throws {
        let pack = Repository.path("corpus/seed.wlpack")
        let replay = try Binary.run(["corpus", "replay", pack, "--engine", Self.silentEngine(declaring: nil)])
        #expect(replay.status == 1)
        let line = try #require(replay.output.split(separator: "\n").first { $0.hasPrefix("DIVERGENCE ") })
        let entry = try #require(line.components(separatedBy: " entry ").last).prefix(12)
        let shown = try Binary.run(["corpus", "show", pack, String(entry)])
        #expect(shown.status == 0)
        #expect(shown.output.contains("window "))
        let out = try Self.folder() + "/entry.wls"
        let shrunk = try Binary.run(
            ["corpus", "shrink", pack, "--entry", String(entry), "--engine", Self.silentEngine(declaring: nil), "-o", out])
        #expect(shrunk.status == 0)
        #expect(try Binary.run(["run", out]).status == 0)
    }

    @Test("run with several engines reports every difference in a file, then exits 1")
    func runReportsEveryDifference() throws {
        let file = Repository.path("Examples/alert-over-app.wls")
        let run = try Binary.run(
            ["run", "--json", "--engine", "reference", "--engine", Self.silentEngine(declaring: nil), file])
        #expect(run.status == 1)
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.output.utf8))
        let divergences = try #require(result.files.first?.divergences)
        #expect(divergences.count == 4)
        #expect(divergences.map(\.line) == divergences.map(\.line).sorted())
        #expect(divergences.allSatisfy { $0.difference == "observations notify/missing" })
        #expect(result.files.first?.divergence == divergences.first)
    }

    @Test("replays stop after a few items in a row end in an engine fault, saying so")
    func repeatedFaultsStopReplays() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let hanging = "exec:" + Binary.serve("--fault hang:show")
        let run = try Binary.run(
            ["check", "--engine", hanging, "--engine-timeout", "3", "--time", "0", "--failures", "none",
             "--out", out, "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        #expect(result.problems.contains { $0.hasPrefix("replays stopped after \(ReplayFindings.faultLimit) replayed items") })
        #expect(result.scenarioFiles + result.corpusEntries < 20, "replayed \(result.scenarioFiles) files, \(result.corpusEntries) entries")
    }

    @Test("a clean run's report names the engines without starting them again")
    func reportWithoutSecondStart() throws {
        let out = try Self.folder(), marker = try Self.folder() + "/started"
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Starts once; any later start fails its handshake.
        let once = "exec:if [ -e '\(marker)' ]; then exit 3; fi; touch '\(marker)'; exec \(Binary.serve("--engine indexed"))"
        #expect(try Self.check(["--engine", once, "--time", "1", "--out", out]).status == 0)
        let page = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(page.contains("engines: reference, indexed"))
    }
}
