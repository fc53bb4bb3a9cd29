// The one traversal: a lazy point query, front to back by z-key.

/// Counters of one grid point query, for tests that check how much a query read
/// ("one cell, a few entries"), not how long it took.
public struct GridQueryStatistics: Hashable, Sendable {
    /// Cell entries whose filter box was tested against the point.
    public var entriesTested = 0
    /// Leaves handed to the caller so far (their exact box contains the point).
    public var leavesReported = 0

    public init() {}
}

/// Where a query is in one cell's run: the block being read and the next position
/// in it, counting down (front-most first).
@usableFromInline
struct RunCursor: Sendable {
    /// The slot where the current block starts, and the next position in it to read
    /// (-1: the block is done).
    @usableFromInline var start = 0
    @usableFromInline var position = -1
    /// The cell's directory, and the current block's place in it (the next one read
    /// is the one before).
    @usableFromInline var directoryStart = 0
    @usableFromInline var block = 0

    /// A cursor before the front entry of the run of `span`.
    @inlinable @inline(__always)
    init(_ span: CellStorage.Span) {
        start = Int(span.frontBlock) << CellStorage.unitShift
        position = Int(span.frontCount) - 1
        directoryStart = Int(span.directoryStart)
        block = Int(span.blockCount) - 1
    }

    @inlinable
    init() {}
}

/// The state of a point query on a ``StackingGrid``: the point, its cell and the
/// next entry to read. A plain value: a query allocates nothing. Valid for the grid
/// it was started on, until that grid changes.
public struct GridQueryCursor: Sendable {
    @usableFromInline var x = 0.0
    @usableFromInline var y = 0.0
    @usableFromInline var localX: UInt8 = 0
    @usableFromInline var localY: UInt8 = 0
    /// The point's cell.
    @usableFromInline var cell = RunCursor()
    /// For a point outside the tiled region, the outside run is merged in.
    @usableFromInline var isMerging = false
    @usableFromInline var outside = RunCursor()
    @usableFromInline var stats = GridQueryStatistics()

    /// Counters for the current query, reset by ``StackingGrid/startQuery(x:y:cursor:)``.
    public var statistics: GridQueryStatistics { stats }

    public init() {}
}

// Every step of a query is inlined into its caller. A caller that reaches the grid
// through a buffer pointer (the engine does) copies the whole grid value, 336 bytes,
// before each call that is not inlined; `startQuery` and the merge being calls cost a
// quarter of the grid's time at a million windows (docs/results/update-attempts.md).
extension StackingGrid {
    /// Starts a query for the boxes containing `(x, y)` (closed boxes), front to
    /// back: call ``nextLeaf(_:)`` until it returns nil.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func startQuery(x: Double, y: Double, cursor: inout GridQueryCursor) {
        let fx = xAxis.fixed(x), fy = yAxis.fixed(y)
        cursor.cell = RunCursor(cells.spans[Int(fy >> 8) * xAxis.cells + Int(fx >> 8)])
        cursor.x = x
        cursor.y = y
        cursor.localX = UInt8(truncatingIfNeeded: fx)
        cursor.localY = UInt8(truncatingIfNeeded: fy)
        cursor.isMerging = false
        if !isInRegion(x: x, y: y) {
            cursor.outside = RunCursor(cells.spans[outsideRun])
            cursor.isMerging = true
        }
        cursor.stats = GridQueryStatistics()
    }

    /// The next box containing the query point, in descending z-key order (equal
    /// keys by descending leaf number), or nil when there is none.
    /// - Complexity: O(1 + entries of the cell skipped on the way), each skipped
    ///   entry a box of the cell in front of the answer whose filter or exact box
    ///   misses the point.
    @inlinable @inline(__always)
    public func nextLeaf(_ cursor: inout GridQueryCursor) -> LeafID? {
        if cursor.isMerging, let leaf = nextLeafMerging(&cursor) { return leaf }
        return cells.entries.withUnsafeBufferPointer { slots in
            while true {
                while cursor.cell.position >= 0 {
                    let entry = slots[cursor.cell.start + cursor.cell.position]
                    cursor.cell.position -= 1
                    if admits(entry, &cursor) { return LeafID(rawValue: entry.leaf) }
                }
                if !nextBlock(&cursor.cell) { return nil }
            }
        }
    }

    /// Moves a run cursor whose block is done to the block before it; false when
    /// that was the run's back block.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func nextBlock(_ run: inout RunCursor) -> Bool {
        guard run.block > 0 else { return false }
        run.block -= 1
        let ref = cells.directory[run.directoryStart + run.block]
        run.start = Int(ref.block) << CellStorage.unitShift
        run.position = Int(ref.count) - 1
        return true
    }

    /// Whether a run cursor has an entry left to read (moving to the block before
    /// when its block is done).
    @inlinable @inline(__always)
    func hasEntry(_ run: inout RunCursor) -> Bool {
        run.position >= 0 || nextBlock(&run)
    }

    /// The leaf of the front-most entry of a just-started query's cell (the last of
    /// its run), read without any test, or nil for an empty cell: what a query whose
    /// answer were known in advance would still read. For benchmarks of the floor of
    /// a query; a route uses ``nextLeaf(_:)``.
    /// - Complexity: O(1).
    @inlinable
    public func frontLeaf(_ cursor: GridQueryCursor) -> LeafID? {
        cursor.cell.position >= 0
            ? LeafID(rawValue: cells.entries[cursor.cell.start + cursor.cell.position].leaf) : nil
    }

    /// ``nextLeaf(_:)`` for a point outside the region: the point's (edge) cell and
    /// the outside run, merged by descending (z-key, leaf) until the outside run is
    /// used up; then nil, and the caller reads the rest of the cell.
    /// - Complexity: O(1) per entry read.
    @inlinable @inline(__always)
    func nextLeafMerging(_ cursor: inout GridQueryCursor) -> LeafID? {
        while hasEntry(&cursor.outside) {
            let outsideSlot = cursor.outside.start + cursor.outside.position
            let outside = cells.entries[outsideSlot]
            if hasEntry(&cursor.cell) {
                let inCellSlot = cursor.cell.start + cursor.cell.position
                let inCell = cells.entries[inCellSlot]
                let a = cells.codes[inCellSlot], b = cells.codes[outsideSlot]
                if b < a || (a == b && outside.leaf < inCell.leaf) {
                    cursor.cell.position -= 1
                    if admits(inCell, &cursor) { return LeafID(rawValue: inCell.leaf) }
                    continue
                }
            }
            cursor.outside.position -= 1
            if admits(outside, &cursor) { return LeafID(rawValue: outside.leaf) }   // its filter is the whole cell
        }
        cursor.isMerging = false
        return nil
    }

    /// Counts `entry` as read, and whether the query point is in its box: its
    /// filter first, then its exact box; counts it as reported if so.
    @inlinable @inline(__always)
    func admits(_ entry: CellEntry, _ cursor: inout GridQueryCursor) -> Bool {
        cursor.stats.entriesTested += 1
        guard entry.contains(cursor.localX, cursor.localY)
                && boxes[Int(entry.leaf)].contains(x: cursor.x, y: cursor.y) else { return false }
        cursor.stats.leavesReported += 1
        return true
    }

    /// Every box containing the point, front to back. Built on the same query.
    /// - Complexity: O(1 + entries of the point's cell).
    public func leaves(containingX x: Double, y: Double) -> [LeafID] {
        var cursor = GridQueryCursor()
        startQuery(x: x, y: y, cursor: &cursor)
        var out: [LeafID] = []
        while let leaf = nextLeaf(&cursor) { out.append(leaf) }
        return out
    }
}
