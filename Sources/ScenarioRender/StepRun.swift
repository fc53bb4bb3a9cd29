import ReferenceModel
import ScenarioLanguage
import WindowModel

/// One engine's answer at the rendered step.
struct EngineAnswer {
    var engine: String
    /// The step's observations, as trace text.
    var lines: [String]
    var observations: [Observation]
    /// The engine's snapshot of the rendered scene after the step, if it has one.
    var snapshot: SceneSnapshot?
}

/// The scenario run up to the rendered step: the reference model's layout and
/// every engine's answer at that step.
struct StepRun {
    /// 1-based; 0 when the scenario has no statement to run.
    var step: Int
    var stepCount: Int
    var statement: Scenario.Statement?
    var reference: ReferenceWindowSystem
    var answers: [EngineAnswer]
    /// The scene the statement acts on (`main` when it names none).
    var actedScene: String
    /// The statement's point and the scene it is in, for touches and hits.
    var eventPoint: Point?
    var eventScene: String?
    /// Scenes in creation order after the step.
    var scenes: [String]

    /// Runs every engine (and a private reference model for the layout) up to
    /// `step`, or, when `step` is nil, up to the first step where the engines
    /// disagree (with more than one engine) or else the last step.
    static func run(_ scenario: Scenario, step requested: Int?, engines: [EngineFactory]) throws(RenderError) -> StepRun {
        let indices = scenario.commandIndices
        if let requested, !(1...max(indices.count, 1)).contains(requested) || indices.isEmpty {
            throw RenderError(indices.isEmpty
                ? "step \(requested) is out of range: \(scenario.file) has no statements to render"
                : "step \(requested) is out of range: \(scenario.file) has steps 1 to \(indices.count)")
        }
        let reference = ReferenceWindowSystem()
        let systems = engines.map { $0.make() }
        var context = SceneContext()
        let nothing = engines.map { EngineAnswer(engine: $0.name, lines: [], observations: [], snapshot: nil) }
        var run = StepRun(step: 0, stepCount: indices.count, statement: nil, reference: reference, answers: nothing,
                          actedScene: mainSceneName, eventPoint: nil, eventScene: nil, scenes: [mainSceneName])
        let target = requested ?? indices.count
        // An engine that lacks a feature is not sent what needs it (nor is the layout's model).
        var filter = FeatureFilter(engines: engines)
        for (offset, index) in indices.enumerated() where offset < target {
            let statement = scenario.statements[index]
            guard let original = statement.command else { continue }
            let acted = context.scene(actedOnBy: original)
            var results: [[Observation]] = systems.map { _ in [] }
            if let command = filter.admit(original) {
                context.record(command, observations: reference.apply(command))
                results = systems.map { $0.apply(command) }
            }
            run.step = offset + 1
            run.statement = statement
            run.actedScene = acted
            (run.eventPoint, run.eventScene) = context.event(of: original, scene: acted)
            run.answers = zip(engines, zip(results, systems)).map { engine, pair in
                EngineAnswer(engine: engine.name, lines: pair.0.map(\.description), observations: pair.0,
                             snapshot: nil)
            }
            run.scenes = context.scenes
            if requested == nil, systems.count > 1, differ(results, systems) { break }
        }
        run.systems = systems
        return run
    }

    /// The engines themselves, kept to take snapshots of the rendered scene.
    var systems: [any WindowSystem] = []

    /// Fills in each engine's snapshot of `scene`.
    mutating func takeSnapshots(of scene: String) {
        for (i, system) in systems.enumerated() {
            answers[i].snapshot = system.snapshot().first { $0.scene == scene }
        }
    }

    /// True when the engines' observations or snapshots differ.
    var enginesDiffer: Bool {
        guard answers.count > 1 else { return false }
        return answers.dropFirst().contains { answer in
            guard answer.lines == answers[0].lines else { return true }
            switch (answer.snapshot, answers[0].snapshot) {
            case let (mine?, first?): return !mine.agrees(with: first)
            case (nil, nil): return false
            default: return true
            }
        }
    }

