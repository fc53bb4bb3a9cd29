import SpatialIndex
import WindowModel

// Visibility, stacking, key status and removal (W, K, N, V3, T5).
extension EngineState {
    // MARK: Visible order

    /// The scene's visible windows sorted back to front by (level, sequence) (W3,
    /// W4). Sequences are unique, so the order is strict. Derived on demand instead
    /// of maintained: keeping a sorted array cost an O(n) insert/remove per update.
    /// - Complexity: O(w log w) for the scene's w windows (released ones included).
    func visibleBackToFront(_ scene: Int) -> [Int32] {
        // The keys are read once, and the comparison captures nothing: a comparison
        // that read them through `self` made each of the sort's calls copy the whole
        // generic state (a memcpy per comparison; docs/results/campaign-instructions.md).
        var visible: [(key: ZKey, window: Int32)] = []
        visible.reserveCapacity(scenes[scene].windows.count)
        for w in scenes[scene].windows where objects[Int(w)].isAlive && !objects[Int(w)].isHidden {
            visible.append((zKey(w), w))
        }
        visible.sort { $0.key < $1.key }
        return visible.map(\.window)
    }

    mutating func nextFront() -> UInt64 {
        frontSequence += 1
        return frontSequence
    }

    /// A sequence behind every other (what W4 and M1 never ask for: only a behaviour
    /// that breaks them does): the mirror image of a fresh front one.
    mutating func nextBack() -> UInt64 { (1 << 41) - nextFront() }

