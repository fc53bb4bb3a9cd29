import ScenarioRender
import Testing
import WindowLabTestSupport
import WindowModel

/// `--engine all`: each engine's answer in its own colour, with a legend, only
/// when they differ.
@Suite("Render engines")
struct RenderEnginesTests {
    static let text = """
        window app frame 0 0 400 400 root
        view app.ok in app.root frame 10 10 100 50
        show app
        hit 20 20
        expect hit -> app/app.ok at 10 10
        order
        """
    static let agreeing = [ScenarioRenderer.referenceEngine,
                           EngineFactory(name: "second") { ScenarioRenderer.referenceEngine.make() }]
    static let disagreeing = [ScenarioRenderer.referenceEngine, TestEngines.blindHits]

    @Test("engines that agree: no legend, one answer, one target")
    func agree() throws {
        let svg = try SVG.render(Self.text, step: 4, engines: Self.agreeing)
        #expect(SVG.texts(svg, kind: "legend").isEmpty)
        #expect(SVG.texts(svg, kind: "legend-title").isEmpty)
        #expect(SVG.texts(svg, kind: "heading").first?.contains("all engines (reference, second) agree") == true)
        #expect(SVG.texts(svg, kind: "point-label") == ["hit -> app/app.ok at 10 10"])
        #expect(SVG.elements(svg, "rect", containing: ["class=\"target\""]).count == 1)
    }

    @Test("engines that disagree: a legend naming each, each answer in its own colour at the point")
    func disagree() throws {
        let svg = try SVG.render(Self.text, step: 4, engines: Self.disagreeing)
        #expect(SVG.texts(svg, kind: "legend-title").count == 1)
        let legend = SVG.elements(svg, "text", containing: ["class=\"legend\""])
        #expect(legend.count == 2)
        #expect(legend[0].contains("data-engine=\"reference\""))
        #expect(legend[1].contains("data-engine=\"blind\""))
        let labels = SVG.elements(svg, "text", containing: ["class=\"point-label\""])
        #expect(labels.count == 2)
        #expect(labels[0].contains("reference: hit -&gt; app/app.ok at 10 10"))
        #expect(labels[1].contains("blind: hit -&gt; none"))
        let colour = { (line: String) in line.components(separatedBy: "fill=\"")[1].prefix(7) }
        #expect(colour(labels[0]) != colour(labels[1]))
        #expect(SVG.elements(svg, "circle", containing: ["class=\"point-ring\""]).count == 2)
        let targets = SVG.elements(svg, "rect", containing: ["class=\"target\""])
        #expect(targets.count == 1)
        #expect(targets.first?.contains("data-engine=\"reference\"") == true)
    }

    @Test("steps where even disagreeing engines agree show no legend")
    func disagreeingEnginesAgreeElsewhere() throws {
        let svg = try SVG.render(Self.text, step: 3, engines: Self.disagreeing)
        #expect(SVG.texts(svg, kind: "legend").isEmpty)
    }

    @Test("without a step, several engines render the first step where they differ")
    func defaultStepIsTheDivergence() throws {
        let svg = try SVG.render(Self.text, engines: Self.disagreeing)
        #expect(SVG.texts(svg, kind: "title").first?.contains("step 4 of 5 (line 4): hit 20 20") == true)
        let scenario = try ScenarioParserShim.parse(Self.text)
        #expect(ScenarioRenderer.defaultStep(scenario: scenario, engines: Self.disagreeing) == 4)
        #expect(ScenarioRenderer.defaultStep(scenario: scenario, engines: Self.agreeing) == 5)
        let agreed = try SVG.render(Self.text, engines: Self.agreeing)
        #expect(SVG.texts(svg, kind: "title").first != SVG.texts(agreed, kind: "title").first)
        #expect(SVG.texts(agreed, kind: "title").first?.contains("step 5 of 5 (line 6): order") == true)
    }
}
