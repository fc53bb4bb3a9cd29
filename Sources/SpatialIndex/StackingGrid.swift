import CPrefetch

/// A uniform grid over a region of the plane whose cells each keep the boxes that
/// overlap them **sorted by z-key**, so the front-most box under a point is found by
/// reading one cell from its front end: a point query costs O(1) plus one step per
/// box in front of the answer that covers the cell but not the point.
///
/// ```
///   region (bounds) split into cols x rows cells; each cell a sorted run of entries,
///   kept in blocks of 32 (see CellStorage)
///   +-----+-----+-----+        cell (1, 0): [e_back ... e_front]   <- a query reads
///   |     |  A==|==B  |                      z-key ascending          from the end
///   +-----+--|--+--|--+
///   |     |  A  |  B  |        an entry = the box's leaf + its box inside the cell,
///   +-----+-----+-----+                   in 8-bit fixed point (a filter, see below)
/// ```
///
/// The tiled region is the given bounds (the scene) widened to where the boxes near
/// it are (see ``coveredRegion()``). Boxes that overlap it but reach beyond are
/// clamped into its edge cells; boxes wholly outside it (windows parked or moved far
/// off the scene) go to one more run, the *outside run*, which only queries at
/// points outside the region read, merged with their clamped edge cell. So any box
/// (infinite ones too) can be stored and every query is answered correctly; the
/// region only decides where cells are fine and which queries are fast. The cell
/// size follows the boxes in the cells (about their mean size, see ``relayout()``),
/// and both are re-chosen when the boxes have changed enough (see
/// ``relayoutIfNeeded()``).
///
/// Each cell keeps a filter box per entry in the cell's own 8-bit fixed point
/// coordinates, rounded so that it contains the real box's part of the cell: a query
/// skips entries whose filter misses the point and reports the others, front to
/// back; the caller's exact test has the last word (as with any conservative box).
///
/// ```swift
/// var grid = StackingGrid(bounds: IndexBox(minX: 0, minY: 0, maxX: 100, maxY: 100))
/// let a = grid.insert(box: IndexBox(minX: 0, minY: 0, maxX: 10, maxY: 10),
///                     zKey: ZKey(level: 0, sequence: 1), payload: 7)
/// var cursor = GridQueryCursor()
/// grid.startQuery(x: 5, y: 5, cursor: &cursor)
/// while let leaf = grid.nextLeaf(&cursor) { print(grid.payload(of: leaf)) }  // 7
/// ```
///
/// Cost model (k = boxes per cell, c = cells a box overlaps, about 4 on average
/// with the default cell size, B = 32 entries a block): a query in the region is
/// O(1 + boxes in front of the answer in its cell), one outside it also reads the
/// outside run's boxes in front of the answer; inserting, removing, restacking or
/// moving a box is O(c (log k + B)): in each cell a binary search over its blocks
/// and one inside a block, then a shift inside that block (see ``CellStorage``;
/// for a box in the outside run, c = 1 and k is that run's length).
public struct StackingGrid: Sendable {
    /// "No leaf": the null link of the free list.
    static let null: Int32 = -1

    /// One stored box's bookkeeping (the box itself is in `boxes`). A free slot has
    /// `isLive == false` and links the free list through `nextFree`.
    @usableFromInline
    struct Leaf: Sendable {
        @usableFromInline var payload: Int32
        /// The box in the grid's fixed point coordinates (see ``GridAxis``) under
        /// the current layout; `>> 8` gives the cell range.
        var fixedMinX: Int32
        var fixedMinY: Int32
        var fixedMaxX: Int32
        var fixedMaxY: Int32
        var isLive: Bool
        var nextFree: Int32
    }

    /// Where the queries are (finite): the scene, for a window index. The region
    /// covers it, unless it is over ``boundsStretchLimit`` times longer than the
    /// boxes' own interval on an axis.
    public let bounds: IndexBox
    /// The region the current layout tiles: the bounds widened to where the boxes
    /// near them are (see ``coveredRegion()``).
    public internal(set) var region: IndexBox
    /// Leaves by ``LeafID``; slots are reused through the free list.
    @usableFromInline var leaves: [Leaf] = []
    /// The z-key of each leaf slot.
    var keys: [ZKey] = []
    /// The levels in use and their codes.
    var levelCodes = LevelCodes()
    /// The exact box of each leaf slot, for the final test of a query.
    @usableFromInline var boxes: [IndexBox] = []
    var freeList: Int32 = StackingGrid.null
    /// Number of boxes stored.
    public private(set) var count = 0

