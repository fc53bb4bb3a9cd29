/// A dynamic bounding-volume tree over closed boxes, each leaf carrying a ``ZKey``
/// and an `Int32` payload; every internal node also stores the **maximum z-key of its
/// subtree**, so point queries can enumerate leaves front to back best-first, and
/// restacking a leaf only updates maxima along one path without touching geometry.
///
/// The design follows Box2D's `b2DynamicTree`: nodes in one contiguous array
/// addressed by `Int32`, a free list threaded through `parentOrNext`, leaves at
/// stable indices (their ``LeafID``s), AVL-style rotations on the way up after every
/// insertion or removal, and a surface-area (here: perimeter) insertion heuristic.
///
/// ```swift
/// var tree = DynamicBoxTree()
/// let a = tree.insert(box: IndexBox(minX: 0, minY: 0, maxX: 10, maxY: 10),
///                     zKey: ZKey(level: 0, sequence: 1), payload: 7)
/// var cursor = PointQueryCursor()
/// tree.startQuery(x: 5, y: 5, cursor: &cursor)
/// while let leaf = tree.nextLeaf(&cursor) { print(tree.payload(of: leaf)) }  // 7
/// ```
public struct DynamicBoxTree: Sendable {
    /// "No node": the null link.
    @usableFromInline static let null: Int32 = -1

    /// One slot of the node array. Its fields mean different things by state:
    ///
    /// ```
    ///  field          leaf                    internal                 free
    ///  -------------  ----------------------  -----------------------  ----------------
    ///  box            the caller's box        union of children's box  stale
    ///  zLevel/zSeq    the leaf's z-key        max z-key of the subtree stale
    ///  parentOrNext   parent (null at root)   parent (null at root)    next free slot
    ///  child1         null                    first child              null
    ///  child2         null                    second child             null
    ///  height         0                       1 + max(child heights)   -1
    ///  payload        the caller's payload    -1                       -1
    /// ```
    ///
    /// 72 bytes; `child1 == null` is the leaf test, `height == -1` the free test.
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var box: IndexBox
        @usableFromInline var zLevel: Double
        @usableFromInline var zSequence: UInt64
        @usableFromInline var parentOrNext: Int32
        @usableFromInline var child1: Int32
        @usableFromInline var child2: Int32
        @usableFromInline var height: Int32
        @usableFromInline var payload: Int32

