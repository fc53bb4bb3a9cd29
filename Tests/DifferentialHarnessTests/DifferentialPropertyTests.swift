import DifferentialHarness
import IndexedEngine
import ReferenceModel
import Testing
import WindowModel

/// The engines under test, by name.
enum Engines {
    static let reference = EngineFactory(name: "reference") { ReferenceWindowSystem() }
    static let indexed = EngineFactory(name: "indexed") { IndexedWindowSystem() }

    static func mutant(_ mutation: IndexedEngineMutation) -> EngineFactory {
        EngineFactory(name: "indexed-\(mutation.rawValue)") { IndexedWindowSystem(mutation: mutation) }
    }
}

@Suite("DifferentialProperty")
struct DifferentialPropertyTests {
    @Test("the indexed engine agrees with the reference on generated cases (seed printed on failure)")
    func indexedAgreesWithReference() {
        let suite = PropertySuite(reference: Engines.reference, candidates: [Engines.indexed], cases: 400)
        let result = suite.run()
        #expect(result.casesRun >= 1)
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("the indexed engine agrees on larger stacks with deep view trees")
    func largerStacks() {
        let suite = PropertySuite(
            reference: Engines.reference, candidates: [Engines.indexed], cases: 40, seed: 0xB16,
            generator: .init(length: 600, maxWindows: 60, maxViews: 150, maxScenes: 2))
        let result = suite.run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("two reference instances agree with each other (the harness is deterministic)")
    func referenceIsDeterministic() {
        let suite = PropertySuite(reference: Engines.reference, candidates: [Engines.reference], cases: 30)
        #expect(suite.run().finding == nil)
    }
}