    /// Current cell layout.
    @usableFromInline var xAxis: GridAxis
    @usableFromInline var yAxis: GridAxis
    /// The cells' runs, row-major, in blocks (see ``CellStorage``).
    @usableFromInline var cells: CellStorage
    /// `count` and `cells.entryCount` when the layout was last chosen (the policy
    /// of ``relayoutIfNeeded()`` compares against them).
    var layoutLeafCount = 0
    var layoutEntryCount = 0
    /// How many layouts were chosen so far (for tests of the relayout policy).
    var layoutGeneration = 0
    /// The summed fixed widths and heights of the leaves in the cells (not in the
    /// outside run; `fixedMax - fixedMin + 1` in 1/256 of a cell, each capped at
    /// ``accountedSideLimit``): kept up to date by every change, so
    /// ``relayoutIfNeeded()`` can tell in O(1) that the boxes shrank. Integers, so
    /// adding and subtracting never drifts.
    var fixedWidthSum: Int64 = 0
    var fixedHeightSum: Int64 = 0
    /// The same, and the outside run's length, when the layout was last chosen.
    var layoutInsideCount = 0
    var layoutWidthSum: Int64 = 0
    var layoutHeightSum: Int64 = 0
    var layoutOutsideCount = 0

    /// Leaves wholly outside the region, in the outside run.
    var outsideCount: Int { cells.count(of: outsideRun) }
    /// Leaves in the cells.
    var insideCount: Int { count - outsideCount }

    /// Creates an empty grid whose cells will tile `bounds`.
    /// - Precondition: `bounds` is valid and finite.
    /// - Complexity: O(1).
    public init(bounds: IndexBox) {
        precondition(bounds.isValid && bounds.minX.isFinite && bounds.minY.isFinite
                     && bounds.maxX.isFinite && bounds.maxY.isFinite, "grid bounds must be finite: \(bounds)")
        self.bounds = bounds
        region = bounds
        xAxis = GridAxis(origin: bounds.minX, extent: bounds.maxX - bounds.minX, cells: 1)
        yAxis = GridAxis(origin: bounds.minY, extent: bounds.maxY - bounds.minY, cells: 1)
        cells = CellStorage(cellCount: 1 + 1)   // one cell and the outside run
    }

    /// Whether the grid holds no boxes.
    public var isEmpty: Bool { count == 0 }

    /// The number of columns and rows of the current layout.
    public var cellDimensions: (columns: Int, rows: Int) { (xAxis.cells, yAxis.cells) }

    /// Cell entries in use (each box has one per cell it overlaps).
    public var entryCount: Int { cells.entryCount }

    /// Bytes of the grid's arrays (by their element counts, not their capacities):
    /// per-leaf records, keys and boxes, cell spans, directories and blocks.
    /// - Complexity: O(1).
    public var memoryBytes: Int {
        leaves.count * (MemoryLayout<Leaf>.stride + MemoryLayout<ZKey>.stride + MemoryLayout<IndexBox>.stride)
            + cells.spans.count * MemoryLayout<CellStorage.Span>.stride
            + cells.directory.count * MemoryLayout<CellStorage.BlockRef>.stride
            + cells.entries.count * (MemoryLayout<CellEntry>.stride + MemoryLayout<UInt64>.stride)
    }

    // MARK: Leaf accessors

    /// The box stored for `leaf`.
    /// - Complexity: O(1).
    public func box(of leaf: LeafID) -> IndexBox { boxes[Int(leaf.rawValue)] }

    /// The z-key stored for `leaf`.
    /// - Complexity: O(1).
    public func zKey(of leaf: LeafID) -> ZKey { keys[Int(leaf.rawValue)] }

    /// The payload given when `leaf` was inserted.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func payload(of leaf: LeafID) -> Int32 { leaves[Int(leaf.rawValue)].payload }

    /// Whether `leaf` currently names a stored box. For consistency checks.
    /// - Complexity: O(1).
    public func isLiveLeaf(_ leaf: LeafID) -> Bool {
        let i = Int(leaf.rawValue)
        return i >= 0 && i < leaves.count && leaves[i].isLive
    }

    // MARK: Operations