    /// Brings a visible window to the front of its level (W4) with a fresh sequence.
    /// - Complexity: one z-key update in the scene's index.
    private mutating func raise(_ w: Int32) {
        objects[Int(w)].sequence = nextFront()
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].index.updateZKey(LeafID(rawValue: objects[Int(w)].leaf), to: zKey(w))
    }

    // MARK: Show and hide

    /// W4/W5: a hidden window becomes visible at the front of its level.
    /// - Complexity: one insertion into the scene's index.
    /// `name` is the window's, when the caller has it (the command's): read from
    /// `names` otherwise, a cache miss an update of a random window pays.
    mutating func show(_ w: Int32, named name: String? = nil, _ out: inout [Observation]) {
        guard objects[Int(w)].isHidden else { return }   // N1: nothing to post
        objects[Int(w)].isHidden = false
        objects[Int(w)].sequence = behavior.shownWindowGoesInFront ? nextFront() : nextBack()
        let scene = Int(objects[Int(w)].scene)
        if behavior.visibleWindowLimit < .max {
            precondition(scenes[scene].index.count < behavior.visibleWindowLimit, "planted trap: too many visible windows")
        }
        objects[Int(w)].leaf = scenes[scene].index.insert(box: conservativeBox(w), zKey: zKey(w), payload: w).rawValue
        out.append(.notify(window: name ?? names[Int(w)], .didBecomeVisible))
    }

    /// Takes a visible window out of the index (no notifications).
    /// - Complexity: one removal from the scene's index.
    private mutating func takeOffScreen(_ w: Int32) {
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].index.remove(LeafID(rawValue: objects[Int(w)].leaf))
        objects[Int(w)].leaf = Self.null
        objects[Int(w)].isHidden = true
    }

    /// N2 for `hide`: cancelled touches, didResignKey + didBecomeHidden, successor.
    /// - Complexity: one tree removal, plus the touch scan and, when `w` was key,
    ///   the successor search (amortized O(1) per history entry).
    mutating func hide(_ w: Int32, named name: String? = nil, _ out: inout [Observation]) {
        guard !objects[Int(w)].isHidden else { return }
        let name = name ?? names[Int(w)]
        if behavior.hideCancelsTouches { cancelTouches(&out) { t in t.window == w } }
        let scene = Int(objects[Int(w)].scene)
        let wasKey = scenes[scene].key == w
        takeOffScreen(w)
        if wasKey { out.append(.notify(window: name, .didResignKey)) }
        out.append(.notify(window: name, .didBecomeHidden))
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
        // Its history entries go stale (skipped, later compacted away) instead of
        // an O(history) removal.
        objects[Int(w)].keyStamp = 0
        destroy(w)
        if wasKey { handKeyToSuccessor(scene, leaving: w, &out) }
    }

    // MARK: Key window

    /// K4: the most recent other window in the history that is alive and visible.
    /// Stale entries (an older time of a window that became key again, or of a
    /// released window) are skipped.
    /// - Complexity: O(entries after the successor's); the history is compacted
    ///   when it doubles, so this is bounded by twice the live entries.
    private func successor(_ scene: Int, leaving w: Int32) -> Int32 {
        for entry in scenes[scene].keyHistory.reversed() where entry.window != w {
            let r = objects[Int(entry.window)]
            guard r.keyStamp == entry.stamp else { continue }
            if r.isAlive && (!r.isHidden || !behavior.successorMustBeVisible) { return entry.window }
        }
        return Self.null
    }

    mutating func handKeyToSuccessor(_ scene: Int, leaving w: Int32, _ out: inout [Observation]) {
        let next = behavior.keyPassesToSuccessor ? successor(scene, leaving: w) : Self.null
        scenes[scene].key = Self.null
        if next != Self.null {
            becomeKey(next, named: names[Int(next)], scene)
            out.append(.notify(window: names[Int(next)], .didBecomeKey))
        }
    }

    /// Records `w` as the scene's key window and its most recent entry in the history:
    /// a fresh stamp makes the window's older entries stale.
    /// - Complexity: amortized O(1).
    private mutating func becomeKey(_ w: Int32, named name: String, _ scene: Int) {
        scenes[scene].key = w
        scenes[scene].keyName = name
        keyStampCounter += 1
        objects[Int(w)].keyStamp = keyStampCounter
        scenes[scene].keyHistory.append((w, keyStampCounter))
        if scenes[scene].keyHistory.count > 2 * scenes[scene].keyHistoryCompacted + 32 {
            compactKeyHistory(scene)
        }
    }

    /// Drops stale entries, keeping the live ones in order.
    /// - Complexity: O(history); called when the history doubled since last time.
    mutating func compactKeyHistory(_ scene: Int) {
        let objects = self.objects
        scenes[scene].keyHistory.removeAll { objects[Int($0.window)].keyStamp != $0.stamp }
        scenes[scene].keyHistoryCompacted = scenes[scene].keyHistory.count
    }

    /// K2: old key resigns, then `w` becomes key; nothing when it already is.
    mutating func makeKey(_ w: Int32, named name: String? = nil, _ out: inout [Observation]) {
        let scene = Int(objects[Int(w)].scene)
        let old = scenes[scene].key
        guard old != w else { return }
        let resign: Observation? = old == Self.null ? nil : .notify(window: scenes[scene].keyName, .didResignKey)
        let name = name ?? names[Int(w)]
        becomeKey(w, named: name, scene)
        let become = Observation.notify(window: name, .didBecomeKey)
        if behavior.resignPostedFirst {
            if let resign { out.append(resign) }
            out.append(become)
        } else {
            out.append(become)
            if let resign { out.append(resign) }
        }
    }

    /// K3: show if hidden, else bring to the front of its level; then make key.
    /// - Complexity: one tree update plus amortized O(1) for the key history.
    mutating func makeKeyAndVisible(_ w: Int32, named name: String? = nil, _ out: inout [Observation]) {
        if objects[Int(w)].isHidden {
            show(w, named: name, &out)
        } else if behavior.makeKeyAndVisibleRaises {
            raise(w)
        }
        makeKey(w, named: name, &out)
    }

    // MARK: Levels

    /// W4/W5/W6: a real level change of a visible window puts it at the front of
    /// its new level; a hidden window just keeps the new level.
    /// - Complexity: at most one z-key update in the scene's index.
    mutating func setLevel(_ w: Int32, _ level: Double) {
        let visible = !objects[Int(w)].isHidden
        if objects[Int(w)].level == level {
            if behavior.sameLevelSetRaises && visible { raise(w) }
            return
        }
        guard visible else {
            objects[Int(w)].level = level
            return
        }
        objects[Int(w)].level = level
        if behavior.levelChangeRaises { objects[Int(w)].sequence = nextFront() }
        if behavior.levelChangeUpdatesZKey {
            let scene = Int(objects[Int(w)].scene)
            scenes[scene].index.updateZKey(LeafID(rawValue: objects[Int(w)].leaf), to: zKey(w))
        }
    }

    // MARK: Removal

    /// V3: `v` and its subtree are gone; touches bound to any of them are cancelled.
    mutating func remove(_ v: Int32, _ out: inout [Observation]) {
        let doomed = Set(subtree(of: v))
        if behavior.removeCancelsTouches { cancelTouches(&out) { t in doomed.contains(t.view) } }
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
        let transform = objects[Int(s)].transform
        if transform != Self.null {
            freeTransformSlots.append(transform)
            objects[Int(s)].transform = Self.null
        }
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
        let byValue = behavior.digitIDsOrderedByValue
        let ids = touches.filter { isDoomed($0.value) }.keys.sorted {
            Self.cancellationKey($0, byValue: byValue) < Self.cancellationKey($1, byValue: byValue)
        }
        for id in ids {
            let t = touches.removeValue(forKey: id)!
            out.append(.touchCancelled(id, window: names[Int(t.window)], view: names[Int(t.view)]))
        }
    }
}

extension EngineState {
    /// T5's order as a sort key: (0 for digit ids, 1 for others; the digits without
    /// leading zeros, left-padded with zeros to a common width so text order is
    /// numeric order; the id's text to break ties such as `010` vs `10`).
    /// With `byValue` false (a test build's wrong decision), the digits are read as a
    /// 64-bit integer that wraps, as `strtoull` into a fixed field would.
    static func cancellationKey(_ id: TouchID, byValue: Bool = true) -> (Int, String, String) {
        let utf8 = id.text.utf8
        guard !utf8.isEmpty, utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return (1, "", id.text) }
        var significant = Substring(id.text)
        if !byValue {
            significant = Substring(String(utf8.reduce(UInt64(0)) { $0 &* 10 &+ UInt64($1 - 48) }))
        }
        while significant.first == "0" { significant = significant.dropFirst() }
        let width = CommandLimits.scenario.maxNameLength
        return (0, String(repeating: "0", count: max(0, width - significant.count)) + significant, id.text)
    }
}
