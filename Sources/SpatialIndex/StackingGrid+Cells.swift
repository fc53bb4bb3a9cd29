#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The grid's cells: fixed point coordinates, entries, and the runs that hold them.

/// One axis of a ``StackingGrid`` layout in fixed point: a coordinate `v` maps to
/// `clamp(floor((v - origin) * scale), 0, cells * 256 - 1)`, whose top bits are the
/// cell (`>> 8`) and low 8 bits the position inside it.
///
/// The map is monotone (subtraction and multiplication round monotonically, and
/// floor and clamp are monotone), so `a <= v <= b` implies
/// `fixed(a) <= fixed(v) <= fixed(b)`: a box's fixed range contains the fixed
/// coordinate of every point of the box. That is all the filter needs; how coarse
/// the steps are only decides how many false candidates reach the exact test.
/// Infinite coordinates clamp to the ends; NaN never occurs (origin and scale are
/// finite, boxes and points have no NaN).
@usableFromInline
struct GridAxis: Sendable {
    @usableFromInline let origin: Double
    @usableFromInline let scale: Double
    @usableFromInline let cells: Int

    /// An axis of `cells` cells over `[origin, origin + extent]`. An extent under 1
    /// counts as 1 and an overflowed one as the largest double, so the scale is
    /// finite and positive.
    init(origin: Double, extent: Double, cells: Int) {
        self.origin = origin
        self.cells = cells
        scale = Double(cells * 256) / Swift.min(Swift.max(extent, 1), .greatestFiniteMagnitude)
    }

    /// The fixed point coordinate of `v`.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func fixed(_ v: Double) -> Int32 {
        let t = (v - origin) * scale
        if !(t > 0) { return 0 }
        let last = cells &* 256 &- 1
        if t >= Double(last) { return Int32(truncatingIfNeeded: last) }
        return Int32(t)
    }
}

/// A box's entry in one cell: its leaf and its filter box in the cell's own 8-bit
/// coordinates (`fixed - 256 * cell`, clamped to the cell). 8 bytes.
@usableFromInline
struct CellEntry: Sendable {
    @usableFromInline var leaf: Int32
    @usableFromInline var minX: UInt8
    @usableFromInline var minY: UInt8
    @usableFromInline var maxX: UInt8
    @usableFromInline var maxY: UInt8

    static let empty = CellEntry(leaf: -1, minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// Whether the filter box contains a point in the cell's 8-bit coordinates.
    @inlinable @inline(__always)
    func contains(_ x: UInt8, _ y: UInt8) -> Bool {
        minX <= x && x <= maxX && minY <= y && y <= maxY
    }
}

/// Copies `count` entries from `source` to `target`; the ranges may overlap.
@inline(__always)
private func shift(_ target: UnsafeMutablePointer<CellEntry>, _ source: UnsafeMutablePointer<CellEntry>, _ count: Int) {
    if count > 0 { memmove(target, source, count * MemoryLayout<CellEntry>.stride) }
}

/// Every cell's run of entries in one slot array. A cell owns the slots
/// `start ..< start + capacity` and uses the first `count`, in ascending z-key order
/// (front-most last). A full run moves to the end of the array with twice the
/// room; the slots it leaves are abandoned until a compaction, which happens when
/// they make up half of the array (so moves and compactions cost O(1) amortized
/// per entry added).
@usableFromInline
struct CellStorage: Sendable {
    @usableFromInline
    struct Span: Sendable {
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    @usableFromInline var spans: [Span]
    @usableFromInline var slots: [CellEntry] = []
    /// Entries in use over all cells.
    var entryCount = 0
    /// Slots of runs that moved away.
    var abandoned = 0

    /// Empty runs for `cellCount` cells.
    init(cellCount: Int) {
        spans = Array(repeating: Span(start: 0, count: 0, capacity: 0), count: cellCount)
    }