    /// Adds a box with a z-key and a payload; returns its handle.
    /// - Precondition: `box.isValid` (no NaN, min <= max); the key's level finite and
    ///   its sequence below `2^42` (see ``LevelCodes``).
    /// - Complexity: O(c (log k + B)) for the c cells the box overlaps, k boxes per
    ///   cell, B = ``CellStorage/blockCapacity``; O(n log n + entries) when it
    ///   triggers a new layout (amortized O(log n) per insertion, since layouts
    ///   follow doublings); O(cells + entries) when its cells' slots are compacted
    ///   (``CellStorage/compactSlots()``, amortized O(1) a freed block unit), which
    ///   any update below may do too.
    public mutating func insert(box: IndexBox, zKey: ZKey, payload: Int32) -> LeafID {
        precondition(box.isValid, "invalid box \(box)")
        _ = acquireCode(zKey)   // counts the level's use; the entries compute the code
        let leaf = allocate()
        leaves[Int(leaf)] = Leaf(payload: payload, fixedMinX: 0, fixedMinY: 0, fixedMaxX: 0, fixedMaxY: 0,
                                 isLive: true, nextFree: Self.null)
        keys[Int(leaf)] = zKey
        boxes[Int(leaf)] = box
        count += 1
        setFixedBox(leaf)
        account(leaf, 1)
        addEntries(of: leaf, in: cellRange(of: leaf))
        relayoutIfNeeded()
        return LeafID(rawValue: leaf)
    }

