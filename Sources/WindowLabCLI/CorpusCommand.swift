import ArgumentParser
import CommandEncoding
import CorpusPack
import DifferentialHarness
import Lockstep
import WindowModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `windowlab corpus`: pack, unpack, merge, verify, describe and replay fuzz corpora.
struct Corpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "Manage fuzz corpora: compressed, checksummed packs of command-list inputs.",
        discussion: """
            libFuzzer reads and writes directories of raw inputs (one file each); packs \
            (*.wlpack) keep them at rest, deduplicated, zlib-compressed and checksummed. \
            Every write goes to a temporary file renamed into place: a failed command \
            leaves no partial file.

            Examples:
              windowlab corpus pack fuzz-corpus -o corpus/seed.wlpack
              windowlab corpus replay corpus/*.wlpack
            """,
        subcommands: [CorpusPackCommand.self, CorpusUnpack.self, CorpusMerge.self, CorpusVerify.self,
                      CorpusStatsCommand.self, CorpusReplay.self, CorpusShow.self, CorpusShrink.self]
    )
}

/// Prints to standard error.
private func complain(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

private func report(_ summary: CorpusWriteSummary) {
    for skipped in summary.skipped { complain(skipped.description) }
    for note in summary.notes { complain("note: \(note)") }
}

/// Runs `body`, turning a corpus error (a missing, damaged or unwritable pack) into a
/// message and exit status 2, bad input, as in every command.
private func guarded<T>(_ body: () throws(CorpusPackError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        complain("error: \(error)")
        throw ExitStatus.badInput.exit
    }
}

struct CorpusPackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack", abstract: "Pack a libFuzzer corpus directory into one pack.",
        discussion: """
            Reads every regular file in DIR as one input (files that are not readable are \
            skipped and named); fails when none is readable.

            Example:
              windowlab corpus pack fuzz-corpus -o corpus/seed.wlpack
            """)

    @Argument(help: "A directory with one input per file.") var directory: String
    @Option(name: .short, help: ArgumentHelp("The pack to write.", valueName: "pack")) var output: String

    func run() throws {
        let summary = try guarded { () throws(CorpusPackError) in try CorpusFiles.packDirectory(directory, to: output) }
        report(summary)
        print("packed \(summary.inputsRead) inputs as \(summary.entries) entries into \(output)")
    }
}

struct CorpusUnpack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpack", abstract: "Unpack a pack into a directory, one file per entry.",
        discussion: """
            Files are named by the SHA-1 of their content, as libFuzzer names inputs; \
            the directory is created if missing and files already there are kept.

            Example:
              windowlab corpus unpack corpus/seed.wlpack -o fuzz-corpus
            """)

    @Argument(help: "The pack to read.") var pack: String
    @Option(name: .short, help: ArgumentHelp("The directory to write into.", valueName: "dir")) var output: String

    func run() throws {
        let summary = try guarded { () throws(CorpusPackError) in try CorpusFiles.unpack(pack, into: output) }
        report(summary)
        print("unpacked \(summary.entries) entries into \(output) (\(summary.filesWritten) new files)")
    }
}

struct CorpusMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge packs and directories into one deduplicated pack.",
        discussion: """
            Everything is read and checked before the output is written, so the output \
            may also be an input.

            Example:
              windowlab corpus merge corpus/seed.wlpack fuzz-corpus -o corpus/seed.wlpack
            """)

    @Argument(help: "Packs and corpus directories.") var inputs: [String]
    @Option(name: .short, help: ArgumentHelp("The pack to write.", valueName: "pack")) var output: String

    func run() throws {
        let summary = try guarded { () throws(CorpusPackError) in try CorpusFiles.merge(inputs, to: output) }
        report(summary)
        print("merged \(summary.inputsRead) inputs from \(inputs.count) sources into \(summary.entries) entries in \(output)")
    }
}

struct CorpusVerify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check packs: magic, versions, limits, checksums, every entry.",
        discussion: """
            Exits 1 when any pack is damaged, of another version, or not as a writer \
            makes it (duplicate or unsorted entries).

            Example:
              windowlab corpus verify corpus/*.wlpack
            """)

    @Argument(help: "Packs to check.") var packs: [String]

    func run() throws {
        var failed = 0
        for path in packs {
            do {
                let reading = try CorpusFiles.verify(path)
                print("\(path): ok, \(reading.pack.entries.count) entries, \(reading.packSize) bytes")
            } catch {
                complain("FAILED: \(error)")
                failed += 1
            }
        }
        print("verify: \(packs.count - failed) of \(packs.count) packs ok")
        if failed > 0 { throw ExitStatus.failed.exit }
    }
}

