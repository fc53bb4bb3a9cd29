import Foundation
import ReferenceModel
import Testing
import WindowModel
@testable import ScenarioLanguage

/// The top-level `Examples/` folder, found from this file's path.
let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

let exampleFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? [])
    .filter { $0.hasSuffix(".wls") }.sorted()

@Suite("Examples/*.wls")
struct ExampleScenarioTests {
    @Test("there are examples to run")
    func examplesExist() {
        #expect(exampleFiles.count >= 8, "found \(exampleFiles) in \(examplesDirectory.path)")
    }

    @Test("every expectation holds on the reference engine", arguments: exampleFiles)
    func example(_ name: String) throws {
        let scenario = try ScenarioParser().parseFile(atPath: examplesDirectory.appendingPathComponent(name).path)
        let result = ScenarioRunner(engine: EngineFactory(name: "reference") { ReferenceWindowSystem() }).run(scenario)
        #expect(result.expectationsChecked >= 10, "an example should say what it expects")
        #expect(result.expectationsChecked == scenario.commands.filter(\.isExpectation).count)
        for failure in result.failures { Issue.record("\(failure)") }
    }

    @Test("each example prints and parses back to the same commands", arguments: exampleFiles)
    func exampleRoundTrip(_ name: String) throws {
        let scenario = try ScenarioParser().parseFile(atPath: examplesDirectory.appendingPathComponent(name).path)
        #expect(try commands(ScenarioPrinter.print(scenario.commands)) == scenario.commands)
    }
}
