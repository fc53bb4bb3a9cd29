import Foundation
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// docs/scenario-language.md is the language reference: every `wls` example in it
/// runs, on every engine, with its expectations holding, and every `wls-error`
/// example fails with the error its first line states.
@Suite("The language reference's examples")
struct LanguageReferenceTests {
    static let path = Repository.path("docs/scenario-language.md")

    /// The fenced blocks of the page with the given info string, in order.
    static func blocks(_ kind: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + kind {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("the page has examples of statements, expectations and errors")
    func hasExamples() throws {
        #expect(try Self.blocks("wls").count >= 5)
        #expect(try Self.blocks("wls-error").count >= 3)
    }

    @Test("every example runs on every engine with its expectations holding")
    func examplesRun() throws {
        let engines = [TestEngines.reference, TestEngines.indexed]
        for (number, text) in try Self.blocks("wls").enumerated() {
            let scenario = try ScenarioParser().parse(text, file: "example \(number + 1)")
            #expect(scenario.statements.contains { $0.expectation != nil }, "example \(number + 1) expects nothing")
            for engine in engines {
                let result = ScenarioRunner(engine: engine).run(scenario)
                #expect(result.failures.isEmpty, "\(engine.name): \(result.failures.map(\.description))")
            }
        }
    }

    @Test("every error example fails with the error it states")
    func errorsAreAsStated() throws {
        for text in try Self.blocks("wls-error") {
            let stated = try #require(text.split(separator: "\n").first.map(String.init))
            #expect(stated.hasPrefix("# error: "))
            let problems = ScenarioParser().diagnose(bytes: Array(text.utf8))
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first?.reason.contains(stated.dropFirst("# error: ".count)) == true, "\(problems)")
        }
    }
}
