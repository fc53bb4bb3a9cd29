import ReferenceModel
import Testing
import WindowModel

@Suite("Hit testing")
struct HitTestingTests {
    static let setup = """
        window w frame 0 0 100 100
        view v in w frame 10 10 50 50
        view inner in v frame 0 0 10 10
        show w
        """

    @Test("H1: a hidden, non-interactive, transparent view or a point outside its bounds answers nil",
          arguments: ["set v hidden on", "set v interaction off", "set v alpha 0", "set v frame 70 70 5 5"])
    func viewAnswersNil(command: String) {
        let d = Driver(Self.setup)
        #expect(d.run("hit 15 15") == ["hit -> w/inner at 5 5"])
        d.run(command)
        #expect(d.run("hit 15 15") == ["hit -> w/w at 15 15"])
    }

    @Test("H1: the same four conditions make a window answer nil", arguments: [
        "set w interaction off", "set w alpha 0", "set w frame 200 200 100 100", "hide w",
    ])
    func windowAnswersNil(command: String) {
        let d = Driver(Self.setup)
        d.run(command)
        #expect(d.run("hit 15 15") == ["hit -> none"])
    }

    @Test("H2: alpha exactly 0.01 is hittable, 0.00999 and 0.01.nextDown are not", arguments: [
        (0.01, true), (0.01.nextDown, false), (0.00999, false), (0.01.nextUp, true), (0, false),
    ])
    func alphaThreshold(alpha: Double, hittable: Bool) {
        let d = Driver(Self.setup)
        d.apply(.setAlpha(target: "inner", alpha: alpha))
        #expect(d.run("hit 15 15") == [hittable ? "hit -> w/inner at 5 5" : "hit -> w/v at 5 5"])
        d.apply(.setAlpha(target: "w", alpha: alpha))
        #expect(d.run("hit 90 90") == [hittable ? "hit -> w/w at 90 90" : "hit -> none"])
    }

    @Test("H2: the threshold is compared after the clamp", arguments: [(-1.0, false), (2.0, true), (-0.0, false)])
    func alphaThresholdAfterClamp(alpha: Double, hittable: Bool) {
        let d = Driver(Self.setup)
        d.apply(.setAlpha(target: "inner", alpha: alpha))
        #expect(d.run("hit 15 15") == [hittable ? "hit -> w/inner at 5 5" : "hit -> w/v at 5 5"])
    }

    @Test("H3: subviews are asked front-most first; the first answer wins; else the view itself")
    func frontMostFirst() {
        let d = Driver("""
            window w frame 0 0 100 100
            view back in w frame 0 0 60 60
            view front in w frame 40 40 60 60
            view deep in back frame 45 45 10 10
            show w
            """)
        // Both siblings contain 50 50; the front one answers though the back one has a subview there.
        #expect(d.run("hit 50 50") == ["hit -> w/front at 10 10"])
        d.run("set front interaction off")
        #expect(d.run("hit 50 50") == ["hit -> w/deep at 5 5"])
        #expect(d.run("hit 20 20") == ["hit -> w/back at 20 20"])
        #expect(d.run("hit 80 80") == ["hit -> w/w at 80 80"])
    }

    @Test("H4: a subview sticking out of its parent cannot be hit outside the parent's bounds")
    func stickingOutIsNotHittable() {
        let d = Driver("""
            window w frame 0 0 200 200
            view parent in w frame 0 0 50 50
            view wide in parent frame 40 40 100 100
            show w
            """)
        #expect(d.run("hit 45 45") == ["hit -> w/wide at 5 5"])
        #expect(d.run("hit 49 49") == ["hit -> w/wide at 9 9"])
        #expect(d.run("hit 50 50") == ["hit -> w/w at 50 50"])
        #expect(d.run("hit 100 45") == ["hit -> w/w at 100 45"])
    }

    @Test("H4: a hidden, non-interactive or transparent ancestor removes its whole subtree", arguments: [
        "set v hidden on", "set v interaction off", "set v alpha 0.005",
    ])
    func ancestorRemovesSubtree(command: String) {
        let d = Driver(Self.setup)
        d.run(command)
        #expect(d.run("hit 12 12") == ["hit -> w/w at 12 12"])
    }

    @Test("H4: alpha is not multiplied down the tree")
    func alphaNotMultiplied() {
        let d = Driver(Self.setup)
        d.run("set v alpha 0.1")
        d.run("set inner alpha 0.05")
        // 0.1 * 0.05 = 0.005 < 0.01, yet each view's own alpha is at least 0.01.
        #expect(d.run("hit 15 15") == ["hit -> w/inner at 5 5"])
        d.run("set w alpha 0.01")
        #expect(d.run("hit 15 15") == ["hit -> w/inner at 5 5"])
    }

    @Test("H5: a window is a view: screen point into window space, root view first so later views are in front")
    func windowIsAView() {
        let d = Driver("""
            window w frame 100 200 300 300 root
            view overlay in w frame 0 0 50 50
            set w origin -10 -20
            show w
            """)
        // Screen 100 200 -> window (0 - 10, 0 - 20) = (-10, -20): the minimum edge of its
        // bounds, outside the root view (which starts at 0 0), so the window itself.
        #expect(d.run("hit 100 200") == ["hit -> w/w at -10 -20"])
        #expect(d.run("hit 110 220") == ["hit -> w/overlay at 0 0"])
        #expect(d.run("hit 399 499") == ["hit -> w/w.root at 289 279"])
        #expect(d.run("hit 400 250") == ["hit -> none"])
        d.run("back overlay")
        #expect(d.run("hit 110 220") == ["hit -> w/w.root at 0 0"])
    }

    @Test("H6: the reported point is in the hit view's own space, through every ancestor")
    func reportedPointIsLocal() {
        let d = Driver("""
            window w frame 10 10 500 500
            view a in w frame 20 20 300 300
            view b in a frame 30 30 200 200
            view c in b frame 40 40 100 100
            set a origin 5 5
            set b origin 0.5 0.25
            show w
            """)
        // 200 -> window 190 -> a 175 -> b 145.5 (145.25 in y) -> c 105.5: outside c, so b.
        #expect(d.run("hit 200 200") == ["hit -> w/b at 145.5 145.25"])
        // 100 -> window 90 -> a 75 -> b 45.5 (45.25) -> c 5.5 (5.25).
        #expect(d.run("hit 100 100") == ["hit -> w/c at 5.5 5.25"])
    }
}
