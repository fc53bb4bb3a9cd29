@testable import DifferentialHarness
import IndexedEngineMutants
import Lockstep
import ScenarioLanguage
import Synchronization
import Testing
import WindowLabTestSupport
import WindowModel

/// A campaign on an engine with several bugs at once (issue 33): each reported, by a
/// finding that shows it on an engine with that bug alone, in few groups; a finding
/// that would not reproduce is a harness error; steering around what led into groups.
@Suite("Many bugs at once")
struct ManyBugsTests {
    /// Built-in mutants that can all be seen while the others are there too.
    static let bugs: [IndexedEngineMutation] = [
        .maxEdgeInclusive, .forgetKeySuccessor, .noCancelOnRemove, .boundsOriginIgnoredInHitTest,
        .ignorePassthrough, .transformAboutOrigin,
    ]

    /// Whether `file`'s scenario, on the reference and `engine`, differs at its diverging statement.
    static func shows(_ file: FindingFile, on engine: EngineFactory) throws -> Bool {
        let scenario = try ScenarioParser().parse(file.scenarioText, file: file.stem + ".wls")
        let check = ScenarioCheck(scenario, engines: [TestEngines.reference, engine], allDifferences: true)
        return check.divergences.contains { $0.commandIndex == file.commands.count - 1 }
    }

    @Test("every bug of an engine with six at once is shown by a finding that reproduces with it alone, at most two each")
    func eachBugOnce() throws {
        let engines = [TestEngines.reference, TestEngines.mutants(Set(Self.bugs))]
        // Bounded by cases, not time: the same campaign however loaded the machine.
        var campaign = DifferentialCampaign(seed: 3, seconds: 900, jobs: 1, engines: engines, profile: .small)
        campaign.caseLimit = 300
        // The findings saved, by path; one superseded later in the run is forgotten.
        let saved = Mutex<[String: Finding]>([:])
        let totals = campaign.run(progress: { _ in }, found: { finding in
            let path = "finding-\(finding.caseSeed)-\(finding.caseStep ?? 0)"
            saved.withLock { $0[path] = finding }
            return path
        }, forget: { path in _ = saved.withLock { $0.removeValue(forKey: path) } })
        let findings = saved.withLock { Array($0.values) }
        let files = findings.map { FindingFile($0, engines: engines) }
        var shownBy: [IndexedEngineMutation: Int] = [:]
        for file in files {
            for bug in Self.bugs where try Self.shows(file, on: TestEngines.mutant(bug)) { shownBy[bug, default: 0] += 1 }
        }
        let missed = Self.bugs.filter { shownBy[$0] == nil }
        #expect(missed.isEmpty, "no finding shows \(missed); groups: \(totals.groups.map(\.signature.text))")
        #expect(shownBy.values.allSatisfy { $0 <= 2 }, "\(shownBy); \(findings.map(\.signature.text))")
        #expect(totals.harnessErrors.isEmpty, "\(totals.harnessErrors)")
        // Cases went on past their first difference: some case showed more than one.
        #expect(totals.differences > totals.divergences)
        // Every group found was shrunk (none left over at the end of a case-bounded run).
        #expect(totals.unshrunkGroups.isEmpty)
    }

    @Test("a shrunk scenario that does not reproduce through windowlab run is a harness error, never saved")
    func harnessError() throws {
        var campaign = DifferentialCampaign(seed: 5, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference, TestEngines.mutant(.maxEdgeInclusive)],
                                            profile: .small)
        campaign.caseLimit = 20
        // A harness that saves what it did not check: every finding "does not reproduce".
        campaign.verify = { _, _, _ in .problem("planted: the scenario was saved without its last command") }
        let saved = Mutex(0)
        let totals = campaign.run(progress: { _ in }, found: { _ in
            saved.withLock { $0 += 1 }
            return "saved"
        })
        #expect(saved.withLock { $0 } == 0)
        let error = try #require(totals.harnessErrors.first)
        #expect(error.hasPrefix("HARNESS ERROR:") && error.contains("WINDOWLAB_SEED=") && error.contains("planted"))
        #expect(totals.groups.contains { $0.status == .harnessError })
    }

    @Test("FindingVerification: a finding file cut before its diverging statement does not reproduce")
    func verificationCatchesACutFile() throws {
        let engines = [TestEngines.reference, TestEngines.mutant(.maxEdgeInclusive)]
        let commands = try ScenarioParser().parse("window a frame 0 0 10 10\nshow a\nhit 10 5\n", file: "x").commands
        let divergence = try #require(DifferentialRunner.run(commands, engines: engines).divergence)
        let good = Finding(caseSeed: 1, originalLength: 3, commands: commands, divergence: divergence)
        #expect(FindingVerification.check(good, engines: engines) == .reproduces)
        let cut = Finding(caseSeed: 1, originalLength: 3, commands: Array(commands.prefix(2)), divergence: divergence)
        guard case let .problem(problem) = FindingVerification.check(cut, engines: engines) else {
            Issue.record("a cut file reproduced")
            return
        }
        #expect(problem.contains("do not differ"))
    }

    @Test("steering leaves out kinds that led into divergences often, in half of the cases, drawn from the seed")
    func steering() {
        var steering = CampaignSteering()
        let hit = Divergence(commandIndex: 0, command: .hit(at: Point(0, 0), scene: mainSceneName), summary: "",
                             observations: [], difference: .observation(.hit, .window))
        let window = Divergence(commandIndex: 0, command: .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 1, 1),
                                                                       level: 0, withRootView: false),
                                summary: "", observations: [], difference: .state(.order))
        #expect((0..<50).allSatisfy { steering.avoided(caseSeed: $0).isEmpty })
        for _ in 0..<CampaignSteering.threshold { steering.note([hit, window]) }
        let draws = (0..<200).map { steering.avoided(caseSeed: UInt64($0)) }
        #expect(draws.allSatisfy { $0.isEmpty || $0 == ["hit"] })
        #expect((40...160).contains(draws.filter { $0 == ["hit"] }.count))
        #expect(draws == (0..<200).map { steering.avoided(caseSeed: UInt64($0)) })
        // A steered case never draws the kind it leaves out.
        var configuration = CommandGenerator.Configuration()
        configuration.avoidKinds = ["hit", "show"]
        var generator = CommandGenerator(seed: 9, configuration: configuration)
        #expect(!generator.generate().contains { $0.kindName == "hit" || $0.kindName == "show" })
    }
}
