import DifferentialHarness
import EngineProtocol
import Foundation
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// The protocol's commands end to end, as a user runs them.
@Suite("Engine protocol: the command line", .enabled(if: Binary.built, Binary.missing))
struct CommandLineTests {
    static let examples = Repository.exampleScenarios

    @Test("run through serve prints exactly what the in-process engine prints")
    func runThroughServe() throws {
        let direct = try Binary.run(["run", "--engine", "indexed"] + Self.examples)
        let served = try Binary.run(["run", "--engine", "exec:\(Binary.serve("--engine indexed"))"] + Self.examples)
        #expect(direct.status == 0)
        #expect(served.status == 0)
        #expect(served.output == direct.output)
        #expect(direct.output.split(separator: "\n").count > 100)
    }

    @Test("run --json reports a broken exec engine's divergence with its line and signature")
    func runJSON() throws {
        let broken = "exec:\(Binary.serve("--engine indexed --mutant swappedNotificationOrder"))"
        let run = try Binary.run(["run", "--json", "--engine", "reference", "--engine", broken] + Self.examples)
        #expect(run.status == 1)
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.output.utf8))
        #expect(result.status == 1)
        #expect(result.engines.map(\.name) == ["reference", "indexed-swappedNotificationOrder"])
        let diverged = result.files.filter { $0.divergence != nil }
        #expect(!diverged.isEmpty)
        #expect(diverged.allSatisfy { $0.divergence!.line > 0 && $0.divergence!.aspect == "observations" })
    }

    @Test("exported vectors replay through the protocol with the same answers and snapshots")
    func exportedVectorsReplay() throws {
        let folder = TemporaryFolder.unusedPath("windowlab-vectors")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Binary.run(["export", "--out", folder, "--generated", "6", "--seed", "3"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "index.json" }
        #expect(names.count == Self.examples.count + 6)
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed"))
        for name in names {
            let vector = try JSONDecoder().decode(TestVector.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let engine = served.make()
            var reader = StatementReader()
            for (number, step) in vector.steps.enumerated() {
                let command = try #require(try reader.read(step.statement, line: number + 1)?.command)
                #expect(engine.apply(command).map(\.description) == step.observations, "\(name) step \(number + 1)")
                let state = engine.snapshot().map { TestVector.Scene(scene: $0.scene, order: $0.order, keyWindow: $0.keyWindow) }
                #expect(state == step.snapshot, "\(name) step \(number + 1)")
            }
        }
    }
}
