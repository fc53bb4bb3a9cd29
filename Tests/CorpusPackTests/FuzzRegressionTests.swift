import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// Inputs that once crashed the scenario-parser, corpus-reader or scale fuzz targets,
/// replayed forever through the same checks those targets make.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let regressions = Repository.url("corpus/regressions")

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
            let printed = ScenarioPrinter.print(scenario.contents)
            let again = try #require(try? ScenarioParser().parse(printed, file: "printed"), "\(name): printed text does not parse")
            #expect(again.contents == scenario.contents, "\(name): parse(print(x)) != x")
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

    @Test("scale regressions: the profile case and the input's commands after it agree on both engines")
    func scaleInputs() throws {
        let profiles: [GenerationProfile] = [.crowd, .lattice, .parked, .magnitudes]
        let engines = [TestEngines.reference, TestEngines.indexed]
        for (name, bytes) in try Self.inputs("scale") where bytes.count >= 9 {
            let seed = (1...8).reduce(UInt64(0)) { $0 | UInt64(bytes[$1]) << UInt64(8 * ($1 - 1)) }
            var session = profiles[Int(bytes[0]) % profiles.count].session(seed: seed, engines: engines)
            for command in CommandDecoder.decodeBody(bytes.dropFirst(9), after: session.commands) ?? [] {
                session.run(command)
            }
            session.checkInvariantsNow()
            #expect(session.divergence == nil, "\(name): \(session.divergence.map(\.description) ?? "")")
        }
    }

    @Test("the regression folders hold only what the checks can replay")
    func foldersAreWellFormed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path)
        for name in names where Self.isDirectory(Self.regressions.appendingPathComponent(name).path) {
            // (serve's are replayed by EngineProtocolTests' ServeFuzzRegressionTests.)
            #expect(["scenario-parser", "corpus-reader", "scale", "serve"].contains(name), "unknown regression folder \(name)")
        }
        #expect(names.contains("README.md"))
    }
}
