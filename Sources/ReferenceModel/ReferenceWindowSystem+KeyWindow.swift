import WindowModel

// The key window (K1–K4) and the key half of the notification order (N2 step 3).

extension ReferenceWindowSystem {
    /// K2: the old key window resigns, then `window` becomes key. No change of
    /// visibility or order; nothing at all if it is already key.
    func makeKey(_ window: WindowState) -> [Observation] {
        let scene = scene(window.scene)
        guard scene.keyWindow !== window else {
            ruleRecorder?.record(.k2MakeKeyOfKeyNothing)
            ruleRecorder?.record(.n1NoChangeNothingPosted)
            return []
        }
        ruleRecorder?.record(.k2KeyChanges)
        if let recorder = ruleRecorder, !window.isVisible { recorder.record(.k2HiddenWindowMadeKey) }
        var posted: [Observation] = []
        if let old = scene.keyWindow {
            ruleRecorder?.record(.n2ResignThenBecomeKey)
            posted.append(.notify(window: old.name, .didResignKey))
        }
        posted.append(becomeKey(window, in: scene))
        return posted
    }

    /// K3: show if hidden, bring to the front of its level (always, W4), make key.
    /// The posts come out as N2 says: `didBecomeVisible`, then the hand-over.
    func makeKeyAndVisible(_ window: WindowState) -> [Observation] {
        var posted: [Observation] = []
        if !window.isVisible {
            ruleRecorder?.record(.k3ShowsHiddenWindow)
            ruleRecorder?.record(.w4ShownFrontOfLevel)
            if let recorder = ruleRecorder, scene(window.scene).keyWindow !== window {
                recorder.record(.n2VisibleBeforeKeyHandOver)
            }
            window.node.isHidden = false
            posted.append(.notify(window: window.name, .didBecomeVisible))
        } else {
            ruleRecorder?.record(.k3OnVisibleWindow)
            ruleRecorder?.record(.w4MakeKeyAndVisibleOnVisibleFront)
        }
        bringToFrontOfLevel(window)
        posted += makeKey(window)
        return posted
    }

    /// K4: called when the key window of `scene` was just hidden or released (and
    /// is no longer key): the most recent window of the key history that is still
    /// alive and visible becomes key, or the scene keeps no key window.
    func handKeyToSuccessor(in scene: SceneState) -> [Observation] {
        // The window leaving is hidden by now (or was hidden already, when a hidden
        // key window is released), so the visibility test is what makes it "other".
        for candidate in scene.keyHistory.reversed() {
            guard candidate.isAlive && candidate.isVisible else {
                // The window leaving is the most recent entry: passing over it is no choice.
                if let recorder = ruleRecorder, candidate !== scene.keyHistory.last {
                    recorder.record(.k4HistoryEntriesSkipped)
                }
                continue
            }
            ruleRecorder?.record(.k4SuccessorFromHistory)
            return [becomeKey(candidate, in: scene)]
        }
        ruleRecorder?.record(.k4NoSuccessorNoKey)
        return []
    }

    /// Records `window` as the scene's key window and as the most recent entry of
    /// its key history.
    private func becomeKey(_ window: WindowState, in scene: SceneState) -> Observation {
        scene.keyWindow = window
        scene.keyHistory.removeAll { $0 === window }
        scene.keyHistory.append(window)
        return .notify(window: window.name, .didBecomeKey)
    }
}
