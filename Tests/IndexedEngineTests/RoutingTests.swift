import IndexedEngine
import SpatialIndex
import Testing
import WindowModel

@Suite("Routing through the index")
struct RoutingTests {
    @Test("T2: a pass-through window's root view lets the touch through to the next window down")
    func passthroughContinues() {
        let d = EngineDriver()
        d.run([window("app", 0, 0, 200, 200), window("hud", 0, 0, 200, 200, level: 1000),
               view("button", in: "hud", 10, 10, 20, 20), view("label", in: "app.root", 100, 100, 50, 50),
               .show(window: "app"), .show(window: "hud"), .setPassthrough(window: "hud", enabled: true)])
        #expect(d.lines(hit(15, 15)) == ["hit -> hud/button at 5 5"])
        #expect(d.lines(hit(120, 130)) == ["hit -> app/label at 20 30"])
        #expect(d.lines(hit(60, 60)) == ["hit -> app/app.root at 60 60"])
        // Several pass-through windows in a row: the search keeps going down.
        d.run([window("hud2", 0, 0, 200, 200, level: 2000), .show(window: "hud2"),
               .setPassthrough(window: "hud2", enabled: true)])
        #expect(d.lines(hit(60, 60)) == ["hit -> app/app.root at 60 60"])
        #expect(d.lines(hit(15, 15)) == ["hit -> hud/button at 5 5"])
    }

    @Test("T2: a pass-through window keeps hits on itself when its root view is gone or misses")
    func passthroughWindowItself() {
        let d = EngineDriver()
        d.run([window("hud", 0, 0, 100, 100), .show(window: "hud"), .setPassthrough(window: "hud", enabled: true),
               .setFrame(target: "hud.root", frame: Rect(0, 0, 10, 10))])
        #expect(d.lines(hit(50, 50)) == ["hit -> hud/hud at 50 50"])
        #expect(d.lines(hit(5, 5)) == ["hit -> none"])
        d.run([.remove(view: "hud.root")])
        #expect(d.lines(hit(5, 5)) == ["hit -> hud/hud at 5 5"])
    }

    @Test("H1: a transparent or non-interactive window lets the touch through")
    func transparentWindow() {
        let d = EngineDriver()
        d.run([window("back", 0, 0, 100, 100), window("front", 0, 0, 100, 100), .show(window: "back"),
               .show(window: "front"), .setAlpha(target: "front", alpha: 0.009)])
        #expect(d.lines(hit(1, 1)) == ["hit -> back/back.root at 1 1"])
        d.run([.setAlpha(target: "front", alpha: 0.01)])
        #expect(d.lines(hit(1, 1)) == ["hit -> front/front.root at 1 1"])
        d.run([.setInteraction(target: "front", enabled: false)])
        #expect(d.lines(hit(1, 1)) == ["hit -> back/back.root at 1 1"])
    }

    @Test("G2: edges of huge windows: ±1e300 frames, min edge in, max edge out")
    func hugeCoordinates() {
        let d = EngineDriver()
        d.run([window("big", -1e300, -1e300, 1e300, 2e300, root: false), .show(window: "big")])
        #expect(d.lines(hit(-1e300, 0)) == ["hit -> big/big at 0 1e+300"])
        #expect(d.lines(hit(0, 0)) == ["hit -> none"])                 // -1e300 + 1e300 = 0: max edge out
        #expect(d.lines(hit((-1e300).nextDown, 0)) == ["hit -> none"])
        #expect(d.lines(hit(-5e299, 5e299)) == ["hit -> big/big at 5e+299 1.5e+300"])
        // (1e300.nextDown + 1e300) rounds to 2e300, the max edge: outside.
        #expect(d.lines(hit(-5e299, 1e300.nextDown)) == ["hit -> none"])
    }

