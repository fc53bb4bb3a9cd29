import ReferenceModel
import Testing
import WindowModel

@Suite("Affine transforms")
struct TransformTests {
    /// A 40 x 20 button at 10 10 (centre 30 20) in a plain window, turned a quarter clockwise:
    /// on screen it covers x in (20, 40], y in [0, 40).
    static let turnedButton = """
        window w frame 0 0 100 100
        view v in w frame 10 10 40 20
        show w
        set v rotate 90
        """

    @Test("A1: a transform is the six numbers of CGAffineTransform; new views have the identity")
    func transformIsSixNumbers() {
        let d = Driver("""
            window w frame 0 0 100 100
            view v in w frame 0 0 100 100
            show w
            """)
        #expect(d.run("hit 10 10") == ["hit -> w/v at 10 10"])
        // translate 5 7 moves the view's content right and down.
        d.run("set v transform 1 0 0 1 5 7")
        #expect(d.run("hit 10 10") == ["hit -> w/v at 5 3"])
        d.run("set v transform identity")
        #expect(d.run("hit 10 10") == ["hit -> w/v at 10 10"])
    }

    @Test("A1: a window is a view: its own transform applies about its centre on the screen")
    func windowTransform() {
        let d = Driver("""
            window w frame 100 100 200 100
            show w
            set w scale 0.5 0.5
            """)
        // Half size about the centre (200, 150): the window covers [150, 250) x [125, 175).
        #expect(d.run("hit 150 125") == ["hit -> w/w at 0 0"])
        #expect(d.run("hit 149 125") == ["hit -> none"])
        #expect(d.run("hit 250 150") == ["hit -> none"])
        #expect(d.run("hit 249 174") == ["hit -> w/w at 198 98"])
    }

    @Test("A2: the transform applies about the bounds centre; the frame as set is the untransformed frame")
    func aboutTheCentre() {
        let d = Driver(Self.turnedButton)
        #expect(d.run("hit 30 20") == ["hit -> w/v at 20 10"])
        #expect(d.run("hit 40 5") == ["hit -> w/v at 5 0"])
        #expect(d.run("hit 20 5") == ["hit -> w/w at 20 5"])
        // Setting the frame keeps the transform: the centre moves to 60 20.
        d.run("set v frame 40 10 40 20")
        #expect(d.run("hit 60 20") == ["hit -> w/v at 20 10"])
        #expect(d.run("hit 50 20") == ["hit -> w/w at 50 20"])
        #expect(d.run("hit 70 20") == ["hit -> w/v at 20 0"])
        // The bounds origin still shifts the view's own space.
        d.run("set v origin 100 0")
        #expect(d.run("hit 60 20") == ["hit -> w/v at 120 10"])
    }

    @Test("A3: into a transformed view in exactly the written order, not through a precomputed inverse")
    func inwardOrderIsPinned() {
        let d = Driver("""
            window w frame 0 0 100 100
            show w
            set w scale 3 3
            """)
        // ((3 * ex) - 0) / 9 + 50: a precomputed inverse (ex * (1/3)) gives 33.43333333333334.
        #expect(d.run("hit 0.30000000000000004 7.3") == ["hit -> w/w at 33.43333333333333 35.766666666666666"])
        #expect(d.run("convert 0.30000000000000004 7.3 from screen to w") == ["convert -> 33.43333333333333 35.766666666666666"])
    }

    @Test("A3: touches bound in a transformed view get moved and ended points through the inverse")
    func touchesThroughTheInverse() {
        let d = Driver(Self.turnedButton)
        #expect(d.run("touch 1 began 30 20") == ["touch 1 began -> w/v at 20 10"])
        #expect(d.run("touch 1 moved 0 0") == ["touch 1 moved -> w/v at 0 40"])
    }

    @Test("A4: out of a transformed view in exactly the written order")
    func outwardOrderIsPinned() {
        let d = Driver("""
            window w frame 0 0 100 100
            view v in w frame 0 0 0.3 0.7
            set v transform 0.8660254037844387 0.49999999999999994 -0.49999999999999994 0.8660254037844387 0 0
            """)
        #expect(d.run("convert 0.1 0.2 from v to screen") == ["convert -> 0.18169872981077803 0.1950961894323342"])
        let t = Driver(Self.turnedButton)
        #expect(t.run("convert 0 0 from v to screen") == ["convert -> 40 0"])
        #expect(t.run("convert 40 0 from screen to v") == ["convert -> 0 0"])
    }

    @Test("A5: a transform that cannot be inverted makes the view and its subtree unhittable")
    func singularIsUnhittable() {
        let d = Driver("""
            window back frame 0 0 100 100
            window w frame 0 0 100 100
            view v in w frame 0 0 50 50
            view inner in v frame 0 0 10 10
            show back
            show w
            set v scale 0 1
            """)
        #expect(d.run("hit 5 5") == ["hit -> w/w at 5 5"])
        d.run("set w transform 1 2 2 4 0 0")
        #expect(d.run("hit 5 5") == ["hit -> back/back at 5 5"])
    }

    @Test("A5: a conversion into a singular transform divides by zero: inf and nan")
    func singularConversion() {
        let d = Driver("""
            window w frame 0 0 100 100
            set w scale 0 1
            """)
        // Both coordinates divide by the determinant: (-50 / 0, 0 / 0), (0 / 0, 0 / 0), (10 / 0, 0 / 0).
        #expect(d.run("convert 0 60 from screen to w") == ["convert -> -inf nan"])
        #expect(d.run("convert 50 60 from screen to w") == ["convert -> nan nan"])
        #expect(d.run("convert 60 60 from screen to w") == ["convert -> inf nan"])
    }
}
