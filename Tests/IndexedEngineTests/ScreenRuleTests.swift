import IndexedEngine
import Testing
import WindowModel

/// The engine's reading of the screen rules: scenes on numbered screens, and a
/// disconnected scene's index emptied in one step.
@Suite("Screens in the indexed engine")
struct ScreenRuleTests {
    @Test("D3: a disconnected scene's index is emptied at once: hundreds of windows hidden front to back, none hit after")
    func disconnectEmptiesTheIndex() {
        let d = EngineDriver()
        let tv: [Command] = [.connectScreen(name: "tv", size: Size(1920, 1080)),
                             .placeScene(scene: mainSceneName, screen: "tv")]
        let names = (0..<300).map { "w\($0)" }
        d.run(tv + names.enumerated().flatMap { i, name in
            [window(name, Double(i % 30) * 30, Double(i / 30) * 30, 40, 40), .show(window: name)]
        })
        d.run([.makeKey(window: "w7"), began("1", 5, 5)])
        let posted = d.lines(.disconnectScreen(name: "tv"))
        #expect(posted == ["touch 1 cancelled -> w0/w0.root", "notify w7 didResignKey"]
                + names.reversed().map { "notify \($0) didBecomeHidden" })
        #expect(d.lines(.order(scene: mainSceneName)) == ["order main:"])
        #expect(d.lines(hit(5, 5)) == ["hit -> none"])
        #expect(d.lines(.keyWindow(scene: mainSceneName)) == ["keyWindow main -> none"])
        // Shown again, the windows are found through a fresh index.
        #expect(d.lines(.show(window: "w0")) == ["notify w0 didBecomeVisible"])
        #expect(d.lines(hit(5, 5)) == ["hit -> w0/w0.root at 5 5"])
        #expect(d.lines(hit(45, 5)) == ["hit -> none"])
    }

    @Test("D1, D2: a screen connected again under its name is a new screen; a scene placed on it is on it, not the old")
    func reconnectedScreenIsNew() {
        let d = EngineDriver()
        d.run([.connectScreen(name: "tv", size: Size(100, 100)), .createScene(name: "s", size: Size(100, 100)),
               window("a", 0, 0, 50, 50, scene: "s"), .show(window: "a"), .placeScene(scene: "s", screen: "tv")])
        #expect(d.lines(.disconnectScreen(name: "tv")) == ["notify a didBecomeHidden"])
        d.run([.connectScreen(name: "tv", size: Size(100, 100)), .show(window: "a")])
        // s went to main: the new tv holds nothing.
        #expect(d.lines(.disconnectScreen(name: "tv")).isEmpty)
        #expect(d.lines(.order(scene: "s")) == ["order s: a"])
        d.run([.connectScreen(name: "tv", size: Size(100, 100)), .placeScene(scene: "s", screen: "tv")])
        #expect(d.lines(.placeScene(scene: "s", screen: "tv")).isEmpty)
        #expect(d.lines(.disconnectScreen(name: "tv")) == ["notify a didBecomeHidden"])
    }
}
