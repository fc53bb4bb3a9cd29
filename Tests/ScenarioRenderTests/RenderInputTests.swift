import Foundation
import ScenarioLanguage
import ScenarioRender
import Testing
import WindowLabTestSupport
import WindowModel

enum ScenarioParserShim {
    static func parse(_ text: String) throws -> Scenario { try ScenarioParser().parse(text, file: "test.wls") }
}

/// Steps, scenes, bad input, determinism and extreme coordinates.
@Suite("Render input")
struct RenderInputTests {
    static let text = """
        # a comment
        window a frame 0 0 100 100 root
        show a
        expect notify a didBecomeVisible

        hit 10 10
        expect hit -> a/a.root at 10 10
        """

    @Test("steps count statements without expect lines; the title gives the file's line")
    func stepCounting() throws {
        let scenario = try ScenarioParserShim.parse(Self.text)
        #expect(ScenarioRenderer.stepCount(scenario) == 3)
        let svg = try SVG.render(Self.text, step: 3)
        #expect(SVG.texts(svg, kind: "title").first == "test.wls · step 3 of 3 (line 6): hit 10 10")
        let second = try SVG.render(Self.text, step: 2)
        #expect(SVG.texts(second, kind: "title").first == "test.wls · step 2 of 3 (line 3): show a")
        #expect(try SVG.render(Self.text) == svg)
    }

    @Test("state is the state after the step: a window shown at step 2 is hidden at step 1")
    func stateAfterStep() throws {
        let before = try SVG.render(Self.text, step: 1)
        let after = try SVG.render(Self.text, step: 2)
        #expect(SVG.classes(try #require(SVG.windowRect(before, "a"))).contains("hidden"))
        #expect(!SVG.classes(try #require(SVG.windowRect(after, "a"))).contains("hidden"))
    }

