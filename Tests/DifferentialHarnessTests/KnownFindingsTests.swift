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

    @Test("a known entry matches its own signature only: one without outcomes hides no group that names some")
    func exactMatch() {
        let bare = FindingSignature(command: "hit", difference: .observation(.hit, .window))
        let edge = FindingSignature(command: "hit", difference: .observation(.hit, .window), outcomes: [.g2MaximumEdgeOutside])
        let known = KnownFindings(entries: [.init(signature: bare, scenario: "")])
        #expect(known.contains(bare))
        #expect(!known.contains(edge))
        #expect(!KnownFindings(entries: [.init(signature: edge, scenario: "")]).contains(bare))
    }

    @Test("a file with CRLF line ends reads the same as with LF")
    func crlf() throws {
        let text = Self.sample.text
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.contains("\r\n"))
        #expect(try KnownFindings.parse(crlf, file: "known.txt") == KnownFindings.parse(text, file: "known.txt"))
    }

    @Test("replaying the entries: one still shown keeps (or takes) the signature its scenario shows now; one not is gone")
    func replay() throws {
        let engines = [TestEngines.reference, TestEngines.mutant(.maxEdgeInclusive)]
        let scenario = "window w frame 0 0 10 10\nshow w\nhit 10 5\n"
        let now = try #require(FindingSignature(text: "hit observations hit/target [g2MaximumEdgeOutside]"))
        // An older file's spelling of the same group (a part and an outcome signatures no longer keep).
        let older = FindingSignature(command: "hit", difference: .observation(.hit, .presence),
                                     outcomes: [.g2MaximumEdgeOutside, .t6HitNone])
        let gone = FindingSignature(command: "show", difference: .observation(.notify, .missing))
        let known = KnownFindings(entries: [.init(signature: now, scenario: scenario),
                                            .init(signature: older, scenario: scenario),
                                            .init(signature: gone, scenario: "window w frame 0 0 10 10\nshow w\n")])
        let (reproduced, stale) = known.replay(on: engines)
        #expect(reproduced.map(\.signature) == [now, now])
        #expect(stale.map(\.signature) == [gone])
    }
}

