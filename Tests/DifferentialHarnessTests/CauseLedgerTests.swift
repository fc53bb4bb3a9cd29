@testable import DifferentialHarness
import Lockstep
import Testing
import WindowModel

/// How a campaign counts divergences into groups, one per cause (issue 33: a group is
/// a cause, and a cause is reported once).
@Suite("Groups of a campaign")
struct CauseLedgerTests {
    static let hit = Command.hit(at: Point(1, 1), scene: mainSceneName)
    static let window = Command.createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0,
                                             withRootView: true)

    static func divergence(_ outcomes: [RuleOutcome], part: Difference.ObservationPart = .window, at index: Int = 1)
        -> Divergence
    {
        Divergence(commandIndex: index, command: hit, summary: "differs", observations: [],
                   difference: .observation(.hit, part), outcomes: outcomes)
    }

    static func record(_ ledger: CauseLedger, _ divergences: [Divergence], case index: Int) {
        ledger.record(divergences, commands: [window, .show(window: "w"), hit], caseIndex: index,
                      caseSeed: UInt64(index), profile: .small, focus: [], avoided: [])
    }

    /// A ledger whose first case, of `outcomes`, shrank to its own signature; and its group.
    static func ledgerWithShrunkGroup(_ outcomes: [RuleOutcome]) throws -> (CauseLedger, Int) {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        record(ledger, [divergence(outcomes)], case: 0)
        let first = try #require(ledger.claim())
        _ = ledger.shrunk(first.group, finding: finding(outcomes))
        return (ledger, first.group)
    }

    static func finding(_ outcomes: [RuleOutcome], commands: Int = 3) -> Finding {
        let list = [window, .show(window: "w")] + Array(repeating: hit, count: commands - 2)
        return Finding(caseSeed: 1, originalLength: 9, commands: list,
                       divergence: divergence(outcomes, at: commands - 1))
    }

    @Test("a new signature opens a group that waits to be shrunk; the same one again only counts")
    func opensAndCounts() {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside])], case: 0)
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside])], case: 1)
        #expect(ledger.waitingCount == 1)
        let groups = ledger.snapshot().groups
        #expect(groups.count == 1 && groups[0].cases == 2 && groups[0].status == .unshrunk)
        #expect(groups[0].caseSeed == 0)
    }

    @Test("a shrunk case's signature names its group; a richer case of a shrunk group is counted into it, unshrunk")
    func shrunkAndRicherCases() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .h2TranslucentHittable])], case: 0)
        let claim = try #require(ledger.claim())
        #expect(ledger.shrunk(claim.group, finding: Self.finding([.g2MaximumEdgeOutside])) == .new(superseded: []))
        #expect(ledger.snapshot().groups.map(\.signature.outcomes) == [[.g2MaximumEdgeOutside]])
        // A case with the edge and a transform: the edge's group, without shrinking.
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .a3IntoTransformed])], case: 1)
        #expect(ledger.waitingCount == 0)
        let group = try #require(ledger.snapshot().groups.first)
        #expect(group.cases == 2 && group.attributed == 1)
    }

    @Test("a shrunk case with a group's signature merges into it; a more general one supersedes saved ones")
    func mergeAndSupersede() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h1HiddenNil, .a3IntoTransformed])], case: 0)
        Self.record(ledger, [Self.divergence([.h1HiddenNil, .h2TranslucentHittable])], case: 1)
        Self.record(ledger, [Self.divergence([.h1HiddenNil, .g2ZeroSizeContainsNothing])], case: 2)
        let first = try #require(ledger.claim())
        #expect(ledger.shrunk(first.group, finding: Self.finding([.h1HiddenNil, .a3IntoTransformed])) == .new(superseded: []))
        #expect(ledger.saved(first.group, path: "first.wls", commands: Self.finding([]).commands).isEmpty)
        // The next case shrinks to a more general cause: the first's file gives way, and the
        // case still waiting is a richer case of it, counted in without a shrink.
        let second = try #require(ledger.claim())
        #expect(ledger.shrunk(second.group, finding: Self.finding([.h1HiddenNil])) == .new(superseded: ["first.wls"]))
        #expect(ledger.waitingCount == 0)
        // A case that shrinks to the general cause's signature again merges: nothing new to save.
        Self.record(ledger, [Self.divergence([.h1InteractionOffNil])], case: 3)
        let fourth = try #require(ledger.claim())
        #expect(ledger.shrunk(fourth.group, finding: Self.finding([.h1HiddenNil])) == .merged)
        let groups = ledger.snapshot().groups
        #expect(groups.count == 1 && groups[0].cases == 4 && groups[0].signature.outcomes == [.h1HiddenNil])
    }

    @Test("a known group counts its cases and is never shrunk; a shrink that reaches it is not saved")
    func knownGroups() throws {
        let known = FindingSignature(command: "hit", difference: .observation(.hit, .window), outcomes: [.h1HiddenNil])
        let ledger = CauseLedger(known: [known], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h1HiddenNil, .a3IntoTransformed])], case: 0)
        #expect(ledger.waitingCount == 0)
        Self.record(ledger, [Self.divergence([.h2TranslucentHittable])], case: 1)
        let claim = try #require(ledger.claim())
        #expect(ledger.shrunk(claim.group, finding: Self.finding([.h1HiddenNil])) == .merged)
        let groups = ledger.snapshot().groups
        #expect(groups.count == 1 && groups[0].status == .known && groups[0].cases == 2)
    }

    @Test("a kind of difference no group has yet is shrunk before a larger group of a kind shrunk already")
    func claimOrder() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h1HiddenNil])], case: 0)
        let first = try #require(ledger.claim())
        _ = ledger.shrunk(first.group, finding: Self.finding([.h1HiddenNil]))
        for index in 1...3 { Self.record(ledger, [Self.divergence([.h1InteractionOffNil])], case: index) }
        let press = Divergence(commandIndex: 1, command: .press(key: "k", scene: mainSceneName), summary: "", observations: [],
                               difference: .observation(.press, .window), outcomes: [.k1PressToKeyWindow])
        Self.record(ledger, [press], case: 4)
        #expect(try #require(ledger.claim()).signature.command == "press")
        #expect(try #require(ledger.claim()).signature.outcomes == [.h1InteractionOffNil])
    }

    @Test("--max-findings caps the groups shrunk; the rest stay unshrunk with the case seed that replays them")
    func claimLimit() throws {
        let ledger = CauseLedger(known: [], claimLimit: 1)
        Self.record(ledger, [Self.divergence([.h1HiddenNil], at: 2), Self.divergence([.h1InteractionOffNil], at: 2)], case: 7)
        #expect(ledger.claim() != nil)
        #expect(ledger.claim() == nil)
        let unshrunk = ledger.snapshot(final: true).groups.filter { $0.status == .unshrunk }
        #expect(unshrunk.count == 2)
        #expect(unshrunk.allSatisfy { $0.caseSeed == 7 && $0.scenario?.contains("hit 1 1") == true })
        #expect(unshrunk.allSatisfy { $0.replayHint.contains("WINDOWLAB_SEED=7") })
    }

    @Test("shrinking a group again from another case: a simpler scenario replaces the saved one, another cause opens a group")
    func resampling() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h1HiddenNil])], case: 0)
        let claim = try #require(ledger.claim())
        _ = ledger.shrunk(claim.group, finding: Self.finding([.h1HiddenNil], commands: 5))
        #expect(ledger.saved(claim.group, path: "long.wls", commands: Self.finding([], commands: 5).commands).isEmpty)
        for index in 1...2 { Self.record(ledger, [Self.divergence([.h1HiddenNil])], case: index) }
        let again = try #require(ledger.claimResample())
        #expect(again.group == claim.group)
        let simpler = Self.finding([.h1HiddenNil], commands: 3)
        #expect(ledger.resampled(again.group, from: again.example, finding: simpler) == .simpler)
        #expect(ledger.saved(claim.group, path: "short.wls", commands: simpler.commands) == ["long.wls"])
        let other = try #require(ledger.claimResample())
        guard case .other(_, .new) = ledger.resampled(other.group, from: other.example,
                                                        finding: Self.finding([.h2TranslucentHittable])) else {
            Issue.record("another cause should open a group")
            return
        }
        #expect(ledger.snapshot().groups.count == 2)
    }

    @Test("files saved while another job changed their group: the witness's file stays whichever was written first, and a group merged meanwhile leaves none of its own")
    func savesThatRace() throws {
        // The first shrink is still being checked when a simpler scenario of its cause is
        // found and saved: the first one's file, written last, is the one removed.
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h1HiddenNil])], case: 0)
        let claim = try #require(ledger.claim())
        let long = Self.finding([.h1HiddenNil], commands: 5), short = Self.finding([.h1HiddenNil], commands: 3)
        _ = ledger.shrunk(claim.group, finding: long)
        Self.record(ledger, [Self.divergence([.h1HiddenNil])], case: 1)
        let again = try #require(ledger.claimResample())
        #expect(ledger.resampled(again.group, from: again.example, finding: short) == .simpler)
        #expect(ledger.saved(claim.group, path: "short.wls", commands: short.commands).isEmpty)
        #expect(ledger.saved(claim.group, path: "long.wls", commands: long.commands) == ["long.wls"])
        #expect(ledger.snapshot().groups[claim.group].path == "short.wls")
        // Written in the other order, the same file stays.
        let (other, group) = try Self.ledgerWithShrunkGroup([.h1HiddenNil])
        let first = Self.finding([.h1HiddenNil])
        Self.record(other, [Self.divergence([.h1HiddenNil])], case: 1)
        let resample = try #require(other.claimResample())
        let shorter = Self.finding([.h1HiddenNil], commands: 2)
        #expect(other.resampled(resample.group, from: resample.example, finding: shorter) == .simpler)
        #expect(other.saved(group, path: "first.wls", commands: first.commands).isEmpty)
        #expect(other.saved(group, path: "shorter.wls", commands: shorter.commands) == ["first.wls"])
        // A group merged into a more general one before its file was written: the file goes.
        let merging = CauseLedger(known: [], claimLimit: .max)
        Self.record(merging, [Self.divergence([.h1HiddenNil, .a3IntoTransformed])], case: 0)
        Self.record(merging, [Self.divergence([.h1HiddenNil, .h2TranslucentHittable])], case: 1)
        let richer = try #require(merging.claim())
        #expect(merging.shrunk(richer.group, finding: Self.finding([.h1HiddenNil, .a3IntoTransformed])) == .new(superseded: []))
        let general = try #require(merging.claim())
        #expect(merging.shrunk(general.group, finding: Self.finding([.h1HiddenNil])) == .new(superseded: []))
        #expect(merging.saved(richer.group, path: "richer.wls", commands: Self.finding([]).commands) == ["richer.wls"])
        #expect(merging.saved(general.group, path: "general.wls", commands: Self.finding([]).commands).isEmpty)
    }

    @Test("two findings of one case step get two files: a stem handed out again takes a number")
    func oneFileEach() {
        let names = FindingFileNames()
        #expect(names.reserve(directory: "out", stem: "divergence-7-140") == "out/divergence-7-140.wls")
        #expect(names.reserve(directory: "out", stem: "divergence-7-140") == "out/divergence-7-140-2.wls")
        #expect(names.reserve(directory: "out", stem: "divergence-7-141") == "out/divergence-7-141.wls")
        #expect(names.reserve(directory: "out", stem: "divergence-7-140") == "out/divergence-7-140-3.wls")
    }

    @Test("a richer case that brings an outcome no settled group has is kept as a probe, shrunk keeping that outcome: a second cause met in the first's circumstances gets its group")
    func richerCaseProbes() throws {
        let (ledger, edge) = try Self.ledgerWithShrunkGroup([.g2MaximumEdgeOutside])
        // The edge with an alpha: counted into the edge's group, not waiting, but a probe.
        for index in 1...3 {
            Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .h2TranslucentHittable])], case: index)
        }
        #expect(ledger.waitingCount == 0)
        #expect(ledger.probeCount == CauseLedger.probesPerOutcome)
        // Only the first was counted by its outcomes; the others by the signature it left.
        #expect(ledger.snapshot().groups.first?.attributed == 1 && ledger.snapshot().groups.first?.cases == 4)
        let probe = try #require(ledger.claimResample())
        #expect(probe.group == edge && probe.example.keeping == [.h2TranslucentHittable])
        guard case .other(_, .new) = ledger.resampled(probe.group, from: probe.example,
                                                        finding: Self.finding([.h2TranslucentHittable])) else {
            Issue.record("the alpha's shrink should open a group of its own")
            return
        }
        let groups = ledger.snapshot().groups
        #expect(Set(groups.map(\.signature.outcomes)) == [[.g2MaximumEdgeOutside], [.h2TranslucentHittable]])
        #expect(groups.first { $0.signature.outcomes == [.g2MaximumEdgeOutside] }?.cases == 3)
        #expect(ledger.snapshot().shrinks.probes == 1 && ledger.snapshot().shrinks.probesOpened == 1)
        // A view skipped on the way is no probe's outcome.
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .a5SingularUnhittable])], case: 5)
        #expect(ledger.probeCount == 1)
        // The other probe's outcome has a group now: it is dropped (what comes next is the
        // edge's group shrunk again from another of its cases), and a case of both
        // outcomes brings no new probe.
        #expect(ledger.claimResample()?.example.keeping == [])
        #expect(ledger.probeCount == 0)
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .h2TranslucentHittable])], case: 4)
        #expect(ledger.probeCount == 0)
    }

    @Test("a probe's shrink that keeps its outcome is not taken in by the group whose first case had it and shrank away from it")
    func probeKeepsItsOutcome() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.h2TranslucentHittable, .h4AlphaNotMultiplied])], case: 0)
        let first = try #require(ledger.claim())
        // Its shrink lost both outcomes (another bug answers the same way without them).
        #expect(ledger.shrunk(first.group, finding: Self.finding([])) == .new(superseded: []))
        let probe = try #require(ledger.claimResample())
        #expect(probe.example.caseIndex == 0 && !probe.example.keeping.isEmpty)
        guard case .other(_, .new) = ledger.resampled(probe.group, from: probe.example,
                                                        finding: Self.finding([.h2TranslucentHittable, .h4AlphaNotMultiplied])) else {
            Issue.record("the alpha product's shrink should open a group of its own")
            return
        }
        #expect(ledger.snapshot().groups.count == 2)
    }

    @Test("a probe whose shrink needs the group's outcome beside its own merges back into the group")
    func probeMergesBack() throws {
        let (ledger, _) = try Self.ledgerWithShrunkGroup([.g2MaximumEdgeOutside])
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .h2TranslucentHittable])], case: 1)
        let probe = try #require(ledger.claimResample())
        #expect(ledger.resampled(probe.group, from: probe.example,
                                 finding: Self.finding([.g2MaximumEdgeOutside, .h2TranslucentHittable]))
                == .other(group: 1, .merged))
        #expect(ledger.snapshot().groups.map(\.signature.outcomes) == [[.g2MaximumEdgeOutside]])
        #expect(ledger.snapshot().groups.first?.cases == 2)
        #expect(ledger.snapshot().shrinks.probes == 1 && ledger.snapshot().shrinks.probesOpened == 0)
    }

    @Test("a case whose shrink left an outcome behind that no group has is a probe for it")
    func shrinkLeavesOutcomeBehind() throws {
        let ledger = CauseLedger(known: [], claimLimit: .max)
        Self.record(ledger, [Self.divergence([.g2MaximumEdgeOutside, .h2TranslucentHittable])], case: 0)
        let claim = try #require(ledger.claim())
        #expect(ledger.shrunk(claim.group, finding: Self.finding([.g2MaximumEdgeOutside])) == .new(superseded: []))
        let probe = try #require(ledger.claimResample())
        #expect(probe.example.caseIndex == 0 && probe.example.keeping == [.h2TranslucentHittable])
    }

    @Test("a group that says only that views were skipped takes in no probe that kept an outcome of its own, nor gives it up later")
    func skippedViewsNameNoCause() throws {
        // A window passed for its interaction, at its maximum edge: a shrink of two bugs.
        let (ledger, skipped) = try Self.ledgerWithShrunkGroup([.h1InteractionOffNil, .h4AncestorRemovesSubtree])
        Self.record(ledger, [Self.divergence([.h1InteractionOffNil, .h4AncestorRemovesSubtree,
                                              .t1InteractionOffWindowPassed])], case: 1)
        let probe = try #require(ledger.claimResample())
        #expect(probe.group == skipped && probe.example.keeping == [.t1InteractionOffWindowPassed])
        guard case .other(_, .new) = ledger.resampled(probe.group, from: probe.example, finding: Self.finding(
            [.h1InteractionOffNil, .h4AncestorRemovesSubtree, .t1InteractionOffWindowPassed])) else {
            Issue.record("the window passed for its interaction should open a group of its own")
            return
        }
        // A more general skipping group takes in the skipping one, and leaves the probe's be.
        Self.record(ledger, [Self.divergence([.h1InteractionOffNil, .g2MaximumEdgeOutside])], case: 2)
        let general = try #require(ledger.claim())
        _ = ledger.shrunk(general.group, finding: Self.finding([.h1InteractionOffNil]))
        #expect(Set(ledger.snapshot().groups.filter { $0.status == .shrunk }.map(\.signature.outcomes)) == [
            [.h1InteractionOffNil], [.h1InteractionOffNil, .h4AncestorRemovesSubtree, .t1InteractionOffWindowPassed],
        ])
        // A group that names a cause still takes in its richer probes (probeMergesBack).
        #expect(CauseLedger.namesACause(Self.finding([.g2MaximumEdgeOutside, .h1InteractionOffNil]).signature))
        #expect(!CauseLedger.namesACause(Self.finding([.h1HiddenNil, .h4AncestorRemovesSubtree]).signature))
    }
}
