@testable import DifferentialHarness
import IndexedEngineMutants
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// A replayed scenario (an example, a corpus entry, a saved failure) is run on past its
/// first difference, and every difference it shows is a candidate group (issue 42).
@Suite("Replayed items: every difference a group")
struct ReplayGroupsTests {
    static let engines = [
        TestEngines.reference,
        TestEngines.mutants([.maxEdgeInclusive, .swappedNotificationOrder, .forgetKeySuccessor]),
    ]

    static let scenario = """
        window a frame 0 0 100 100 root
        window b frame 0 0 100 100 root
        makeKeyAndVisible a
        hit 100 50
        makeKeyAndVisible b
        hide b
        """

    @Test("a scenario with three differences of three kinds gives three groups, each shrunk for its own difference")
    func threeDifferencesThreeGroups() throws {
        let parsed = try ScenarioParser().parse(Self.scenario, file: "three.wls")
        let check = ScenarioCheck(parsed, engines: Self.engines, allDifferences: true)
        #expect(check.divergencesInSent.count >= 3)
        var replays = ReplayFindings()
        replays.add(source: "three.wls:4", commands: check.commandsSent, divergences: check.divergencesInSent)
        #expect(replays.groups.count == 3, "\(replays.groups.map(\.signature.text))")
        #expect(Set(replays.groups.map { $0.divergence.command.kindName }) == ["hit", "makeKeyAndVisible", "hide"])
        let causes = replays.causes(engines: Self.engines, seconds: 600)
        #expect(causes.count == 3, "\(causes.map(\.signature.text))")
        for cause in causes {
            let finding = try #require(cause.finding)
            #expect(finding.shrink?.slipped == false, "\(cause.signature)")
            // Each shrunk scenario still differs at its own last statement.
            let run = DifferentialRunner.run(finding.commands, engines: Self.engines, cadence: .everyCommand,
                                             continuesAfterDivergence: true)
            #expect(run.divergences.contains { $0.sourceIndex == finding.commands.count - 1 })
        }
        #expect(ReplayFindings.tally(causes).shrinks == 3 && ReplayFindings.tally(causes).slipped == 0)
    }

    @Test("the same cause met twice in one item is one group, counted once")
    func sameCauseOnce() throws {
        let parsed = try ScenarioParser().parse(Self.scenario + "\nhit 100 60\nhit 100 70\n", file: "again.wls")
        let check = ScenarioCheck(parsed, engines: Self.engines, allDifferences: true)
        var replays = ReplayFindings()
        replays.add(source: "again.wls", commands: check.commandsSent, divergences: check.divergencesInSent)
        #expect(replays.groups.filter { $0.divergence.command.kindName == "hit" }.count == 1)
        #expect(replays.count == replays.groups.count)
    }

    @Test("corpus shrink's --difference: each of an input's differences shrinks on its own, to a case of it")
    func shrinkEachDifference() throws {
        let commands = try ScenarioParser().parse(Self.scenario, file: "three.wls").commands
        let shown = DifferentialCampaign.differences(commands, engines: Self.engines)
        #expect(shown.count == 3)
        for (index, divergence) in shown.enumerated() {
            let finding = try #require(DifferentialCampaign.shrink(commands, seed: 0, engines: Self.engines,
                                                                   difference: index + 1))
            #expect(finding.divergence.command.kindName == divergence.command.kindName)
            #expect(finding.shrink?.slipped == false)
        }
        #expect(DifferentialCampaign.shrink(commands, seed: 0, engines: Self.engines, difference: 4) == nil)
    }
}
