import ArgumentParser
import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// `windowlab export`: test vectors as JSON for engines' own test runners.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the bundled scenarios and generated cases as JSON test vectors (docs/test-vectors.md).",
        discussion: """
            Each vector is a command list in the engine protocol's wire form, with the \
            reference model's observations and every scene's order and key window after \
            each command, and the features it needs. An engine's own test runner can \
            replay them without WindowLab. Writes NAME.json per vector and index.json.

            Examples:
              windowlab export --out vectors
              windowlab export --out vectors --generated 500 --seed 7 --features "windows levels key hit"
            """
    )

    @Option(help: ArgumentHelp("The folder to write.", valueName: "dir"))
    var out: String = "windowlab-vectors"

    @Option(help: ArgumentHelp("Scenario files to export (a folder of .wls files).", valueName: "dir"))
    var examples: String = "Examples"

    @Option(help: "Generated cases to add.")
    var generated: Int = 100

    @Option(help: "The first generated case's seed.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Only these features (space- or comma-separated): generated cases use nothing "
                               + "else, and scenarios that need more are left out.", valueName: "words"))
    var features: String?

    func validate() throws {
        guard generated >= 0, generated <= 1_000_000 else { throw ValidationError("--generated must be 0 to 1000000") }
        if let features, case let .failure(unknown) = EngineFeature.parseList(Self.words(features)) {
            throw ValidationError("unknown feature(s) \(unknown.words.joined(separator: ", "))")
        }
    }

    func run() throws {
        var chosen = EngineFeature.all
        if let features, case let .success(declared) = EngineFeature.parseList(Self.words(features)) { chosen = declared }
        var vectors: [TestVector] = []
        var left = 0
        for file in ScenarioFiles.list(in: [examples]) {
            let scenario: Scenario
            do {
                scenario = try ScenarioParser().parseFile(atPath: file)
            } catch {
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                throw ExitStatus.badInput.exit
            }
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let vector = TestVector(name: name, source: file, commands: scenario.commands)
            if Set(vector.features.compactMap(EngineFeature.init(rawValue:))).isSubset(of: chosen) {
                vectors.append(vector)
            } else {
                left += 1
            }
        }
        vectors += TestVectorExport.generated(count: generated, seed: seed, features: chosen)
        do {
            _ = try TestVectorExport.write(vectors, to: out)
        } catch {
            FileHandle.standardError.write(Data("error: \(OutputPath.message(error, writing: out))\n".utf8))
            throw ExitStatus.badInput.exit
        }
        let steps = vectors.reduce(0) { $0 + $1.steps.count }
        print("export: \(vectors.count) vectors, \(steps) steps into \(out)/ (index.json lists them)"
              + (left > 0 ? "; \(left) scenario(s) left out: they need features not chosen" : ""))
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "," })
    }
}
