import Testing
import WindowModel
@testable import ScenarioLanguage

/// Every `Command` case, with edge numbers and names, as one valid list.
let everyCommand: [Command] = [
    .createScene(name: "car", size: Size(800, 480)),
    .createScene(name: "pad", size: Size(1000, 1000)),
    .createScene(name: "odd", size: Size(-0.0, Double.leastNonzeroMagnitude)),
    .createWindow(name: "app", scene: "main", frame: Rect(0, 0, 1000, 1000), level: 0, withRootView: true),
    .createWindow(name: "a.b-c_d", scene: "car", frame: Rect(-0.0, 0.1, 1e+300, Double.leastNonzeroMagnitude), level: 2001, withRootView: false),
    .createWindow(name: "z", scene: "pad", frame: Rect(1.5, -2.25, 3, 4), level: -0.0, withRootView: true),
    .createWindow(name: "s", scene: "main", frame: Rect(0, 0, 1, 1), level: 999, withRootView: false),
    .createWindow(name: "t", scene: "main", frame: Rect(0, 0, 1, 1), level: 1e300, withRootView: false),
    .createWindow(name: "u", scene: "main", frame: Rect(0, 0, 1, 1), level: 2000.5, withRootView: false),
    .createWindow(name: "_w", scene: "main", frame: Rect(0, 0, 1, 1), level: -1e-300, withRootView: false),
    .createView(name: "v", parent: "app.root", frame: Rect(1, 2, 3, 4)),
    .createView(name: "v.inner", parent: "v", frame: Rect(0.30000000000000004, 0, 0, 0)),
    .show(window: "app"), .hide(window: "app"), .makeKey(window: "z"), .makeKeyAndVisible(window: "app"),
    .setFrame(target: "v", frame: Rect(-1, -2, 0, 0)),
    .setBoundsOrigin(target: "app", origin: Point(-0.0, 123456789.123)),
    .setAlpha(target: "v", alpha: 2), .setAlpha(target: "v.inner", alpha: -0.0),
    .setHidden(target: "v", hidden: true), .setHidden(target: "app", hidden: false),
    .setInteraction(target: "v", enabled: false), .setInteraction(target: "v", enabled: true),
    .setLevel(window: "z", level: 0), .setLevel(window: "z", level: -0.0), .setLevel(window: "z", level: 1000),
    .setLevel(window: "z", level: 1001), .setLevel(window: "z", level: 1899), .setLevel(window: "z", level: -7),
    .setPassthrough(window: "app", enabled: true), .setPassthrough(window: "app", enabled: false),
    .bringToFront(view: "v"), .sendToBack(view: "v"),
    .touchBegan(id: TouchID(1), at: Point(10, 20), scene: "main"),
    .touchBegan(id: TouchID("007"), at: Point(-0.0, 1e-7), scene: "car"),
    .touchBegan(id: TouchID("f.2-x"), at: Point(1, 1), scene: "main"),
    .touchMoved(id: TouchID(1), to: Point(1e16, -1e-16)),
    .touchEnded(id: TouchID(1), at: Point(0.1, 0.2)),
    .touchCancelled(id: TouchID("007")),
    .press(key: "return", scene: "main"), .press(key: "42", scene: "car"), .press(key: "F-1", scene: "pad"),
    .hit(at: Point(5, 5), scene: "main"), .hit(at: Point(5, 5), scene: "odd"),
    .order(scene: "main"), .order(scene: "car"), .keyWindow(scene: "main"), .keyWindow(scene: "pad"),
    .convert(point: Point(1, 2), from: .screen, to: .named("v.inner")),
    .convert(point: Point(1, 2), from: .named("app"), to: .screen),
    .remove(view: "v"),
    .release(window: "app"),
]

