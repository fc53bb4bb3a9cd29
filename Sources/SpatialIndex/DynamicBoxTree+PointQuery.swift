// The one core traversal: a lazy best-first point query, front to back by z-key.

/// Counters of one point query, for tests that check how much of the tree a query
/// touched ("O(log n) nodes"), not how long it took.
public struct QueryStatistics: Hashable, Sendable {
    /// Nodes whose box was tested against the point (the root and every child of an
    /// expanded node). This is the "nodes visited" figure.
    public var nodesTested = 0
    /// Internal nodes whose children were examined.
    public var nodesExpanded = 0
    /// Leaves handed to the caller so far.
    public var leavesReported = 0
    /// The largest number of entries the search heap held.
    public var heapHighWater = 0

    public init() {}
}

/// The reusable state of a point query: the point, the search heap and statistics.
///
/// Keep one cursor and pass it to every query: its heap storage is reused, so a
/// query allocates nothing once the heap has grown to the largest size any query
/// needed (at most the number of tree nodes whose box contains the point).
/// A cursor is only valid for the tree it was started on, until that tree changes.
public struct PointQueryCursor: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var level: Double
        @usableFromInline var sequence: UInt64
        @usableFromInline var node: Int32

        @inlinable
        init(level: Double, sequence: UInt64, node: Int32) {
            self.level = level
            self.sequence = sequence
            self.node = node
        }

        /// Max-heap order: the more-in-front z-key first.
        @inlinable
        func isBelow(_ other: Entry) -> Bool {
            level < other.level || (level == other.level && sequence < other.sequence)
        }
    }

    /// Heap storage; `heap[0..<heapCount]` is a binary max-heap on z-key. The array
    /// is never shrunk, so its capacity is reused.
    @usableFromInline var heap: [Entry] = []
    @usableFromInline var heapCount = 0
    @usableFromInline var queryX: Double = 0
    @usableFromInline var queryY: Double = 0
    @usableFromInline var stats = QueryStatistics()

    /// The query point.
    public var x: Double { queryX }
    public var y: Double { queryY }
    /// Counters for the current query, reset by ``DynamicBoxTree/startQuery(x:y:cursor:)``.
    public var statistics: QueryStatistics { stats }

    /// Creates a cursor whose heap has room for `capacity` entries up front.
    /// A capacity of 0 allocates nothing (a placeholder to swap with).
    public init(capacity: Int = 64) {
        if capacity > 0 { heap.reserveCapacity(capacity) }
    }

    @inlinable @inline(__always)
    mutating func push(_ entry: Entry) {
        var i = heapCount
        if i == heap.count { heap.append(entry) } else { heap[i] = entry }
        heapCount += 1
        if heapCount > stats.heapHighWater { stats.heapHighWater = heapCount }
        heap.withUnsafeMutableBufferPointer { h in
            while i > 0 {
                let parent = (i - 1) >> 1
                guard h[parent].isBelow(entry) else { break }
                h[i] = h[parent]
                i = parent
            }
            h[i] = entry
        }
    }

    @inlinable @inline(__always)
    mutating func popMax() -> Int32? {
        guard heapCount > 0 else { return nil }
        heapCount -= 1
        let n = heapCount
        return heap.withUnsafeMutableBufferPointer { h in
            let top = h[0].node
            guard n > 0 else { return top }
            let last = h[n]
            var i = 0
            while true {
                var child = 2 * i + 1
                if child >= n { break }
                if child + 1 < n && h[child].isBelow(h[child + 1]) { child += 1 }
                guard last.isBelow(h[child]) else { break }
                h[i] = h[child]
                i = child
            }
            h[i] = last
            return top
        }
    }
}

extension DynamicBoxTree {
    /// Starts a query for the leaves whose box contains `(x, y)` (closed boxes).
    /// Call ``nextLeaf(_:)`` to get them, most in front first.
    /// - Complexity: O(1).
    @inlinable
    public func startQuery(x: Double, y: Double, cursor: inout PointQueryCursor) {
        cursor.heapCount = 0
        cursor.queryX = x
        cursor.queryY = y
        cursor.stats = QueryStatistics()
        guard root != Self.null else { return }
        cursor.stats.nodesTested = 1
        let r = nodes[Int(root)]
        if r.box.contains(x: x, y: y) {
            cursor.push(.init(level: r.zLevel, sequence: r.zSequence, node: root))
        }
    }

    /// The next leaf containing the cursor's point, in decreasing z-key order, or nil
    /// when there are no more. The tree must not change between
    /// ``startQuery(x:y:cursor:)`` and the last call.
    ///
    /// Best-first search: the heap holds nodes whose box contains the point, keyed by
    /// their subtree's maximum z-key. A popped leaf is in front of everything left,
    /// because every queued subtree's leaves are at most its key. To save heap
    /// traffic, the search keeps descending into the better containing child while
    /// that child is at least as good as the heap's top, queuing the other.
    /// - Complexity: O(k log k) for k nodes whose box contains the point and whose
    ///   maximum z-key is above the returned leaf's; O(log n) for a typical first
    ///   hit (see the tests' node counts). No allocation once the heap has grown.
    @inlinable
    public func nextLeaf(_ cursor: inout PointQueryCursor) -> LeafID? {
        let x = cursor.queryX, y = cursor.queryY
        return nodes.withUnsafeBufferPointer { nodes -> LeafID? in
            outer: while let top = cursor.popMax() {
                var index = top
                while true {
                    let n = nodes[Int(index)]
                    if n.child1 == Self.null {
                        cursor.stats.leavesReported += 1
                        return LeafID(rawValue: index)
                    }
                    cursor.stats.nodesExpanded += 1
                    cursor.stats.nodesTested += 2
                    let a = nodes[Int(n.child1)], b = nodes[Int(n.child2)]
                    let inA = a.box.contains(x: x, y: y), inB = b.box.contains(x: x, y: y)
                    var next: PointQueryCursor.Entry
                    if inA && inB {
                        let ea = PointQueryCursor.Entry(level: a.zLevel, sequence: a.zSequence, node: n.child1)
                        let eb = PointQueryCursor.Entry(level: b.zLevel, sequence: b.zSequence, node: n.child2)
                        if ea.isBelow(eb) {
                            cursor.push(ea); next = eb
                        } else {
                            cursor.push(eb); next = ea
                        }
                    } else if inA {
                        next = .init(level: a.zLevel, sequence: a.zSequence, node: n.child1)
                    } else if inB {
                        next = .init(level: b.zLevel, sequence: b.zSequence, node: n.child2)
                    } else {
                        continue outer
                    }
                    // Keep descending only while nothing queued is more in front.
                    if cursor.heapCount > 0 && next.isBelow(cursor.heap[0]) {
                        cursor.push(next)
                        continue outer
                    }
                    index = next.node
                }
            }
            return nil
        }
    }

    /// Every leaf whose box contains `(x, y)`, most in front first. Allocates its
    /// result; built on ``nextLeaf(_:)``, for tests and tools.
    /// - Complexity: O(k log n) for k results, plus the pruned search.
    public func leaves(containingX x: Double, y: Double) -> [LeafID] {
        var cursor = PointQueryCursor()
        startQuery(x: x, y: y, cursor: &cursor)
        var result: [LeafID] = []
        while let leaf = nextLeaf(&cursor) { result.append(leaf) }
        return result
    }
}