        @inlinable var isLeaf: Bool { child1 == DynamicBoxTree.null }
        @inlinable var zKey: ZKey { ZKey(level: zLevel, sequence: zSequence) }
    }

    /// How many node slots to add when the free list is empty, as a fraction of the
    /// current capacity (doubling, like Box2D), with a floor for tiny trees.
    static let minimumGrowth = 16

    @usableFromInline var nodes: [Node] = []
    @usableFromInline var root: Int32 = DynamicBoxTree.null
    /// Head of the free list threaded through `parentOrNext`.
    var freeList: Int32 = DynamicBoxTree.null
    /// Slots in use (leaves + internal nodes).
    var usedNodeCount = 0
    /// Number of leaves: the number of boxes stored.
    public private(set) var count = 0
    /// Insertions and box updates since the last ``rebuild()`` (see
    /// ``rebuildDivisor``).
    var changesSinceRebuild = 0

    /// Automatic rebuild policy: after `max(rebuildMinimumChanges, count /
    /// rebuildDivisor)` insertions or box updates, the tree rebuilds itself top-down.
    /// Incremental insertion alone builds trees whose point queries test about twice
    /// as many nodes (measured on the desktop stack of the query-cost tests); a
    /// rebuild costs O(n log n), so this adds O(rebuildDivisor · log n) amortized
    /// per change. Restacking (``updateZKey(_:to:)``) never counts: it changes no
    /// geometry.
    public static let rebuildDivisor = 8
    /// How far the two subtrees of a node may differ in height before a height
    /// rotation. 1 would be AVL, but height rotations ignore box quality, and in a
    /// surface-optimised (or rebuilt) tree nearly every node leans a little, so a
    /// strict bound rotates on every insertion: on the desktop stack of the
    /// query-cost tests, slack 1 / 2 / 4 / 8 / 16 give 166 / 104 / 96 / 84 / 62 nodes
    /// tested per query at n = 10_000. A tree in which every node respects slack k
    /// has height at most about log2(n) / log2(r), r the root of x^(k+1) = x^k + 1
    /// (about 5.5 log2 n for k = 16), so identical boxes, which the surface
    /// heuristic cannot tell apart, still cannot build a chain (a test checks it).
    static let balanceSlack: Int32 = 16
    /// See ``rebuildDivisor``: small trees are cheap to query either way.
    public static let rebuildMinimumChanges = 256

    /// Creates an empty tree with room for `capacity` leaves before it grows.
    /// - Complexity: O(capacity).
    public init(capacity: Int = 0) {
        if capacity > 0 { grow(to: 2 * capacity - 1) }
    }

    /// Whether the tree holds no boxes.
    public var isEmpty: Bool { count == 0 }

    /// The height of the tree: 0 for one leaf, -1 when empty.
    /// - Complexity: O(1).
    public var height: Int { root == Self.null ? -1 : Int(nodes[Int(root)].height) }

    // MARK: Leaf accessors

    /// The box stored for `leaf`.
    /// - Complexity: O(1).
    @inlinable
    public func box(of leaf: LeafID) -> IndexBox { nodes[Int(leaf.rawValue)].box }

    /// The z-key stored for `leaf`.
    /// - Complexity: O(1).
    @inlinable
    public func zKey(of leaf: LeafID) -> ZKey { nodes[Int(leaf.rawValue)].zKey }

    /// The payload given when `leaf` was inserted.
    /// - Complexity: O(1).
    @inlinable
    public func payload(of leaf: LeafID) -> Int32 { nodes[Int(leaf.rawValue)].payload }

    /// Whether `leaf` currently names a leaf of this tree (not a free slot or an
    /// internal node). For consistency checks.
    /// - Complexity: O(1).
    public func isLiveLeaf(_ leaf: LeafID) -> Bool {
        let i = Int(leaf.rawValue)
        return i >= 0 && i < nodes.count && nodes[i].height == 0
    }

    // MARK: Operations

    /// Adds a box with a z-key and a payload; returns its handle.
    /// - Precondition: `box.isValid` (no NaN, min <= max).
    /// - Complexity: O(log n) amortized; O(n log n) when it triggers an automatic
    ///   ``rebuild()`` (see ``rebuildDivisor``) or the node array grows.
    public mutating func insert(box: IndexBox, zKey: ZKey, payload: Int32) -> LeafID {
        precondition(box.isValid, "invalid box \(box)")
        let leaf = allocate()
        nodes[Int(leaf)] = Node(box: box, zLevel: zKey.level, zSequence: zKey.sequence,
                                parentOrNext: Self.null, child1: Self.null, child2: Self.null,
                                height: 0, payload: payload)
        insertLeaf(leaf)
        count += 1
        noteGeometryChange()
        return LeafID(rawValue: leaf)
    }

    /// Removes a leaf; its handle becomes invalid.
    /// - Complexity: O(log n).
    public mutating func remove(_ leaf: LeafID) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        removeLeaf(leaf.rawValue)
        free(leaf.rawValue)
        count -= 1
    }

    /// Replaces the box of a leaf (a window moved or resized). Strategy: remove and
    /// reinsert at the same node index, so the handle stays valid and the stored box
    /// is exactly the new one (no fat margins: the engine's consistency check
    /// compares boxes exactly, and windows move rarely compared to touches).
    /// Does nothing when the box is unchanged.
    /// - Complexity: O(log n) amortized, as ``insert(box:zKey:payload:)``.
    public mutating func updateBox(_ leaf: LeafID, to box: IndexBox) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        precondition(box.isValid, "invalid box \(box)")
        let i = Int(leaf.rawValue)
        if nodes[i].box == box { return }
        removeLeaf(leaf.rawValue)
        nodes[i].box = box
        insertLeaf(leaf.rawValue)
        noteGeometryChange()
    }

    /// Counts an insertion or box update and rebuilds when the policy says so.
    private mutating func noteGeometryChange() {
        changesSinceRebuild += 1
        if changesSinceRebuild >= max(Self.rebuildMinimumChanges, count / Self.rebuildDivisor) {
            rebuild()
        }
    }

    /// Replaces the z-key of a leaf (a window restacked). Geometry is untouched: only
    /// the subtree maxima on the path to the root are recomputed, stopping as soon
    /// as one does not change.
    /// - Complexity: O(log n).
    public mutating func updateZKey(_ leaf: LeafID, to zKey: ZKey) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        var i = Int(leaf.rawValue)
        nodes[i].zLevel = zKey.level
        nodes[i].zSequence = zKey.sequence
        var parent = nodes[i].parentOrNext
        while parent != Self.null {
            i = Int(parent)
            let old = nodes[i].zKey
            refreshZ(parent)
            if nodes[i].zKey == old { break }
            parent = nodes[i].parentOrNext
        }
    }

    /// Removes every leaf, keeping the node storage.
    /// - Complexity: O(capacity).
    public mutating func removeAll() {
        let capacity = nodes.count
        nodes.removeAll(keepingCapacity: true)
        root = Self.null
        freeList = Self.null
        usedNodeCount = 0
        count = 0
        changesSinceRebuild = 0
        grow(to: capacity)
    }

    // MARK: Node storage

    /// Extends the node array to `capacity` slots, threading the new ones onto the
    /// free list (lowest index first, so small trees stay compact).
    private mutating func grow(to capacity: Int) {
        let old = nodes.count
        guard capacity > old else { return }
        precondition(capacity <= Int(Int32.max), "tree too large for Int32 indices")
        nodes.reserveCapacity(capacity)
        for i in old..<capacity {
            let next: Int32 = i + 1 < capacity ? Int32(i + 1) : freeList
            nodes.append(Node(box: IndexBox(minX: 0, minY: 0, maxX: 0, maxY: 0), zLevel: 0, zSequence: 0,
                              parentOrNext: next, child1: Self.null, child2: Self.null,
                              height: -1, payload: -1))
        }
        freeList = Int32(old)
    }

    mutating func allocate() -> Int32 {
        if freeList == Self.null {
            grow(to: max(nodes.count * 2, Self.minimumGrowth))
        }
        let i = freeList
        freeList = nodes[Int(i)].parentOrNext
        nodes[Int(i)].parentOrNext = Self.null
        nodes[Int(i)].height = 0
        usedNodeCount += 1
        return i
    }

    mutating func free(_ i: Int32) {
        nodes[Int(i)].parentOrNext = freeList
        nodes[Int(i)].child1 = Self.null
        nodes[Int(i)].child2 = Self.null
        nodes[Int(i)].height = -1
        nodes[Int(i)].payload = -1
        freeList = i
        usedNodeCount -= 1
    }

    // MARK: Shared helpers

    /// Recomputes box, height and maximum z-key of internal node `i` from its children.
    mutating func refresh(_ i: Int32) {
        let n = nodes[Int(i)]
        let a = nodes[Int(n.child1)], b = nodes[Int(n.child2)]
        nodes[Int(i)].box = a.box.union(b.box)
        nodes[Int(i)].height = 1 + max(a.height, b.height)
        let z = max(a.zKey, b.zKey)
        nodes[Int(i)].zLevel = z.level
        nodes[Int(i)].zSequence = z.sequence
    }

    /// Recomputes only the maximum z-key of internal node `i`.
    mutating func refreshZ(_ i: Int32) {
        let n = nodes[Int(i)]
        let z = max(nodes[Int(n.child1)].zKey, nodes[Int(n.child2)].zKey)
        nodes[Int(i)].zLevel = z.level
        nodes[Int(i)].zSequence = z.sequence
    }

    /// Makes `new` take `old`'s place under `parent` (or at the root).
    mutating func replaceChild(of parent: Int32, _ old: Int32, with new: Int32) {
        if parent == Self.null {
            root = new
        } else if nodes[Int(parent)].child1 == old {
            nodes[Int(parent)].child1 = new
        } else {
            nodes[Int(parent)].child2 = new
        }
    }
}
