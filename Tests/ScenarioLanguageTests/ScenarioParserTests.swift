import Testing
import WindowModel
@testable import ScenarioLanguage

/// Parses `text` and returns its commands, failing the test on an error.
func commands(_ text: String) throws -> [Command] {
    try ScenarioParser().parse(text, file: "test.wls").commands
}

/// Parses `text` and returns its statements, commands and expectations.
func statements(_ text: String) throws -> [Statement] {
    try ScenarioParser().parse(text, file: "test.wls").contents
}

@Suite("ScenarioParser: statements")
struct ScenarioParserTests {
    static let setup = """
        scene car size 800 480
        window w frame 0 0 100 100 root
        window x in car frame 1 2 3 4 level alert+1
        view v in w.root frame 5 6 7 8

        """

    @Test("setup statements, with and without their optional parts")
    func setupStatements() throws {
        let parsed = try commands("""
            scene s
            scene car size 800 480
            window a frame 0 0 100 100
            window b in car frame -1.5 2 3e2 0.25 level statusBar-2 root
            window c frame 0 0 1 1 root level 7
            window d\tframe 0 0 1 1 level -3.5   # a comment
            view v in b.root frame 1 2 3 4
            view w in v frame 0 0 0 0
            """)
        #expect(parsed == [
            .createScene(name: "s", size: Size(1000, 1000)),
            .createScene(name: "car", size: Size(800, 480)),
            .createWindow(name: "a", scene: "main", frame: Rect(0, 0, 100, 100), level: 0, withRootView: false),
            .createWindow(name: "b", scene: "car", frame: Rect(-1.5, 2, 300, 0.25), level: 998, withRootView: true),
            .createWindow(name: "c", scene: "main", frame: Rect(0, 0, 1, 1), level: 7, withRootView: true),
            .createWindow(name: "d", scene: "main", frame: Rect(0, 0, 1, 1), level: -3.5, withRootView: false),
            .createView(name: "v", parent: "b.root", frame: Rect(1, 2, 3, 4)),
            .createView(name: "w", parent: "v", frame: Rect(0, 0, 0, 0)),
        ])
    }

    @Test("W2: level names and offsets")
    func levels() throws {
        for (text, value) in [("normal", 0.0), ("statusBar", 1000), ("alert", 2000), ("alert+1", 2001),
                              ("alert-1", 1999), ("normal-5", -5), ("statusBar+0.5", 1000.5), ("12.5", 12.5)] {
            let parsed = try commands("window w frame 0 0 1 1 level \(text)")
            #expect(parsed == [.createWindow(name: "w", scene: "main", frame: Rect(0, 0, 1, 1),
                                             level: value, withRootView: false)], "level \(text)")
        }
    }

    @Test("change statements")
    func changes() throws {
        let parsed = try commands(Self.setup + """
            show w
            hide w
            makeKey w
            makeKeyAndVisible w
            set w frame 1 2 3 4
            set v origin 0 -10
            set v alpha 0.5
            set v hidden on
            set w hidden false
            set v interaction off
            set w interaction true
            set w level alert
            set w passthrough on
            front v
            back v
            remove v
            release w
            """)
        #expect(Array(parsed.dropFirst(4)) == [
            .show(window: "w"), .hide(window: "w"), .makeKey(window: "w"), .makeKeyAndVisible(window: "w"),
            .setFrame(target: "w", frame: Rect(1, 2, 3, 4)),
            .setBoundsOrigin(target: "v", origin: Point(0, -10)),
            .setAlpha(target: "v", alpha: 0.5),
            .setHidden(target: "v", hidden: true), .setHidden(target: "w", hidden: false),
            .setInteraction(target: "v", enabled: false), .setInteraction(target: "w", enabled: true),
            .setLevel(window: "w", level: 2000), .setPassthrough(window: "w", enabled: true),
            .bringToFront(view: "v"), .sendToBack(view: "v"), .remove(view: "v"), .release(window: "w"),
        ])
    }

    @Test("events, queries and expectations")
    func eventsAndQueries() throws {
        let parsed = try statements(Self.setup + """
            touch 1 began 10 20
            expect   touch 1 began ->\tw/w.root  at 10 20  # trailing comment
            touch f2 began 1 2 in car
            touch 1 moved 3 4
            touch 1 ended 5 6
            touch f2 cancelled
            press return
            press k in car
            hit 1 2
            hit 1 2 in car
            order
            order car
            keyWindow
            keyWindow car
            convert 1 2 from screen to v
            convert 1 2 from w to screen
            expect nothing
            """)
        let touch: [Command] = [.touchBegan(id: TouchID(1), at: Point(10, 20), scene: "main")]
        let rest: [Command] = [
            .touchBegan(id: TouchID("f2"), at: Point(1, 2), scene: "car"),
            .touchMoved(id: TouchID(1), to: Point(3, 4)), .touchEnded(id: TouchID(1), at: Point(5, 6)),
            .touchCancelled(id: TouchID("f2")),
            .press(key: "return", scene: "main"), .press(key: "k", scene: "car"),
            .hit(at: Point(1, 2), scene: "main"), .hit(at: Point(1, 2), scene: "car"),
            .order(scene: "main"), .order(scene: "car"), .keyWindow(scene: "main"), .keyWindow(scene: "car"),
            .convert(point: Point(1, 2), from: .screen, to: .named("v")),
            .convert(point: Point(1, 2), from: .named("w"), to: .screen),
        ]
        #expect(Array(parsed.dropFirst(4)) == touch.map(Statement.command)
            + [.expectation(.observation("touch 1 began -> w/w.root at 10 20"))]
            + rest.map(Statement.command) + [.expectation(.nothing)])
    }

    @Test("names may equal keywords; comments, blank lines, CRLF and a BOM are ignored")
    func lexicalDetails() throws {
        let scenario = try ScenarioParser().parse(
            "\u{FEFF}# header\r\n\r\n  window in frame 0 0 1 1 root\r\n\tview frame in in.root frame 0 0 1 1\n  show in\n")
        #expect(scenario.commands == [
            .createWindow(name: "in", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: true),
            .createView(name: "frame", parent: "in.root", frame: Rect(0, 0, 1, 1)),
            .show(window: "in"),
        ])
        #expect(scenario.statements.map(\.line) == [3, 4, 5])
        #expect(scenario.statements.map(\.column) == [3, 2, 3])
        #expect(scenario.statements[2].tokenColumns == [3, 8])
    }

    @Test("G1: numbers keep their bits: -0, subnormals, exponents")
    func numbers() throws {
        let parsed = try commands("hit -0 5e-324\nhit 1e+300 .5\nhit 0.1 -3.5E2")
        #expect(parsed.count == 3)
        guard case let .hit(p, _) = parsed[0], case let .hit(q, _) = parsed[1], case let .hit(r, _) = parsed[2] else {
            Issue.record("not hits: \(parsed)")
            return
        }
        #expect(p.x.bitPattern == (-0.0).bitPattern)
        #expect(p.y == .leastNonzeroMagnitude)
        #expect(q == Point(1e300, 0.5))
        #expect(r == Point(0.1, -350))
    }
}
