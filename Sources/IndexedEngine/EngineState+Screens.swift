import SpatialIndex
import WindowModel

// Screens (D1-D3). A screen is a number: `main` is 0 and each connection takes the
// next one, so a screen connected again under an old name is a new screen.
extension EngineState {
    /// D1: a new screen number; nothing is posted.
    /// - Complexity: O(1).
    mutating func connectScreen(_ name: String) {
        lastScreenNumber += 1
        screenNumbers[name] = lastScreenNumber
        screenNamesByNumber.append(name)
    }

    /// The name a screen number was connected under (it outlives the connection).
    /// - Complexity: O(1).
    func screenName(ofNumber number: Int32) -> String { screenNamesByNumber[Int(number)] }

    /// D2: the scene's windows go along untouched; only their touches end.
    /// - Complexity: O(active touches).
    mutating func place(scene: Int, on screenName: String, _ out: inout [Observation]) {
        guard let number = screenNumbers[screenName] else { preconditionFailure("no screen '\(screenName)'") }
        guard scenes[scene].screen != number else { return }
        if behavior.placeCancelsTouches {
            let objects = self.objects
            cancelTouches(&out) { t in Int(objects[Int(t.window)].scene) == scene }
        }
        scenes[scene].screen = number
    }

    /// D3 in its order: one batch of cancellations for every scene of the screen,
    /// then per scene (creation order) the key window's `didResignKey` and a
    /// `didBecomeHidden` per visible window, front to back. The scene's index is
    /// emptied in one step instead of one removal per window, its key history is
    /// emptied (each live entry's window loses its stamp), and the scene joins
    /// screen 0.
    /// - Complexity: O(scenes + active touches) plus, per scene of the screen,
    ///   O(w log w) for its w windows (the visible order, read once) and O(h) for
    ///   its h history entries.
    mutating func disconnect(_ screenName: String, _ out: inout [Observation]) {
        guard let number = screenNumbers.removeValue(forKey: screenName) else {
            preconditionFailure("no screen '\(screenName)'")
        }
        let leaving = scenes.indices.filter { scenes[$0].screen == number }
        guard !leaving.isEmpty else { return }
        if behavior.disconnectCancelsTouches {
            let objects = self.objects
            cancelTouches(&out) { t in leaving.contains(Int(objects[Int(t.window)].scene)) }
        }
        for s in leaving {
            let key = scenes[s].key
            let resigns = key != Self.null && (behavior.disconnectResignsHiddenKey || !objects[Int(key)].isHidden)
            if resigns && behavior.disconnectResignsKey {
                out.append(.notify(window: names[Int(key)], .didResignKey))
                scenes[s].key = Self.null
            }
            if behavior.disconnectClearsKeyHistory {
                // Only live entries: a stale one may belong to a window that moved
                // away and is in another scene's history now (M2).
                for entry in scenes[s].keyHistory where objects[Int(entry.window)].keyStamp == entry.stamp {
                    objects[Int(entry.window)].keyStamp = 0
                }
                scenes[s].keyHistory.removeAll(keepingCapacity: true)   // its room follows the windows (join)
                scenes[s].keyHistoryCompacted = 0
            }
            var hiding = visibleBackToFront(s)
            if behavior.disconnectHidesFrontToBack { hiding.reverse() }
            for w in hiding {
                objects[Int(w)].isHidden = true
                objects[Int(w)].leaf = Self.null
                out.append(.notify(window: names[Int(w)], .didBecomeHidden))
            }
            scenes[s].index = StackingGrid(bounds: scenes[s].index.bounds)
            if behavior.disconnectMovesScenesToMain { scenes[s].screen = 0 }
        }
    }
}
