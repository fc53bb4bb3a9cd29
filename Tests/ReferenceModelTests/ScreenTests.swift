import ReferenceModel
import Testing
import WindowModel

@Suite("Screens")
struct ScreenTests {
    @Test("D1: a system starts with the main screen; screen connects another, silently, and scenes start on main")
    func screensConnect() {
        let d = Driver("window a frame 0 0 10 10\nshow a")
        #expect(d.run("screen tv size 1920 1080") == [])
        #expect(d.system.sceneLayout(mainSceneName)?.screen == mainScreenName)
        #expect(d.system.sceneLayout(mainSceneName)?.screenSize == Size(1000, 1000))
        #expect(d.run("scene ext\nplace ext on tv") == [])
        #expect(d.system.sceneLayout("ext")?.screen == "tv")
        #expect(d.system.sceneLayout("ext")?.screenSize == Size(1920, 1080))
        #expect(d.order() == ["a"])
    }

    @Test("D1: a connected screen's name is refused again; a disconnected one may be connected again, empty")
    func screenNamesAndReconnection() {
        let d = Driver("screen tv\nscene tv")   // a scene may share a screen's name
        #expect(d.rejects("screen tv"))
        #expect(d.rejects("screen main"))
        #expect(d.rejects("disconnect main"))
        #expect(d.rejects("place tv on nowhere"))
        #expect(d.run("place tv on tv\nwindow a in tv frame 0 0 10 10\nshow a\ndisconnect tv") ==
                ["notify a didBecomeVisible", "notify a didBecomeHidden"])
        #expect(d.rejects("disconnect tv"))
        #expect(d.rejects("place tv on tv"))
        #expect(d.run("screen tv size 10 10") == [])
        // The new screen holds no scene: disconnecting it again posts nothing.
        #expect(d.run("show a\ndisconnect tv") == ["notify a didBecomeVisible"])
        #expect(d.order("tv") == ["a"])
    }

    @Test("D2: placing a scene on another screen keeps order, key and history, and cancels its touches in id order")
    func placeKeepsStateCancelsTouches() {
        let d = Driver("""
            screen tv
            scene s
            window a in s frame 0 0 100 100
            window b in s frame 0 0 100 100
            window m frame 0 0 100 100
            makeKeyAndVisible a
            makeKeyAndVisible b
            show m
            touch 10 began 5 5 in s
            touch 2 began 5 5 in s
            touch 3 began 5 5
            """)
        #expect(d.run("place s on tv") == ["touch 2 cancelled -> b/b", "touch 10 cancelled -> b/b"])
        #expect(d.order("s") == ["b", "a"])
        #expect(d.key("s") == "b")
        #expect(d.run("touch 3 moved 6 6") == ["touch 3 moved -> m/m at 6 6"])
        // The history came along: hiding b still makes a key.
        #expect(d.run("hide b") == ["notify b didResignKey", "notify b didBecomeHidden", "notify a didBecomeKey"])
    }

    @Test("D2: placing a scene on the screen it is on changes nothing, touches included")
    func placeOnOwnScreenIsNothing() {
        let d = Driver("window a frame 0 0 10 10\nshow a\ntouch 1 began 5 5\nscreen tv")
        #expect(d.run("place main on main") == [])
        #expect(d.run("place main on tv\nplace main on tv") == ["touch 1 cancelled -> a/a"])
        #expect(d.order() == ["a"])
    }

    @Test("D3: disconnecting cancels every touch first, then per scene the key resigns and windows hide front to back")
    func disconnectOrder() {
        let d = Driver("""
            screen tv
            scene s
            scene t
            window a in s frame 0 0 100 100
            window b in s frame 0 0 100 100
            window c in s frame 0 0 100 100 level 1
            window x in t frame 0 0 100 100
            window m frame 0 0 100 100
            makeKeyAndVisible a
            show b
            show c
            makeKeyAndVisible x
            makeKeyAndVisible m
            place t on tv
            place s on tv
            touch 7 began 5 5 in t
            touch 3 began 5 5 in s
            touch 5 began 5 5
            """)
        #expect(d.run("disconnect tv") == [
            "touch 3 cancelled -> c/c", "touch 7 cancelled -> x/x",
            "notify a didResignKey", "notify c didBecomeHidden", "notify b didBecomeHidden", "notify a didBecomeHidden",
            "notify x didResignKey", "notify x didBecomeHidden",
        ])
        #expect(d.order("s") == [] && d.order("t") == [])
        #expect(d.key("s") == nil && d.key("t") == nil)
        #expect(d.order() == ["m"] && d.key() == "m")
        #expect(d.run("touch 5 moved 6 6") == ["touch 5 moved -> m/m at 6 6"])
        #expect(d.system.sceneLayout("s")?.screen == mainScreenName)
    }

    @Test("D3: a hidden key window resigns too, and the emptied history gives no successor later")
    func disconnectHiddenKeyAndHistory() {
        let d = Driver("""
            screen tv
            place main on tv
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            makeKey b
            """)
        #expect(d.run("disconnect tv") == ["notify b didResignKey", "notify a didBecomeHidden"])
        #expect(d.run("show a\nshow b\nmakeKey b\nhide b") ==
                ["notify a didBecomeVisible", "notify b didBecomeVisible", "notify b didBecomeKey",
                 "notify b didResignKey", "notify b didBecomeHidden"])
        #expect(d.key() == nil)
    }

    @Test("D3: a screen without scenes, or whose scenes have nothing visible and no key, disconnects silently")
    func disconnectSilently() {
        let d = Driver("screen tv\nscreen pad\nscene s\nwindow a in s frame 0 0 10 10\nplace s on pad")
        #expect(d.run("disconnect tv") == [])
        #expect(d.run("disconnect pad") == [])
        #expect(d.run("show a") == ["notify a didBecomeVisible"])
        #expect(d.run("hit 5 5 in s") == ["hit -> a/a at 5 5"])
    }

    @Test("D4: conversions between windows on different screens pass through screen coordinates unchanged")
    func convertAcrossScreens() {
        let d = Driver("""
            screen tv size 1920 1080
            scene ext
            place ext on tv
            window a frame 100 100 50 50
            window e in ext frame 10 20 500 500
            """)
        #expect(d.run("convert 5 5 from a to e") == ["convert -> 95 85"])
        #expect(d.run("convert 5 5 from e to screen") == ["convert -> 15 25"])
        #expect(d.run("hit 15 25 in ext") == ["hit -> none"])
        #expect(d.run("show e\nhit 15 25 in ext") == ["notify e didBecomeVisible", "hit -> e/e at 5 5"])
    }
}

@Suite("Screens in snapshots")
struct ScreenSnapshotTests {
    @Test("D2: a snapshot reports each scene's screen; a snapshot without one agrees on everything else")
    func snapshotsCarryScreens() {
        let d = Driver("screen tv\nscene s\nplace s on tv")
        let snapshot = d.system.snapshot()
        #expect(snapshot.map(\.screen) == ["main", "tv"])
        #expect(snapshot.map(\.description) == ["main: order [] key none", "s: order [] key none screen tv"])
        // An engine behind the protocol reports no screens: it is not held against it.
        let unreported = snapshot.map { SceneSnapshot(scene: $0.scene, order: $0.order, keyWindow: $0.keyWindow) }
        #expect(unreported.agrees(with: snapshot) && snapshot.agrees(with: unreported))
        // A different screen, or a different order, is a disagreement.
        var elsewhere = snapshot
        elsewhere[1].screen = "main"
        #expect(!elsewhere.agrees(with: snapshot))
        var reordered = unreported
        reordered[0].order = ["x"]
        #expect(!reordered.agrees(with: snapshot))
        #expect(!Array(snapshot.prefix(1)).agrees(with: snapshot))
    }
}
