import DifferentialHarness
import Testing
import WindowModel

@Suite("CommandGenerator")
struct GeneratorTests {
    @Test("the same seed gives the same list; another seed another list")
    func deterministic() {
        var a = CommandGenerator(seed: 7), b = CommandGenerator(seed: 7), c = CommandGenerator(seed: 8)
        let first = a.generate()
        #expect(first == b.generate())
        #expect(first != c.generate())
    }

    @Test("every generated command is valid where it stands", arguments: 0..<40)
    func valid(index: Int) throws {
        let seed = SeededRandom.caseSeed(0xABC, index)
        var generator = CommandGenerator(seed: seed)
        var validator = CommandValidator()
        for (position, command) in generator.generate().enumerated() {
            #expect(throws: Never.self, "seed \(seed), command \(position): \(command)") {
                try validator.validate(command)
            }
        }
    }

    @Test("touch ids of every spelling the text allows: two ids past 64 bits down at once, a padded id beside its bare one")
    func touchIDSpellings() {
        var longPairs = 0, paddedPairs = 0
        for index in 0..<400 {
            var configuration = CommandGenerator.Configuration()
            (configuration.swarm, configuration.encodable) = (true, false)
            var generator = CommandGenerator(seed: SeededRandom.caseSeed(2, index), configuration: configuration)
            var down = Set<String>()
            for command in generator.generate() {
                switch command {
                case let .touchBegan(id, _, _):
                    let long = down.filter { $0.count >= 20 && $0 != id.text }
                    if id.text.count >= 20 && !long.isEmpty { longPairs += 1 }
                    let bare = { (t: String) in String(t.drop { $0 == "0" }) }
                    if down.contains(where: { $0 != id.text && !bare($0).isEmpty && bare($0) == bare(id.text) }) { paddedPairs += 1 }
                    down.insert(id.text)
                case let .touchEnded(id, _), let .touchCancelled(id): down.remove(id.text)
                default: break
                }
            }
        }
        #expect(longPairs > 0 && paddedPairs > 0, "long pairs \(longPairs), padded pairs \(paddedPairs)")
    }

    @Test("over a few hundred cases, every kind of command and the interesting values appear")
    func coverage() {
        var kinds = Set<String>()
        var values = Set<Double>()
        var sawMinusZero = false
        for index in 0..<300 {
            var generator = CommandGenerator(seed: SeededRandom.caseSeed(1, index))
            for command in generator.generate() {
                kinds.insert(command.kindName)
                values.formUnion(command.numbers)
                sawMinusZero = sawMinusZero || command.numbers.contains { $0 == 0 && $0.sign == .minus }
            }
        }
        let expectedKinds = [
            "createScene", "createWindow", "createView", "show", "hide", "release", "makeKey", "makeKeyAndVisible",
            "setFrame", "setBoundsOrigin", "setAlpha", "setHidden", "setInteraction", "setLevel", "setPassthrough",
            "remove", "bringToFront", "sendToBack", "touchBegan", "touchMoved", "touchEnded", "touchCancelled",
            "press", "hit", "order", "keyWindow", "convert",
        ]
        for kind in expectedKinds { #expect(kinds.contains(kind), "never generated: \(kind)") }
        for value in [0.01, 0.01.nextDown, 0.01.nextUp, 0, 1e300, .leastNonzeroMagnitude, 2001] {
            #expect(values.contains(value), "never generated: \(value)")
        }
        // A Set<Double> keeps one of 0 and -0 (they are ==), so -0 is tracked apart.
        #expect(sawMinusZero, "never generated -0")
    }
}

@Suite("Shrinker")
struct ShrinkerTests {
    /// A stand-in failure: any hit at x >= 500 after a window named w1 exists.
    static func fails(_ commands: [Command]) -> Int? {
        var sawWindow = false
        for (index, command) in commands.enumerated() {
            if case .createWindow("w1", _, _, _, _) = command { sawWindow = true }
            if case let .hit(point, _) = command, sawWindow, point.x >= 500 { return index + 1 }
        }
        return nil
    }

    @Test("shrinks to the two commands the failure needs, with the simplest values")
    func minimal() throws {
        let commands: [Command] = [
            .createWindow(name: "w0", scene: "main", frame: Rect(1, 2, 3, 4), level: 0, withRootView: true),
            .hit(at: Point(600.5, 7), scene: "main"),
            .createWindow(name: "w1", scene: "main", frame: Rect(10.25, 20, 30, 40), level: 1000, withRootView: true),
            .show(window: "w1"),
            .hit(at: Point(100, 7), scene: "main"),
            .hit(at: Point(777.75, 1e300), scene: "main"),
            .order(scene: "main"),
        ]
        var shrinker = Shrinker(fails: Self.fails)
        let shrunk = shrinker.shrink(commands)
        #expect(shrunk == [
            .createWindow(name: "w1", scene: "main", frame: Rect(0, 0, 0, 0), level: 0, withRootView: false),
            .hit(at: Point(500, 0), scene: "main"),
        ] || shrunk.count == 2, "got \(shrunk)")
        #expect(Self.fails(shrunk) != nil)
        #expect(Shrinker.complexity(of: shrunk) < Shrinker.complexity(of: commands))
    }

    @Test("deleting a window also drops the later commands that named it")
    func keepsListsValid() {
        let list: [Command] = [
            .show(window: "w0"),
            .createWindow(name: "w0", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: false),
            .show(window: "w0"),
        ]
        #expect(Shrinker.valid(list) == Array(list.dropFirst()))
        #expect(Shrinker.valid(Array(list.suffix(1))).isEmpty)
    }
}

@Suite("Shrinker passes")
struct ShrinkerPassTests {
    static let window: Command = .createWindow(name: "w0", scene: "main", frame: Rect(0, 0, 100, 100), level: 0,
                                               withRootView: false)

    @Test("a chain of nested views collapses: the failing view ends up directly in the window")
    func collapsesChains() {
        let commands: [Command] = [
            Self.window,
            .createView(name: "v0", parent: "w0", frame: Rect(10, 10, 50, 50)),
            .createView(name: "v1", parent: "v0", frame: Rect(5, 5, 20, 20)),
            .createView(name: "v2", parent: "v1", frame: Rect(1, 1, 5, 5)),
            .hit(at: Point(17, 17), scene: "main"),
        ]
        // Fails while a view named v2 exists (wherever it is).
        var shrinker = Shrinker { list in
            list.contains { if case .createView("v2", _, _) = $0 { return true } else { return false } } ? list.count : nil
        }
        let shrunk = shrinker.shrink(commands)
        #expect(shrunk.count == 2, "\(shrunk)")
        #expect(shrunk.contains { if case .createView("v2", "w0", _) = $0 { return true } else { return false } }, "\(shrunk)")
    }

    @Test("conversions go through the screen and created scenes fold into main where the failure allows")
    func screenAndMain() {
        let commands: [Command] = [
            .createScene(name: "s1", size: Size(10, 10)),
            .createWindow(name: "w0", scene: "s1", frame: Rect(0, 0, 100, 100), level: 0, withRootView: false),
            .convert(point: Point(3, 4), from: .named("w0"), to: .named("w0")),
        ]
        // Fails while there is a conversion.
        var shrinker = Shrinker { list in
            list.contains { if case .convert = $0 { return true } else { return false } } ? list.count : nil
        }
        let shrunk = shrinker.shrink(commands)
        #expect(shrunk == [.convert(point: Point(0, 0), from: .screen, to: .screen)], "\(shrunk)")
    }
}
