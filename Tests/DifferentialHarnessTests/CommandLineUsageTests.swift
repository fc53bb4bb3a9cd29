import Foundation
import Testing

/// What a new user meets at the command line: clear errors, exit statuses that
/// the help states, and no check that passes having checked nothing.
@Suite("windowlab: usage", .enabled(if: CheckSupervisionTests.built, "needs .build/debug/windowlab (swift test builds it)"))
struct CommandLineUsageTests {
    /// Runs windowlab in `directory` and returns its status, standard output and standard error.
    static func windowlab(_ arguments: [String], in directory: String? = nil) throws
        -> (status: Int32, output: String, errors: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CheckSupervisionTests.windowlab)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? CheckSupervisionTests.root.path)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    static func emptyFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "windowlab-empty-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("check outside the repository says what it could not replay, and checking nothing is an error")
    func checkOutsideTheRepository() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nothing = try Self.windowlab(["check", "--time", "0"], in: folder)
        #expect(nothing.status == 2)
        #expect(nothing.errors.contains("no folder 'Examples'"))
        #expect(nothing.errors.contains("nothing was checked"))
        let campaign = try Self.windowlab(["check", "--time", "1", "--jobs", "1", "--failures", "none"], in: folder)
        #expect(campaign.status == 0)
        #expect(campaign.errors.contains("no scenario files replayed (run from the WindowLab repository"))
        let missing = try Self.windowlab(["check", "--examples", "nowhere"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("--examples: no folder 'nowhere'"))
    }

    @Test("a negative --time is refused as a value, not misread as an option")
    func negativeTime() throws {
        let run = try Self.windowlab(["check", "--time", "-5"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--time must be a number of seconds from 0"))
        #expect(!run.errors.contains("Missing value"))
    }

    @Test("writing into a missing folder is refused up front with the folder's name")
    func missingOutputFolder() throws {
        let bench = try Self.windowlab(["bench", "--n", "10", "--svg", "/no/such/folder/chart.svg"])
        #expect(bench.status == 64)
        #expect(bench.errors.contains("--svg: no folder '/no/such/folder'"))
        #expect(!bench.errors.contains("NSCocoaErrorDomain"))
        let render = try Self.windowlab(["render", "Examples/scenes.wls", "-o", "/no/such/folder/a.svg"])
        #expect(render.status == 64)
        #expect(render.errors.contains("--output: no folder '/no/such/folder'"))
    }

    @Test("--version answers, and the help states the exit statuses, 64 included")
    func versionAndExitStatuses() throws {
        let version = try Self.windowlab(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("windowlab "))
        #expect(version.output.contains("engine protocol 1"))
        let help = try Self.windowlab(["--help"])
        #expect(help.output.contains("64 a usage error"))
        let check = try Self.windowlab(["check", "--help"])
        #expect(!check.output.contains("cores). (default"))
        #expect(!check.output.replacingOccurrences(of: "\n", with: " ").contains("of cores).  "))
    }
}
