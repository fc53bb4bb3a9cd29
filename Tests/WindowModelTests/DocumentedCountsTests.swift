import Foundation
import Testing
import WindowLabTestSupport

/// The counts README.md and docs/*.md quote ("146 rule outcomes", "37 built-in mutants",
/// ...), each compared with the files it counts, so adding a rule outcome, a rule, a
/// mutant, a patch or an example without updating the docs fails here. Each count is
/// quoted exactly once; docs/results/ (measurements of one commit) is not read.
@Suite("Documented counts")
struct DocumentedCountsTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Repository.url(path), encoding: .utf8)
    }

    /// Every number written just before `phrase` in README.md and docs/*.md: "146" for
    /// "146 rule outcomes" (digits and thousands commas, then one space, then the phrase
    /// as a whole word), with the file it is in.
    static func quotes(of phrase: String) throws -> [(file: String, number: Int)] {
        var found: [(file: String, number: Int)] = []
        for file in ["README.md"] + Repository.files(in: "docs", endingWith: ".md").map({ "docs/" + $0 }) {
            let text = try read(file)
            var from = text.startIndex
            while let hit = text.range(of: " " + phrase, range: from..<text.endIndex) {
                from = hit.upperBound
                if hit.upperBound < text.endIndex, text[hit.upperBound].isLetter { continue }
                let digits = text[..<hit.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
                if let number = Int(String(digits.reversed()).replacingOccurrences(of: ",", with: "")) {
                    found.append((file, number))
                }
            }
        }
        return found
    }

    /// The case names of `enum name` in a Swift file: every name after `case` (a case
    /// may list several, over several lines), up to the enum's first other declaration.
    static func enumCases(_ name: String, in path: String) throws -> [String] {
        let text = try read(path)
        let declaration = try #require(text.range(of: "enum \(name)"))
        let body = try #require(text.range(of: "{", range: declaration.upperBound..<text.endIndex))
        var names: [String] = []
        var continues = false
        for rawLine in text[body.upperBound...].split(separator: "\n") {
            let line = (rawLine.range(of: "//").map { rawLine[..<$0.lowerBound] } ?? rawLine[...])
                .trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard line.hasPrefix("case ") || continues else { break }
            let list = line.hasPrefix("case ") ? String(line.dropFirst(5)) : line
            names += list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            continues = line.hasSuffix(",")
        }
        return names
    }

    /// Expects `phrase` to be quoted exactly once in the docs, with the number `count`.
    static func expectQuotedOnce(_ phrase: String, equals count: Int, counted from: String) throws {
        let found = try Self.quotes(of: phrase)
        #expect(found.count == 1, "\"N \(phrase)\" should be quoted exactly once in README.md and docs/*.md: \(found)")
        for quote in found {
            #expect(quote.number == count, "\(quote.file) says \(quote.number) \(phrase); \(from) has \(count)")
        }
    }

    @Test("the docs' number of rule outcomes is the number of cases of RuleOutcome")
    func ruleOutcomes() throws {
        let cases = try Self.enumCases("RuleOutcome", in: "Sources/WindowModel/RuleOutcome.swift")
        #expect(cases.contains("g2MaximumEdgeOutside") && cases.contains("d4ConvertAcrossScreens"))
        try Self.expectQuotedOnce("rule outcomes", equals: cases.count, counted: "RuleOutcome.swift")
    }

    @Test("the docs' number of rules is the number of rule ids in SEMANTICS.md's rule table")
    func rules() throws {
        let semantics = try Self.read("SEMANTICS.md")
        let table = try #require(semantics.range(of: "## Rule → tests"))
        let ids = semantics[table.upperBound...].split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard line.hasPrefix("|"), cells.count > 2 else { return nil }
            let id = cells[1].trimmingCharacters(in: .whitespaces)
            guard let first = id.first, first.isUppercase, id.count > 1, id.dropFirst().allSatisfy(\.isNumber) else { return nil }
            return id
        }
        #expect(ids.contains("G1") && ids.contains("D4") && Set(ids).count == ids.count)
        try Self.expectQuotedOnce("rules", equals: ids.count, counted: "SEMANTICS.md's rule table")
    }

    @Test("the docs' number of built-in mutants is the number of cases of IndexedEngineMutation")
    func builtInMutants() throws {
        let cases = try Self.enumCases("IndexedEngineMutation", in: "Sources/IndexedEngineMutants/IndexedEngineMutation.swift")
        #expect(cases.contains("maxEdgeInclusive") && cases.contains("trapWithManyWindows"))
        try Self.expectQuotedOnce("built-in mutants", equals: cases.count, counted: "IndexedEngineMutation.swift")
    }

    @Test("the docs' number of mutant patches is the number of scripts/mutants/*.patch")
    func patches() throws {
        try Self.expectQuotedOnce("patches", equals: Repository.files(in: "scripts/mutants", endingWith: ".patch").count,
                                  counted: "scripts/mutants/")
    }

    @Test("the docs' number of scenario files is the number of Examples/*.wls")
    func exampleScenarios() throws {
        try Self.expectQuotedOnce("scenario files", equals: Repository.files(in: "Examples", endingWith: ".wls").count,
                                  counted: "Examples/")
    }
}