    @Test("step 0, a negative step and a step past the end are errors that say the range")
    func stepOutOfRange() throws {
        for step in [0, -1, 4] {
            #expect {
                try SVG.render(Self.text, step: step)
            } throws: { error in
                (error as? RenderError)?.reason == "step \(step) is out of range: test.wls has steps 1 to 3"
            }
        }
    }

    @Test("an unknown scene, or one not yet created at the step, is an error listing the scenes")
    func unknownScene() throws {
        #expect {
            try SVG.render(Self.text, scene: "nope")
        } throws: { error in
            (error as? RenderError)?.reason == "unknown scene 'nope' after step 3; scenes: main"
        }
        let text = "window a frame 0 0 1 1\nscene car\n"
        #expect(throws: RenderError.self) { try SVG.render(text, step: 1, scene: "car") }
        #expect(SVG.windowRects(try SVG.render(text, step: 2, scene: "car")).isEmpty)
    }

    @Test("the default scene is the one the statement acts on")
    func defaultScene() throws {
        let text = "scene car size 800 480\nwindow d in car frame 0 0 800 480\nshow d\ntouch 1 began 5 5 in car\n"
        let svg = try SVG.render(text)
        #expect(SVG.texts(svg, kind: "subtitle").first?.contains("scene car · 800 x 480") == true)
        #expect(SVG.windowRect(svg, "d") != nil)
        #expect(SVG.texts(svg, kind: "point-label") == ["touch 1 began -> d/d at 5 5"])
        let main = try SVG.render(text, scene: "main")
        #expect(SVG.elements(main, "g", containing: ["class=\"point\""]).isEmpty)
    }

    @Test("an empty scenario renders the initial state; any step is out of range")
    func emptyScenario() throws {
        let svg = try SVG.render("# nothing\n")
        #expect(SVG.texts(svg, kind: "title").first == "test.wls · step 0 of 0: (initial state)")
        #expect(throws: RenderError.self) { try SVG.render("# nothing\n", step: 1) }
    }

    @Test("rendering is deterministic: same input, same bytes, for every example")
    func deterministic() throws {
        let files = Repository.files(in: "Examples", endingWith: ".wls")
        #expect(files.count >= 5)
        for file in files {
            let scenario = try ScenarioParser().parseFile(atPath: Repository.path("Examples/" + file))
            let first = try ScenarioRenderer.render(scenario: scenario)
            let second = try ScenarioRenderer.render(scenario: scenario)
            #expect(first == second, "\(file) renders differently twice")
            #expect(first.hasPrefix("<?xml") && first.hasSuffix("</svg>\n"))
        }
    }

    @Test("huge and tiny coordinates give finite numbers only, off-scale and tiny windows marked")
    func extremeCoordinates() throws {
        let text = """
            window big frame -1e300 0 1e300 1e300 root
            window far frame 1e300 1e300 1e308 1e308
            window speck frame 500 500 1e-300 1e-300
            window zero frame 600 600 0 0
            view big.deep in big.root frame 1e308 -1e308 1e308 1e308
            show big
            show far
            show speck
            show zero
            touch 1 began -1e300 1e300
            """
        let svg = try SVG.render(text, wholeScene: true)
        #expect(!svg.lowercased().contains("nan"))
        #expect(!svg.lowercased().contains("inf"))
        let numbers = SVG.numbers(svg)
        #expect(numbers.count > 40)
        for number in numbers { #expect(Double(number)?.isFinite == true, "not a finite number: \(number)") }
        #expect(SVG.classes(try #require(SVG.windowRect(svg, "big"))).contains("off-scale"))
        #expect(SVG.classes(try #require(SVG.windowRect(svg, "far"))).contains("off-scale"))
        #expect(SVG.classes(try #require(SVG.windowRect(svg, "speck"))).contains("tiny"))
        #expect(SVG.classes(try #require(SVG.windowRect(svg, "zero"))).contains("tiny"))
        #expect(!SVG.classes(try #require(SVG.windowRect(svg, "speck"))).contains("off-scale"))
        #expect(SVG.elements(svg, "polygon", containing: ["class=\"off-scale\""]).count >= 2)
        #expect(SVG.texts(svg, kind: "point-label").contains("(point off-scale)"))
        // Every window stays inside the drawing area.
        for rect in SVG.windowRects(svg) {
            let value = { (key: String) in Double(rect.components(separatedBy: " \(key)=\"")[1].prefix { $0 != "\"" })! }
            #expect(value("x") >= 0 && value("x") + value("width") <= 760)
            #expect(value("width") >= 4 && value("height") >= 4)
        }
    }

    @Test("a tiny scene is scaled up: its window fills a visible part of the drawing")
    func tinyScene() throws {
        let svg = try SVG.render("scene s size 0.001 0.001\nwindow t in s frame 0.0001 0.0001 0.0005 0.0005\nshow t\n")
        let rect = try #require(SVG.windowRect(svg, "t"))
        let width = Double(rect.components(separatedBy: " width=\"")[1].prefix { $0 != "\"" })!
        #expect(width > 200)
        #expect(!SVG.classes(rect).contains("tiny"))
    }

    @Test("text is escaped: a file name with markup characters cannot break the SVG")
    func escaping() throws {
        let scenario = try ScenarioParser().parse("window a frame 0 0 10 10\n", file: "a<&>\"b.wls")
        let svg = try ScenarioRenderer.render(scenario: scenario)
        #expect(svg.contains("a&lt;&amp;&gt;&quot;b.wls"))
        #expect(!svg.contains("a<&>"))
    }

    @Test("a line number finds its step; expect lines and blank lines have none")
    func lines() throws {
        let scenario = try ScenarioParserShim.parse(Self.text)
        #expect(ScenarioRenderer.step(atLine: 6, in: scenario) == 3)
        #expect(ScenarioRenderer.step(atLine: 2, in: scenario) == 1)
        #expect(ScenarioRenderer.step(atLine: 4, in: scenario) == nil)
        #expect(ScenarioRenderer.step(atLine: 5, in: scenario) == nil)
    }
}
