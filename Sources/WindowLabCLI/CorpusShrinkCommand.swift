import ArgumentParser
import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation

/// `windowlab corpus shrink INPUT -o OUT.wls`: a fuzz input that makes the engines
/// disagree, as a minimal readable scenario.
struct CorpusShrink: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink", abstract: "Turn a diverging fuzz input into a minimal scenario file.",
        discussion: """
            Decodes INPUT (one raw fuzz input, e.g. libFuzzer's crash-* file), runs it on \
            every engine, shrinks the divergence to the fewest, simplest commands and \
            writes it as a scenario (with the reference's answers as expect lines) and an \
            SVG beside it. Fuzz/run-campaign.sh does this for every crash.

            Exit status: 0 written; 1 the input does not diverge (nothing written); 2 it \
            cannot be read or is of another encoding version.

            Example:
              windowlab corpus shrink crash-4f1c... -o findings/crash-4f1c.wls
            """)

    @Argument(help: "A raw fuzz input.") var input: String
    @Option(name: .shortAndLong, help: "The scenario file to write.") var output: String

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try CorpusFiles.readInput(input)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        guard let commands = CommandDecoder.decode(bytes).commandList else {
            FileHandle.standardError.write(Data("error: \(input): another encoding version\n".utf8))
            throw ExitCode(2)
        }
        let engines = EngineCatalog.engines
        guard let finding = DifferentialCampaign.shrink(commands, seed: 0, engines: engines) else {
            print("\(input): the engines agree on all \(commands.count) commands; nothing to shrink")
            throw ExitCode(1)
        }
        let text = finding.scenarioText(engines: engines, origin: "from fuzz input \(input)")
        try AtomicFile.write(Array(text.utf8), to: output)
        do {
            try FindingPicture.save(scenarioText: text, file: output, engines: engines)
        } catch {
            // The scenario is the finding; a missing picture is worth a warning, not a failure.
            FileHandle.standardError.write(Data("warning: no picture for \(output): \(error)\n".utf8))
        }
        print("\(output): \(finding.commands.count) commands (from \(commands.count)); \(finding.divergence.summary)")
    }
}