    /// Removes a box; its handle becomes invalid (and may be reused by a later insert).
    /// - Complexity: O(c (log k + B)); a new layout when the grid has shrunk to a
    ///   quarter of its last layout's size; a compaction of the slots as for
    ///   ``insert(box:zKey:payload:)``.
    public mutating func remove(_ leaf: LeafID) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        let l = leaf.rawValue
        prefetchRecords(of: l)
        removeEntries(of: l, code: code(of: l), in: cellRange(of: l))
        account(l, -1)
        levelCodes.release(keys[Int(l)].level)
        leaves[Int(l)].isLive = false
        leaves[Int(l)].nextFree = freeList
        freeList = l
        count -= 1
        relayoutIfNeeded()
    }

    /// Replaces the box of a leaf (a window moved or resized): the cells it leaves
    /// drop its entry, the cells it keeps update the entry's filter in place (its
    /// z-key did not change, so neither did its place in the run), and the cells it
    /// enters get a new entry at its z-key's place. Does nothing if the box is equal.
    /// - Complexity: O((c_old + c_new) (log k + B)), and a compaction of the slots
    ///   as for ``insert(box:zKey:payload:)``.
    public mutating func updateBox(_ leaf: LeafID, to box: IndexBox) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        precondition(box.isValid, "invalid box \(box)")
        let l = leaf.rawValue
        prefetchRecords(of: l)
        if boxes[Int(l)] == box { return }
        let old = cellRange(of: l)
        account(l, -1)
        boxes[Int(l)] = box
        setFixedBox(l)
        account(l, 1)
        let new = cellRange(of: l)
        let code = code(of: l), columns = xAxis.cells
        let left = CellList(range: old, skipped: nil, columns: columns)
        let entered = CellList(range: new, skipped: old, columns: columns)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: left.total + entered.total) { places in
            moveEntries(of: l, code: code, leaving: left, entering: entered, kept: new, places: places)
        }
        relayoutIfNeeded()
    }

    /// Moves a leaf's entries out of the cells of `left` that are not in `kept` (in
    /// those that are, its entry takes its current filter) and into those of
    /// `entered` (which shares no cell with `left`). Every cell's block is found and
    /// starts loading before any change, so the update waits once for all of them; a
    /// change in one cell leaves the others' places valid.
    /// - Complexity: O(c (log k + B)) for the c cells of both lists.
    private mutating func moveEntries(of l: Int32, code: UInt64, leaving left: CellList, entering entered: CellList,
                                      kept: CellRange, places: UnsafeMutableBufferPointer<Int>) {
        var k = 0
        for cell in left { places[k] = cells.prefetchedPlace(of: l, code: code, in: cell.index); k += 1 }
        for cell in entered { places[k] = cells.prefetchedPlace(of: l, code: code, in: cell.index); k += 1 }
        k = 0
        for cell in left {
            if kept.rows.contains(cell.row) && kept.columns.contains(cell.column) {
                cells.replace(entry(of: l, column: cell.column, row: cell.row), code: code, in: cell.index,
                              place: places[k])
            } else {
                cells.remove(l, code: code, from: cell.index, place: places[k])
            }
            k += 1
        }
        for cell in entered {
            cells.insert(entry(of: l, column: cell.column, row: cell.row), code: code, into: cell.index,
                         place: places[k])
            k += 1
        }
    }

    /// Starts loading a leaf's fixed box and z-key, which an update reads after its box:
    /// their cache misses overlap the box's instead of following it.
    @inline(__always)
    private func prefetchRecords(of leaf: Int32) {
        leaves.withUnsafeBufferPointer { windowlab_prefetch($0.baseAddress! + Int(leaf), 1) }
        keys.withUnsafeBufferPointer { windowlab_prefetch($0.baseAddress! + Int(leaf), 1) }
    }

    /// Adds a leaf's entry, at its z-key's place, to each cell of `range`. As in
    /// ``removeEntries(of:code:in:)``, every cell's block is found and starts loading
    /// before any changes (a split in one cell leaves the other cells' places valid).
    /// - Complexity: O(c (log k + B)) for the c cells added to.
    private mutating func addEntries(of leaf: Int32, in range: CellRange) {
        let code = self.code(of: leaf)
        let columns = xAxis.cells
        Self.forEachCell(of: range, columns: columns) { places, cells in
            for (i, cell) in cells.enumerated() {
                places[i] = self.cells.prefetchedPlace(of: leaf, code: code, in: cell.index)
            }
            for (i, cell) in cells.enumerated() {
                self.cells.insert(entry(of: leaf, column: cell.column, row: cell.row), code: code, into: cell.index,
                                  place: places[i])
            }
        }
    }

    /// Replaces the z-key of a leaf (a window restacked): in each cell it overlaps,
    /// its entry leaves its old place and enters at the new key's.
    /// - Complexity: O(c (log k + B)), and a compaction of the slots as for
    ///   ``insert(box:zKey:payload:)``.
    public mutating func updateZKey(_ leaf: LeafID, to zKey: ZKey) {
        precondition(isLiveLeaf(leaf), "\(leaf) is not a leaf")
        let l = leaf.rawValue
        prefetchRecords(of: l)
        let oldKey = keys[Int(l)]
        if oldKey == zKey { return }
        // First, since a new level may re-encode every stored code (the old one included).
        let code = acquireCode(zKey)
        let oldCode = self.code(of: l)
        // Every cell's old block is found and starts loading first, as in removeEntries.
        Self.forEachCell(of: cellRange(of: l), columns: xAxis.cells) { places, cells in
            for (i, cell) in cells.enumerated() {
                places[i] = self.cells.prefetchedPlace(of: l, code: oldCode, in: cell.index)
            }
            for (i, cell) in cells.enumerated() {
                self.cells.move(l, from: oldCode, place: places[i], to: code, in: cell.index)
            }
        }
        keys[Int(l)] = zKey
        levelCodes.release(oldKey.level)
    }

    /// Removes a leaf's entry (stored with `code`) from each cell of `range`. Every
    /// cell's block is found, and starts loading, before any changes (see
    /// ``CellStorage/prefetchedPlace(of:code:in:)``); a cell's change leaves the other
    /// cells' places valid.
    /// - Complexity: O(c (log k + B)).
    private mutating func removeEntries(of leaf: Int32, code: UInt64, in range: CellRange) {
        let columns = xAxis.cells
        Self.forEachCell(of: range, columns: columns) { places, cells in
            for (i, cell) in cells.enumerated() {
                places[i] = self.cells.prefetchedPlace(of: leaf, code: code, in: cell.index)
            }
            for (i, cell) in cells.enumerated() {
                self.cells.remove(leaf, code: code, from: cell.index, place: places[i])
            }
        }
    }

    /// Calls `body` with the cells of `range` and room for a place each (on the stack
    /// for a window's usual few cells).
    @inline(__always)
    private static func forEachCell(of range: CellRange, columns: Int,
                                    _ body: (UnsafeMutableBufferPointer<Int>, CellList) -> Void) {
        let cells = CellList(range: range, skipped: nil, columns: columns)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: cells.total) { body($0, cells) }
    }

    /// The code of a stored leaf's z-key (see ``LevelCodes``), as its entries carry it.
    /// - Complexity: O(log levels).
    @inline(__always)
    func code(of leaf: Int32) -> UInt64 { levelCodes.code(of: keys[Int(leaf)]) }

    /// The code of `key` (see ``LevelCodes``), counting its level as used once more;
    /// when its level needs room that the codes no longer leave, every level is
    /// renumbered and the cells refilled with the new codes first.
    private mutating func acquireCode(_ key: ZKey) -> UInt64 {
        if let code = levelCodes.acquire(key) { return code }
        levelCodes.renumber()
        refill()
        return levelCodes.acquire(key)!
    }

    // MARK: Slots

    private mutating func allocate() -> Int32 {
        if freeList != Self.null {
            let l = freeList
            freeList = leaves[Int(l)].nextFree
            return l
        }
        precondition(leaves.count < Int(Int32.max), "grid too large for Int32 handles")
        leaves.append(Leaf(payload: -1, fixedMinX: 0, fixedMinY: 0, fixedMaxX: 0, fixedMaxY: 0,
                           isLive: false, nextFree: Self.null))
        keys.append(ZKey(level: 0, sequence: 0))
        boxes.append(IndexBox(minX: 0, minY: 0, maxX: 0, maxY: 0))
        return Int32(leaves.count - 1)
    }
}
