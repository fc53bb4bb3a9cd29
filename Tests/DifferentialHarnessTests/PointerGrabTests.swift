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

    @Test("T1: hiding a view may end the grab: touches down then, and those begun before all are up, are not compared until all are up")
    func hideUnpinsTheGrab() {
        let commands = Array(Self.twoTouches.prefix(6)) + [
            .setHidden(target: "v", hidden: true),
            .touchBegan(id: TouchID(1), at: Point(250, 20), scene: mainSceneName),
            .touchEnded(id: TouchID(0), at: Point(30, 30)), .touchEnded(id: TouchID(1), at: Point(250, 20)),
            // All up: the next touch starts a grab of its own, compared by its hit; and
            // touch 1, unpinned before, is compared again once all are up again.
            .touchBegan(id: TouchID(2), at: Point(250, 20), scene: mainSceneName),
            .touchEnded(id: TouchID(2), at: Point(250, 20)),
            .touchBegan(id: TouchID(1), at: Point(250, 20), scene: mainSceneName),
        ]
        /// An engine that sends touch `id`'s `began` nowhere.
        func losing(_ id: Int) -> EngineFactory {
            EngineFactory(name: "losing-\(id)", deviations: [.t1]) {
                RewritingEngine(IndexedWindowSystem()) { lines in
                    lines.map { if case .touchBegan(TouchID(id), _?) = $0 { return .touchBegan(TouchID(id), nil) }; return $0 }
                }
            }
        }
        // Touch 1 began while touch 0 was down and the grab unknown: any answer, there.
        #expect(Self.run(commands, losing(1)).divergence?.commandIndex == commands.count - 1)
        #expect(Self.run(Array(commands.dropLast(3)), losing(1)).divergence == nil)
        #expect(Self.run(commands, losing(2)).divergence?.commandIndex == commands.count - 3)
    }

    @Test("T1: a second touch is sent (no longer steered around)")
    func secondTouchIsSent() {
        var filter = FeatureFilter(features: EngineFeature.all, deviations: [.t1])
        #expect(filter.admit(.touchBegan(id: TouchID(0), at: Point(1, 1), scene: mainSceneName)) != nil)
        #expect(filter.admit(.touchBegan(id: TouchID(1), at: Point(2, 2), scene: mainSceneName)) != nil)
        #expect(filter.steered == 0)
    }
}
