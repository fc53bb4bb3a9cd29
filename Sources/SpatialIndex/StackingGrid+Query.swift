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

/// The state of a point query on a ``StackingGrid``: the point, its cell and the
/// next entry to read. A plain value: a query allocates nothing. Valid for the grid
/// it was started on, until that grid changes.
public struct GridQueryCursor: Sendable {
    @usableFromInline var x = 0.0
    @usableFromInline var y = 0.0
    @usableFromInline var localX: UInt8 = 0
    @usableFromInline var localY: UInt8 = 0
    /// Where the cell's run starts in the slot array.
    @usableFromInline var start = 0
    /// The next position to read, counting down (front-most first); -1 when done.
    @usableFromInline var position = -1
    /// For a point outside the tiled region, the outside run is merged in: where it
    /// starts and the next position to read; -1 when not merging or done.
    @usableFromInline var outsideStart = 0
    @usableFromInline var outsidePosition = -1
    @usableFromInline var stats = GridQueryStatistics()

    /// Counters for the current query, reset by ``StackingGrid/startQuery(x:y:cursor:)``.
    public var statistics: GridQueryStatistics { stats }

    public init() {}
}

extension StackingGrid {
    /// Starts a query for the boxes containing `(x, y)` (closed boxes), front to
    /// back: call ``nextLeaf(_:)`` until it returns nil.
    /// - Complexity: O(1).
    @inlinable
    public func startQuery(x: Double, y: Double, cursor: inout GridQueryCursor) {
        let fx = xAxis.fixed(x), fy = yAxis.fixed(y)
        let span = cells.spans[Int(fy >> 8) * xAxis.cells + Int(fx >> 8)]
        cursor.x = x
        cursor.y = y
        cursor.localX = UInt8(truncatingIfNeeded: fx)
        cursor.localY = UInt8(truncatingIfNeeded: fy)
        cursor.start = span.start
        cursor.position = span.count - 1
        cursor.outsidePosition = -1
        if !isInRegion(x: x, y: y) {
            let outside = cells.spans[outsideRun]
            cursor.outsideStart = outside.start
            cursor.outsidePosition = outside.count - 1
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
        if cursor.outsidePosition >= 0 { return nextLeafMerging(&cursor) }
        return cells.slots.withUnsafeBufferPointer { slots in
            while cursor.position >= 0 {
                let entry = slots[cursor.start + cursor.position]
                cursor.position -= 1
                if admits(entry, &cursor) { return LeafID(rawValue: entry.leaf) }
            }
            return nil
        }
    }

    /// The leaf of the front-most entry of a just-started query's cell (the last of
    /// its run), read without any test, or nil for an empty cell: what a query whose
    /// answer were known in advance would still read. For benchmarks of the floor of
    /// a query; a route uses ``nextLeaf(_:)``.
    /// - Complexity: O(1).
    @inlinable
    public func frontLeaf(_ cursor: GridQueryCursor) -> LeafID? {
        cursor.position >= 0 ? LeafID(rawValue: cells.slots[cursor.start + cursor.position].leaf) : nil
    }

    /// ``nextLeaf(_:)`` for a point outside the region: the point's (edge) cell and
    /// the outside run, merged by descending (z-key, leaf) until the outside run is
    /// used up, then the rest of the cell.
    /// - Complexity: O(1) per entry read, plus the cell's remaining entries.
    @usableFromInline @inline(never)
    func nextLeafMerging(_ cursor: inout GridQueryCursor) -> LeafID? {
        while cursor.outsidePosition >= 0 {
            let outside = cells.slots[cursor.outsideStart + cursor.outsidePosition]
            if cursor.position >= 0 {
                let inCell = cells.slots[cursor.start + cursor.position]
                let a = keys[Int(inCell.leaf)], b = keys[Int(outside.leaf)]
                if b < a || (a == b && outside.leaf < inCell.leaf) {
                    cursor.position -= 1
                    if admits(inCell, &cursor) { return LeafID(rawValue: inCell.leaf) }
                    continue
                }
            }
            cursor.outsidePosition -= 1
            if admits(outside, &cursor) { return LeafID(rawValue: outside.leaf) }   // its filter is the whole cell
        }
        return nextLeaf(&cursor)
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
