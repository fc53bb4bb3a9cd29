import DifferentialHarness
import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("DifferentialProperty")
struct DifferentialPropertyTests {
    @Test("the indexed engine agrees with the reference on generated cases (seed printed on failure)")
    func indexedAgreesWithReference() {
        // A fresh seed each run (printed in the report), small cases only: the
        // scale profiles have their own test below.
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [TestEngines.indexed], cases: 400,
                                  profile: .small, failures: nil)
        let result = suite.run()
        #expect(result.casesRun >= 1)
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("the indexed engine agrees with the reference on the scale profiles (fresh seed)",
          arguments: [GenerationProfile.crowd, .lattice, .parked, .magnitudes])
    func scaleProfiles(profile: GenerationProfile) {
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [TestEngines.indexed], cases: 2,
                                  profile: profile, failures: nil)
        let result = suite.run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("the indexed engine agrees on larger stacks with deep view trees")
    func largerStacks() {
        let suite = PropertySuite(
            reference: TestEngines.reference, candidates: [TestEngines.indexed], cases: 40, seed: 0xB16,
            generator: .init(length: 600, maxWindows: 60, maxViews: 150, maxScenes: 2), profile: .small, failures: nil)
        let result = suite.run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("two reference instances agree with each other (the harness is deterministic)")
    func referenceIsDeterministic() {
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [TestEngines.reference], cases: 30,
                                  profile: .small, failures: nil)
        #expect(suite.run().finding == nil)
    }
}
