import ArgumentParser
import CommandGeneration
import DifferentialHarness
import Foundation
import WindowModel

/// The engines a check runs and how: `--engine` and `--engine-timeout`, the hidden
/// `--mutant`, and `--[no-]invariants`. Declared once for `check`, its worker and
/// the crash probes the supervisor starts, so every child runs the same engines.
struct EngineSelection: ParsableArguments {
    /// `--engine` (the reference is always checked first; default: reference and
    /// indexed) and `--engine-timeout`.
    @OptionGroup var engineOptions: EngineOptions

    /// Runs against one of the deliberately broken engines (see
    /// `scripts/mutants/run.sh`); not for users.
    @Option(help: .hidden)
    var mutant: String?

    @Flag(inversion: .prefixedNo, help: "Check every engine's invariants during the campaign (release builds too).")
    var invariants = true

    func validate() throws {
        if mutant != nil && !engineOptions.specs.isEmpty {
            throw ValidationError("--mutant and --engine cannot be combined")
        }
        if let mutant { _ = try EngineCatalog.checked(mutant: mutant) }
    }

    /// The engines checked: the reference first, then those `--engine` names
    /// (or the built-in indexed engine, or a mutant of it).
    func resolve() throws -> [EngineFactory] {
        if mutant != nil || engineOptions.specs.isEmpty { return try EngineCatalog.checked(mutant: mutant) }
        return try engineOptions.resolve()
    }

    /// The options as a command line, `--name=value` so a value that starts with `-`
    /// stays a value.
    var arguments: [String] {
        (mutant.map { ["--mutant=\($0)"] } ?? []) + (invariants ? [] : ["--no-invariants"]) + engineOptions.arguments
    }
}

/// Every option of `check` a user gives: parsed by `check`, written back once by
/// ``arguments(time:seed:)`` for the worker process the supervisor starts
/// (`check-worker`), and parsed there by this same group.
struct CheckOptions: ParsableArguments {
    // Unconditional, so that `--time -5` is read as a value (and refused as negative)
    // rather than as an unknown option.
    @Option(parsing: .unconditional, help: "Seconds the check may take, its corpus replays included: the campaign has what the replays leave (0: replay only, no campaign).")
    var time: Double = 60

    @OptionGroup var selection: EngineSelection

    @Option(help: ArgumentHelp(
        "Generate at most this many cases, then shrink what they found and stop (or stop at --time, whichever "
            + "comes first): a campaign whose findings do not depend on the machine's speed.", valueName: "n"))
    var cases: Int?

    @Option(help: "Campaign seed (default: from the clock, printed so the run can be repeated).")
    var seed: UInt64?

