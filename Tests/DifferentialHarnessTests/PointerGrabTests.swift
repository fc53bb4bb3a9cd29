import DifferentialHarness
import IndexedEngine
import Testing
import WindowLabTestSupport
import WindowModel

/// T1 (SEMANTICS.md, "Declared deviations"): an engine with one pointer and an
/// implicit grab declares T1, and a touch begun while another is down is compared
/// with what a touch bound to the first one's view reports, not steered around.
@Suite("T1: the pointer's grab, compared")
struct PointerGrabTests {
    /// Two windows side by side, `a` with a subview `v` at 10 10; touch 0 goes down on
    /// `v`, touch 1 on `b` while it is down, then each moves and ends.
    static let twoTouches: [Command] = [
        .createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 100, 100), level: 0, withRootView: false),
        .createView(name: "v", parent: "a", frame: Rect(10, 10, 50, 50)),
        .createWindow(name: "b", scene: mainSceneName, frame: Rect(200, 0, 100, 100), level: 0, withRootView: false),
        .show(window: "a"), .show(window: "b"),
        .touchBegan(id: TouchID(0), at: Point(20, 20), scene: mainSceneName),
        .touchBegan(id: TouchID(1), at: Point(250, 20), scene: mainSceneName),
        .touchMoved(id: TouchID(1), to: Point(260, 30)),
        .touchEnded(id: TouchID(0), at: Point(20, 20)),
        .touchEnded(id: TouchID(1), at: Point(270, 40)),
    ]

    static func run(_ commands: [Command], _ engine: EngineFactory) -> DifferentialResult {
        DifferentialRunner.run(commands, engines: [TestEngines.reference, engine], cadence: .everyCommand)
    }

    @Test("T1: an engine whose second touch goes to the first one's view (at the point in its space) agrees")
    func grabAgrees() {
        let grabbing = EngineFactory(name: "grabbing", deviations: [.t1]) { DialectEngine(.onePointer) }
        let result = Self.run(Self.twoTouches, grabbing)
        #expect(result.divergence == nil, "\(result.divergence?.summary ?? "")")
        // What it answered is the grab's: touch 1 on v at 250 20 less v's origin 10 10.
        let engine = DialectEngine(.onePointer)
        let lines = Self.twoTouches.flatMap { engine.apply($0) }.map(\.description)
        #expect(lines.contains("touch 1 began -> a/v at 240 10"))
        #expect(lines.contains("touch 1 ended -> a/v at 260 30"))
    }

    @Test("T1: declared by an engine that binds the second touch by its hit (no grab), it is caught there")
    func noGrabIsCaught() {
        let hitting = EngineFactory(name: "hitting", deviations: [.t1]) { IndexedWindowSystem() }
        let result = Self.run(Self.twoTouches, hitting)
        #expect(result.divergence?.commandIndex == 6, "\(result.divergence?.summary ?? "no divergence")")
        #expect(result.divergence?.summary.contains("touch 1 began -> b/b at 50 20") == true)
    }

    @Test("T1: a grab that reports the later touch's point unconverted is caught at its began, and at its moved")
    func grabPointBugIsCaught() {
        for phase in ["began", "moved"] {
            let buggy = EngineFactory(name: "grab-point", deviations: [.t1]) {
                RewritingEngine(DialectEngine(.onePointer)) { lines in
                    lines.map { line in
                        switch line {
                        case let .touchBegan(id, target?) where id == TouchID(1) && phase == "began":
                            return .touchBegan(id, .init(window: target.window, view: target.view, point: Point(250, 20)))
                        case let .touchMoved(id, target) where id == TouchID(1) && phase == "moved":
                            return .touchMoved(id, .init(window: target.window, view: target.view, point: Point(260, 30)))
                        default: return line
                        }
                    }
                }
            }
            let result = Self.run(Self.twoTouches, buggy)
            #expect(result.divergence?.commandIndex == (phase == "began" ? 6 : 7), "\(phase)")
            #expect(result.divergence?.difference == Difference.observation(.touch, .point),
                    "\(String(describing: result.divergence?.difference))")
        }
    }

    @Test("T1: the grab ends when its view stops showing: the touches down then are not compared until all are up, and the next touch starts a grab of its own")
    func grabEndsWithItsView() {
        let commands = Array(Self.twoTouches.prefix(6)) + [
            .setHidden(target: "v", hidden: true),
            .touchBegan(id: TouchID(1), at: Point(250, 20), scene: mainSceneName),   // 7: by its hit, the new grab
            .touchBegan(id: TouchID(2), at: Point(20, 20), scene: mainSceneName),    // 8: to the new grab, b
            .touchEnded(id: TouchID(0), at: Point(30, 30)),                          // 9: down when the grab ended
            .touchEnded(id: TouchID(1), at: Point(250, 20)), .touchEnded(id: TouchID(2), at: Point(20, 20)),
            .touchBegan(id: TouchID(0), at: Point(250, 20), scene: mainSceneName),   // 12: all were up
        ]
        let grabbing = EngineFactory(name: "grabbing", deviations: [.t1]) { DialectEngine(.onePointer) }
        #expect(Self.run(commands, grabbing).divergence == nil, "\(Self.run(commands, grabbing).divergence?.summary ?? "")")
        let lines = { () -> [String] in let e = DialectEngine(.onePointer); return commands.flatMap { e.apply($0) }.map(\.description) }()
        #expect(lines.contains("touch 2 began -> b/b at -180 20"))
        // An engine without a grab binds touch 2 by its hit: caught there.
        let hitting = EngineFactory(name: "hitting", deviations: [.t1]) { IndexedWindowSystem() }
        #expect(Self.run(commands, hitting).divergence?.commandIndex == 8)
        /// The grabbing engine, with the lines it answers that start with `prefix` lost.
        func losing(_ prefix: String) -> EngineFactory {
            EngineFactory(name: "losing", deviations: [.t1]) {
                RewritingEngine(DialectEngine(.onePointer)) { lines in lines.filter { !$0.description.hasPrefix(prefix) } }
            }
        }
        #expect(Self.run(commands, losing("touch 1 began")).divergence?.commandIndex == 7)
        #expect(Self.run(commands, losing("touch 0 ended")).divergence == nil)
        #expect(Self.run(commands, losing("touch 0 began -> b/")).divergence?.commandIndex == 12)
    }

    @Test("T1: hiding what does not hold the grab's view leaves the grab as it was")
    func unrelatedHideKeepsTheGrab() {
        let commands = Array(Self.twoTouches.prefix(6)) + [
            .hide(window: "b"),
            .touchBegan(id: TouchID(1), at: Point(80, 80), scene: mainSceneName),
        ]
        let grabbing = EngineFactory(name: "grabbing", deviations: [.t1]) { DialectEngine(.onePointer) }
        #expect(Self.run(commands, grabbing).divergence == nil)
        let hitting = EngineFactory(name: "hitting", deviations: [.t1]) { IndexedWindowSystem() }
        #expect(Self.run(commands, hitting).divergence?.commandIndex == 7)
    }

    @Test("T1: a bug in the grab's answers alone is reached by generated cases past the declaration")
    func generatedCasesReachTheGrab() throws {
        let buggy = EngineFactory(name: "grab-point", deviations: [.t1]) { DialectEngine(.onePointer, grabPointOff: true) }
        let result = PropertySuite(reference: TestEngines.reference, candidates: [buggy], cases: 600, deterministic: true,
                                   profile: .small, failures: nil).run()
        let finding = try #require(result.finding, "the grab's bug survived \(result.casesRun) cases")
        #expect(["touchBegan", "touchMoved", "touchEnded"].contains(finding.signature.command), "\(finding.signature)")
        #expect(finding.signature.difference == .observation(.touch, .point), "\(finding.signature)")
    }

    @Test("T1: a touch whose began bound nothing, begun again while another is down, is not compared by its hit")
    func touchOnNothingBegunAgain() {
        // Touch 0 lands on nothing (no engine need hold it), touch 2 goes down on a, and
        // touch 0 begins again over b: the reference hits b; an engine that took touch 0
        // anew binds it to the grab (a's root), one that held it ignores it.
        let commands: [Command] = [
            .createWindow(name: "a", scene: mainSceneName, frame: Rect(893, 169, 348, 70), level: 0, withRootView: true),
            .createWindow(name: "b", scene: mainSceneName, frame: Rect(0, 239, 1, 170), level: 0, withRootView: false),
            .touchBegan(id: TouchID(0), at: Point(0, 0), scene: mainSceneName),
            .show(window: "b"), .show(window: "a"),
            .touchBegan(id: TouchID(2), at: Point(1109, 234), scene: mainSceneName),
            .touchBegan(id: TouchID(0), at: Point(0, 395), scene: mainSceneName),
        ]
        let grabbing = EngineFactory(name: "grabbing", deviations: [.t1]) { DialectEngine(.onePointer) }
        let result = Self.run(commands, grabbing)
        #expect(result.divergence == nil, "\(result.divergence?.summary ?? "")")
        let engine = DialectEngine(.onePointer)
        #expect(commands.flatMap { engine.apply($0) }.map(\.description).contains("touch 0 began -> a/a.root at -893 226"))
    }

    @Test("T1: a second touch is sent (no longer steered around)")
    func secondTouchIsSent() {
        var filter = FeatureFilter(features: EngineFeature.all, deviations: [.t1])
        #expect(filter.admit(.touchBegan(id: TouchID(0), at: Point(1, 1), scene: mainSceneName)) != nil)
        #expect(filter.admit(.touchBegan(id: TouchID(1), at: Point(2, 2), scene: mainSceneName)) != nil)
        #expect(filter.steered == 0)
    }
}
