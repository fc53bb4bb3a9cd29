import WindowModel

// Internal consistency, checked by tests (and the differential harness) after every
// command. Each check walks the whole state; none trusts another.

extension ReferenceWindowSystem {
    /// Problems with the model's consistency, as sentences; empty when there are none.
    ///
    /// Checks, per scene: the key window is live, of this scene, and the only one;
    /// the visible order holds exactly the live visible windows of the scene, once
    /// each, sorted by level (descending) and, within a level, by when each went to
    /// the front; the key history holds live windows of the scene. Across the
    /// system: no released window or removed view is reachable (order, key, key
    /// history, touches, view trees, name tables), every scene is on a connected
    /// screen, parent links match subviews
    /// arrays, alphas are clamped, root views are direct subviews, and every touch
    /// is bound to a visible window and a live view inside it.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        var keyedWindows: [String] = []
        for scene in scenes {
            checkScene(scene, &problems)
            if let key = scene.keyWindow { keyedWindows.append(key.name) }
        }
        for name in Set(keyedWindows) where keyedWindows.filter({ $0 == name }).count > 1 {
            problems.append("window '\(name)' is key in more than one scene")
        }
        if scenes.first?.name != mainSceneName {
            problems.append("the first scene is not '\(mainSceneName)'")
        }
        if screens.first?.name != mainScreenName {
            problems.append("the first screen is not '\(mainScreenName)'")
        }
        for scene in scenes where !screens.contains(where: { $0.name == scene.screen }) {
            problems.append("scene '\(scene.name)' is on '\(scene.screen)', which is not connected")
        }
        checkWindowsAndViews(&problems)
        checkTouches(&problems)
        return problems
    }

    private func checkScene(_ scene: SceneState, _ problems: inout [String]) {
        let name = scene.name
        if scenes.filter({ $0.name == name }).count != 1 {
            problems.append("scene '\(name)' is defined more than once")
        }
        if let key = scene.keyWindow {
            if !key.isAlive || windows[key.name] !== key {
                problems.append("scene '\(name)': key window '\(key.name)' was released")
            }
            if key.scene != name {
                problems.append("scene '\(name)': key window '\(key.name)' belongs to scene '\(key.scene)'")
            }
        }
        var seen: Set<ObjectIdentifier> = []
        for (index, window) in scene.order.enumerated() {
            if !window.isAlive || windows[window.name] !== window {
                problems.append("scene '\(name)': released window '\(window.name)' is in the visible order")
            }
            if !window.isVisible {
                problems.append("scene '\(name)': hidden window '\(window.name)' is in the visible order")
            }
            if window.scene != name {
                problems.append("scene '\(name)': window '\(window.name)' of scene '\(window.scene)' is in its order")
            }
            if !seen.insert(ObjectIdentifier(window)).inserted {
                problems.append("scene '\(name)': window '\(window.name)' is in the visible order more than once")
            }
            if index > 0 {
                let front = scene.order[index - 1]
                if front.level < window.level {
                    problems.append("scene '\(name)': visible order not sorted by level: '\(front.name)' "
                        + "(\(front.level)) is in front of '\(window.name)' (\(window.level))")
                } else if front.level == window.level && front.frontStamp < window.frontStamp {
                    problems.append("scene '\(name)': '\(window.name)' went to the front of level "
                        + "\(window.level) after '\(front.name)' but is behind it")
                }
            }
        }
        for window in windows.values where window.scene == name && window.isVisible {
            if !seen.contains(ObjectIdentifier(window)) {
                problems.append("scene '\(name)': visible window '\(window.name)' is missing from the order")
            }
        }
        for window in scene.keyHistory {
            if !window.isAlive || windows[window.name] !== window {
                problems.append("scene '\(name)': released window '\(window.name)' is in the key history")
            }
            if window.scene != name {
                problems.append("scene '\(name)': window '\(window.name)' of scene '\(window.scene)' is in its key history")
            }
        }
        if let key = scene.keyWindow, scene.keyHistory.last !== key {
            problems.append("scene '\(name)': key window '\(key.name)' is not the most recent in its key history")
        }
    }

    private func checkWindowsAndViews(_ problems: inout [String]) {
        var reachableViews = 0
        for (name, window) in windows {
            if window.name != name || !window.isAlive || !window.node.isAlive {
                problems.append("window table entry '\(name)' is not the live window of that name")
            }
            if window.node.superview != nil {
                problems.append("window '\(name)' has a superview")
            }
            if !scenes.contains(where: { $0.name == window.scene }) {
                problems.append("window '\(name)' is in unknown scene '\(window.scene)'")
            }
            if let root = window.rootView, !window.node.subviews.contains(where: { $0 === root }) {
                problems.append("window '\(name)': root view '\(root.name)' is not one of its subviews")
            }
            checkNode(window.node, &problems)
            reachableViews += countDescendants(window.node)
        }
        if reachableViews != views.count {
            problems.append("\(views.count) views are named but \(reachableViews) are reachable from live windows")
        }
    }

    /// Every node below a live window: live, named in the view table, clamped
    /// alpha, non-negative finite size, and linked back to its parent.
    private func checkNode(_ node: ViewNode, _ problems: inout [String]) {
        if !(node.alpha >= 0 && node.alpha <= 1) {
            problems.append("'\(node.name)': alpha \(node.alpha) is not clamped to [0, 1]")
        }
        if !(node.frame.width >= 0 && node.frame.height >= 0) {
            problems.append("'\(node.name)': negative or non-finite frame size")
        }
        for child in node.subviews {
            if !child.isAlive || views[child.name] !== child {
                problems.append("removed view '\(child.name)' is reachable under '\(node.name)'")
            }
            if child.superview !== node {
                problems.append("view '\(child.name)' is a subview of '\(node.name)' but its superview differs")
            }
            checkNode(child, &problems)
        }
    }

    private func countDescendants(_ node: ViewNode) -> Int {
        node.subviews.reduce(node.subviews.count) { $0 + countDescendants($1) }
    }

    private func checkTouches(_ problems: inout [String]) {
        var seen: Set<TouchID> = []
        for touch in touches {
            let id = touch.id
            if !seen.insert(id).inserted {
                problems.append("touch \(id) is active more than once")
            }
            if !touch.window.isAlive || windows[touch.window.name] !== touch.window {
                problems.append("touch \(id) is bound to released window '\(touch.window.name)'")
                continue
            }
            if !touch.window.isVisible {
                problems.append("touch \(id) is bound to hidden window '\(touch.window.name)'")
            }
            if !touch.view.isAlive {
                problems.append("touch \(id) is bound to removed view '\(touch.view.name)'")
                continue
            }
            var top = touch.view
            while let parent = top.superview { top = parent }
            if top !== touch.window.node {
                problems.append("touch \(id): view '\(touch.view.name)' is not inside window '\(touch.window.name)'")
            }
        }
    }
}
