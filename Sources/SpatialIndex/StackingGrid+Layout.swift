// Choosing the cell size, and refilling every cell when it changes.

extension StackingGrid {
    /// The cell side, as a multiple of the mean side of the stored boxes (clipped
    /// to the bounds). Cells much smaller than the boxes put each box in many cells
    /// (slow updates); much larger ones put many boxes in each cell that do not
    /// cover a given point of it (longer runs to shift, and more entries a query
    /// skips). Near 1, a box overlaps about 4 cells on average. Measured on the
    /// grid alone with 100,000 desktop boxes (one run each, 2026-11-21): factors
    /// 0.6 / 1 / 2 gave a raise p50 of 2.8 / 2.6 / 2.0 µs and a query p50 of 223 /
    /// 321 / 350 ns; on the dense boxes 2 had a query p99 of 4.0 µs against 1.3 at
    /// 1. 1 is the compromise kept (routing latency is the first goal).
    public static let cellSideFactor = 1.0
    /// At most this many columns and rows.
    public static let maximumCellsPerAxis = 2048
    /// About this many cells per stored box at most (and at least one cell), so an
    /// index of small boxes spread thinly does not become mostly empty cells. When
    /// one axis is already down to one cell the other is not shrunk further, so the
    /// bound can be exceeded, never beyond ``maximumCellsPerAxis`` cells.
    public static let maximumCellsPerLeaf = 4

    /// Re-chooses the layout when the boxes it was chosen for have changed enough:
    ///
    /// - the grid has grown past twice, or shrunk below a quarter of, its size at
    ///   the last layout;
    /// - its boxes overlap more than twice as many cells each (they grew);
    /// - their mean width or height is under half what it was (they shrank: the
    ///   cells are now coarse for them);
    /// - a quarter of the boxes more than at the last layout lie wholly outside
    ///   the region (they moved away and crowd the edge cells).
    ///
    /// Each needs a number of changes proportional to the boxes (or, for a mean
    /// dominated by a few huge boxes, to the cells along an axis) since the last
    /// layout, so layouts cost O(log n) amortized per change in practice.
    /// - Complexity: O(1), plus ``relayout()`` when it fires.
    mutating func relayoutIfNeeded() {
        let grew = count > 2 * layoutLeafCount + 32
        let shrank = 4 * count + 32 < layoutLeafCount
        let perLeaf = layoutLeafCount > 0 ? Double(layoutEntryCount) / Double(layoutLeafCount) : 1
        let spread = Double(cells.entryCount) > 2 * Swift.max(perLeaf, 1) * Double(count) + 64
        // Means compared as cross products: sum / count against layoutSum / layoutCount.
        let narrower = 2 * Double(fixedWidthSum) * Double(layoutLeafCount) < Double(layoutWidthSum) * Double(count)
        let lower = 2 * Double(fixedHeightSum) * Double(layoutLeafCount) < Double(layoutHeightSum) * Double(count)
        let away = outsideCount > layoutOutsideCount + count / 4 + 16
        if grew || shrank || spread || narrower || lower || away { relayout() }
    }

    /// Chooses the cell size for the boxes stored now (see ``cellSideFactor``) and
    /// refills every cell. Leaf handles stay valid. Called automatically; public
    /// for tests and for callers that just loaded many boxes.
    /// - Complexity: O(n log n + entries).
    public mutating func relayout() {
        region = coveredRegion()
        let width = region.maxX - region.minX, height = region.maxY - region.minY
        var sumWidth = 0.0, sumHeight = 0.0
        for l in leaves.indices where leaves[l].isLive {
            let b = boxes[l]
            sumWidth += clamp(b.maxX, region.minX, region.maxX) - clamp(b.minX, region.minX, region.maxX)
            sumHeight += clamp(b.maxY, region.minY, region.maxY) - clamp(b.minY, region.minY, region.maxY)
        }
        var columns = Self.cellsAlong(width, meanSide: sumWidth / Double(Swift.max(count, 1)))
        var rows = Self.cellsAlong(height, meanSide: sumHeight / Double(Swift.max(count, 1)))
        let most = Swift.max(1, Self.maximumCellsPerLeaf * count)
        if columns * rows > most {
            let shrink = (Double(most) / Double(columns * rows)).squareRoot()
            columns = Swift.max(1, Int(Double(columns) * shrink))
            rows = Swift.max(1, Int(Double(rows) * shrink))
        }
        xAxis = GridAxis(origin: region.minX, extent: width, cells: columns)
        yAxis = GridAxis(origin: region.minY, extent: height, cells: rows)

        // Fill each run in ascending z-key order by appending the leaves so sorted.
        var order = leaves.indices.filter { leaves[$0].isLive }.map { Int32($0) }
        order.sort { a, b in
            let ka = keys[Int(a)], kb = keys[Int(b)]
            return ka < kb || (ka == kb && a < b)
        }
        var counts = [Int](repeating: 0, count: columns * rows)
        (fixedWidthSum, fixedHeightSum, outsideCount) = (0, 0, 0)
        for l in order {
            setFixedBox(l)
            account(l, 1)
            let range = cellRange(of: l)
            for row in range.rows {
                for column in range.columns { counts[row * columns + column] += 1 }
            }
        }
        cells = CellStorage(counts: counts)
        for l in order {
            let range = cellRange(of: l)
            for row in range.rows {
                for column in range.columns {
                    cells.append(entry(of: l, column: column, row: row), to: row * columns + column)
                }
            }
        }
        layoutLeafCount = count
        layoutEntryCount = cells.entryCount
        (layoutWidthSum, layoutHeightSum, layoutOutsideCount) = (fixedWidthSum, fixedHeightSum, outsideCount)
    }

