import Foundation
import Testing
import WindowLabTestSupport
import WindowModel
@testable import ScenarioLanguage

/// The names of the top-level `Examples/*.wls` files.
let exampleFiles = Repository.files(in: "Examples", endingWith: ".wls")

@Suite("Examples/*.wls")
struct ExampleScenarioTests {
    @Test("there are examples to run")
    func examplesExist() {
        #expect(exampleFiles.count >= 8, "found \(exampleFiles) in \(Repository.path("Examples"))")
    }

    @Test("every expectation holds on the reference engine", arguments: exampleFiles)
    func example(_ name: String) throws {
        let scenario = try ScenarioParser().parseFile(atPath: Repository.path("Examples/" + name))
        let result = ScenarioRunner(engine: TestEngines.reference).run(scenario)
        #expect(result.expectationsChecked >= 10, "an example should say what it expects")
        #expect(result.expectationsChecked == scenario.statements.filter { $0.expectation != nil }.count)
        for failure in result.failures { Issue.record("\(failure)") }
    }

    @Test("each example prints and parses back to the same statements", arguments: exampleFiles)
    func exampleRoundTrip(_ name: String) throws {
        let scenario = try ScenarioParser().parseFile(atPath: Repository.path("Examples/" + name))
        #expect(try statements(ScenarioPrinter.print(scenario.contents)) == scenario.contents)
    }
}
