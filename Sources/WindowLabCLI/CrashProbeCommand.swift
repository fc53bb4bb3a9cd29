import ArgumentParser
import CommandGeneration
import DifferentialHarness
import Foundation
import Lockstep
import ScenarioLanguage
import Shrinking
import WindowModel

/// `windowlab crash-probe`: runs one case or one command file on every engine and
/// exits 0 unless an engine crashes. The supervisor of `check` runs it in child
/// processes to find and shrink a crashing case; not meant for people.
struct CrashProbe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash-probe", abstract: "Run one case in lockstep; exit 0 unless an engine crashes.",
        shouldDisplay: false)

    @Option(help: "A scenario file of commands to run.") var commands: String?
    @Option(help: "A generated case to run: its case seed (with --profile).") var caseSeed: UInt64?
    @Option(help: "The generated case's profile.") var profile: String = GenerationProfile.small.rawValue
    @Option(help: "Write each command of the generated case here before running it.") var record: String?
    @Option(help: "The rules the generated case was weighted toward (comma-separated).") var focus: String?
    @Option(help: "The kinds of command the generated case left out (comma-separated).") var avoid: String?
    /// The check's engines, as its supervisor passes them on.
    @OptionGroup var selection: EngineSelection

    func run() throws {
        let invariants = selection.invariants
        let engines = try selection.resolve()
        if let commands {
            let list = try ScenarioParser().parseFile(atPath: commands).commands
            let valid = Shrinker.valid(list)
            // (As the campaign and its shrinker run lists: on past differences.)
            _ = DifferentialRunner.run(valid, engines: engines,
                                       cadence: invariants ? (valid.count > 256 ? .sparse : .everyCommand) : .off,
                                       continuesAfterDivergence: true)
        } else if let caseSeed, let profile = GenerationProfile(rawValue: profile) {
            let sink = try record.map { path -> FileHandle in
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            }
            var small = CommandGenerator.Configuration()
            small.focusRules = focus.map { $0.split(separator: ",").map(String.init) } ?? []
            small.avoidKinds = avoid.map { $0.split(separator: ",").map(String.init) } ?? []
            _ = profile.run(seed: caseSeed, engines: engines, invariants: invariants, small: small,
                            continuing: true) { command in
                sink?.write(Data(ScenarioPrinter.print([command]).utf8))
            }
        } else {
            throw ValidationError("give --commands FILE or --case-seed SEED [--profile NAME]")
        }
    }
}
