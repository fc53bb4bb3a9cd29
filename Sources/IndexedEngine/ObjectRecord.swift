/// One window or view, by slot. A plain value with no references, so the hit test
/// reads fields without retain/release traffic; names live in
/// ``EngineState/names`` beside it.
///
/// Slots are never reused (names are never reused either, and the validator caps
/// the number of objects), so a dead record keeps its last geometry and links: a
/// stale reference can be detected (`isAlive`) instead of reading another object.
struct ObjectRecord {
    /// Frame origin and size (G4), in the parent's space (the screen for a window).
    var frameX: Double
    var frameY: Double
    var width: Double
    var height: Double
    /// Bounds origin (scroll offset).
    var boundsX = 0.0
    var boundsY = 0.0
    /// Clamped to [0, 1] when set (G5).
    var alpha = 1.0
    /// For a window: not in the visible order. For a view: `isHidden`.
    var isHidden: Bool
    var isInteractive = true
    var isAlive = true
    var isWindow: Bool

    /// The parent view or window; `null` for windows.
    var parent: Int32
    /// The window this object belongs to (itself for a window).
    var window: Int32
    /// Subviews as a doubly linked list, back-most first (`firstChild`) to
    /// front-most (`lastChild`), so hit testing walks it backwards without arrays.
    var firstChild: Int32 = EngineState.null
    var lastChild: Int32 = EngineState.null
    var previousSibling: Int32 = EngineState.null
    var nextSibling: Int32 = EngineState.null

    // Window-only fields (unused for views).
    /// Index into ``EngineState/scenes``.
    var scene: Int32 = 0
    var level = 0.0
    /// Stacking sequence within the level, fresh each time the window goes to the
    /// front of its level; meaningful while visible.
    var sequence: UInt64 = 0
    var isPassthrough = false
    /// The `NAME.root` view while it exists, else `null` (W8, T2).
    var rootView: Int32 = EngineState.null
    /// The window's leaf in its scene's tree while visible, else `null`.
    var leaf: Int32 = EngineState.null
}

/// One scene: its windows' index and order, key window and key history (S1).
struct SceneRecord {
    var name: String
    /// The tree of the scene's **visible** windows, with conservative boxes.
    var tree = DynamicBoxTree()
    /// Visible windows sorted back to front by (level, sequence) (W3, W4).
    var order: [Int32] = []
    /// The key window (K1), possibly hidden, or `null`.
    var key: Int32 = EngineState.null
    /// Windows in the order they last became key, most recent last, each once
    /// (K4 only asks for each window's most recent time).
    var keyHistory: [Int32] = []

    init(name: String) { self.name = name }
}

import SpatialIndex
