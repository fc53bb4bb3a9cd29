import SpatialIndex
import WindowModel

/// Everything the indexed engine knows, as one value type: the public class applies
/// each command with a single exclusive access to it, so the hot paths inside see
/// plain struct fields (no per-access dynamic exclusivity checks).
struct EngineState<Behavior: EngineBehavior> {
    static var null: Int32 { nullSlot }

    /// Where each rule is applied (``ShippedBehavior`` in the shipped engine: constants).
    let behavior: Behavior

    /// Windows and views by slot; `names[slot]` is each one's name.
    var objects: [ObjectRecord] = []
    var names: [String] = []
    /// Live windows and views by name.
    var slotByName: [String: Int32] = [:]
    var scenes: [SceneRecord] = [SceneRecord(name: mainSceneName, size: defaultSceneSize)]
    /// The transforms of records whose transform is not the identity (A3), by
    /// ``ObjectRecord/transform``. Entries are replaced in place when set again.
    var transforms: [TransformRecord] = []
    /// Entries of `transforms` no record refers to (set back to the identity, or of
    /// a released or removed object), reused before the table grows.
    var freeTransformSlots: [Int32] = []
    /// Active touches: the window and view each is bound to (T3).
    var touches: [TouchID: (window: Int32, view: Int32)] = [:]
    /// The statistics of the most recent routing query.
    var lastQueryStatistics = GridQueryStatistics()
    /// The scene the most recent routing call named (see ``rememberedSceneIndex(_:)``).
    var lastSceneIndex = 0
    /// Sequence numbers for "front of its level" count up from the middle of the
    /// range (a window sent behind takes the mirror image below it).
    var frontSequence: UInt64 = 1 << 40
    /// The last stamp given to a key-history entry (K4); 0 means "none".
    var keyStampCounter: UInt64 = 0
    /// Connected screens and their numbers (D1); `main` is 0.
    var screenNumbers: [String: Int32] = [mainScreenName: 0]
    var lastScreenNumber: Int32 = 0
    /// Every number's name, by number, disconnected ones included (for snapshots).
    var screenNamesByNumber: [String] = [mainScreenName]

    init(behavior: Behavior) {
        self.behavior = behavior
    }

    // MARK: Lookup

    /// The slot of a live window or view (the validator guarantees it exists).
    func slot(_ name: String) -> Int32 {
        guard let slot = slotByName[name] else { preconditionFailure("unknown object '\(name)'") }
        return slot
    }

