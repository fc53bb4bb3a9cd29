import Testing
import WindowModel
@testable import ScenarioLanguage

@Suite("ScenarioParser: transforms, moves and touch options")
struct DeeperStatementTests {
    static let setup = """
        scene s
        window w frame 0 0 100 100 root
        view v in w.root frame 5 6 7 8

        """

    /// The error a statement after the setup gives, or "parsed".
    func problem(_ line: String) -> String {
        do {
            _ = try commands(Self.setup + line)
            return "parsed"
        } catch {
            return "\(error)"
        }
    }

    @Test("A1: transform, identity, scale, translate and rotate all read to six numbers")
    func transformForms() throws {
        let parsed = try commands(Self.setup + """
            set v transform 1 2 3 4 5 6
            set v transform identity
            set w scale 0.5 2
            set w translate -3 4
            set v rotate 90
            set v rotate -90
            set v rotate 540
            set v rotate 0
            set v rotate 30
            """).dropFirst(3)
        #expect(Array(parsed) == [
            .setTransform(target: "v", transform: ViewTransform(1, 2, 3, 4, 5, 6)),
            .setTransform(target: "v", transform: .identity),
            .setTransform(target: "w", transform: ViewTransform(0.5, 0, 0, 2, 0, 0)),
            .setTransform(target: "w", transform: ViewTransform(1, 0, 0, 1, -3, 4)),
            .setTransform(target: "v", transform: ViewTransform(0, 1, -1, 0, 0, 0)),
            .setTransform(target: "v", transform: ViewTransform(0, -1, 1, 0, 0, 0)),
            .setTransform(target: "v", transform: ViewTransform(-1, 0, 0, -1, 0, 0)),
            .setTransform(target: "v", transform: .identity),
            .setTransform(target: "v", transform: ViewTransform(0.8660254037844387, 0.49999999999999994,
                                                                -0.49999999999999994, 0.8660254037844387, 0, 0)),
        ])
    }

    @Test("A1: every form prints as the six numbers, and the print parses back to the same command")
    func transformPrintsAsNumbers() throws {
        let parsed = try commands(Self.setup + "set v rotate 30\nset w scale 2 -0")
        let printed = ScenarioPrinter.print(parsed)
        #expect(printed.contains("set v transform 0.8660254037844387 0.49999999999999994 -0.49999999999999994 0.8660254037844387 0 0"))
        #expect(printed.contains("set w transform 2 0 0 -0 0 0"))
        #expect(try commands(printed) == parsed)
    }

    @Test("T7, T8, M1: exclusiveTouch, multipleTouch and move read and print back")
    func optionsAndMoves() throws {
        let text = Self.setup + "set v exclusiveTouch on\nset w multipleTouch off\nmove w to s\nmove w to main"
        let parsed = try commands(text)
        #expect(Array(parsed.dropFirst(3)) == [
            .setExclusiveTouch(target: "v", enabled: true), .setMultipleTouch(target: "w", enabled: false),
            .moveWindow(window: "w", scene: "s"), .moveWindow(window: "w", scene: "main"),
        ])
        #expect(try commands(ScenarioPrinter.print(parsed)) == parsed)
    }

    @Test("A1, M1: a bad transform or move is an error that says where and why")
    func errors() {
        #expect(problem("set v transform 1 2 3").contains("test.wls:4:"))
        #expect(problem("set v transform 1 2 3 4 5 nan").contains("finite number"))
        #expect(problem("set v rotate").contains("angle"))
        #expect(problem("move v to s").contains("'v' is a view, not a window"))
        #expect(problem("move w to nowhere").contains("nowhere"))
        #expect(problem("move w into s").contains("expected 'to'"))
        #expect(problem("set v spin 3").contains("unknown property"))
    }

    @Test("D1, D2, D3: screen, place and disconnect read, print back, and go over the wire in full")
    func screens() throws {
        let text = Self.setup + "screen tv size 1920 1080\nscreen pad\nplace s on tv\nplace main on pad\ndisconnect tv"
        let parsed = try commands(text)
        #expect(Array(parsed.dropFirst(3)) == [
            .connectScreen(name: "tv", size: Size(1920, 1080)), .connectScreen(name: "pad", size: defaultScreenSize),
            .placeScene(scene: "s", screen: "tv"), .placeScene(scene: "main", screen: "pad"),
            .disconnectScreen(name: "tv"),
        ])
        let printed = ScenarioPrinter.print(parsed)
        #expect(printed.contains("screen pad\n") && printed.contains("screen tv size 1920 1080\n"))
        #expect(try commands(printed) == parsed)
        #expect(ScenarioPrinter.wireLine(.connectScreen(name: "pad", size: defaultScreenSize)) == "screen pad size 1000 1000")
    }

    @Test("D1, D3: a bad screen statement is an error that says where and why")
    func screenErrors() {
        #expect(problem("screen tv size 10 -1").contains("test.wls:4:"))
        #expect(problem("screen tv size 10 -1").contains("cannot be negative"))
        #expect(problem("screen tv\nscreen tv").contains("already connected"))
        #expect(problem("disconnect main").contains("main screen cannot be disconnected"))
        #expect(problem("disconnect tv").contains("no connected screen 'tv'"))
        #expect(problem("place s on tv").contains("no connected screen 'tv'"))
        #expect(problem("place nowhere on main").contains("unknown scene 'nowhere'"))
        #expect(problem("place s at main").contains("expected 'on'"))
        #expect(problem("screen tv\ndisconnect tv\ndisconnect tv").contains("test.wls:6:"))
    }
}
