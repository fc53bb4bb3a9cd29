import SpatialIndex

extension EngineState {
    /// Every broken internal invariant, empty when the engine is consistent.
    /// - Complexity: O(objects + windows log windows).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var orderedCount = 0
        for (index, scene) in scenes.enumerated() {
            problems += scene.index.checkInvariants().map { "scene \(scene.name) index: \($0)" }
            let order = visibleBackToFront(index)
            orderedCount += order.count
            // The derived order is strict: no two visible windows share a z-key.
            for (a, b) in zip(order, order.dropFirst()) where !(zKey(a) < zKey(b)) {
                problems.append("scene \(scene.name): \(names[Int(a)]) and \(names[Int(b)]) share a z-key")
            }
            if scene.index.count != order.count {
                problems.append("scene \(scene.name): \(order.count) visible windows, \(scene.index.count) in the index")
            }
            for w in scene.windows where objects[Int(w)].isWindow == false || Int(objects[Int(w)].scene) != index {
                problems.append("scene \(scene.name): window list holds \(names[Int(w)]), not a window of it")
            }
            for w in order {
                let r = objects[Int(w)]
                let name = names[Int(w)]
                guard r.isAlive, r.isWindow, !r.isHidden, Int(r.scene) == index else {
                    problems.append("scene \(scene.name): order holds \(name), not a live visible window of it")
                    continue
                }
                let leaf = LeafID(rawValue: r.leaf)
                guard r.leaf != Self.null, scene.index.isLiveLeaf(leaf), scene.index.payload(of: leaf) == w else {
                    problems.append("scene \(scene.name): visible \(name) has no leaf of its own in the index")
                    continue
                }
                if scene.index.box(of: leaf) != conservativeBox(w) {
                    problems.append("scene \(scene.name): \(name) has box \(scene.index.box(of: leaf)) in the index, frame says \(conservativeBox(w))")
                }
                if scene.index.zKey(of: leaf) != zKey(w) {
                    problems.append("scene \(scene.name): \(name) has z-key \(scene.index.zKey(of: leaf)) in the index, \(zKey(w)) in the engine")
                }
            }
            if scene.key != Self.null && (!objects[Int(scene.key)].isAlive || Int(objects[Int(scene.key)].scene) != index) {
                problems.append("scene \(scene.name): key window \(names[Int(scene.key)]) is gone or elsewhere")
            }
            if scene.key != Self.null && scene.keyName != names[Int(scene.key)] {
                problems.append("scene \(scene.name): key window \(names[Int(scene.key)]) is recorded as '\(scene.keyName)'")
            }
            // Live entries (stamp current) name live windows of this scene, each once.
            let live = scene.keyHistory.filter { objects[Int($0.window)].keyStamp == $0.stamp }
            if Set(live.map(\.window)).count != live.count
                || live.contains(where: { !objects[Int($0.window)].isAlive || Int(objects[Int($0.window)].scene) != index }) {
                problems.append("scene \(scene.name): key history has duplicates or dead windows")
            }
            if scene.key != Self.null
                && (scene.keyHistory.last?.window != scene.key
                    || scene.keyHistory.last?.stamp != objects[Int(scene.key)].keyStamp) {
                problems.append("scene \(scene.name): the key window is not the latest in its history")
            }
        }
        var visibleCount = 0
        for (slot, r) in objects.enumerated() where r.isAlive {
            let s = Int32(slot)
            if slotByName[names[slot]] != s { problems.append("\(names[slot]) is not found by its name") }
            if r.isWindow {
                if !r.isHidden { visibleCount += 1 }
                if r.isHidden && r.leaf != Self.null { problems.append("hidden \(names[slot]) is in the index") }
            } else if !objects[Int(r.parent)].isAlive || objects[Int(r.parent)].window != r.window {
                problems.append("view \(names[slot]) has a dead or foreign parent")
            }
            // Subview links: each child points back, and the list is consistent.
            var child = r.firstChild, previous = Self.null
            while child != Self.null {
                let c = objects[Int(child)]
                if c.parent != s || c.previousSibling != previous || !c.isAlive {
                    problems.append("subview list of \(names[slot]) is broken at \(names[Int(child)])")
                    break
                }
                previous = child
                child = c.nextSibling
            }
            if previous != r.lastChild { problems.append("lastChild of \(names[slot]) is stale") }
        }
        // Transform entries: each used by one live record or free, never both.
        var transformUsers = Array(repeating: 0, count: transforms.count)
        for r in objects where r.isAlive && r.transform != Self.null { transformUsers[Int(r.transform)] += 1 }
        for slot in freeTransformSlots { transformUsers[Int(slot)] += 1 }
        if transformUsers.contains(where: { $0 != 1 }) {
            problems.append("the transform table has entries shared, lost or both used and free")
        }
        if visibleCount != orderedCount {
            problems.append("\(visibleCount) visible windows but the orders hold \(orderedCount)")
        }
        if slotByName.count != objects.lazy.filter(\.isAlive).count {
            problems.append("the name table holds \(slotByName.count) names for \(objects.lazy.filter(\.isAlive).count) live objects")
        }
        for (id, t) in touches where !objects[Int(t.window)].isAlive || objects[Int(t.view)].window != t.window {
            problems.append("touch \(id) is bound to a dead window or a view of another window")
        }
        return problems
    }
}
