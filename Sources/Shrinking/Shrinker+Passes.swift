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

    /// Deletes windows in halves, then quarters, down to one at a time: each
    /// deletion takes every command that named the window with it (see ``valid(_:)``),
    /// so a case of thousands of windows loses half of them in one step, where
    /// deleting runs of commands would cut each window's commands apart first.
    mutating func dropWindows(_ best: inout [Command]) -> Bool {
        deleteChunks(among: { if case .createWindow = $0 { true } else { false } }, &best)
    }

    /// Thins every kind of command that a case holds many of (a probe phase's hits,
    /// a gather's frames, a ladder's levels) by runs of that kind alone, halving down
    /// to runs of an eighth of it: what is left of a bulk change is its last few steps.
    mutating func thinKinds(_ best: inout [Command]) -> Bool {
        var progress = false
        var counts: [String: Int] = [:]
        for command in best { counts[command.kindName, default: 0] += 1 }
        for (kind, count) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where count >= 16 {
            progress = deleteChunks(among: { $0.kindName == kind }, smallest: max(1, count / 8), &best) || progress
        }
        return progress
    }

    /// Replaces commands with a simpler one of their class, where the case still
    /// fails: a touch's `began` with a `hit` at its point, `makeKeyAndVisible` with
    /// `show` or `makeKey`, `set W hidden off`/`on` with `show`/`hide`, `release` with
    /// `hide`. One cause met through different commands then shrinks to one case.
    mutating func simplerKinds(_ best: inout [Command]) -> Bool {
        var progress = false
        for index in best.indices.reversed() where index < best.count {
            let simpler: [Command]
            switch best[index] {
            case let .touchBegan(_, point, scene): simpler = [.hit(at: point, scene: scene)]
            case let .makeKeyAndVisible(window): simpler = [.show(window: window), .makeKey(window: window)]
            case let .setHidden(target, hidden): simpler = [hidden ? .hide(window: target) : .show(window: target)]
            case let .release(window): simpler = [.hide(window: window)]
            default: continue
            }
            progress = replace(at: index, withFirstOf: simpler, &best) || progress
        }
        return progress
    }

    /// Gives each box of zero width or height a size of at least 1 in both, where the
    /// case still fails: one number at a time cannot leave a degenerate box (a width of
    /// 1 with a height still 0 is as degenerate and larger), both at once can.
    mutating func fillBoxes(_ best: inout [Command]) -> Bool {
        var progress = false
        for index in best.indices where index < best.count {
            let filled: Command
            switch best[index] {
            case let .createWindow(name, scene, frame, level, root) where frame.isDegenerate:
                filled = .createWindow(name: name, scene: scene, frame: frame.filled, level: level, withRootView: root)
            case let .createView(name, parent, frame) where frame.isDegenerate:
                filled = .createView(name: name, parent: parent, frame: frame.filled)
            case let .setFrame(target, frame) where frame.isDegenerate:
                filled = .setFrame(target: target, frame: frame.filled)
            default: continue
            }
            progress = replace(at: index, withFirstOf: [filled], &best) || progress
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

extension Rect {
    /// The box with a zero (or smaller) width or height made 1.
    fileprivate var filled: Rect { Rect(x, y, width > 0 ? width : 1, height > 0 ? height : 1) }
}
