import SpatialIndex
import WindowModel

// Visibility, stacking, key status and removal (W, K, N, V3, T5).
extension EngineState {
    // MARK: Visible order

    /// Index in `order` where a window with key `key` belongs (first greater key).
    private func insertionIndex(_ scene: Int, _ key: ZKey) -> Int {
        var low = 0, high = scenes[scene].order.count
        while low < high {
            let mid = (low + high) / 2
            if zKey(scenes[scene].order[mid]) < key || zKey(scenes[scene].order[mid]) == key {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low
    }

    private mutating func insertIntoOrder(_ w: Int32) {
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].order.insert(w, at: insertionIndex(scene, zKey(w)))
    }

    /// Removes `w` from its scene's order; its stored key must be the one it was
    /// inserted with.
    private mutating func removeFromOrder(_ w: Int32) {
        let scene = Int(objects[Int(w)].scene)
        let index = insertionIndex(scene, zKey(w)) - 1
        precondition(index >= 0 && scenes[scene].order[index] == w, "order out of sync")
        scenes[scene].order.remove(at: index)
    }

    private mutating func nextFront() -> UInt64 {
        frontSequence += 1
        return frontSequence
    }

    /// Brings a visible window to the front of its level (W4) with a fresh sequence.
    private mutating func raise(_ w: Int32) {
        removeFromOrder(w)
        objects[Int(w)].sequence = nextFront()
        insertIntoOrder(w)
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].tree.updateZKey(LeafID(rawValue: objects[Int(w)].leaf), to: zKey(w))
    }

    // MARK: Show and hide

    /// W4/W5: a hidden window becomes visible at the front of its level.
    mutating func show(_ w: Int32, _ out: inout [Observation]) {
        guard objects[Int(w)].isHidden else { return }   // N1: nothing to post
        objects[Int(w)].isHidden = false
        if mutation == .sameLevelNewGoesBehind {
            backSequence -= 1
            objects[Int(w)].sequence = backSequence
        } else {
            objects[Int(w)].sequence = nextFront()
        }
        insertIntoOrder(w)
        let scene = Int(objects[Int(w)].scene)
        objects[Int(w)].leaf = scenes[scene].tree.insert(box: conservativeBox(w), zKey: zKey(w), payload: w).rawValue
        out.append(.notify(window: names[Int(w)], .didBecomeVisible))
    }

