import Foundation
import Testing
import WindowLabTestSupport

/// Keeps SEMANTICS.md honest: every rule it lists is named by at least one test.
@Suite("Rule coverage")
struct RuleCoverageTests {
    /// Rule ids: a bold `**X9**` at the start of a list item (`- **G1** ...`).
    static func ruleIDs(in semantics: String) -> [String] {
        semantics.split(separator: "\n").compactMap { line in
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("- **") else { return nil }
            let rest = text.dropFirst(4)
            guard let end = rest.range(of: "**") else { return nil }
            let id = rest[..<end.lowerBound]
            guard let first = id.first, first.isUppercase, first.isASCII, id.count >= 2,
                  id.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return String(id)
        }
    }

    /// The text of every `.swift` file under `Tests/`.
    static func testSources() throws -> [String] {
        // Resolved so that a checkout reached through a symbolic link is still walked.
        let tests = Repository.url("Tests").resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var texts: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            texts.append(try String(contentsOf: url, encoding: .utf8))
        }
        return texts
    }

    @Test("the rule id reader finds bold ids at list item starts only")
    func readerFindsIds() {
        let text = """
            - **G1** Coordinates.
              - **G12** nested item
            - **G3** **decision**: negative.
            Not **H1** a list item.
            - **decision** not an id
            """
        #expect(Self.ruleIDs(in: text) == ["G1", "G12", "G3"])
    }

    @Test("every rule in SEMANTICS.md has a test naming its id")
    func everyRuleHasATest() throws {
        let semantics = try String(
            contentsOf: Repository.url("SEMANTICS.md"), encoding: .utf8)
        let ids = Self.ruleIDs(in: semantics)
        #expect(ids.count >= 40, "found only \(ids) in SEMANTICS.md")
        let sources = try Self.testSources()
        let uncovered = ids.filter { id in !sources.contains { $0.contains("\"\(id):") } }
        #expect(uncovered.isEmpty, "rules with no test: \(uncovered.joined(separator: ", "))")
    }
}
