import ScenarioLanguage
import ScenarioRender
import WindowModel

/// One scenario as a step-by-step viewer: a slider over its statements; for each
/// step the picture, the statement, and every engine's observations side by side.
struct StepViewer {
    /// Steps beyond this many are not drawn (the page says so).
    static let maxSteps = 60

    let item: ReportInput.Item
    let engines: [EngineFactory]
    let index: Int
    /// When to step through the first engine alone (see ``ReportPage/deadline``).
    var deadline: ContinuousClock.Instant?

    /// The viewer's HTML: a `section.viewer` with `data-steps`, a range input and one
    /// `div.step` per step (`data-step`, 1-based); the page's script shows one.
    func html() -> String {
        let scenario = item.scenario
        let steps = min(ScenarioRenderer.stepCount(scenario), Self.maxSteps)
        var late: Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }
        // Past the deadline, the rest is stepped through the first engine alone.
        var stepped = late ? Array(engines.prefix(1)) : engines
        let answers = stepped.map { observations(of: $0) }
        let firstDifference = (0..<steps).first { step in
            Set(answers.map { $0.indices.contains(step) ? $0[step] : [] }).count > 1
        }
        var drawn: [String] = []
        for step in 0..<steps {
            if stepped.count > 1 && late { stepped = Array(engines.prefix(1)) }
            drawn.append(stepHTML(step, answers: Array(answers.prefix(stepped.count)), engines: stepped))
        }
        let start = firstDifference.map { $0 + 1 } ?? steps
        var html = "<section class=\"viewer\" id=\"viewer-\(index)\" data-steps=\"\(steps)\" data-start=\"\(start)\">\n"
        html += "<h3>\(HTML.escape(item.group))</h3>\n"
        html += "<p class=\"meta\">\(HTML.escape(scenario.file)) · \(steps) step(s)"
        if let firstDifference { html += " · the engines first differ at step \(firstDifference + 1)" }
        if ScenarioRenderer.stepCount(scenario) > steps { html += " · only the first \(steps) steps are drawn" }
        if stepped.count < engines.count {
            html += " · stepped through \(engines.first?.name ?? "the first engine") alone from some step on, to keep "
                + "the check's time (`windowlab report` draws every engine)"
        }
        html += "</p>\n"
        if !item.header.isEmpty {
            html += "<pre class=\"header\">\(HTML.escape(item.header.joined(separator: "\n")))</pre>\n"
        }
        html += "<label>step <input type=\"range\" class=\"slider\" min=\"1\" max=\"\(max(steps, 1))\" value=\"\(start)\">"
        html += " <output class=\"shown\">\(start)</output> of \(steps)</label>\n"
        html += drawn.joined()
        html += "<details><summary>the scenario</summary><pre>"
        html += HTML.escape(ScenarioPrinter.print(scenario.contents)) + "</pre></details>\n</section>\n"
        return html
    }

    private func stepHTML(_ step: Int, answers: [[[String]]], engines: [EngineFactory]) -> String {
        let statement = scenario.statements[scenario.commandIndices[step]]
        var html = "<div class=\"step\" data-step=\"\(step + 1)\">\n"
        html += "<p class=\"statement\">line \(statement.line): <code>\(HTML.escape(ScenarioPrinter.line(statement.content)))</code></p>\n"
        html += "<table class=\"answers\"><tr>"
        for engine in engines { html += "<th>\(HTML.escape(engine.name))</th>" }
        html += "</tr><tr>"
        let baseline = answers.first.map { $0.indices.contains(step) ? $0[step] : [] } ?? []
        for lines in answers {
            let here = lines.indices.contains(step) ? lines[step] : []
            let differs = here != baseline ? " class=\"differs\"" : ""
            html += "<td\(differs)>" + (here.isEmpty ? "<i>nothing</i>" : here.map(HTML.escape).joined(separator: "<br>"))
                + "</td>"
        }
        html += "</tr></table>\n"
        let svg = (try? ScenarioRenderer.render(scenario: scenario, step: step + 1, engines: engines)) ?? ""
        html += "<div class=\"picture\">" + HTML.stripXMLDeclaration(svg) + "</div>\n</div>\n"
        return html
    }

    private var scenario: Scenario { item.scenario }

    /// Each step's observations on one engine, run alone (so every step has them,
    /// even after the engines first differ); statements the engine lacks features
    /// for make none.
    private func observations(of engine: EngineFactory) -> [[String]] {
        let system = engine.make()
        var filter = FeatureFilter(engines: [engine])
        return scenario.commands.prefix(Self.maxSteps).map { original in
            guard let command = filter.admit(original) else { return [] }
            return system.apply(command).map(\.description)
        }
    }
}

enum HTML {
    static func escape<S: StringProtocol>(_ text: S) -> String { SVGWriter.escape(String(text)) }

    /// An SVG document as an element to inline in HTML.
    static func stripXMLDeclaration(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") else { return svg }
        return String(svg[end.upperBound...])
    }
}
