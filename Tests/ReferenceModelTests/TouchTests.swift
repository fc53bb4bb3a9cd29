import ReferenceModel
import Testing
import WindowModel

@Suite("Touches, presses and hit queries")
struct TouchTests {
    @Test("T1: a touch goes to the front-most visible window whose hit test answers")
    func frontMostAnsweringWindow() {
        let d = Driver("""
            window back frame 0 0 100 100
            window front frame 50 50 100 100
            window hidden frame 0 0 200 200 level 9
            show back
            show front
            """)
        #expect(d.run("touch 1 began 60 60") == ["touch 1 began -> front/front at 10 10"])
        #expect(d.run("touch 2 began 10 10") == ["touch 2 began -> back/back at 10 10"])
        #expect(d.run("touch 3 began 160 160") == ["touch 3 began -> none"])
    }

    @Test("T1: a window with interaction off ignores touches; they fall to the window below")
    func nonInteractiveWindowLetsThrough() {
        let d = Driver("""
            window back frame 0 0 100 100
            window front frame 0 0 100 100 root
            show back
            show front
            set front interaction off
            """)
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> back/back at 5 5"])
        d.run("set front interaction on")
        d.run("set front.root interaction off")
        #expect(d.run("touch 2 began 5 5") == ["touch 2 began -> front/front at 5 5"])
    }

    @Test("T2: a pass-through window lets a hit on its root view through, keeps other hits")
    func passthroughOnlyRootGoesThrough() {
        let d = Driver("""
            window app frame 0 0 300 300 root
            window overlay frame 0 0 300 300 level alert root
            view button in overlay.root frame 10 10 20 20
            view badge in overlay frame 100 100 20 20
            set overlay passthrough on
            makeKeyAndVisible app
            show overlay
            """)
        #expect(d.run("hit 50 50") == ["hit -> app/app.root at 50 50"])
        #expect(d.run("hit 15 15") == ["hit -> overlay/button at 5 5"])
        #expect(d.run("hit 105 105") == ["hit -> overlay/badge at 5 5"])
        // A hit on the window itself (outside the root view) is kept.
        d.run("set overlay.root frame 0 0 200 200")
        #expect(d.run("hit 250 250") == ["hit -> overlay/overlay at 250 250"])
        d.run("set overlay passthrough off")
        #expect(d.run("hit 50 50") == ["hit -> overlay/overlay.root at 50 50"])
    }

    @Test("T2: a pass-through window without a root view keeps every hit")
    func passthroughWithoutRoot() {
        let d = Driver("""
            window app frame 0 0 300 300
            window overlay frame 0 0 300 300 root
            view v in overlay frame 0 0 10 10
            set overlay passthrough on
            show app
            show overlay
            """)
        #expect(d.run("hit 50 50") == ["hit -> app/app at 50 50"])
        d.run("remove overlay.root")
        #expect(d.run("hit 50 50") == ["hit -> overlay/overlay at 50 50"])
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> overlay/v at 5 5"])
    }

    @Test("T3: a touch stays bound to its view while the finger moves over another window")
    func touchStaysBound() {
        let d = Driver("""
            window left frame 0 0 100 100
            view knob in left frame 10 10 20 20
            window right frame 100 0 100 100 level 1
            show left
            show right
            """)
        #expect(d.run("touch f began 15 15") == ["touch f began -> left/knob at 5 5"])
        #expect(d.run("touch f moved 150 50") == ["touch f moved -> left/knob at 140 40"])
        #expect(d.run("hit 150 50") == ["hit -> right/right at 50 50"])
        #expect(d.run("touch f ended 500 -5") == ["touch f ended -> left/knob at 490 -15"])
        #expect(d.run("touch f moved 1 1") == ["touch f moved -> ignored"])
    }

    @Test("T3: a moved to the point the touch already holds is delivered like any other")
    func moveToSamePoint() {
        let d = Driver("""
            window w frame 0 0 100 100
            show w
            """)
        #expect(d.run("touch 1 began 15 15") == ["touch 1 began -> w/w at 15 15"])
        #expect(d.run("touch 1 moved 15 15") == ["touch 1 moved -> w/w at 15 15"])
        #expect(d.run("touch 1 moved 15 15") == ["touch 1 moved -> w/w at 15 15"])
    }

    @Test("T3: moved and ended convert through every ancestor, bounds origins included")
    func touchPointsConvertThroughAncestors() {
        let d = Driver("""
            window w frame 10 20 400 400
            view a in w frame 5 5 300 300
            view b in a frame 7 7 100 100
            set w origin 1 2
            set a origin 0.5 0.5
            show w
            """)
        // 30 40 -> window (21, 22) -> a (16.5, 17.5) -> b (9.5, 10.5).
        #expect(d.run("touch 1 began 30 40") == ["touch 1 began -> w/b at 9.5 10.5"])
        // The view moves and scrolls afterwards; moved uses the current geometry.
        d.run("set b frame 17 7 100 100")
        d.run("set a origin 0 0")
        #expect(d.run("touch 1 moved 30 40") == ["touch 1 moved -> w/b at -1 10"])
        #expect(d.run("touch 1 ended 30 40") == ["touch 1 ended -> w/b at -1 10"])
        #expect(d.run("touch 1 ended 30 40") == ["touch 1 ended -> ignored"])
    }

