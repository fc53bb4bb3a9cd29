import CorpusPack
import Foundation
import ScenarioLanguage
import Testing

/// Inputs that once crashed the scenario-parser or corpus-reader fuzz targets,
/// replayed forever through the same checks those targets make.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpus/regressions")

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The raw inputs of one subfolder, by name (none yet is fine: nothing has failed).
    static func inputs(_ folder: String) throws -> [(String, [UInt8])] {
        let directory = regressions.appendingPathComponent(folder)
        guard isDirectory(directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            .filter { !$0.hasPrefix(".") }
            .map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    @Test("scenario-parser regressions: parsing does not crash, and what parses round-trips")
    func scenarioParser() throws {
        for (name, bytes) in try Self.inputs("scenario-parser") {
            guard let scenario = try? ScenarioParser().parse(bytes: bytes, file: name) else { continue }
            let printed = ScenarioPrinter.print(scenario.commands)
            let again = try #require(try? ScenarioParser().parse(printed, file: "printed"), "\(name): printed text does not parse")
            #expect(again.commands == scenario.commands, "\(name): parse(print(x)) != x")
        }
    }

    @Test("corpus-reader regressions: reading does not crash, and what reads writes back the same")
    func corpusReader() throws {
        for (name, bytes) in try Self.inputs("corpus-reader") {
            guard let reading = try? CorpusPack.read(bytes) else { continue }
            let written = try reading.pack.serialized()
            #expect(try CorpusPack.read(written).pack == reading.pack, "\(name): write-back differs")
        }
    }

    @Test("the regression folders hold only what the checks can replay")
    func foldersAreWellFormed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path)
        for name in names where Self.isDirectory(Self.regressions.appendingPathComponent(name).path) {
            #expect(["scenario-parser", "corpus-reader"].contains(name), "unknown regression folder \(name)")
        }
        #expect(names.contains("README.md"))
    }
}
