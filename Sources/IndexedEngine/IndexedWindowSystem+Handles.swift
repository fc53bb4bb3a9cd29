import WindowModel

/// A window or view of one ``IndexedWindowSystem``, found once by its name and kept,
/// as a compositor keeps a surface's id: an update through a handle does not look the
/// name up again (Box2D's `MoveProxy` takes a proxy id the same way).
///
/// A handle stays valid for the life of its object in the system that gave it: slots
/// are never reused, so a handle never names another object, and one whose object is
/// gone is refused (``IndexedWindowSystem/handle(of:)`` no longer gives it, and
/// ``IndexedWindowSystem/setFrame(_:to:)`` stops with a precondition failure).
public struct ObjectHandle: Hashable, Sendable {
    let slot: Int32
}

/// Where a routed point landed, as handles: what ``IndexedWindowSystem/hitTarget(at:scene:)``
/// answers, with the window and view not yet named (``IndexedWindowSystem/name(of:)``
/// names them when they are reported).
public struct HandleHit: Hashable, Sendable {
    public var window: ObjectHandle
    /// The view hit (the window itself when no view of it was).
    public var view: ObjectHandle
    /// The point in the view's coordinates (H6).
    public var point: Point
}

// Updates and routing by handle: what `apply` and `hitTarget` do, with names looked up
// once by the caller, not at every call.
extension IndexedWindowSystem {
    /// The handle of the window or view called `name`, or nil when there is none (never
    /// created, or gone: removed, or its window released).
    /// - Complexity: one hash lookup of the name.
    public func handle(of name: String) -> ObjectHandle? {
        state.slotByName[name].map { ObjectHandle(slot: $0) }
    }

    /// The name `handle` was found by.
    /// - Precondition: `handle` came from this system.
    public func name(of handle: ObjectHandle) -> String {
        precondition(isOwn(handle), "a handle of another system")
        return state.names[Int(handle.slot)]
    }

    /// `set NAME frame X Y W H` for the object `handle` names, without looking its name
    /// up or building a command: the same state afterwards as
    /// `apply(.setFrame(target: name, frame: frame))`, which answers no observation
    /// either.
    ///
    /// ```swift
    /// let app = system.handle(of: "app")!
    /// system.setFrame(app, to: Rect(40, 40, 320, 200))   // as `set app frame 40 40 320 200`
    /// ```
    /// - Precondition: `handle` came from this system and its object still exists;
    ///   `frame` is one a scenario may give (`CommandValidator`'s rule: every number
    ///   finite, width and height at least 0).
    /// - Complexity: the move's grid update (the cells the window leaves and enters,
    ///   see `StackingGrid.updateBox(_:to:)`), as through `apply`.
    public func setFrame(_ handle: ObjectHandle, to frame: Rect) {
        precondition(isOwn(handle) && state.objects[Int(handle.slot)].isAlive, "a handle of no object here")
        // CommandValidator's frame rule, written out: calling its throwing check here costs a
        // move 67-90 instructions (+1%, counted with the gate's move_handle_* benchmarks).
        precondition(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite
                     && frame.width >= 0 && frame.height >= 0, "not a frame a scenario may give: \(frame)")
        state.setFrame(handle.slot, frame)
    }

    /// ``hitTarget(at:scene:)`` answered with handles: the same window, view and point
    /// (T1, T2, T6, H1-H6), without copying two names into the answer.
    ///
    /// ```swift
    /// if let hit = system.hitHandles(at: Point(10, 10), scene: "main"), hit.window == app { ... }
    /// ```
    /// - Complexity: as ``hitTarget(at:scene:)``'s: the index query plus the exact hit
    ///   test of each candidate window until one answers.
    public func hitHandles(at point: Point, scene: String) -> HandleHit? {
        let index = state.rememberedSceneIndex(scene)
        return state.route(scene: index, x: point.x, y: point.y).map {
            HandleHit(window: ObjectHandle(slot: $0.window), view: ObjectHandle(slot: $0.view), point: Point($0.x, $0.y))
        }
    }

    private func isOwn(_ handle: ObjectHandle) -> Bool {
        handle.slot >= 0 && Int(handle.slot) < state.objects.count
    }
}