    /// Takes a visible window out of the order and the index (no notifications).
    private mutating func takeOffScreen(_ w: Int32) {
        removeFromOrder(w)
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].tree.remove(LeafID(rawValue: objects[Int(w)].leaf))
        objects[Int(w)].leaf = Self.null
        objects[Int(w)].isHidden = true
    }

    /// N2 for `hide`: cancelled touches, didResignKey + didBecomeHidden, successor.
    mutating func hide(_ w: Int32, _ out: inout [Observation]) {
        guard !objects[Int(w)].isHidden else { return }
        if mutation != .noCancelOnHide { cancelTouches(&out) { t in t.window == w } }
        let scene = Int(objects[Int(w)].scene)
        let wasKey = scenes[scene].key == w
        takeOffScreen(w)
        if wasKey { out.append(.notify(window: names[Int(w)], .didResignKey)) }
        out.append(.notify(window: names[Int(w)], .didBecomeHidden))
        if wasKey { handKeyToSuccessor(scene, leaving: w, &out) }
    }

    /// W7: like `hide` for a visible window (touches, notifications, key hand-over),
    /// then the window and all its views are gone.
    mutating func release(_ w: Int32, _ out: inout [Observation]) {
        cancelTouches(&out) { t in t.window == w }
        let scene = Int(objects[Int(w)].scene)
        let wasVisible = !objects[Int(w)].isHidden
        let wasKey = scenes[scene].key == w
        if wasVisible { takeOffScreen(w) }
        if wasKey { out.append(.notify(window: names[Int(w)], .didResignKey)) }
        if wasVisible { out.append(.notify(window: names[Int(w)], .didBecomeHidden)) }
        scenes[scene].keyHistory.removeAll { $0 == w }
        destroy(w)
        if wasKey { handKeyToSuccessor(scene, leaving: w, &out) }
    }

    // MARK: Key window

    /// K4: the most recent other window in the history that is alive and visible.
    private func successor(_ scene: Int, leaving w: Int32) -> Int32 {
        for candidate in scenes[scene].keyHistory.reversed() where candidate != w {
            let r = objects[Int(candidate)]
            if r.isAlive && (!r.isHidden || mutation == .successorIgnoresVisibility) { return candidate }
        }
        return Self.null
    }

    private mutating func handKeyToSuccessor(_ scene: Int, leaving w: Int32, _ out: inout [Observation]) {
        let next = mutation == .forgetKeySuccessor ? Self.null : successor(scene, leaving: w)
        scenes[scene].key = Self.null
        if next != Self.null {
            becomeKey(next, scene)
            out.append(.notify(window: names[Int(next)], .didBecomeKey))
        }
    }

    /// Records `w` as the scene's key window and its most recent entry in the history.
    private mutating func becomeKey(_ w: Int32, _ scene: Int) {
        scenes[scene].key = w
        if let index = scenes[scene].keyHistory.lastIndex(of: w) { scenes[scene].keyHistory.remove(at: index) }
        scenes[scene].keyHistory.append(w)
    }

    /// K2: old key resigns, then `w` becomes key; nothing when it already is.
    mutating func makeKey(_ w: Int32, _ out: inout [Observation]) {
        let scene = Int(objects[Int(w)].scene)
        let old = scenes[scene].key
        guard old != w else { return }
        becomeKey(w, scene)
        let resign: Observation? = old == Self.null ? nil : .notify(window: names[Int(old)], .didResignKey)
        let become = Observation.notify(window: names[Int(w)], .didBecomeKey)
        if mutation == .swappedNotificationOrder {
            out.append(become)
            if let resign { out.append(resign) }
        } else {
            if let resign { out.append(resign) }
            out.append(become)
        }
    }

    /// K3: show if hidden, else bring to the front of its level; then make key.
    mutating func makeKeyAndVisible(_ w: Int32, _ out: inout [Observation]) {
        if objects[Int(w)].isHidden {
            show(w, &out)
        } else if mutation != .makeKeyAndVisibleNoRaise {
            raise(w)
        }
        makeKey(w, &out)
    }

    // MARK: Levels

    /// W4/W5/W6: a real level change of a visible window puts it at the front of
    /// its new level; a hidden window just keeps the new level.
    mutating func setLevel(_ w: Int32, _ level: Double) {
        let visible = !objects[Int(w)].isHidden
        if objects[Int(w)].level == level {
            if mutation == .sameLevelSetReorders && visible { raise(w) }
            return
        }
        guard visible else {
            objects[Int(w)].level = level
            return
        }
        removeFromOrder(w)
        objects[Int(w)].level = level
        if mutation != .levelChangeNoRaise { objects[Int(w)].sequence = nextFront() }
        insertIntoOrder(w)
        if mutation != .wrongZAfterLevelChange {
            let scene = Int(objects[Int(w)].scene)
            scenes[scene].tree.updateZKey(LeafID(rawValue: objects[Int(w)].leaf), to: zKey(w))
        }
    }

    // MARK: Removal

    /// V3: `v` and its subtree are gone; touches bound to any of them are cancelled.
    mutating func remove(_ v: Int32, _ out: inout [Observation]) {
        let doomed = Set(subtree(of: v))
        if mutation != .noCancelOnRemove { cancelTouches(&out) { t in doomed.contains(t.view) } }
        unlink(v)
        for s in doomed {
            forget(s)
            let window = objects[Int(s)].window
            if objects[Int(window)].rootView == s { objects[Int(window)].rootView = Self.null }
        }
    }

    /// A window and every view in it stop existing (slots are not reused).
    private mutating func destroy(_ w: Int32) {
        for s in subtree(of: w) { forget(s) }
    }

    private mutating func forget(_ s: Int32) {
        objects[Int(s)].isAlive = false
        slotByName[names[Int(s)]] = nil
    }

    /// `root` and all its descendants (iteratively: view trees may be deep).
    func subtree(of root: Int32) -> [Int32] {
        var result: [Int32] = [root]
        var i = 0
        while i < result.count {
            var child = objects[Int(result[i])].firstChild
            while child != Self.null {
                result.append(child)
                child = objects[Int(child)].nextSibling
            }
            i += 1
        }
        return result
    }

    // MARK: Touch cancellation

    /// T5: ends every active touch matching `isDoomed`, reporting them in ascending
    /// touch id order.
    mutating func cancelTouches(_ out: inout [Observation], where isDoomed: ((window: Int32, view: Int32)) -> Bool) {
        guard !touches.isEmpty else { return }
        let ids = touches.filter { isDoomed($0.value) }.keys.sorted()
        for id in ids {
            let t = touches.removeValue(forKey: id)!
            out.append(.touchCancelled(id, window: names[Int(t.window)], view: names[Int(t.view)]))
        }
    }
}