    /// Runs sized for `counts[cell]` entries each (with room to grow), unfilled:
    /// the caller appends with ``append(_:to:)``.
    init(counts: [Int]) {
        var start = 0
        spans = counts.map { count in
            let capacity = count == 0 ? 0 : count + count / 2 + 2
            defer { start += capacity }
            return Span(start: start, count: 0, capacity: capacity)
        }
        slots = Array(repeating: .empty, count: start)
    }

    /// Appends during a fresh fill (the run must have room).
    /// - Complexity: O(1).
    mutating func append(_ entry: CellEntry, to cell: Int) {
        let span = spans[cell]
        precondition(span.count < span.capacity)
        slots[span.start + span.count] = entry
        spans[cell].count += 1
        entryCount += 1
    }

    /// Inserts `entry` at position `i` of the cell's run.
    /// - Complexity: O(count - i), plus an amortized O(1) move of a full run.
    mutating func insert(_ entry: CellEntry, into cell: Int, at i: Int) {
        if spans[cell].count == spans[cell].capacity { grow(cell) }
        let span = spans[cell]
        slots.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress! + span.start
            shift(base + i + 1, base + i, span.count - i)
            base[i] = entry
        }
        spans[cell].count += 1
        entryCount += 1
    }

    /// Removes the entry at position `i` of the cell's run.
    /// - Complexity: O(count - i).
    mutating func remove(from cell: Int, at i: Int) {
        let span = spans[cell]
        slots.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress! + span.start
            shift(base + i, base + i + 1, span.count - i - 1)
        }
        spans[cell].count -= 1
        entryCount -= 1
    }

    /// Moves the entry at position `i` to position `j`, shifting those in between.
    /// - Complexity: O(|i - j|).
    mutating func move(in cell: Int, from i: Int, to j: Int) {
        guard i != j else { return }
        let span = spans[cell]
        slots.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress! + span.start
            let entry = base[i]
            if j < i {
                shift(base + j + 1, base + j, i - j)
            } else {
                shift(base + i, base + i + 1, j - i)
            }
            base[j] = entry
        }
    }

    /// Moves a full run to the end of the slot array with twice the room.
    private mutating func grow(_ cell: Int) {
        let old = spans[cell]
        let capacity = Swift.max(4, old.capacity * 2)
        let start = slots.count
        // Appending grows the array geometrically (never reserve exactly here: that
        // would copy the whole array on every move).
        slots.append(contentsOf: repeatElement(.empty, count: capacity))
        slots.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress!
            shift(base + start, base + old.start, old.count)
        }
        spans[cell] = Span(start: start, count: old.count, capacity: capacity)
        abandoned += old.capacity
        if abandoned > slots.count / 2 { compact() }
    }

    /// Lays every run out again back to back, keeping capacities.
    /// - Complexity: O(slots).
    private mutating func compact() {
        var packed: [CellEntry] = []
        packed.reserveCapacity(slots.count - abandoned)
        for cell in spans.indices {
            let span = spans[cell]
            spans[cell].start = packed.count
            packed.append(contentsOf: slots[span.start ..< span.start + span.count])
            packed.append(contentsOf: repeatElement(.empty, count: span.capacity - span.count))
        }
        slots = packed
        abandoned = 0
    }
}

extension StackingGrid {
    /// The number of the outside run: after the last cell, so `row * columns +
    /// column` reaches it as column `outsideRun`, row 0.
    @inlinable var outsideRun: Int { xAxis.cells * yAxis.cells }