/// ``everyCommand`` with both kinds of expectation after some of its commands: one
/// valid list of statements.
let everyStatement: [Statement] = everyCommand.flatMap { command -> [Statement] in
    let after: [Command: [WindowModel.Expectation]] = [
        .makeKeyAndVisible(window: "app"): [.observation("notify app didBecomeVisible"),
                                            .observation("notify app didBecomeKey")],
        .touchBegan(id: TouchID(1), at: Point(10, 20), scene: "main"): [.nothing],
        .convert(point: Point(1, 2), from: .named("app"), to: .screen): [.observation("convert -> 1 2")],
        .release(window: "app"): [.observation("notify app didBecomeHidden")],
    ]
    return [.command(command)] + (after[command] ?? []).map(Statement.expectation)
}

/// Bitwise equality of the numbers inside two statement lists (== treats -0 as 0).
func numbersBitwiseEqual(_ a: [Statement], _ b: [Statement]) -> Bool {
    ScenarioPrinter.print(a) == ScenarioPrinter.print(b) && a.count == b.count
        && zip(a, b).allSatisfy { "\($0)" == "\($1)" }
}

@Suite("ScenarioPrinter")
struct ScenarioPrinterTests {
    @Test("every command case prints and parses back to the same list, bit for bit")
    func roundTripEveryCase() throws {
        var validator = CommandValidator()
        for statement in everyStatement { try validator.validate(statement) }  // the list is valid
        let text = ScenarioPrinter.print(everyStatement)
        let parsed = try statements(text)
        #expect(parsed == everyStatement)
        #expect(numbersBitwiseEqual(parsed, everyStatement), "\(text)")
        #expect(ScenarioPrinter.print(parsed) == text)
    }

    @Test("canonical text leaves out defaults and names levels")
    func canonicalText() {
        let lines = everyStatement.map(ScenarioPrinter.line)
        #expect(lines.contains("scene pad"))
        #expect(lines.contains("scene odd size -0 5e-324"))
        #expect(lines.contains("window app frame 0 0 1000 1000 root"))
        #expect(lines.contains("window a.b-c_d in car frame -0 0.1 1e+300 5e-324 level alert+1"))
        #expect(lines.contains("window z in pad frame 1.5 -2.25 3 4 level -0 root"))
        #expect(lines.contains("window s frame 0 0 1 1 level statusBar-1"))
        #expect(lines.contains("window u frame 0 0 1 1 level 2000.5"))
        #expect(lines.contains("set z level normal"))
        #expect(lines.contains("set z level -0"))
        #expect(lines.contains("set z level statusBar+1"))
        #expect(lines.contains("set z level 1899"))
        #expect(lines.contains("set z level normal-7"))
        #expect(lines.contains("touch 1 began 10 20"))
        #expect(lines.contains("touch 007 began -0 1e-07 in car"))
        #expect(lines.contains("order"))
        #expect(lines.contains("keyWindow pad"))
        #expect(lines.contains("convert 1 2 from screen to v.inner"))
        #expect(lines.contains("expect nothing"))
        #expect(lines.contains("front v") && lines.contains("back v"))
    }

    @Test("W2: level text round-trips for many values")
    func levelTextRoundTrip() {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, 999, 1000, 1001, 1100, 1101, 1999, 2000, 2001, 2100, 2101,
                                -100, -101, 1e300, -1e300, Double.leastNonzeroMagnitude, 1000.0000000000001, 0.1 + 0.2]
        for value in values {
            let text = LevelText.format(value)
            let back = LevelText.parse(text)
            #expect(back?.bitPattern == value.bitPattern, "\(value) -> \(text) -> \(String(describing: back))")
        }
    }

    @Test("parse(print(x)) == x on a generated family of valid lists")
    func roundTripGenerated() throws {
        // Each prefix of the big list that is valid on its own round-trips too.
        for length in stride(from: 1, through: everyStatement.count, by: 5) {
            let prefix = Array(everyStatement.prefix(length))
            #expect(try statements(ScenarioPrinter.print(prefix)) == prefix)
        }
    }

    @Test("the validator rejects expectation texts no scenario text can spell")
    func unprintableExpectations() {
        for text in ["nothing", " a", "a ", "a  b", "a\tb", "a\u{7}b"] {
            var validator = CommandValidator()
            try? validator.validate(.order(scene: "main"))
            #expect(throws: CommandError.self, "\(text.debugDescription)") { try validator.validate(WindowModel.Expectation.observation(text)) }
        }
    }
}
