import SpatialIndex
import WindowModel

// A window moving to another scene (M1-M3).
extension EngineState {
    /// M3, M1, M2 in N2's order: the window's touches are cancelled; a visible
    /// window leaves the old scene's index and enters the new one's at the front of
    /// its level; its old key-history entries go stale; if it was the old scene's
    /// key window it resigns and the old scene's successor becomes key.
    /// - Complexity: O(windows of the old scene) to drop it from the scene's window
    ///   list, one index removal and one insertion, plus the touch scan.
    mutating func move(_ w: Int32, to newScene: Int, _ out: inout [Observation]) {
        let oldScene = Int(objects[Int(w)].scene)
        guard oldScene != newScene else { return }
        if behavior.moveCancelsTouches { cancelTouches(&out) { t in t.window == w } }
        let wasKey = scenes[oldScene].key == w
        let isVisible = !objects[Int(w)].isHidden
        if isVisible {
            scenes[oldScene].index.remove(LeafID(rawValue: objects[Int(w)].leaf))
            objects[Int(w)].leaf = Self.null
        }
        scenes[oldScene].windows.removeAll { $0 == w }
        // Every entry of its in the old history becomes stale (M2).
        if behavior.moveClearsKeyHistory { objects[Int(w)].keyStamp = 0 }
        objects[Int(w)].scene = Int32(newScene)
        join(w, scene: newScene)
        if isVisible {
            objects[Int(w)].sequence = behavior.movedWindowGoesInFront ? nextFront() : nextBack()
            objects[Int(w)].leaf = scenes[newScene].index.insert(box: conservativeBox(w), zKey: zKey(w), payload: w).rawValue
        }
        if wasKey {
            out.append(.notify(window: names[Int(w)], .didResignKey))
            handKeyToSuccessor(oldScene, leaving: w, &out)
        }
    }
}