    /// The columns and rows of the cells a leaf overlaps (from its fixed box); for a
    /// leaf wholly outside the region, the outside run alone (see ``outsideRun``).
    @inline(__always)
    func cellRange(of leaf: Int32) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        if isOutsideRegion(boxes[Int(leaf)]) { return (outsideRun...outsideRun, 0...0) }
        let l = leaves[Int(leaf)]
        return (Int(l.fixedMinX >> 8)...Int(l.fixedMaxX >> 8), Int(l.fixedMinY >> 8)...Int(l.fixedMaxY >> 8))
    }

    /// Recomputes a leaf's fixed box from its box under the current layout.
    mutating func setFixedBox(_ leaf: Int32) {
        let box = boxes[Int(leaf)]
        leaves[Int(leaf)].fixedMinX = xAxis.fixed(box.minX)
        leaves[Int(leaf)].fixedMinY = yAxis.fixed(box.minY)
        leaves[Int(leaf)].fixedMaxX = xAxis.fixed(box.maxX)
        leaves[Int(leaf)].fixedMaxY = yAxis.fixed(box.maxY)
    }

    /// A leaf's share of the sized statistics is capped at this many fixed-point
    /// units (two cells), so one huge box shown or hidden cannot halve or double
    /// the mean by itself.
    static let accountedSideLimit: Int32 = 512

    /// Adds (`sign` 1) or takes away (-1) a live leaf's share of the statistics the
    /// relayout policy watches, from its current fixed box: the (capped) fixed width
    /// and height of a leaf in the cells; nothing for one in the outside run.
    mutating func account(_ leaf: Int32, _ sign: Int64) {
        if isOutsideRegion(boxes[Int(leaf)]) { return }
        let l = leaves[Int(leaf)]
        fixedWidthSum += sign * Int64(Swift.min(l.fixedMaxX - l.fixedMinX + 1, Self.accountedSideLimit))
        fixedHeightSum += sign * Int64(Swift.min(l.fixedMaxY - l.fixedMinY + 1, Self.accountedSideLimit))
    }

    /// Whether a box lies wholly outside the tiled region (closed on both sides,
    /// like the boxes): such boxes go to the outside run, not to the cells, since
    /// no point of the region can be in them.
    @inline(__always)
    func isOutsideRegion(_ box: IndexBox) -> Bool {
        box.maxX < region.minX || box.minX > region.maxX || box.maxY < region.minY || box.minY > region.maxY
    }

    /// Whether a point is in the tiled region (then no box of the outside run can
    /// contain it).
    @inlinable @inline(__always)
    func isInRegion(x: Double, y: Double) -> Bool {
        region.minX <= x && x <= region.maxX && region.minY <= y && y <= region.maxY
    }

    /// A leaf's entry for the cell at (`column`, `row`): its fixed box clipped to the
    /// cell, in the cell's 8-bit coordinates.
    func entry(of leaf: Int32, column: Int, row: Int) -> CellEntry {
        // The outside run has no coordinates of its own: its filter lets every point through.
        if column == outsideRun { return CellEntry(leaf: leaf, minX: 0, minY: 0, maxX: 255, maxY: 255) }
        let l = leaves[Int(leaf)]
        let x0 = Int32(column * 256), y0 = Int32(row * 256)
        func local(_ v: Int32, _ base: Int32) -> UInt8 { UInt8(Swift.min(Swift.max(v - base, 0), 255)) }
        return CellEntry(leaf: leaf, minX: local(l.fixedMinX, x0), minY: local(l.fixedMinY, y0),
                         maxX: local(l.fixedMaxX, x0), maxY: local(l.fixedMaxY, y0))
    }

    /// The first position in the cell's run whose entry is not below `(key, leaf)`
    /// (z-key, then leaf number, ascending): where such an entry goes, or is.
    /// - Complexity: O(log k) for the cell's k entries.
    func insertionIndex(of leaf: Int32, key: ZKey, in cell: Int) -> Int {
        let span = cells.spans[cell]
        return cells.slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                var low = 0, high = span.count
                while low < high {
                    let middle = (low + high) >> 1
                    let other = slots[span.start + middle].leaf
                    let k = keys[Int(other)]
                    if k < key || (k == key && other < leaf) { low = middle + 1 } else { high = middle }
                }
                return low
            }
        }
    }

    /// The position of a stored leaf's entry in the cell's run.
    /// - Complexity: O(log k).
    func index(of leaf: Int32, in cell: Int) -> Int {
        let i = insertionIndex(of: leaf, key: keys[Int(leaf)], in: cell)
        precondition(i < cells.spans[cell].count && cells.slots[cells.spans[cell].start + i].leaf == leaf,
                     "leaf \(leaf) missing from cell \(cell)")
        return i
    }
}
