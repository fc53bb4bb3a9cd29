import ArgumentParser
import DifferentialHarness
import Foundation
import ProcessSupport
import ScenarioLanguage
import ScenarioRender
import WindowModel

/// `windowlab render FILE [--step N] [--scene NAME] [--engine NAME] -o OUT.svg`:
/// an SVG picture of a scenario after one step.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scenario's scene after one step as an SVG picture.",
        discussion: """
            The picture shows every window of the scene back to front (hidden ones \
            dashed, interaction-off ones hatched, pass-through ones dotted, the key \
            window outlined in gold) with its number, name and level, the views inside \
            the windows, and, for a touch or hit statement, the point with the view it \
            reached. A list beside the drawing names every window front to back.

            Also: windows with the same frame are drawn as an exploded stack (each one \
            behind shifted down-right); a window covered by another is outlined over it; \
            a zero-size window is a named diamond, a zero-size view a named cross; a view \
            too small for its name gets a tag (v1, v2, ...) spelled out in the list; a \
            convert statement shows its point in the source space (circle) and where it \
            lands in the target space (square); grey ticks at the corners mark the \
            scene's edge.

            Zoom: when the step's touch, hit or conversion (and the window it landed in) \
            takes less than half the scene on each axis, the drawing zooms to it, padded, \
            and the panel shows the whole scene small with the drawn part boxed; \
            --whole-scene turns that off.

            Steps: N counts the file's statements from 1, 'expect' lines not counted; \
            step N is the state after the N-th statement, and the markers show that \
            statement's own touch or hit. Without --step: the last statement; with \
            '--engine all', the first statement where the engines' answers or states \
            differ (for a divergence file saved by 'windowlab check', the diverging \
            statement), else the last. '--line L' picks the statement written on line L.

            Scene: by default the scene the statement acts on (its window's, its \
            touch's, or its 'in SCENE'), else main.

            With '--engine all' every engine runs to the step; where they disagree, \
            each engine's answer is drawn in its own colour with a legend. The layout \
            always comes from the reference model.

            Exit status: 0 when the SVG was written; 2 when the file is unreadable or \
            not a valid scenario, the step is out of range, or the scene is unknown.

            Examples:
              windowlab render Examples/passthrough-hud.wls -o hud.svg
              windowlab render Examples/scenes.wls --step 12 --scene car -o car.svg
              windowlab render Examples/touch-binding.wls --line 24 -o touch.svg
              windowlab render --engine all findings/divergence-42.wls -o divergence-42.svg
            """
    )

    @Argument(help: "The scenario file (.wls).")
    var file: String

    @Option(help: ArgumentHelp("The step to draw: 1-based, 'expect' lines not counted (default: the last).",
                               valueName: "n"))
    var step: Int?

    @Option(help: ArgumentHelp("The step of the statement on this line of the file (instead of --step).",
                               valueName: "line"))
    var line: Int?

    @Option(help: ArgumentHelp("The scene to draw (default: the scene the step acts on).", valueName: "name"))
    var scene: String?

    /// `--engine`: whose answers to show (default: reference, alone); `--engine-timeout`.
    @OptionGroup var engineOptions: EngineOptions

    @Flag(help: "Draw every window as one exploded stack, each one behind shifted down and right (a 3D view).")
    var exploded = false

    @Flag(help: "Draw the whole scene, never zoomed to the step's touch, hit or conversion.")
    var wholeScene = false

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The SVG file to write.", valueName: "out.svg"))
    var output: String

    func validate() throws {
        if step != nil && line != nil { throw ValidationError("give --step or --line, not both") }
        try OutputPath.validate(output, option: "--output")
    }

    func run() throws {
        let engines = try engineOptions.resolve(default: ["reference"], withReference: false)
        let scenario: Scenario
        do {
            scenario = try ScenarioParser().parseFile(atPath: file)
        } catch {
            fail(error.description)
        }
        var chosen = step
        if let line {
            guard let found = ScenarioRenderer.step(atLine: line, in: scenario) else {
                fail("\(file):\(line): error: no statement to render starts on line \(line) (expect lines are not steps)")
            }
            chosen = found
        }
        let svg: String
        do {
            svg = try ScenarioRenderer.render(scenario: scenario, step: chosen, scene: scene, engines: engines,
                                              exploded: exploded, wholeScene: wholeScene)
        } catch {
            fail("\(file): error: \(error.reason)")
        }
        do {
            try AtomicFile.write(Array(svg.utf8), to: output)
        } catch {
            fail("error: \(OutputPath.message(error, writing: output))")
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Render.exit(withError: ExitStatus.badInput.exit)
    }
}