    private static func differ(_ results: [[Observation]], _ systems: [any WindowSystem]) -> Bool {
        let first = results[0].map(\.description), state = systems[0].snapshot()
        return zip(results, systems).dropFirst().contains { $0.0.map(\.description) != first || !$0.1.snapshot().agrees(with: state) }
    }
}

/// Which scene each window, view and touch belongs to, as the statements go by.
struct SceneContext {
    private(set) var scenes = [mainSceneName]
    private var windowScene: [String: String] = [:]
    private var viewParent: [String: String] = [:]
    private var touchScene: [String: String] = [:]
    /// Scenes placed on a screen other than `main` (D2); D3 sends them back.
    private var sceneScreen: [String: String] = [:]

    func scene(of name: String) -> String? {
        var current = name
        for _ in 0...10_000 {
            if let scene = windowScene[current] { return scene }
            guard let parent = viewParent[current] else { return nil }
            current = parent
        }
        return nil
    }

    /// The scene a statement acts on, before it runs; `main` when it names none.
    func scene(actedOnBy command: Command) -> String {
        switch command {
        case let .createScene(name, _): return name
        case let .createWindow(_, scene, _, _, _): return scene
        case let .createView(_, parent, _): return scene(of: parent) ?? mainSceneName
        case let .show(name), let .hide(name), let .release(name), let .makeKey(name),
             let .makeKeyAndVisible(name), let .setLevel(name, _), let .setPassthrough(name, _),
             let .setFrame(name, _), let .setBoundsOrigin(name, _), let .setAlpha(name, _),
             let .setHidden(name, _), let .setInteraction(name, _), let .remove(name),
             let .bringToFront(name), let .sendToBack(name), let .setExclusiveTouch(name, _),
             let .setMultipleTouch(name, _), let .setTransform(name, _):
            return scene(of: name) ?? mainSceneName
        case let .moveWindow(_, scene):
            return scene   // the picture shows where the window went
        case let .placeScene(scene, _):
            return scene
        case let .disconnectScreen(screen):
            // The first scene the screen takes down, drawn after (on main).
            return scenes.first { (sceneScreen[$0] ?? mainScreenName) == screen } ?? mainSceneName
        case .connectScreen:
            return mainSceneName
        case let .touchBegan(_, _, scene), let .press(_, scene), let .hit(_, scene), let .order(scene),
             let .keyWindow(scene):
            return scene
        case let .touchMoved(id, _), let .touchEnded(id, _), let .touchCancelled(id):
            return touchScene[id.text] ?? mainSceneName
        case let .convert(_, from, to):
            for space in [from, to] { if case let .named(name) = space, let found = scene(of: name) { return found } }
            return mainSceneName
        }
    }

    /// The point of a touch or hit statement and the scene it is in.
    func event(of command: Command, scene: String) -> (Point?, String?) {
        switch command {
        case let .touchBegan(_, point, _), let .touchMoved(_, point), let .touchEnded(_, point), let .hit(point, _):
            return (point, scene)
        default:
            return (nil, nil)
        }
    }

    /// Notes what `command` created; a touch's scene is the one its last bound
    /// `began` (per the reference model's `observations`) was in.
    mutating func record(_ command: Command, observations: [Observation]) {
        switch command {
        case let .createScene(name, _): scenes.append(name)
        case let .createWindow(name, scene, _, _, _): windowScene[name] = scene
        case let .createView(name, parent, _): viewParent[name] = parent
        case let .moveWindow(name, scene): windowScene[name] = scene
        case let .placeScene(scene, screen): sceneScreen[scene] = screen
        case let .disconnectScreen(screen): sceneScreen = sceneScreen.filter { $0.value != screen }
        case let .touchBegan(id, _, scene):
            if observations.contains(where: { if case .touchBegan(_, .some) = $0 { return true }; return false }) {
                touchScene[id.text] = scene
            }
        default: break
        }
    }
}
