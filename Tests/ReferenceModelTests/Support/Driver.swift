import ReferenceModel
import Testing
import WindowModel

/// Feeds commands to a fresh ``ReferenceWindowSystem`` the way every engine is fed:
/// through a ``CommandValidator`` first, so tests only ever give it valid input.
///
/// After every command it records an issue when the model reports an invariant
/// violation, and when the snapshot breaks properties tracked here independently
/// of the model: scenes in creation order, at most one key window per scene and no
/// window key in two scenes, the visible order holding exactly the windows this
/// driver believes visible, sorted by the levels this driver tracked, and no
/// released window anywhere in a snapshot.
final class Driver {
    let system = ReferenceWindowSystem()
    private(set) var validator = CommandValidator()
    /// Prefixed to every issue this driver records (a randomized test puts its seed here).
    var label = ""

    // Tracked from the commands alone, never read back from the model.
    private var sceneOrder = [mainSceneName]
    private var levels: [String: Double] = [:]
    private var visible: Set<String> = []
    /// Scenes placed on a screen other than `main` (D2).
    private var sceneScreen: [String: String] = [:]

    init() {}

    /// A driver that has already run `script`.
    convenience init(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) {
        self.init()
        run(script, sourceLocation: sourceLocation)
    }

    /// Runs every statement of `script` and returns the text of all observations.
    @discardableResult
    func run(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let commands: [Command]
        do {
            commands = try MiniScript.commands(script)
        } catch {
            Issue.record("test script does not parse: \(error)", sourceLocation: sourceLocation)
            return []
        }
        return commands.flatMap { apply($0, sourceLocation: sourceLocation) }
    }

    /// Validates and applies one command; returns the text of its observations.
    @discardableResult
    func apply(_ command: Command, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            try validator.validate(command)
        } catch {
            Issue.record("\(label) test fed an invalid command \(command): \(error)", sourceLocation: sourceLocation)
            return []
        }
        track(command)
        let observations = system.apply(command).map(\.description)
        check(after: command, sourceLocation: sourceLocation)
        return observations
    }

    /// Whether the validator refuses `line` (without applying anything).
    func rejects(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        do {
            let commands = try MiniScript.commands(line)
            return commands.contains { rejects($0) }
        } catch {
            Issue.record("test script does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
    }

    func rejects(_ command: Command) -> Bool {
        var copy = validator
        do {
            try copy.validate(command)
            return false
        } catch {
            return true
        }
    }

    /// The scene's visible order, front to back, from the snapshot.
    func order(_ scene: String = mainSceneName) -> [String] {
        system.snapshot().first { $0.scene == scene }?.order ?? []
    }

    func key(_ scene: String = mainSceneName) -> String? {
        system.snapshot().first { $0.scene == scene }?.keyWindow
    }

    /// One window of the layout of its scene.
    func layout(of window: String, in scene: String = mainSceneName) -> SceneLayout.Window? {
        system.sceneLayout(scene)?.windows.first { $0.name == window }
    }

    // MARK: Independent tracking

    private func track(_ command: Command) {
        switch command {
        case let .createScene(name, _): sceneOrder.append(name)
        case let .createWindow(name, _, _, level, _): levels[name] = level
        case let .setLevel(w, level): levels[w] = level
        case let .show(w), let .makeKeyAndVisible(w): visible.insert(w)
        case let .hide(w), let .release(w): visible.remove(w)
        case let .setHidden(target, hidden) where levels[target] != nil:
            if hidden { visible.remove(target) } else { visible.insert(target) }
        case let .placeScene(scene, screen): sceneScreen[scene] = screen
        case let .disconnectScreen(screen):
            // D3: every window of the screen's scenes is hidden; the scenes go to main.
            let leaving = Set(sceneScreen.filter { $0.value == screen }.keys)
            visible = visible.filter { !leaving.contains(validator.scene(ofWindow: $0) ?? "") }
            sceneScreen = sceneScreen.filter { $0.value != screen }
        default: break
        }
    }

    private func check(after command: Command, sourceLocation: SourceLocation) {
        let problems = system.invariantViolations()
        #expect(problems.isEmpty, "\(label) invariants broken after \(command): \(problems)",
                sourceLocation: sourceLocation)
        let snapshot = system.snapshot()
        #expect(snapshot.map(\.scene) == sceneOrder, "\(label) scenes out of creation order", sourceLocation: sourceLocation)
        var keyScenes: [String: String] = [:]
        for scene in snapshot {
            for name in scene.order {
                #expect(validator.isLiveWindow(name), "\(label) released '\(name)' is in order \(scene)",
                        sourceLocation: sourceLocation)
                #expect(validator.scene(ofWindow: name) == scene.scene, "\(label) '\(name)' in the wrong scene: \(scene)",
                        sourceLocation: sourceLocation)
            }
            let expectedVisible = visible.filter { validator.scene(ofWindow: $0) == scene.scene }
            #expect(Set(scene.order) == expectedVisible && scene.order.count == expectedVisible.count,
                    "\(label) visible order \(scene.order) is not the visible windows \(expectedVisible.sorted())",
                    sourceLocation: sourceLocation)
            let sortedByLevel = zip(scene.order, scene.order.dropFirst()).allSatisfy {
                (levels[$0] ?? .nan) >= (levels[$1] ?? .nan)
            }
            #expect(sortedByLevel, "\(label) visible order not sorted by level: \(scene)", sourceLocation: sourceLocation)
            if let key = scene.keyWindow {
                #expect(validator.isLiveWindow(key), "\(label) released '\(key)' is key: \(scene)", sourceLocation: sourceLocation)
                #expect(validator.scene(ofWindow: key) == scene.scene, "\(label) key window of another scene: \(scene)",
                        sourceLocation: sourceLocation)
                #expect(keyScenes[key] == nil, "\(label) '\(key)' is key in two scenes", sourceLocation: sourceLocation)
                keyScenes[key] = scene.scene
            }
            if let layout = system.sceneLayout(scene.scene) {
                #expect(layout.windows.filter(\.isKey).map(\.name) == (scene.keyWindow.map { [$0] } ?? []),
                        "\(label) layout key flags disagree with the snapshot: \(scene)", sourceLocation: sourceLocation)
                #expect(layout.windows.filter { !$0.isHidden }.map(\.name).reversed() == scene.order,
                        "\(label) layout stacking disagrees with the visible order: \(scene)", sourceLocation: sourceLocation)
                #expect(layout.windows.allSatisfy { validator.isLiveWindow($0.name) },
                        "\(label) layout holds a released window", sourceLocation: sourceLocation)
            } else {
                Issue.record("no layout for scene \(scene.scene)", sourceLocation: sourceLocation)
            }
        }
    }
}
