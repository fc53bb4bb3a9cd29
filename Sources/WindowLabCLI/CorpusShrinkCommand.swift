import ArgumentParser
import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// A corpus input named on the command line: a raw fuzz input file, or one entry of
/// a pack (`PACK --entry SHA1`, a prefix of the name `corpus replay` prints is enough).
struct CorpusInput {
    let path: String
    let entry: String?

    /// The input's bytes, or a clear error (exit 2; 64 for a pack named without an entry).
    func bytes() throws -> [UInt8] {
        do {
            guard let entry else {
                let bytes = try CorpusFiles.readInput(path)
                if bytes.starts(with: CorpusPack.magic) {
                    fail("\(path) is a corpus pack, not one input: name one of its entries (`windowlab corpus replay \(path)` "
                         + "names those that diverge; a unique prefix of the SHA-1 is enough)", status: .usage)
                }
                return bytes
            }
            let matches = try CorpusFiles.readPack(path).pack.entries.filter {
                CorpusPack.entryName($0).hasPrefix(entry.lowercased())
            }
            guard matches.count == 1 else {
                fail(matches.isEmpty ? "\(path): no entry named \(entry)"
                     : "\(path): \(matches.count) entries start with \(entry); give more of the name")
            }
            return matches[0]
        } catch {
            fail("\(error)")
        }
    }

    /// The input's commands, or a clear error (exit 2).
    func commands() throws -> [Command] {
        guard let commands = CommandDecoder.decode(try bytes()).commandList else {
            fail("\(description): of another encoding version")
        }
        return commands
    }

    var description: String { entry.map { "\(path) entry \($0)" } ?? path }

    private func fail(_ message: String, status: ExitStatus = .badInput) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(status.rawValue)
    }
}

/// `windowlab corpus show PACK ENTRY`: one pack entry (or raw input) as a scenario.
struct CorpusShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a pack entry (or a raw fuzz input) as a scenario.",
        discussion: """
            The entry is named by its SHA-1, as `corpus replay` and `check` print it (a \
            unique prefix is enough). The output runs with `windowlab run`.

            Example:
              windowlab corpus show corpus/seed.wlpack 3f2a9c > entry.wls
            """)

    @Argument(help: "A pack, or a raw fuzz input.") var input: String
    @Argument(help: "The entry's SHA-1 (or a unique prefix); leave out for a raw input.") var entry: String?

    func run() throws {
        let source = CorpusInput(path: input, entry: entry)
        let commands = try source.commands()
        print("# windowlab: \(source.description)")
        print(ScenarioPrinter.print(commands), terminator: "")
    }
}

/// `windowlab corpus shrink INPUT -o OUT.wls`: a fuzz input that makes the engines
/// disagree, as a minimal readable scenario.
struct CorpusShrink: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink", abstract: "Turn a diverging fuzz input into a minimal scenario file.",
        discussion: """
            Decodes INPUT (one raw fuzz input, e.g. libFuzzer's crash-* file, or a pack \
            with --entry), runs it on every engine, shrinks the divergence to the fewest, \
            simplest commands that still differ the same way and writes it as a scenario \
            (with the reference's answers as expect lines) and an SVG beside it. \
            Fuzz/run-campaign.sh does this for every crash. An input that shows \
            several differences (the run goes on past each) is shrunk for the first; the \
            others are listed, and --difference N shrinks the Nth instead.

            Exit status: 0 written; 1 the input does not diverge (nothing written); 2 it \
            cannot be read or is of another encoding version; 64 a bad option (a pack \
            without --entry, an output that cannot be written: checked before shrinking).

            Examples:
              windowlab corpus shrink crash-4f1c... -o findings/crash-4f1c.wls
              windowlab corpus shrink corpus/seed.wlpack --entry 3f2a9c --engine exec:./my-engine -o entry.wls
            """)

    @Argument(help: "A raw fuzz input, or a pack with --entry.") var input: String
    @Option(help: ArgumentHelp("The pack entry's SHA-1 (or a unique prefix).", valueName: "sha1")) var entry: String?
    @Option(name: .shortAndLong, help: "The scenario file to write.") var output: String
    @Option(help: ArgumentHelp("Which of the input's differences to shrink (1: the first).", valueName: "n"))
    var difference = 1
    @OptionGroup var engineOptions: EngineOptions

    func validate() throws {
        guard difference >= 1 else { throw ValidationError("--difference counts from 1, not \(difference)") }
        // Where the scenario goes is checked before the shrinking, which can take minutes.
        try OutputPath.validate(output, option: "-o", makingFolders: true)
    }

    func run() throws {
        let source = CorpusInput(path: input, entry: entry)
        let commands = try source.commands()
        let engines = try engineOptions.resolve()
        let shown = DifferentialCampaign.differences(commands, engines: engines)
        if shown.isEmpty {
            print("\(source.description): the engines agree on all \(commands.count) commands; nothing to shrink")
            throw ExitStatus.failed.exit
        }
        guard difference <= shown.count else {
            print("\(source.description): it shows \(shown.count) difference(s), not \(difference); nothing written")
            throw ExitStatus.failed.exit
        }
        if shown.count > 1 {
            // Each is a cause of its own: one bug on the way to another hides nothing here.
            print("\(source.description) shows \(shown.count) differences; shrinking number \(difference) "
                  + "(--difference N for another):")
            for (index, divergence) in shown.enumerated() {
                print("  \(index + 1). command \(divergence.sourceIndex + 1): \(divergence.signature)")
            }
        }
        let finding = DifferentialCampaign.shrink(commands, for: shown[difference - 1], seed: 0, engines: engines)
        let file = FindingFile(finding, engines: engines, origin: "from fuzz input \(source.description)")
        do {
            try FindingWriter.writeScenario(file, to: output)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitStatus.badInput.exit
        }
        do {
            try FindingWriter.writePicture(file, besides: output, engines: engines)
        } catch {
            // The scenario is the finding (written above); a missing picture is worth a warning, not a failure.
            FileHandle.standardError.write(Data("warning: no picture for \(output): \(OutputPath.reason(error))\n".utf8))
        }
        print("\(output): \(finding.commands.count) commands (from \(commands.count)); \(finding.divergence.summary)")
    }
}
