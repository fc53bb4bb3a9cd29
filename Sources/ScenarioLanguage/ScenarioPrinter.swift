import WindowModel

/// Writes statement lists as canonical `.wls` text: one statement per line, numbers
/// through ``NumberText/format(_:)``, defaults left out (`in main`, `size 1000 1000`,
/// level 0), level names where exact (``LevelText/format(_:)``).
///
/// For every list ``CommandValidator`` accepts whose `expect` texts are in the
/// form the parser produces (``ExpectationText/normalize(_:)``, not `nothing`),
/// `ScenarioParser().parse(ScenarioPrinter.print(list)).contents == list`, bit for
/// bit in every number (`-0` stays `-0`).
///
/// ```swift
/// ScenarioPrinter.print([.createWindow(name: "hud", scene: "main", frame: Rect(0, 0, 10, 10),
///                                      level: 2001, withRootView: true)])
/// // "window hud frame 0 0 10 10 level alert+1 root\n"
/// ```
public enum ScenarioPrinter {
    /// The whole list, each command on its own line ending in a line break.
    public static func print(_ commands: [Command]) -> String {
        lines(commands, line)
    }

    /// One statement, without a line break.
    public static func line(_ command: Command) -> String {
        switch command {
        case let .createScene(name, size):
            return isDefaultSize(size) ? "scene \(name)" : "scene \(name) size \(n(size.width)) \(n(size.height))"
        case let .createWindow(name, scene, frame, level, withRootView):
            var text = "window \(name)\(inScene(scene)) frame \(rect(frame))"
            if level.bitPattern != 0 { text += " level \(LevelText.format(level))" }
            if withRootView { text += " root" }
            return text
        case let .createView(name, parent, frame):
            return "view \(name) in \(parent) frame \(rect(frame))"
        case let .show(w): return "show \(w)"
        case let .hide(w): return "hide \(w)"
        case let .release(w): return "release \(w)"
        case let .makeKey(w): return "makeKey \(w)"
        case let .makeKeyAndVisible(w): return "makeKeyAndVisible \(w)"
        case let .setFrame(t, frame): return "set \(t) frame \(rect(frame))"
        case let .setBoundsOrigin(t, origin): return "set \(t) origin \(point(origin))"
        case let .setAlpha(t, alpha): return "set \(t) alpha \(n(alpha))"
        case let .setHidden(t, hidden): return "set \(t) hidden \(onOff(hidden))"
        case let .setInteraction(t, enabled): return "set \(t) interaction \(onOff(enabled))"
        case let .setLevel(w, level): return "set \(w) level \(LevelText.format(level))"
        case let .setPassthrough(w, enabled): return "set \(w) passthrough \(onOff(enabled))"
        case let .setExclusiveTouch(t, enabled): return "set \(t) exclusiveTouch \(onOff(enabled))"
        case let .setMultipleTouch(t, enabled): return "set \(t) multipleTouch \(onOff(enabled))"
        case let .setTransform(t, m): return "set \(t) transform " + m.numbers.map(n).joined(separator: " ")
        case let .moveWindow(w, scene): return "move \(w) to \(scene)"
        case let .connectScreen(name, size):
            return isDefaultSize(size) ? "screen \(name)" : "screen \(name) size \(n(size.width)) \(n(size.height))"
        case let .placeScene(scene, screen): return "place \(scene) on \(screen)"
        case let .disconnectScreen(name): return "disconnect \(name)"
        case let .remove(v): return "remove \(v)"
        case let .bringToFront(v): return "front \(v)"
        case let .sendToBack(v): return "back \(v)"
        case let .touchBegan(id, at, scene): return "touch \(id) began \(point(at))\(inScene(scene))"
        case let .touchMoved(id, to): return "touch \(id) moved \(point(to))"
        case let .touchEnded(id, at): return "touch \(id) ended \(point(at))"
        case let .touchCancelled(id): return "touch \(id) cancelled"
        case let .press(key, scene): return "press \(key)\(inScene(scene))"
        case let .hit(at, scene): return "hit \(point(at))\(inScene(scene))"
        case let .order(scene): return scene == mainSceneName ? "order" : "order \(scene)"
        case let .keyWindow(scene): return scene == mainSceneName ? "keyWindow" : "keyWindow \(scene)"
        case let .convert(p, from, to): return "convert \(point(p)) from \(space(from)) to \(space(to))"
        }
    }

    /// Statements, commands and expectations, each on its own line ending in a line break.
    public static func print(_ statements: [Statement]) -> String {
        lines(statements, line)
    }

    /// Each item's line, each ending in a line break.
    private static func lines<Item>(_ items: [Item], _ line: (Item) -> String) -> String {
        var text = ""
        for item in items {
            text += line(item)
            text += "\n"
        }
        return text
    }

    /// One statement, without a line break.
    public static func line(_ statement: Statement) -> String {
        switch statement {
        case let .command(command): return line(command)
        case let .expectation(.observation(text)): return "expect \(ExpectationText.normalize(text))"
        case .expectation(.nothing): return "expect nothing"
        }
    }

    /// One command in the engine protocol's wire form: like ``line(_:)-(Command)``, but
    /// nothing is left out (`in main`, `size 1000 1000`, `level 0`) and levels are
    /// plain numbers, so an engine can read every statement by position. Valid
    /// scenario text that parses to the same command.
    ///
    /// ```swift
    /// ScenarioPrinter.wireLine(.hit(at: Point(5, 5), scene: "main"))  // "hit 5 5 in main"
    /// ```
    public static func wireLine(_ command: Command) -> String {
        switch command {
        case let .createScene(name, size):
            return "scene \(name) size \(n(size.width)) \(n(size.height))"
        case let .createWindow(name, scene, frame, level, withRootView):
            return "window \(name) in \(scene) frame \(rect(frame)) level \(n(level))" + (withRootView ? " root" : "")
        case let .connectScreen(name, size):
            return "screen \(name) size \(n(size.width)) \(n(size.height))"
        case let .setLevel(w, level): return "set \(w) level \(n(level))"
        case let .touchBegan(id, at, scene): return "touch \(id) began \(point(at)) in \(scene)"
        case let .press(key, scene): return "press \(key) in \(scene)"
        case let .hit(at, scene): return "hit \(point(at)) in \(scene)"
        case let .order(scene): return "order \(scene)"
        case let .keyWindow(scene): return "keyWindow \(scene)"
        default: return line(command)
        }
    }

    private static func n(_ value: Double) -> String { NumberText.format(value) }
    private static func point(_ p: Point) -> String { "\(n(p.x)) \(n(p.y))" }
    private static func rect(_ r: Rect) -> String { "\(point(r.origin)) \(n(r.width)) \(n(r.height))" }
    private static func onOff(_ flag: Bool) -> String { flag ? "on" : "off" }
    private static func inScene(_ scene: String) -> String { scene == mainSceneName ? "" : " in \(scene)" }

    private static func space(_ space: CoordinateSpace) -> String {
        switch space {
        case .screen: return CoordinateSpace.screenKeyword
        case let .named(name): return name
        }
    }

    /// Only exactly 1000 x 1000, bit for bit, is left out (a `-0` must be printed).
    private static func isDefaultSize(_ size: Size) -> Bool {
        size.width.bitPattern == defaultSceneSize.width.bitPattern
            && size.height.bitPattern == defaultSceneSize.height.bitPattern
    }
}
