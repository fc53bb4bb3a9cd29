import WindowModel

/// Structural shrink passes: they rewrite commands into simpler ones of the same
/// list (a view re-parented to its grandparent, a named space replaced by the
/// screen, a created scene folded into `main`), each kept only when the list still
/// fails and is simpler. They read only the command list, never an engine.
extension Shrinker {
    /// Deletes every command of one kind at once (keeping the last command of the
    /// list), most frequent kinds first: the hundreds of probes and touches of a
    /// scale case go in one step instead of by halving.
    mutating func dropKinds(_ best: inout [Command]) -> Bool {
        var progress = false
        var counts: [String: Int] = [:]
        for command in best.dropLast() { counts[command.kindName, default: 0] += 1 }
        for (name, _) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where best.count > 1 {
            let last = best[best.count - 1]
            let candidate = best.dropLast().filter { $0.kindName != name } + [last]
            if candidate.count < best.count && attempt(candidate, &best) { progress = true }
        }
        return progress
    }

    /// Moves views up one level (`view v in p` becomes `view v in parent(p)`, its
    /// frame moved by p's origin so it stays about where it was), which collapses
    /// chains of nested views once the emptied parents are deleted.
    mutating func reparentViews(_ best: inout [Command]) -> Bool {
        var progress = false
        var index = 0
        while index < best.count {
            defer { index += 1 }
            guard case let .createView(name, parent, frame) = best[index] else { continue }
            var grandparent: String?, parentFrame: Rect?
            for command in best[..<index] {
                if case let .createView(p, gp, f) = command, p == parent { (grandparent, parentFrame) = (gp, f) }
            }
            guard let grandparent, let parentFrame else { continue }
            let moved = Rect(frame.x + parentFrame.x, frame.y + parentFrame.y, frame.width, frame.height)
            progress = replace(at: index, withFirstOf: [moved, frame].map {
                .createView(name: name, parent: grandparent, frame: $0)
            }, &best) || progress
        }
        return progress
    }

    /// Tries each replacement of the command at `index` in turn and keeps the first
    /// that still fails and is simpler.
    mutating func replace(at index: Int, withFirstOf replacements: [Command], _ best: inout [Command]) -> Bool {
        for replacement in replacements where replacement != best[index] {
            var candidate = best
            candidate[index] = replacement
            if attempt(candidate, &best) { return true }
        }
        return false
    }

    /// Converts from and to the screen instead of a named window or view.
    mutating func screenSpaces(_ best: inout [Command]) -> Bool {
        var progress = false
        for index in best.indices where index < best.count {
            guard case let .convert(point, from, to) = best[index] else { continue }
            progress = replace(at: index, withFirstOf: [.convert(point: point, from: .screen, to: to),
                                                         .convert(point: point, from: from, to: .screen)], &best) || progress
        }
        return progress
    }

    /// Folds each created scene into `main`: its windows, touches, presses and
    /// queries name `main`, and the scene is no longer created.
    mutating func foldScenes(_ best: inout [Command]) -> Bool {
        var progress = false
        let scenes = best.compactMap { command -> String? in
            if case let .createScene(name, _) = command { return name }
            return nil
        }
        for scene in scenes {
            let candidate = best.compactMap { command -> Command? in
                if case let .createScene(name, _) = command, name == scene { return nil }
                return command.replacingScene(scene, with: mainSceneName)
            }
            if attempt(candidate, &best) { progress = true }
        }
        return progress
    }
}

extension Command {
    /// The same command with scene `old` renamed `new` wherever it names a scene.
    func replacingScene(_ old: String, with new: String) -> Command {
        func s(_ scene: String) -> String { scene == old ? new : scene }
        switch self {
        case let .createWindow(name, scene, frame, level, root):
            return .createWindow(name: name, scene: s(scene), frame: frame, level: level, withRootView: root)
        case let .touchBegan(id, point, scene): return .touchBegan(id: id, at: point, scene: s(scene))
        case let .press(key, scene): return .press(key: key, scene: s(scene))
        case let .hit(point, scene): return .hit(at: point, scene: s(scene))
        case let .order(scene): return .order(scene: s(scene))
        case let .keyWindow(scene): return .keyWindow(scene: s(scene))
        case let .moveWindow(window, scene): return .moveWindow(window: window, scene: s(scene))
        case let .placeScene(scene, screen): return .placeScene(scene: s(scene), screen: screen)
        default: return self
        }
    }
}