    @Option(help: "Campaign threads, one per core unless given.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Where shrunk divergences are written.", valueName: "dir"))
    var out: String = "windowlab-findings"

    @Option(help: ArgumentHelp("Scenario files to replay (a folder of .wls files; \"none\" skips them).",
                               valueName: "dir"))
    var examples: String = "Examples"

    @Option(help: ArgumentHelp("The corpus folder: *.wlpack packs and regressions/ (\"none\" skips it).",
                               valueName: "dir"))
    var corpus: String = "corpus"

    @Option(help: ArgumentHelp(
        "Shrink and save at most this many groups (default: every group found); the summary names the rest, "
            + "each with the case seed that replays it.", valueName: "n"))
    var maxFindings: Int?

    @Option(help: ArgumentHelp(
        "Generate only this profile: \(GenerationProfile.allCases.map(\.rawValue).joined(separator: ", ")) "
            + "(default: a mix of all; see docs/main-job.md).", valueName: "name"))
    var profile: String?

    @Flag(help: "End the campaign as soon as one divergence is shrunk and saved (for bisecting and measuring).")
    var stopOnFinding = false

    @Option(help: ArgumentHelp(
        "The failure database: every finding is saved here and replayed first by the next check until it passes "
            + "(\"none\" turns it off).", valueName: "dir"))
    var failures: String = ".windowlab/failures"

    @Flag(help: "Print one JSON document on standard output instead of the summary (see docs/check-json.md).")
    var json = false

    @Flag(help: "Print the campaign's rule-outcome coverage as a table (on standard error).")
    var coverage = false

    @Option(help: ArgumentHelp(
        "A known-findings file (docs/known-findings.md): its groups are run past and reported as met again or "
            + "gone; only new groups fail the check.", valueName: "file"))
    var known: String?

    @Flag(help: "With --known: entries whose scenario no longer shows their group do not fail the check.")
    var allowStale = false

    @Option(help: ArgumentHelp(
        "Write the groups this run found (and the --known ones that still reproduce) to this known-findings file.",
        valueName: "file"))
    var writeKnown: String?

    func validate() throws {
        // A folder given by name must exist; the defaults may be missing (outside the repository).
        for (option, folder, standard) in [("--examples", examples, "Examples"), ("--corpus", corpus, "corpus")]
            where folder != standard && folder != "none" && !Self.isFolder(folder) {
            throw ValidationError("\(option): no folder '\(folder)' (give a folder, or \"none\" to skip)")
        }
        guard time.isFinite, time >= 0, time <= 31_536_000 else {
            throw ValidationError("--time must be a number of seconds from 0 to 31536000 (a year)")
        }
        guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        guard (cases ?? 1) >= 1 else { throw ValidationError("--cases must be at least 1") }
        guard (maxFindings ?? 0) >= 0 else { throw ValidationError("--max-findings cannot be negative") }
        if allowStale && known == nil { throw ValidationError("--allow-stale needs --known FILE") }
        if let profile, GenerationProfile(rawValue: profile) == nil {
            throw ValidationError("unknown profile '\(profile)'; choose one of: "
                                  + GenerationProfile.allCases.map(\.rawValue).joined(separator: ", "))
        }
        // Where findings go is checked before any work, so that none is lost at the end;
        // nothing is made until every option is valid (``makeOutputFolders()``).
        try OutputPath.validateFolder(out, option: "--out")
        if failures != "none" { try OutputPath.validateFolder(failures, option: "--failures") }
        if let writeKnown { try OutputPath.validate(writeKnown, option: "--write-known") }
    }

    /// Makes `--out` and `--failures`, once every option is valid.
    func makeOutputFolders() throws {
        try OutputPath.makeFolder(out, option: "--out")
        if failures != "none" { try OutputPath.makeFolder(failures, option: "--failures") }
    }

    /// The options as a command line, with the campaign's time and seed as given:
    /// the one place they are written back (`--name=value`, so a value that starts
    /// with `-` stays a value). `--write-known` is left out: the supervisor writes
    /// that file from the merged result.
    func arguments(time: Double, seed: UInt64) -> [String] {
        var arguments = ["--time=\(time)", "--seed=\(seed)", "--jobs=\(jobs)", "--out=\(out)",
                         "--examples=\(examples)", "--corpus=\(corpus)", "--failures=\(failures)"]
        if let maxFindings { arguments.append("--max-findings=\(maxFindings)") }
        if let cases { arguments.append("--cases=\(cases)") }
        if let profile { arguments.append("--profile=\(profile)") }
        if stopOnFinding { arguments.append("--stop-on-finding") }
        if json { arguments.append("--json") }
        if coverage { arguments.append("--coverage") }
        if let known { arguments.append("--known=\(known)") }
        if allowStale { arguments.append("--allow-stale") }
        return arguments + selection.arguments
    }

    /// The failure database, or nil when turned off.
    var failureDatabase: FailureDatabase? { failures == "none" ? nil : FailureDatabase(directory: failures) }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Where a worker process starts and where it records what it runs: set by the
/// supervisor of `check`, never by a user.
struct WorkerPosition: ParsableArguments {
    @Option(help: "The folder the worker records its in-flight items and its result in.")
    var inFlight: String

    @Option(help: "Replayed items up to this one are skipped (they ran before a crash).")
    var replayFrom = 0

    @Option(help: "The first campaign case to run.")
    var firstCase = 0

    @Flag(help: "Do not replay the failure database (a saved failure crashed).")
    var skipSavedFailures = false

    /// The position as a command line.
    var arguments: [String] {
        ["--in-flight=\(inFlight)", "--replay-from=\(replayFrom)", "--first-case=\(firstCase)"]
            + (skipSavedFailures ? ["--skip-saved-failures"] : [])
    }
}
