import DifferentialHarness
import EngineProtocol
import Foundation
import ScenarioLanguage
import Synchronization
import Testing
import WindowLabTestSupport
import WindowModel

/// Engines that crash, exit, hang, write garbage or answer `error`: each is a
/// finding with the statement that caused it, never a hang or a crash of ours.
@Suite("Engine protocol: faults", .enabled(if: Binary.built, Binary.missing))
struct FaultTests {
    static let commands = try! ScenarioParser().parse("""
        window a frame 0 0 100 100 root
        makeKeyAndVisible a
        hit 5 5
        order
        """).commands

    @Test("each fault is reported at the statement that caused it, batched or one at a time",
          arguments: [EngineFault.Kind.crash, .exit, .hang, .garbage, .error])
    func faultIsReported(kind: EngineFault.Kind) throws {
        let faulty = try ProcessEngines.factory(command: Binary.serve("--fault \(kind.rawValue):hit"),
                                                timeout: kind == .hang ? 5 : 60)
        let result = DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, faulty])
        let divergence = try #require(result.divergence)
        #expect(divergence.commandIndex == 2)
        #expect(divergence.fault?.kind == kind)
        #expect(divergence.aspect == "\(kind.rawValue) of indexed" || divergence.aspect == "\(kind.rawValue) of reference")
        #expect(divergence.fault?.statement == "hit 5 5 in main")
        if kind != .garbage && kind != .error {
            #expect(divergence.fault?.standardErrorTail.contains("injecting a \(kind.rawValue) fault") == true)
        }
        // Not batched: the same fault at the same statement.
        var session = LockstepSession(engines: [TestEngines.reference, faulty])
        for command in Self.commands { session.run(command) }
        #expect(session.divergence?.fault?.kind == kind)
        #expect(session.divergence?.commandIndex == 2)
        // The next instance starts a fresh process, which works until its own hit.
        let next = faulty.make()
        #expect(next.apply(Self.commands[0]).isEmpty)
        #expect((next as? EngineFaultReporting)?.fault == nil)
    }

    @Test("an engine that writes one answer too many is caught, not read out of step")
    func extraAnswer() throws {
        // A second `ok` after every didBecomeKey: every later answer would shift by one.
        let command = Binary.serve("--engine reference") + " | sed -u 's/^notify \\(.*\\) didBecomeKey$/&\\nok/'"
        let faulty = try ProcessEngines.factory(command: command, timeout: 60)
        for batched in [true, false] {
            var session = LockstepSession(engines: [TestEngines.reference, faulty])
            if batched { _ = session.pipeline(Self.commands) }
            for command in Self.commands { session.run(command) }
            let divergence = try #require(session.divergence)
            #expect(divergence.commandIndex <= 2)
            #expect(divergence.fault?.kind == .garbage, "batched \(batched): \(divergence.summary)")
        }
    }

    @Test("an engine that crashes while a child it started keeps its output open is a crash, not a hang")
    func crashWithChildHoldingOutput() throws {
        let command = "sleep 30 & exec " + Binary.serve("--fault crash:hit")
        let faulty = try ProcessEngines.factory(command: command, timeout: 20)
        let result = DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, faulty])
        #expect(result.divergence?.fault?.kind == .crash, "\(String(describing: result.divergence?.summary))")
        #expect(result.divergence?.commandIndex == 2)
    }

    @Test("a campaign against a crashing engine saves a shrunk finding and goes on")
    func campaignContinues() throws {
        let faulty = try ProcessEngines.factory(command: Binary.serve("--fault crash:convert"), timeout: 60)
        // Bounded by cases, not seconds, and shrinking to the end: the same work on any machine.
        var campaign = DifferentialCampaign(seed: 11, seconds: 3600, jobs: 1, engines: [TestEngines.reference, faulty],
                                            profile: .small, maxFindings: 2, shrinkSeconds: 3600)
        campaign.caseLimit = 40
        let saved = Mutex<[Finding]>([])
        let totals = campaign.run(progress: { _ in }, found: { finding in
            saved.withLock { $0.append(finding) }
            return "saved"
        })
        let findings = saved.withLock { $0 }
        #expect(totals.cases == 40)
        #expect(totals.divergences > 1)
        #expect(totals.cases > (totals.casesToFirstDivergence ?? .max))
        let finding = try #require(findings.first)
        #expect(finding.divergence.fault?.kind == .crash)
        #expect(finding.signature.text == "convert crash of reference")
        #expect(finding.commands.count <= 3)
        #expect(finding.commands.last.map { if case .convert = $0 { true } else { false } } == true)
    }

    @Test("a version 2 engine that answers more than it was asked is caught at the same answer every time")
    func surplusAnswersAreCounted() throws {
        // `ok N` and then a stray `ok` (or a repeated number): each is a fault where it stands, whenever it arrives.
        let commands: [Command] = [.createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0,
                                                 withRootView: true), .show(window: "a"), .hide(window: "a")]
        for (extra, fragment) in [("ok", "ended an answer with `ok`"), ("ok $n", "where the end of answer 3 was due")] {
            let engine = "read l; echo 'hello 2 chatty all'; echo 'ok 1'; n=2; "
                + "while read l; do echo \"ok $n\"; [ $n = 2 ] && echo \"\(extra)\"; n=$((n+1)); done"
            for _ in 0..<6 {
                let factory = try ProcessEngines.factory(command: engine, timeout: 5)
                let run = DifferentialRunner.run(commands, engines: [TestEngines.reference, factory])
                let divergence = try #require(run.divergence)
                #expect(divergence.fault?.kind == .garbage)
                #expect(divergence.fault?.message.contains(fragment) == true || divergence.fault?.message.contains("after its last answer") == true,
                        "\(divergence.summary)")
            }
        }
    }

    @Test("version 2: an end or a line written after the last answer of a run is caught there, every time",
          arguments: ["ok 77", "ok", "OK 7", "notify a didBecomeVisible"])
    func surplusAfterTheLastAnswer(extra: String) throws {
        let commands: [Command] = [.createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0,
                                                 withRootView: true), .show(window: "a"), .hide(window: "a")]
        // The reference behind `serve`; answer 7 is the snapshot after the last command (no invariants
        // asked for): the extra line follows it.
        let engine = Binary.serve() + " | sed -u 's/^ok 7$/&\\n\(extra)/'"
        for _ in 0..<6 {
            let factory = try ProcessEngines.factory(command: engine, timeout: 60)
            let run = DifferentialRunner.run(commands, engines: [TestEngines.reference, factory], checkInvariants: false)
            let divergence = try #require(run.divergence, "`\(extra)` after the last answer passed")
            #expect(divergence.commandIndex == 2)
            #expect(divergence.fault?.kind == .garbage)
            #expect(divergence.fault?.message.contains("wrote `\(extra)` after the end of its answer, the last one asked for")
                    == true, "\(divergence.summary)")
        }
    }
}
