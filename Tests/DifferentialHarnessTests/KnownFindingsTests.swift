import DifferentialHarness
import IndexedEngine
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Known findings")
struct KnownFindingsTests {
    static let sample = KnownFindings(entries: [
        .init(signature: FindingSignature(command: "hit", difference: .observation(.hit, .presence),
                                          outcomes: [.g2ZeroSizeContainsNothing]),
              scenario: "window w frame 0 0 0 10\nshow w\nhit 0 5\nexpect hit -> none\n"),
        .init(signature: FindingSignature(command: "show", difference: .observation(.notify, .missing)),
              scenario: "window w frame 0 0 10 10\nshow w\n"),
    ])

    @Test("the text reads back to the same baseline")
    func roundTrip() throws {
        let read = try KnownFindings.parse(Self.sample.text, file: "known.txt")
        #expect(Set(read.entries.map(\.signature)) == Self.sample.signatures)
        #expect(read.entries.first { $0.signature.command == "hit" }?.scenario == Self.sample.entries[0].scenario)
        #expect(try KnownFindings.parse(read.text, file: "known.txt") == read)
    }

    @Test("a line that is not a block, a bad signature, a duplicate or a bad scenario says file and line",
          arguments: [
            ("stray\n", "known.txt:1: expected `known SIGNATURE`"),
            ("known hit nonsense\n", "known.txt:1: `hit nonsense` is not a finding signature"),
            ("known show state order\n  show x\n", "the scenario of `known show state order`"),
            ("known show state order\n\nknown show state order\n", "known.txt:3: `show state order` is listed twice"),
          ])
    func errors(text: String, message: String) {
        #expect {
            try KnownFindings.parse(text, file: "known.txt")
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    @Test("PropertySuite runs past a known group and stops only at a new one")
    func propertySuiteRunsPastKnown() throws {
        let mutant = TestEngines.mutant(.maxEdgeInclusive)
        var suite = PropertySuite(reference: TestEngines.reference, candidates: [mutant], cases: 300, deterministic: true,
                                  profile: .small, failures: nil)
        let first = try #require(suite.run().finding)
        suite.known = KnownFindings(entries: [.init(signature: first.signature, scenario: "")])
        let next = suite.run()
        #expect(next.knownMet.contains(first.signature))
        #expect(next.finding?.signature != first.signature)
    }
}
