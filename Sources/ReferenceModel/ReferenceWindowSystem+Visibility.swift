import WindowModel

// Showing, hiding, releasing and levels: the rules of the visible order (W3–W7, W9)
// and the notifications they post (N1, N2).

extension ReferenceWindowSystem {
    /// W4, W9: a hidden window becomes visible and goes to the front of its level;
    /// showing a visible window changes nothing (N1).
    func show(_ window: WindowState) -> [Observation] {
        guard !window.isVisible else {
            ruleRecorder?.record(.w4ShowOfVisibleNoReorder)
            ruleRecorder?.record(.n1NoChangeNothingPosted)
            return []
        }
        window.node.isHidden = false
        ruleRecorder?.record(.w4ShownFrontOfLevel)
        bringToFrontOfLevel(window)
        return [.notify(window: window.name, .didBecomeVisible)]
    }

    /// W9, N2: cancels the window's touches, posts `didResignKey` (if key) and
    /// `didBecomeHidden`, then hands key status over (K4). Hiding a hidden window
    /// changes nothing (N1), even when it is the key window: nothing "is hidden" then.
    func hide(_ window: WindowState) -> [Observation] {
        guard window.isVisible else {
            ruleRecorder?.record(.n1NoChangeNothingPosted)
            if let recorder = ruleRecorder, scene(window.scene).keyWindow === window {
                recorder.record(.k4HidingHiddenKeyNothing)
            }
            return []
        }
        let scene = scene(window.scene)
        var posted = cancelTouchesFirst(.t5CancelledByHide) { $0.window === window }
        window.node.isHidden = true
        scene.order.removeAll { $0 === window }
        let wasKey = scene.keyWindow === window
        if wasKey {
            scene.keyWindow = nil
            ruleRecorder?.record(.n2ResignKeyBeforeHidden)
            posted.append(.notify(window: window.name, .didResignKey))
        } else {
            ruleRecorder?.record(.k4NonKeyLeavesKeyUnchanged)
        }
        posted.append(.notify(window: window.name, .didBecomeHidden))
        if wasKey {
            posted += handKeyToSuccessor(in: scene)
        }
        return posted
    }

    /// W7: a visible window is hidden first (touches, notifications, key hand-over);
    /// a hidden key window resigns and hands key status over. Then the window and
    /// its whole view tree are gone.
    func release(_ window: WindowState) -> [Observation] {
        let scene = scene(window.scene)
        var posted: [Observation]
        if window.isVisible {
            ruleRecorder?.record(.w7ReleaseVisibleAsHide)
            if let recorder = ruleRecorder, touches.contains(where: { $0.window === window }) {
                recorder.record(.t5CancelledByRelease)
            }
            posted = hide(window)
        } else {
            // A hidden window has no touches (they were cancelled when it was hidden)
            // and posts no didBecomeHidden: nothing becomes hidden.
            ruleRecorder?.record(.w7ReleaseHidden)
            posted = []
            if scene.keyWindow === window {
                scene.keyWindow = nil
                posted.append(.notify(window: window.name, .didResignKey))
                posted += handKeyToSuccessor(in: scene)
            } else {
                ruleRecorder?.record(.k4NonKeyLeavesKeyUnchanged)
            }
        }
        scene.keyHistory.removeAll { $0 === window }
        window.isAlive = false
        window.rootView = nil
        windows[window.name] = nil
        for child in window.node.subviews {
            forgetSubtree(child)
        }
        return posted
    }

    /// W2, W4, W5, W6: a new level; a visible window goes to the front of it, a
    /// hidden one keeps it until shown. The same level changes nothing.
    func setLevel(_ window: WindowState, to level: Double) -> [Observation] {
        ruleRecorder?.record(Self.levelOutcome(level))
        // W6 compares values: -0 equals 0, so it is "the value it already has".
        guard level != window.level else {
            ruleRecorder?.record(.w6SameLevelNoReorder)
            if let recorder = ruleRecorder, level.sign != window.level.sign { recorder.record(.w6NegativeZeroSameLevel) }
            return []
        }
        window.level = level
        if window.isVisible {
            ruleRecorder?.record(.w4LevelChangeOfVisibleFront)
            bringToFrontOfLevel(window)
        } else {
            ruleRecorder?.record(.w5HiddenLevelChangeKept)
        }
        return []
    }

    /// W9 for windows, V4 for views: a view's hidden flag only changes hit testing
    /// (it cancels no touch, T5).
    func setHidden(_ name: String, _ hidden: Bool) -> [Observation] {
        if let window = windows[name] {
            ruleRecorder?.record(.v4SetOnWindow)
            ruleRecorder?.record(hidden ? .w9HiddenOnHides : .w9HiddenOffShows)
            return hidden ? hide(window) : show(window)
        }
        ruleRecorder?.record(.v4SetOnView)
        view(name).isHidden = hidden
        return []
    }

    /// W4: puts a visible window in front of every other window of its level, which
    /// is behind every window of a higher level (W3). Front to back, that is just
    /// before the first window whose level is not higher.
    func bringToFrontOfLevel(_ window: WindowState) {
        let scene = scene(window.scene)
        scene.order.removeAll { $0 === window }
        let index = scene.order.firstIndex { $0.level <= window.level } ?? scene.order.count
        scene.order.insert(window, at: index)
        if let recorder = ruleRecorder { recordLevelNeighbours(of: index, in: scene, recorder) }
        window.frontStamp = nextStamp()
    }
}