    @Test("G4: a frame whose far edge overflows to infinity still routes (no NaN boxes)")
    func overflowToInfinity() {
        let d = EngineDriver()
        d.run([window("edge", 1.7e308, -1.7e308, 1.7e308, 1.7e308, root: false), .show(window: "edge")])
        #expect(d.violations.isEmpty)
        // (1.79e308 - 1.7e308) + 0 < 0 + 1.7e308: inside, although frame.x + width is +inf.
        let x = (1.79e308 - 1.7e308) + 0, y = (-1e308 - -1.7e308) + 0
        #expect(d.lines(hit(1.79e308, -1e308)) == ["hit -> edge/edge at \(NumberText.format(x)) \(NumberText.format(y))"])
        #expect(d.lines(hit(1.6e308, 0)) == ["hit -> none"])
        // A bounds origin that makes bounds.x + width overflow: x < +inf always holds.
        d.run([.setBoundsOrigin(target: "edge", origin: Point(1e308, 0))])
        #expect(d.lines(hit(1.7e308, -1.7e308)) == ["hit -> edge/edge at 1e+308 0"])
    }

    /// The exact window test of G2/G4, written out independently of the engine.
    static func exactlyInside(_ s: Double, frame: Double, bounds: Double, size: Double) -> Bool {
        let x = (s - frame) + bounds
        return bounds <= x && x < bounds + size
    }

    @Test("the conservative box contains every point the exact test accepts, near every edge",
          arguments: SeededRandom.seeds(default: [11, 12, 13]))
    func conservativeBox(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let values: [Double] = [0, -0.0, 1, 0.1, 0.3, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e16, -1e16,
                                1e300, -1e300, 1.7e308, -1.7e308, .greatestFiniteMagnitude, 3, 1024, 0.75]
        func pick() -> Double {
            Bool.random(using: &rng) ? values.randomElement(using: &rng)! : Double.random(in: -1e6...1e6, using: &rng)
        }
        var accepted = 0
        for _ in 0..<20_000 {
            let frame = Rect(pick(), pick(), abs(pick()), abs(pick()))
            let origin = Point(pick(), pick())
            let box = IndexedWindowSystem.conservativeBox(frame: frame, boundsOrigin: origin)
            #expect(!box.minX.isNaN && !box.maxX.isNaN && box.minX <= box.maxX && box.minY <= box.maxY)
            // Points at and next to each edge, as the screen sees it.
            let edges = [frame.x, frame.x + frame.width, frame.x - origin.x, pick()]
            for edge in edges {
                for s in [edge, edge.nextUp, edge.nextDown, edge.nextUp.nextUp, edge.nextDown.nextDown] where s.isFinite {
                    if Self.exactlyInside(s, frame: frame.x, bounds: origin.x, size: frame.width) {
                        accepted += 1
                        #expect(box.minX <= s && s <= box.maxX,
                                "seed \(seed): x \(s) accepted by frame \(frame) origin \(origin) but outside \(box)")
                    }
                }
            }
        }
        #expect(accepted > 1000, "the edge points should often be accepted (\(accepted))")
    }

    @Test("a desktop stack: the first candidate usually answers, and few cell entries are read")
    func desktopQueryStatistics() {
        var rng = SeededRandom(seed: 5)
        let d = EngineDriver()
        var commands: [Command] = [window("desk", 0, 0, 3840, 2160), .show(window: "desk")]
        for i in 0..<2000 {
            let w = Double(Int.random(in: 16...400, using: &rng)), h = Double(Int.random(in: 16...400, using: &rng))
            let name = "w\(i)"
            commands += [window(name, Double(Int.random(in: 0...3440, using: &rng)), Double(Int.random(in: 0...1760, using: &rng)), w, h),
                         .show(window: name)]
        }
        for command in commands { _ = d.system.apply(command) }
        #expect(d.violations.isEmpty)
        var tested = 0
        for _ in 0..<500 {
            let x = Double.random(in: 0..<3840, using: &rng), y = Double.random(in: 0..<2160, using: &rng)
            let answer = d.system.routeBothWays(x: x, y: y)
            #expect(answer.indexed != nil && answer.indexed == answer.scanned)
            _ = d.system.hitTarget(at: Point(x, y), scene: mainSceneName)
            tested += d.system.lastQueryStatistics.entriesTested
        }
        // A scan would look at ~2000 windows per touch; one cell holds a few dozen.
        #expect(Double(tested) / 500 < 10, "mean cell entries tested \(Double(tested) / 500)")
    }
}
