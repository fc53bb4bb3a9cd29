import Foundation
import IndexedEngine
import Testing
import WindowModel

/// Runs commands on an engine, checking `invariantViolations()` after every one.
final class EngineDriver {
    let system = IndexedWindowSystem()

    /// Applies the commands; returns every observation line, in order.
    @discardableResult
    func run(_ commands: [Command], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        var lines: [String] = []
        for command in commands {
            lines += system.apply(command).map(\.description)
            let problems = system.invariantViolations()
            #expect(problems.isEmpty, "after \(command): \(problems)", sourceLocation: sourceLocation)
        }
        return lines
    }

    /// Applies one command; returns its observation lines.
    func lines(_ command: Command, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        run([command], sourceLocation: sourceLocation)
    }

    var violations: [String] { system.invariantViolations() }
}

// Short spellings for test scripts.
func window(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
            level: Double = 0, root: Bool = true, scene: String = mainSceneName) -> Command {
    .createWindow(name: name, scene: scene, frame: Rect(x, y, w, h), level: level, withRootView: root)
}

func view(_ name: String, in parent: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Command {
    .createView(name: name, parent: parent, frame: Rect(x, y, w, h))
}

func hit(_ x: Double, _ y: Double, scene: String = mainSceneName) -> Command { .hit(at: Point(x, y), scene: scene) }
func began(_ id: String, _ x: Double, _ y: Double) -> Command { .touchBegan(id: TouchID(id), at: Point(x, y), scene: mainSceneName) }
func moved(_ id: String, _ x: Double, _ y: Double) -> Command { .touchMoved(id: TouchID(id), to: Point(x, y)) }
let order: Command = .order(scene: mainSceneName)
let keyWindow: Command = .keyWindow(scene: mainSceneName)

