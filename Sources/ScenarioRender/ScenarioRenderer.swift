import ReferenceModel
import ScenarioLanguage
import WindowModel

/// Why a scenario cannot be rendered: a step out of range or an unknown scene.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One sentence, lower case, no final period.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// SVG pictures of a scenario at one step: the `windowlab render` command and the
/// pictures `windowlab check` saves beside each divergence.
///
/// Steps count the scenario's statements in file order, **`expect` lines
/// excluded**, from 1: step N is the state after the N-th non-`expect` statement,
/// and the picture marks that statement's own events (its touch or hit point and
/// what each engine answered).
///
/// The layout (windows, views, order, flags) always comes from the reference
/// model; the engines given only supply the answers at the step. The output is
/// deterministic: the same scenario, step, scene and engines give the same bytes.
///
/// ```swift
/// let scenario = try ScenarioParser().parseFile(atPath: "Examples/passthrough-hud.wls")
/// let svg = try ScenarioRenderer.render(scenario: scenario, step: 9, scene: nil, engines: [reference])
/// ```
public enum ScenarioRenderer {
    /// The reference model as an engine: the default when no engines are given,
    /// and a base for test doubles in modules that do not import ReferenceModel.
    public static let referenceEngine = EngineFactory(name: "reference") { ReferenceWindowSystem() }

    /// The number of steps of `scenario` (its statements other than `expect` lines).
    public static func stepCount(_ scenario: Scenario) -> Int {
        scenario.commandIndices.count
    }

    /// The step of the statement written on line `line` (1-based), or nil when no
    /// statement other than an `expect` line starts there.
    public static func step(atLine line: Int, in scenario: Scenario) -> Int? {
        let indices = scenario.commandIndices
        return indices.firstIndex { scenario.statements[$0].line == line }.map { $0 + 1 }
    }

    /// Renders `scenario` after step `step` as an SVG document.
    ///
    /// - Parameters:
    ///   - step: 1-based, `expect` lines not counted. When nil: with more than one
    ///     engine, the first step where the engines' observations or states differ,
    ///     else the last step; with one engine, the last step. A scenario with no
    ///     statements renders its initial state.
    ///   - scene: the scene to draw; when nil, the scene the step's statement acts on
    ///     (the scene of its window, view, touch or `in SCENE`), else `main`.
    ///   - engines: the engines whose answers are shown; the first is the baseline.
    ///     Empty means the reference model alone.
    ///   - wholeScene: never zoom (by default a step whose touch, hit or conversion
    ///     involves a small part of the scene is drawn zoomed to it, with the whole
    ///     scene as an inset).
    ///   - exploded: draw every window as one exploded stack, each one behind the
    ///     front one shifted further down and right, as a view debugger's 3D view
    ///     does (windows with the same frame are always drawn so).
    /// - Throws: ``RenderError`` when `step` is out of range or `scene` does not
    ///   exist after the step.
    public static func render(scenario: Scenario, step: Int? = nil, scene: String? = nil,
                              engines: [EngineFactory] = [], exploded: Bool = false,
                              wholeScene: Bool = false) throws(RenderError) -> String {
        let factories = engines.isEmpty ? [referenceEngine] : engines
        var run = try StepRun.run(scenario, step: step, engines: factories)
        let name = scene ?? (run.scenes.contains(run.actedScene) ? run.actedScene : mainSceneName)
        guard let layout = run.reference.sceneLayout(name) else {
            throw RenderError("unknown scene '\(name)' after step \(run.step); scenes: "
                + run.scenes.joined(separator: ", "))
        }
        run.takeSnapshots(of: name)
        var drawing = SceneSVG(run: run, layout: layout, file: scenario.file, exploded: exploded, wholeScene: wholeScene)
        return drawing.document()
    }

    /// The step `render` picks when given no step (see ``render(scenario:step:scene:engines:)``).
    public static func defaultStep(scenario: Scenario, engines: [EngineFactory]) -> Int {
        (try? StepRun.run(scenario, step: nil, engines: engines.isEmpty ? [referenceEngine] : engines).step) ?? 0
    }
}
