import WindowModel

// A window moved to another scene (M1-M3) and what it posts (N2).

extension ReferenceWindowSystem {
    /// M1-M3: cancels the window's touches, takes it out of the old scene's order
    /// and key history, puts it at the front of its level in the new scene if it is
    /// visible, and hands the old scene's key status on if it was key there.
    func move(_ window: WindowState, to sceneName: String) -> [Observation] {
        guard window.scene != sceneName else {
            ruleRecorder?.record(.m1SameSceneNothing)
            return []
        }
        let old = scene(window.scene)
        // M3: the view tree the touches were bound to leaves the scene.
        var posted = cancelTouchesFirst(.m3TouchesCancelled) { $0.window === window }
        let wasKey = old.keyWindow === window
        old.order.removeAll { $0 === window }
        // M2: it never comes back as the old scene's key by succession.
        old.keyHistory.removeAll { $0 === window }
        window.scene = sceneName
        if window.isVisible {
            ruleRecorder?.record(.m1VisibleToFrontOfLevel)
            bringToFrontOfLevel(window)
        } else {
            ruleRecorder?.record(.m1HiddenStaysHidden)
        }
        guard wasKey else {
            ruleRecorder?.record(.m2NonKeyNoKeyChange)
            return posted
        }
        old.keyWindow = nil
        posted.append(.notify(window: window.name, .didResignKey))
        let successor = handKeyToSuccessor(in: old)
        ruleRecorder?.record(successor.isEmpty ? .m2KeyWindowResignsNoSuccessor : .m2KeyWindowResignsWithSuccessor)
        return posted + successor
    }
}