    /// The region the cells tile: on each axis, ``coveredInterval(_:)`` of the live
    /// boxes, or the grid's bounds when no box has finite edges there. It is
    /// chosen from the boxes alone, so a huge scene with the windows in one corner
    /// still gets fine cells where the windows are.
    /// - Complexity: O(n log n).
    func coveredRegion() -> IndexBox {
        let live = leaves.indices.filter { leaves[$0].isLive }.map { boxes[$0] }
        let x = Self.coveredInterval(live.map { ($0.minX, $0.maxX) }) ?? (bounds.minX, bounds.maxX)
        let y = Self.coveredInterval(live.map { ($0.minY, $0.maxY) }) ?? (bounds.minY, bounds.maxY)
        return IndexBox(minX: x.low, minY: y.low, maxX: x.high, maxY: y.high)
    }

    /// Where most of the spans `(min, max)` are, on one axis, so that neither a few
    /// far-away or infinite spans nor a cluster of them parked far away can stretch
    /// the cells:
    ///
    /// 1. the densest half: the shortest interval holding half of the finite
    ///    centres, of length `l`;
    /// 2. the interval of length at most `8 l` holding the most finite centres
    ///    (all of them, unless some lie far beyond the densest half);
    /// 3. of the spans centred there, from the 1st percentile of their finite
    ///    minimum edges to the 99th of their finite maximum edges.
    ///
    /// Spans outside are clamped into the edge cells. Nil when no span has a finite
    /// centre (then only the bounds can say where cells should be fine).
    /// - Complexity: O(n log n).
    static func coveredInterval(_ spans: [(min: Double, max: Double)]) -> (low: Double, high: Double)? {
        // Halves first: the centre of two finite doubles never overflows.
        let centred = spans.map { (centre: $0.min / 2 + $0.max / 2, span: $0) }.filter(\.centre.isFinite)
            .sorted { $0.centre < $1.centre }
        guard !centred.isEmpty else { return nil }
        let centres = centred.map(\.centre)
        let half = (centres.count + 1) / 2
        var densest = Double.infinity
        for i in 0 ... centres.count - half { densest = Swift.min(densest, centres[i + half - 1] - centres[i]) }
        // Two pointers: for each first centre, the last one within 8 l of it.
        let reach = 8 * densest
        var best = (first: 0, last: 0), last = 0
        for first in centres.indices {
            last = Swift.max(last, first)
            while last + 1 < centres.count && centres[last + 1] - centres[first] <= reach { last += 1 }
            if last - first > best.last - best.first { best = (first, last) }
        }
        let chosen = centred[best.first ... best.last].map(\.span)
        let minima = chosen.map(\.min).filter(\.isFinite).sorted()
        let maxima = chosen.map(\.max).filter(\.isFinite).sorted()
        // A finite centre has finite edges, so neither list is empty.
        let low = minima[(minima.count - 1) / 100], high = maxima[(maxima.count - 1) * 99 / 100]
        return low <= high ? (low, high) : (high, low)
    }

    /// How many cells of side about `meanSide * cellSideFactor` span `extent`.
    static func cellsAlong(_ extent: Double, meanSide: Double) -> Int {
        guard extent > 0 else { return 1 }
        let side = meanSide * cellSideFactor
        guard side > 0 else { return maximumCellsPerAxis }
        let cells = (extent / side).rounded(.up)
        if cells.isNaN { return 1 }   // an overflowed extent over an overflowed mean
        return cells >= Double(maximumCellsPerAxis) ? maximumCellsPerAxis : Swift.max(1, Int(cells))
    }

    private func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
        Swift.min(Swift.max(v, low), high)
    }
}
