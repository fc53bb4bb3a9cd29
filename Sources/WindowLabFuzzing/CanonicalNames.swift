import WindowModel

/// Renames the objects of a valid command list to the binary encoding's canonical
/// names (windows `w0`, `w1`, … and views `v0`, … in creation order, root views
/// `wN.root`, scenes `s1`…, screens `d1`…), every reference following its object.
///
/// An edit of a decoded list (a window deleted, a command inserted from a generator,
/// two lists spliced) leaves names out of that order, and the encoder takes only the
/// canonical subset; renamed, the edited list encodes. Touch ids and keys are kept.
///
/// ```swift
/// CanonicalNames.renamed([.createWindow(name: "w3", scene: "main", frame: Rect(0, 0, 9, 9), level: 0,
///                                       withRootView: false), .show(window: "w3")])
/// // [.createWindow(name: "w0", …), .show(window: "w0")]
/// ```
enum CanonicalNames {
    static func renamed(_ commands: [Command]) -> [Command] {
        var names = Renaming()
        return commands.map { names.rename($0) }
    }

    /// The names given so far, old to new, and the counters behind the next ones.
    private struct Renaming {
        var new: [String: String] = [:]
        var windows = 0, views = 0, scenes = 0, screens = 0

        /// What `name` is called now (itself when nothing renamed it: `main`).
        func callee(_ name: String) -> String { new[name] ?? name }

        func space(_ space: CoordinateSpace) -> CoordinateSpace {
            if case let .named(name) = space { return .named(callee(name)) }
            return space
        }

        /// The next canonical name of the kind `prefix` (`w`, `v`, `s`, `d`) for the object called `old`.
        mutating func give(_ old: String, _ prefix: Character) -> String {
            let name: String
            switch prefix {
            case "w": (name, windows) = ("w\(windows)", windows + 1)
            case "v": (name, views) = ("v\(views)", views + 1)
            case "s": (name, scenes) = ("s\(scenes + 1)", scenes + 1)
            default: (name, screens) = ("d\(screens + 1)", screens + 1)
            }
            new[old] = name
            return name
        }

        mutating func rename(_ command: Command) -> Command {
            switch command {
            case let .createScene(name, size):
                return .createScene(name: give(name, "s"), size: size)
            case let .createWindow(name, scene, frame, level, root):
                let renamed = give(name, "w")
                if root { new[name + ".root"] = renamed + ".root" }
                return .createWindow(name: renamed, scene: callee(scene), frame: frame, level: level, withRootView: root)
            case let .createView(name, parent, frame):
                let parent = callee(parent)
                return .createView(name: give(name, "v"), parent: parent, frame: frame)
            case let .connectScreen(name, size):
                return .connectScreen(name: give(name, "d"), size: size)
            case let .show(w): return .show(window: callee(w))
            case let .hide(w): return .hide(window: callee(w))
            case let .release(w): return .release(window: callee(w))
            case let .makeKey(w): return .makeKey(window: callee(w))
            case let .makeKeyAndVisible(w): return .makeKeyAndVisible(window: callee(w))
            case let .setFrame(t, frame): return .setFrame(target: callee(t), frame: frame)
            case let .setBoundsOrigin(t, origin): return .setBoundsOrigin(target: callee(t), origin: origin)
            case let .setAlpha(t, alpha): return .setAlpha(target: callee(t), alpha: alpha)
            case let .setHidden(t, hidden): return .setHidden(target: callee(t), hidden: hidden)
            case let .setInteraction(t, on): return .setInteraction(target: callee(t), enabled: on)
            case let .setLevel(w, level): return .setLevel(window: callee(w), level: level)
            case let .setPassthrough(w, on): return .setPassthrough(window: callee(w), enabled: on)
            case let .remove(v): return .remove(view: callee(v))
            case let .bringToFront(v): return .bringToFront(view: callee(v))
            case let .sendToBack(v): return .sendToBack(view: callee(v))
            case let .setExclusiveTouch(t, on): return .setExclusiveTouch(target: callee(t), enabled: on)
            case let .setMultipleTouch(t, on): return .setMultipleTouch(target: callee(t), enabled: on)
            case let .setTransform(t, transform): return .setTransform(target: callee(t), transform: transform)
            case let .moveWindow(w, scene): return .moveWindow(window: callee(w), scene: callee(scene))
            case let .placeScene(scene, screen): return .placeScene(scene: callee(scene), screen: callee(screen))
            case let .disconnectScreen(name): return .disconnectScreen(name: callee(name))
            case let .touchBegan(id, at, scene): return .touchBegan(id: id, at: at, scene: callee(scene))
            case let .press(key, scene): return .press(key: key, scene: callee(scene))
            case let .hit(at, scene): return .hit(at: at, scene: callee(scene))
            case let .order(scene): return .order(scene: callee(scene))
            case let .keyWindow(scene): return .keyWindow(scene: callee(scene))
            case let .convert(point, from, to): return .convert(point: point, from: space(from), to: space(to))
            case .touchMoved, .touchEnded, .touchCancelled: return command
            }
        }
    }
}
