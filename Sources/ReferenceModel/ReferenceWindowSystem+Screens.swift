import WindowModel

// Screens (D1-D4): connecting one, placing a scene on one, disconnecting one, and
// what that posts (N2's order, extended by D3).

extension ReferenceWindowSystem {
    /// D1: a new, empty screen at the end of the list; nothing is posted.
    func connectScreen(_ name: String, size: Size) -> [Observation] {
        ruleRecorder?.record(everDisconnected.contains(name) ? .d1ScreenConnectedAgain : .d1ScreenConnected)
        screens.append(ScreenState(name: name, size: size))
        return []
    }

    /// D2: the scene goes to another screen with its windows, order, key window and
    /// history; touches bound to its windows are cancelled. Its own screen: nothing.
    func place(_ scene: SceneState, on screen: String) -> [Observation] {
        guard scene.screen != screen else {
            ruleRecorder?.record(.d2SameScreenNothing)
            return []
        }
        ruleRecorder?.record(.d2PlacedOnAnotherScreen)
        let posted = cancelTouches { $0.window.scene == scene.name }
        if let recorder = ruleRecorder, !posted.isEmpty { recorder.record(.d2TouchesCancelled) }
        scene.screen = screen
        return posted
    }

    /// D3: every touch of the screen's scenes is cancelled (one batch, T5 order);
    /// then, scene by scene in creation order, the key window resigns (visible or
    /// not) and the visible windows are hidden front to back; no successor, the
    /// key history is emptied, and the scene goes to the main screen.
    func disconnect(_ screen: String) -> [Observation] {
        screens.removeAll { $0.name == screen }
        everDisconnected.insert(screen)
        let leaving = scenes.filter { $0.screen == screen }
        guard !leaving.isEmpty else {
            ruleRecorder?.record(.d3WithoutScenesSilent)
            return []
        }
        let leavingNames = Set(leaving.map(\.name))
        var posted = cancelTouchesFirst(.d3TouchesCancelled) { leavingNames.contains($0.window.scene) }
        for scene in leaving {
            if let key = scene.keyWindow {
                ruleRecorder?.record(key.isVisible ? .d3KeyWindowResigns : .d3HiddenKeyWindowResigns)
                scene.keyWindow = nil
                posted.append(.notify(window: key.name, .didResignKey))
            }
            if let recorder = ruleRecorder, !scene.keyHistory.isEmpty { recorder.record(.d3KeyHistoryEmptied) }
            scene.keyHistory = []
            if let recorder = ruleRecorder, !scene.order.isEmpty { recorder.record(.d3VisibleWindowsHidden) }
            for window in scene.order {
                window.node.isHidden = true
                posted.append(.notify(window: window.name, .didBecomeHidden))
            }
            scene.order = []
            scene.screen = mainScreenName
        }
        ruleRecorder?.record(.d3ScenesToMainScreen)
        return posted
    }

    /// The screen a window or view is on: its window's scene's (D1, D4).
    func screenName(of node: ViewNode) -> String {
        var top = node
        while let parent = top.superview { top = parent }
        let sceneName = window(top.name).scene
        return scenes.first { $0.name == sceneName }?.screen ?? mainScreenName
    }
}
