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
}

extension EngineState {
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
