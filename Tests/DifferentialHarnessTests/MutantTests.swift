import DifferentialHarness
import IndexedEngine
import IndexedEngineMutants
import Testing
import WindowLabTestSupport
import WindowModel

/// The harness has teeth: each deliberately broken engine must be caught by the
/// default property suite, and the shrunk repro must be short.
@Suite("Mutants")
struct MutantTests {
    /// The longest minimal repro we accept; every mutant needs only a handful of commands.
    static let maxReproLength = 14

    @Test("there are at least 12 mutants")
    func enoughMutants() {
        #expect(IndexedEngineMutation.allCases.count >= 12)
    }

    @Test("the default property suite catches the mutant, with a short repro", arguments: IndexedEngineMutation.inProcessCases)
    func killed(mutation: IndexedEngineMutation) throws {
        var suite = PropertySuite(reference: TestEngines.reference, candidates: [TestEngines.mutant(mutation)], cases: 1000,
                                  deterministic: true, profile: .small, failures: nil)
        suite.shrinkSeconds = 3600   // shrunk to the end, on any machine
        let result = suite.run()
        let finding = try #require(result.finding, "mutant \(mutation.rawValue) survived \(result.casesRun) cases")
        print("mutant \(mutation.rawValue): caught after \(result.casesRun) cases, repro of \(finding.commands.count) commands")
        #expect(finding.commands.count <= Self.maxReproLength, "\(result.report ?? "")")
        // The repro replays: it still diverges on its own.
        #expect(DifferentialRunner.run(finding.commands, engines: suite.engines).divergence != nil)
        // What a failed `#expect(result.passed)` prints beside the value: one readable line, not the structs.
        let shown = String(describing: result)
        #expect(shown.hasPrefix("failed: \(finding.signature) in \(finding.commands.count) command(s)"))
        #expect(!shown.contains("\n") && !shown.contains("WindowModel.") && !shown.contains("Command."))
    }
}