    @Test("T3: cancelled ends a touch and reports where it was bound")
    func cancelledEndsTouch() {
        let d = Driver("""
            window w frame 0 0 100 100 root
            show w
            touch 7 began 1 1
            """)
        #expect(d.run("touch 7 cancelled") == ["touch 7 cancelled -> w/w.root"])
        #expect(d.run("touch 7 cancelled") == ["touch 7 cancelled -> ignored"])
        #expect(d.run("touch 7 began 2 2") == ["touch 7 began -> w/w.root at 2 2"])
    }

    @Test("T4: a began that hits nothing reports none and starts no touch")
    func beganOnNothing() {
        let d = Driver("""
            window w frame 0 0 100 100
            show w
            """)
        #expect(d.run("touch 1 began 500 500") == ["touch 1 began -> none"])
        #expect(d.run("touch 1 moved 5 5") == ["touch 1 moved -> ignored"])
        #expect(d.run("touch 1 ended 5 5") == ["touch 1 ended -> ignored"])
        #expect(d.run("touch 1 cancelled") == ["touch 1 cancelled -> ignored"])
        #expect(d.run("hide w") == ["notify w didBecomeHidden"])
    }

    @Test("T4: a began of an active id is ignored and does not rebind the touch")
    func beganOfActiveId() {
        let d = Driver("""
            window a frame 0 0 100 100
            window b frame 200 0 100 100
            show a
            show b
            touch 1 began 5 5
            """)
        #expect(d.run("touch 1 began 205 5") == ["touch 1 began -> ignored"])
        #expect(d.run("touch 1 moved 205 5") == ["touch 1 moved -> a/a at 205 5"])
        #expect(d.run("hide b") == ["notify b didBecomeHidden"])
        #expect(d.run("hide a") == ["touch 1 cancelled -> a/a", "notify a didBecomeHidden"])
    }

    @Test("T4: moved, ended and cancelled of an unknown id are ignored", arguments: [
        ("touch x moved 1 1", "touch x moved -> ignored"),
        ("touch x ended 1 1", "touch x ended -> ignored"),
        ("touch x cancelled", "touch x cancelled -> ignored"),
    ])
    func inactiveIdsAreIgnored(command: String, answer: String) {
        let d = Driver("""
            window w frame 0 0 100 100
            show w
            touch y began 1 1
            """)
        #expect(d.run(command) == [answer])
        #expect(d.run("touch y moved 2 2") == ["touch y moved -> w/w at 2 2"])
    }

    @Test("T5: hiding a window cancels its touches in ascending id order: 2, 10, a")
    func hideCancelsInIdOrder() {
        let d = Driver("""
            window w frame 0 0 100 100 root
            view v in w frame 0 0 10 10
            window other frame 200 0 100 100
            show w
            show other
            touch a began 50 50
            touch 10 began 5 5
            touch b began 250 5
            touch 2 began 60 60
            """)
        #expect(d.run("hide w") == [
            "touch 2 cancelled -> w/w.root", "touch 10 cancelled -> w/v", "touch a cancelled -> w/w.root",
            "notify w didBecomeHidden",
        ])
        #expect(d.run("touch b moved 0 0") == ["touch b moved -> other/other at -200 0"])
    }

    @Test("T5: releasing a window cancels its touches in ascending id order")
    func releaseCancelsInIdOrder() {
        let d = Driver("""
            window w frame 0 0 100 100
            show w
            touch a began 1 1
            touch 10 began 2 2
            touch 2 began 3 3
            touch 010 began 4 4
            """)
        #expect(d.run("release w") == [
            // Digits compare as numbers; 010 and 10 are equal numbers, so then as text.
            "touch 2 cancelled -> w/w", "touch 010 cancelled -> w/w", "touch 10 cancelled -> w/w",
            "touch a cancelled -> w/w", "notify w didBecomeHidden",
        ])
    }

    @Test("T5: nothing else cancels a touch", arguments: [
        "set v hidden on", "set v interaction off", "set v frame 500 500 1 1", "set v alpha 0",
        "set w frame 300 300 10 10", "set w alpha 0", "set w interaction off", "front v", "back v",
        "set w level 5", "makeKey w", "makeKeyAndVisible other", "hide other", "set w origin 9 9",
        "set w passthrough on", "remove sibling", "show w",
    ])
    func nothingElseCancels(command: String) {
        let d = Driver("""
            window w frame 0 0 100 100
            view v in w frame 0 0 50 50
            view sibling in w frame 60 60 10 10
            window other frame 0 0 100 100
            show w
            touch 1 began 5 5
            show other
            """)
        #expect(d.run(command).allSatisfy { !$0.hasPrefix("touch") })
        #expect(d.run("touch 1 ended 5 5").first?.hasPrefix("touch 1 ended -> w/v at") == true)
    }

    @Test("T6: hit reports what a began would hit and binds nothing")
    func hitBindsNothing() {
        let d = Driver("""
            window w frame 0 0 100 100 root
            show w
            """)
        #expect(d.run("hit 3 4") == ["hit -> w/w.root at 3 4"])
        #expect(d.run("touch 1 moved 3 4") == ["touch 1 moved -> ignored"])
        #expect(d.run("touch 1 began 3 4") == ["touch 1 began -> w/w.root at 3 4"])
        #expect(d.run("hit 300 4") == ["hit -> none"])
        #expect(d.run("hide w") == ["touch 1 cancelled -> w/w.root", "notify w didBecomeHidden"])
    }
}