struct CorpusStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Describe packs: sizes, commands, and the rule outcomes their entries decide.",
        discussion: """
            Coverage is measured, not guessed: every entry runs on the reference model, \
            which reports each rule outcome of SEMANTICS.md it decides (for example \
            "H2 alpha exactly 0.01: hittable"). The outcomes never decided are listed; \
            --table prints every outcome with its count, --json one JSON document per \
            pack (sizes, commands and the coverage as `windowlab check --json` gives it).

            Example:
              windowlab corpus stats corpus/seed.wlpack
              windowlab corpus stats --json corpus/*.wlpack
            """)

    @Argument(help: "Packs to describe.") var packs: [String]
    @Flag(help: "Print every rule outcome with the number of times the entries decided it.") var table = false
    @Flag(help: "Print one JSON object per pack, one per line.") var json = false

    func run() throws {
        for path in packs {
            let reading = try guarded { () throws(CorpusPackError) in try CorpusFiles.readPack(path) }
            let stats = CorpusStats(reading)
            let coverage = RuleCoverage.measure(stats.commandLists, engine: EngineCatalog.engines[0])
            if json {
                var result = CheckResult()
                result.corpusEntries = stats.entries
                result.commands = stats.commands
                result.ruleCounts = coverage.counts
                // Keys in sorted order, as every --json output has them.
                print("{\"commands\":\(stats.commands),\"coverage\":" + result.coverageJSONText()
                      + ",\"entries\":\(stats.entries),\"packBytes\":\(stats.compressedBytes),"
                      + "\"path\":\(CheckResult.quoted(path)),\"rawBytes\":\(stats.rawBytes),"
                      + "\"unsupportedEntries\":\(stats.unsupportedEntries)}")
                continue
            }
            print("\(path):")
            print("  entries      \(stats.entries)")
            print("  raw bytes    \(stats.rawBytes)")
            print("  pack bytes   \(stats.compressedBytes) (ratio \(String(format2: stats.ratio)))")
            print("  commands     \(stats.commands) decoded\(stats.unsupportedEntries > 0 ? ", \(stats.unsupportedEntries) entries of another encoding version" : "")")
            print("  " + coverage.summary)
            let never = coverage.neverReached
            print("  never reached: " + (never.isEmpty ? "none" : never.map { "\($0.rule) \($0.branch)" }.joined(separator: "; ")))
            if table { print(coverage.table.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")) }
            for note in reading.notes { print("  note: \(note)") }
        }
    }
}

struct CorpusReplay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Run every entry of packs on all engines and compare them.",
        discussion: """
            Decodes each entry and runs it on every engine in lockstep. Exits 1 on any \
            divergence (printing the entry's SHA-1 and the divergence), 2 when a pack \
            cannot be read.

            Example:
              windowlab corpus replay corpus/*.wlpack
            """)

    @Argument(help: "Packs to replay.") var packs: [String]

    @OptionGroup var engines: EngineOptions

    func run() throws {
        let chosen = try engines.resolve(default: ["all"])
        var entries = 0, commands = 0, unsupported = 0
        var declined = UnsupportedStatements()
        var diverged = ReplayFindings()
        for path in packs {
            let reading: PackReading
            do {
                reading = try CorpusFiles.readPack(path)
            } catch {
                complain("error: \(error)")
                throw ExitStatus.badInput.exit
            }
            let total = reading.pack.entries.count
            for (index, entry) in reading.pack.entries.enumerated() where !diverged.gaveUp {
                entries += 1
                if (index + 1) % 100 == 0 || index + 1 == total { complain("\(path): \(index + 1)/\(total) entries") }
                let replay = CorpusEntryReplay(entry, engines: chosen)
                commands += replay.commands
                declined.merge(replay.unsupported)
                switch replay {
                case .unsupportedVersion: unsupported += 1
                case .agreed: diverged.agreed()
                case let .diverged(_, divergences, sent, _):
                    diverged.add(source: "\(path) entry \(CorpusPack.entryName(entry))", commands: sent,
                                 divergences: divergences)
                }
            }
        }
        if let reason = diverged.stopReason {
            print("STOPPED after \(reason); the rest were not replayed")
        }
        // One line per group of entries that diverge alike, not one block per entry.
        for group in diverged.groups {
            print("DIVERGENCE \(group.count) x \(group.signature), first at \(group.firstSource)")
            for line in CorpusEntryReplay.describe(group.divergence) { print("  " + line) }
        }
        if let first = diverged.groups.first {
            print("(`windowlab corpus show PACK ENTRY` prints an entry as a scenario; `windowlab corpus shrink PACK "
                  + "--entry ENTRY -o OUT.wls` shrinks it, e.g. \(first.firstSource))")
        }
        let names = chosen.map(\.name).joined(separator: ", ")
        print("replay: \(entries) entries, \(commands) commands on \(names); "
            + "\(unsupported) of another encoding version; \(diverged.count) divergences in \(diverged.groups.count) group(s)")
        // A declined statement is not an agreement: say what was compared, and fail when too little was.
        if !declined.ledger.isEmpty { print("compared: " + declined.ledger.summary) }
        let shortfalls = declined.shortfalls(of: commands)
        if !declined.isEmpty { print("unsupported: " + declined.summary) }
        for shortfall in shortfalls { print("FAIL: compared too little: " + shortfall) }
        if diverged.count > 0 || !shortfalls.isEmpty { throw ExitStatus.failed.exit }
    }
}

extension String {
    /// A number with two decimals, without Foundation.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