    /// The index of a scene, by a linear scan: there are at most 64 and `main`
    /// comes first, and short names compare without hashing.
    func sceneIndex(_ name: String) -> Int {
        if scenes[0].name == name { return 0 }
        guard let index = scenes.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("unknown scene '\(name)'")
        }
        return index
    }

    /// ``sceneIndex(_:)`` for a caller that names the same scene call after call (a
    /// router): the scene found last is tried first, and the same name compares equal
    /// in a few instructions, where two different names take the full comparison.
    /// - Complexity: O(1) for the scene named last, else ``sceneIndex(_:)``'s.
    @inline(__always)
    mutating func rememberedSceneIndex(_ name: String) -> Int {
        let last = lastSceneIndex
        if last < scenes.count && scenes[last].name == name { return last }
        lastSceneIndex = sceneIndex(name)
        return lastSceneIndex
    }

    @inline(__always)
    func zKey(_ window: Int32) -> ZKey {
        ZKey(level: objects[Int(window)].level, sequence: objects[Int(window)].sequence)
    }

    func conservativeBox(_ window: Int32) -> IndexBox {
        let r = objects[Int(window)]
        if r.transform != Self.null && behavior.boxFollowsTransform {
            return ConservativeBox.transformedBox(frameX: r.frameX, frameY: r.frameY, width: r.width, height: r.height,
                                                  boundsX: r.boundsX, boundsY: r.boundsY,
                                                  transform: transforms[Int(r.transform)])
        }
        return ConservativeBox.box(frameX: r.frameX, frameY: r.frameY, width: r.width, height: r.height,
                                   boundsX: r.boundsX, boundsY: r.boundsY)
    }

    // MARK: Applying commands

    mutating func apply(_ command: Command, into out: inout [Observation]) {
        switch command {
        case let .createScene(name, size):
            scenes.append(SceneRecord(name: name, size: size))
        case let .createWindow(name, scene, frame, level, withRootView):
            createWindow(name, scene: Int32(sceneIndex(scene)), frame: frame, level: level, withRootView: withRootView)
        case let .createView(name, parent, frame):
            _ = createView(name, parent: slot(parent), frame: frame)
        case let .show(w):
            show(slot(w), named: w, &out)
        case let .hide(w):
            hide(slot(w), named: w, &out)
        case let .release(w):
            release(slot(w), &out)
        case let .makeKey(w):
            makeKey(slot(w), named: w, &out)
        case let .makeKeyAndVisible(w):
            makeKeyAndVisible(slot(w), named: w, &out)
        case let .setFrame(target, frame):
            setFrame(slot(target), frame)
        case let .setBoundsOrigin(target, origin):
            setBoundsOrigin(slot(target), origin)
        case let .setAlpha(target, alpha):
            objects[Int(slot(target))].alpha = Swift.min(Swift.max(alpha, 0), 1)
        case let .setHidden(target, hidden):
            let s = slot(target)
            if objects[Int(s)].isWindow {
                if hidden { hide(s, &out) } else { show(s, &out) }
            } else {
                objects[Int(s)].isHidden = hidden
            }
        case let .setInteraction(target, enabled):
            objects[Int(slot(target))].isInteractive = enabled
        case let .setLevel(w, level):
            setLevel(slot(w), level)
        case let .setPassthrough(w, enabled):
            objects[Int(slot(w))].isPassthrough = enabled
        case let .setExclusiveTouch(target, enabled):
            objects[Int(slot(target))].isExclusiveTouch = enabled
        case let .setMultipleTouch(target, enabled):
            objects[Int(slot(target))].isMultipleTouch = enabled
        case let .setTransform(target, transform):
            setTransform(slot(target), transform)
        case let .moveWindow(w, scene):
            move(slot(w), to: sceneIndex(scene), &out)
        case let .connectScreen(name, _):
            connectScreen(name)
        case let .placeScene(scene, screen):
            place(scene: sceneIndex(scene), on: screen, &out)
        case let .disconnectScreen(name):
            disconnect(name, &out)
        case let .remove(v):
            remove(slot(v), &out)
        case let .bringToFront(v):
            let s = slot(v), parent = objects[Int(s)].parent
            if !behavior.reorderKeepsSiblingOrder { swapPlaces(s, objects[Int(parent)].lastChild) }
            unlink(s)
            linkAsLast(s, parent: parent)
        case let .sendToBack(v):
            let s = slot(v), parent = objects[Int(s)].parent
            if !behavior.reorderKeepsSiblingOrder { swapPlaces(s, objects[Int(parent)].firstChild) }
            unlink(s)
            linkAsFirst(s, parent: parent)
        case let .touchBegan(id, point, scene):
            touchBegan(id, point, scene: sceneIndex(scene), &out)
        case let .touchMoved(id, point):
            touchFollow(id, .moved, point, &out)
        case let .touchEnded(id, point):
            touchFollow(id, .ended, point, &out)
        case let .touchCancelled(id):
            touchCancelled(id, &out)
        case let .press(_, scene):
            let key = scenes[sceneIndex(scene)].key
            out.append(.press(window: key == Self.null ? nil : names[Int(key)]))
        case let .hit(point, scene):
            // Two statements: `target(of: route(...))` would copy `self` for
            // `target` before `route` mutates it.
            let hit = route(scene: sceneIndex(scene), x: point.x, y: point.y)
            out.append(.hit(target(of: hit)))
        case let .order(scene):
            let index = sceneIndex(scene)
            out.append(.order(scene: scenes[index].name, windows: frontToBack(index)))
        case let .keyWindow(scene):
            let index = sceneIndex(scene)
            let key = scenes[index].key
            out.append(.keyWindow(scene: scenes[index].name, window: key == Self.null ? nil : names[Int(key)]))
        case let .convert(point, from, to):
            out.append(.convert(convert(point, from: from, to: to)))
        }
    }

    /// The visible windows of a scene, front to back, by name (Q1).
    /// - Complexity: O(w log w) for the scene's w windows (derived, see `SceneRecord`).
    func frontToBack(_ scene: Int) -> [String] {
        visibleBackToFront(scene).reversed().map { names[Int($0)] }
    }

    // MARK: Creation

    mutating func createWindow(_ name: String, scene: Int32, frame: Rect, level: Double, withRootView: Bool) {
        let w = Int32(objects.count)
        var record = ObjectRecord(frameX: frame.x, frameY: frame.y, width: frame.width, height: frame.height,
                                  isHidden: true, isWindow: true, parent: Self.null, window: w)
        record.scene = scene
        record.level = level
        add(record, name: name)
        join(w, scene: Int(scene))
        if withRootView {
            let root = createView(name + ".root", parent: w, frame: Rect(0, 0, frame.width, frame.height))
            objects[Int(w)].rootView = root
        }
    }

    /// Adds `w` to the scene's windows, and keeps the room of the scene's key history
    /// at least its window count: the history holds one live entry for each window that
    /// was ever key, so it grows with the windows, and it grows here, with the arrays
    /// that a window's creation grows anyway, instead of in a later raise. (A raise
    /// that grew it paid for the copy and, past a kilobyte, for glibc's
    /// `malloc_consolidate` of every small free chunk of the process: 46% of the
    /// instructions of 512 raises at 100,000 windows.)
    /// - Complexity: amortized O(1).
    mutating func join(_ w: Int32, scene: Int) {
        scenes[scene].windows.append(w)
        let count = scenes[scene].windows.count
        if scenes[scene].keyHistory.capacity < count { scenes[scene].keyHistory.reserveCapacity(2 * count) }
    }

    mutating func createView(_ name: String, parent: Int32, frame: Rect) -> Int32 {
        let v = Int32(objects.count)
        let record = ObjectRecord(frameX: frame.x, frameY: frame.y, width: frame.width, height: frame.height,
                                  isHidden: false, isWindow: false, parent: parent,
                                  window: objects[Int(parent)].window)
        add(record, name: name)
        linkAsLast(v, parent: parent)
        return v
    }

    private mutating func add(_ record: ObjectRecord, name: String) {
        precondition(objects.count < Int(Int32.max), "too many objects")
        slotByName[name] = Int32(objects.count)
        objects.append(record)
        names.append(name)
    }

    // MARK: Geometry setters

    mutating func setFrame(_ s: Int32, _ frame: Rect) {
        objects[Int(s)].frameX = frame.x
        objects[Int(s)].frameY = frame.y
        objects[Int(s)].width = frame.width
        objects[Int(s)].height = frame.height
        guard objects[Int(s)].isWindow else { return }
        // W8: the root view's size follows the window's; its origin stays.
        let root = objects[Int(s)].rootView
        if root != Self.null && behavior.rootFollowsResize {
            objects[Int(root)].width = frame.width
            objects[Int(root)].height = frame.height
        }
        if behavior.resizeRefreshesBox { refreshBox(s) }
    }

    mutating func setBoundsOrigin(_ s: Int32, _ origin: Point) {
        objects[Int(s)].boundsX = origin.x
        objects[Int(s)].boundsY = origin.y
        // The conservative margin depends on the bounds origin's magnitude.
        if objects[Int(s)].isWindow { refreshBox(s) }
    }

    /// A1: an identity transform is stored as none, so the record takes G4's path.
    mutating func setTransform(_ s: Int32, _ t: ViewTransform) {
        let isIdentity = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0
        let current = objects[Int(s)].transform
        if isIdentity {
            // The entry's slot is reused by the next transform set anywhere.
            if current != Self.null { freeTransformSlots.append(current) }
            objects[Int(s)].transform = Self.null
        } else if current != Self.null {
            transforms[Int(current)] = TransformRecord(t)
        } else if let slot = freeTransformSlots.popLast() {
            objects[Int(s)].transform = slot
            transforms[Int(slot)] = TransformRecord(t)
        } else {
            objects[Int(s)].transform = Int32(transforms.count)
            transforms.append(TransformRecord(t))
        }
        if objects[Int(s)].isWindow && behavior.transformRefreshesBox { refreshBox(s) }
    }

    /// Puts a visible window's current conservative box into its scene's index.
    private mutating func refreshBox(_ w: Int32) {
        let leaf = objects[Int(w)].leaf
        guard leaf != Self.null else { return }
        let scene = Int(objects[Int(w)].scene)
        scenes[scene].index.updateBox(LeafID(rawValue: leaf), to: conservativeBox(w))
    }

    // MARK: Subview lists

    mutating func linkAsLast(_ v: Int32, parent: Int32) {
        let last = objects[Int(parent)].lastChild
        objects[Int(v)].previousSibling = last
        objects[Int(v)].nextSibling = Self.null
        if last == Self.null { objects[Int(parent)].firstChild = v } else { objects[Int(last)].nextSibling = v }
        objects[Int(parent)].lastChild = v
    }

    mutating func linkAsFirst(_ v: Int32, parent: Int32) {
        let first = objects[Int(parent)].firstChild
        objects[Int(v)].nextSibling = first
        objects[Int(v)].previousSibling = Self.null
        if first == Self.null { objects[Int(parent)].lastChild = v } else { objects[Int(first)].previousSibling = v }
        objects[Int(parent)].firstChild = v
    }

    /// Puts `other` where `v` is among their siblings, just before `v` (the V2 mutant's
    /// swap: `v` then moves to the end `other` left).
    mutating func swapPlaces(_ v: Int32, _ other: Int32) {
        guard other != v, other != Self.null else { return }
        unlink(other)
        let parent = objects[Int(v)].parent, previous = objects[Int(v)].previousSibling
        objects[Int(other)].previousSibling = previous
        objects[Int(other)].nextSibling = v
        if previous == Self.null { objects[Int(parent)].firstChild = other } else { objects[Int(previous)].nextSibling = other }
        objects[Int(v)].previousSibling = other
    }

    mutating func unlink(_ v: Int32) {
        let parent = objects[Int(v)].parent
        let previous = objects[Int(v)].previousSibling, next = objects[Int(v)].nextSibling
        if previous == Self.null { objects[Int(parent)].firstChild = next } else { objects[Int(previous)].nextSibling = next }
        if next == Self.null { objects[Int(parent)].lastChild = previous } else { objects[Int(next)].previousSibling = previous }
        objects[Int(v)].previousSibling = Self.null
        objects[Int(v)].nextSibling = Self.null
    }
}
