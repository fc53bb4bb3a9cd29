import SpatialIndex
import WindowModel

/// One window or view, by slot. A plain value with no references, so the hit test
/// reads fields without retain/release traffic; names live in
/// ``EngineState/names`` beside it.
///
/// Every field the view walk reads (`ownTest`, `descend`: the geometry, alpha, the
/// transform slot, the links to the front-most subview and the next one behind, hidden
/// and interactive) comes first, in 70 contiguous bytes: a record the walk tests
/// touches two cache lines at most, where its fields spread over the whole 128 bytes
/// took three (callgrind's cache simulation of the gate's route at 100,000 windows:
/// 10-20% fewer first-level data misses, the same instructions). RecordLayoutTests
/// keeps it so.
///
/// Slots are never reused (names are never reused either, and the validator caps
/// the number of objects), so a dead record keeps its last geometry and links: a
/// stale reference can be detected (`isAlive`) instead of reading another object.
/// The slot number that refers to nothing.
let nullSlot: Int32 = -1

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
    /// Index into ``EngineState/transforms`` when the transform is not the identity
    /// (A3), else `null`: untransformed records take G4's path with one test.
    var transform: Int32 = nullSlot
    /// The front-most subview and the next one behind this record (see `firstChild`).
    var lastChild: Int32 = nullSlot
    var previousSibling: Int32 = nullSlot
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
    var firstChild: Int32 = nullSlot
    var nextSibling: Int32 = nullSlot

    // Window-only fields (unused for views).
    /// Index into ``EngineState/scenes``.
    var scene: Int32 = 0
    /// The `NAME.root` view while it exists, else `null` (W8, T2).
    var rootView: Int32 = nullSlot
    var level = 0.0
    /// Stacking sequence within the level, fresh each time the window goes to the
    /// front of its level; meaningful while visible.
    var sequence: UInt64 = 0
    var isPassthrough = false
    /// T8 and T7 (multiple touch is on by default, a decision). Placed here, in the
    /// padding after `isPassthrough`, so the record keeps its 128-byte stride.
    var isExclusiveTouch = false
    var isMultipleTouch = true
    /// The window's leaf in its scene's index while visible, else `null`.
    var leaf: Int32 = nullSlot
    /// The stamp of this window's latest entry in its scene's key history, or 0
    /// (never key, released, moved to another scene (M2), or its scene's screen
    /// disconnected (D3)): older entries of the window are stale (K4).
    var keyStamp: UInt64 = 0
}

/// One scene: its windows' index, key window and key history (S1).
///
/// There is no stored visible order: updates are frequent and order queries rare,
/// so the order (W3, W4) is derived on demand from `windows` by sorting the visible
/// ones by (level, sequence); see ``EngineState/visibleBackToFront(_:)``.
struct SceneRecord {
    var name: String
    /// The index of the scene's **visible** windows, with conservative boxes; its
    /// cells tile the scene (windows outside it are still found, see
    /// ``StackingGrid``).
    var index: StackingGrid
    /// Every window created in the scene, released ones included (filtered by
    /// `isAlive` when read): appending is O(1) and slots are never reused.
    var windows: [Int32] = []
    /// The key window (K1), possibly hidden, or `null`.
    var key: Int32 = nullSlot
    /// The key window's name, kept beside it so a resignation names it without a
    /// read of the name table (a cache miss on an update of a random window).
    var keyName = ""
    /// Each time a window became key, appended with a fresh stamp, most recent
    /// last. An entry is live when its stamp equals the window's `keyStamp` (K4 only
    /// asks for each window's most recent time); stale entries are skipped and
    /// dropped by ``EngineState/compactKeyHistory(_:)``.
    var keyHistory: [(window: Int32, stamp: UInt64)] = []
    /// `keyHistory.count` after the last compaction: the next one waits until the
    /// history has doubled, so compaction is amortized O(1) per entry.
    var keyHistoryCompacted = 0
    /// The number of the screen the scene is on (D1, D2); 0 is `main`.
    var screen: Int32 = 0

    init(name: String, size: Size) {
        self.name = name
        index = StackingGrid(bounds: IndexBox(minX: 0, minY: 0, maxX: size.width, maxY: size.height))
    }
}

/// A transform that is not the identity, with its determinant (A3's
/// `(a * d) - (b * c)`) computed once when set.
struct TransformRecord {
    var a, b, c, d, tx, ty: Double
    var determinant: Double

    init(_ t: ViewTransform) {
        a = t.a; b = t.b; c = t.c; d = t.d; tx = t.tx; ty = t.ty
        determinant = (t.a * t.d) - (t.b * t.c)
    }
}
