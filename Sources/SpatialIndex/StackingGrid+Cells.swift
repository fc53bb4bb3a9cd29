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

/// The cells of a range of columns and rows, less those of another range: each
/// with its column, row and number (`row * columns + column`), row by row.
struct CellList: Sequence {
    let range: StackingGrid.CellRange
    let skipped: StackingGrid.CellRange?
    let columns: Int
    /// Cells of `range`, skipped ones included (an upper bound of the count).
    var total: Int { range.columns.count * range.rows.count }

    func makeIterator() -> Iterator { Iterator(list: self) }

    struct Iterator: IteratorProtocol {
        let list: CellList
        /// The next cell's column and row (row by row; past the last row when done).
        var column: Int
        var row: Int

        init(list: CellList) {
            self.list = list
            column = list.range.columns.lowerBound
            row = list.range.rows.lowerBound
        }

        mutating func next() -> (column: Int, row: Int, index: Int)? {
            while row <= list.range.rows.upperBound {
                let (c, r) = (column, row)
                if column == list.range.columns.upperBound {
                    column = list.range.columns.lowerBound
                    row += 1
                } else {
                    column += 1
                }
                if let skipped = list.skipped, skipped.columns.contains(c) && skipped.rows.contains(r) { continue }
                return (c, r, r * list.columns + c)
            }
            return nil
        }
    }
}

extension StackingGrid {
    /// The columns and rows of a block of cells.
    typealias CellRange = (columns: ClosedRange<Int>, rows: ClosedRange<Int>)

    /// The number of the outside run: after the last cell, so `row * columns +
    /// column` reaches it as column `outsideRun`, row 0.
    @inlinable var outsideRun: Int { xAxis.cells * yAxis.cells }

    /// The columns and rows of the cells a leaf overlaps (from its fixed box); for a
    /// leaf wholly outside the region, the outside run alone (see ``outsideRun``).
    @inline(__always)
    func cellRange(of leaf: Int32) -> CellRange {
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
}
