import SpatialIndex
import WindowModel

// Benchmark probes: the index alone, at window level, so `windowlab bench --peers`
// can time it on the same points as other spatial indexes (which know nothing of
// views) and check that they give the same answers.

extension IndexedWindowSystem {
    /// The position of a scene in the engine's tables, for ``windowLevelHit(x:y:scene:)``.
    /// - Precondition: the scene exists.
    package func sceneNumber(_ name: String) -> Int { state.sceneIndex(name) }

    /// The front-most visible window of scene `scene` whose frame contains the point
    /// (`x <= px < x + width`, the same for y), through the grid alone: no views, no
    /// alpha, interaction or pass-through. Its slot, or -1 for none. Not a rule of
    /// SEMANTICS.md: what a plain spatial index over window rectangles answers.
    /// - Complexity: the grid query (one cell, the entries in front of the answer).
    package func windowLevelHit(x: Double, y: Double, scene: Int) -> Int32 {
        state.windowLevelHit(scene: scene, x: x, y: y)
    }

    /// The name of the window in `slot` (from ``windowLevelHit(x:y:scene:)``).
    package func objectName(_ slot: Int32) -> String { state.names[Int(slot)] }

    /// The window and view slots a touch at the point would be bound to, or nil.
    /// - Complexity: a route (see ``hitTarget(at:scene:)``).
    package func routedSlots(x: Double, y: Double, scene: Int) -> (window: Int32, view: Int32)? {
        var cursor = GridQueryCursor()
        return state.route(scene: scene, x: x, y: y, cursor: &cursor).map { ($0.window, $0.view) }
    }

    /// The floor of a route whose answer is already known: only the reads any index
    /// must make to hand it out, the point's cell (its run's bounds and front entry,
    /// no search) and the answer's records (the window's and the hit view's frames),
    /// summed so that none can be left out. Timing it beside ``hitTarget(at:scene:)`` says how
    /// much of a route is search and exact test rather than reading the answer.
    /// - Complexity: O(1).
    package func answerReadFloor(x: Double, y: Double, scene: Int, window: Int32, view: Int32) -> Double {
        state.answerReadFloor(scene: scene, x: x, y: y, window: window, view: view)
    }
}

extension EngineState {
    func answerReadFloor(scene: Int, x: Double, y: Double, window: Int32, view: Int32) -> Double {
        var cursor = GridQueryCursor()
        return scenes.withUnsafeBufferPointer { scenes in
            objects.withUnsafeBufferPointer { objects in
                scenes[scene].index.startQuery(x: x, y: y, cursor: &cursor)
                let front = scenes[scene].index.frontLeaf(cursor).map { Double($0.rawValue) } ?? -1
                let w = objects.baseAddress! + Int(window), v = objects.baseAddress! + Int(view)
                return front + w.pointee.frameX + w.pointee.width + v.pointee.frameX + v.pointee.width
            }
        }
    }

    func windowLevelHit(scene: Int, x: Double, y: Double) -> Int32 {
        var cursor = GridQueryCursor()
        return scenes.withUnsafeBufferPointer { scenes in
            objects.withUnsafeBufferPointer { objects in
                scenes[scene].index.startQuery(x: x, y: y, cursor: &cursor)
                while let leaf = scenes[scene].index.nextLeaf(&cursor) {
                    let w = scenes[scene].index.payload(of: leaf)
                    let r = objects.baseAddress! + Int(w)
                    if r.pointee.frameX <= x && x < r.pointee.frameX + r.pointee.width
                        && r.pointee.frameY <= y && y < r.pointee.frameY + r.pointee.height { return w }
                }
                return Self.null
            }
        }
    }
}
