import Foundation
import Testing
import WindowLabTestSupport

/// What a new user meets at the command line: clear errors, exit statuses that
/// the help states, and no check that passes having checked nothing.
@Suite("windowlab: usage", .enabled(if: Binary.built, Binary.missing))
struct CommandLineUsageTests {
    @Test("check outside the repository says what it could not replay, and checking nothing is an error")
    func checkOutsideTheRepository() throws {
        let folder = try TemporaryFolder("windowlab-empty")
        defer { folder.remove() }
        let nothing = try Binary.run(["check", "--time", "0"], in: folder.path)
        #expect(nothing.status == 2)
        #expect(nothing.errors.contains("no folder 'Examples'"))
        #expect(nothing.errors.contains("nothing was checked"))
        let campaign = try Binary.run(["check", "--time", "1", "--jobs", "1", "--failures", "none"], in: folder.path)
        #expect(campaign.status == 0)
        #expect(campaign.errors.contains("no scenario files replayed (run from the WindowLab repository"))
        let missing = try Binary.run(["check", "--examples", "nowhere"], in: folder.path)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("--examples: no folder 'nowhere'"))
    }

    @Test("a negative --time is refused as a value, not misread as an option")
    func negativeTime() throws {
        let run = try Binary.run(["check", "--time", "-5"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--time must be a number of seconds from 0"))
        #expect(!run.errors.contains("Missing value"))
    }

    @Test("writing into a missing folder is refused up front with the folder's name")
    func missingOutputFolder() throws {
        let bench = try Binary.run(["bench", "--n", "10", "--svg", "/no/such/folder/chart.svg"])
        #expect(bench.status == 64)
        #expect(bench.errors.contains("--svg: no folder '/no/such/folder'"))
        #expect(!bench.errors.contains("NSCocoaErrorDomain"))
        let render = try Binary.run(["render", "Examples/scenes.wls", "-o", "/no/such/folder/a.svg"])
        #expect(render.status == 64)
        #expect(render.errors.contains("--output: no folder '/no/such/folder'"))
    }

    @Test("--version answers, and the help states the exit statuses, 64 included")
    func versionAndExitStatuses() throws {
        let version = try Binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("windowlab "))
        #expect(version.output.contains("engine protocol 1"))
        let help = try Binary.run(["--help"])
        #expect(help.output.contains("64 a usage error"))
        let check = try Binary.run(["check", "--help"])
        #expect(!check.output.contains("cores). (default"))
        #expect(!check.output.replacingOccurrences(of: "\n", with: " ").contains("of cores).  "))
    }
}
