// Choosing the cell size, and refilling every cell when it changes.

extension StackingGrid {
    /// The cell side, as a multiple of the mean side of the stored boxes (clipped
    /// to the bounds). Cells much smaller than the boxes put each box in many cells
    /// (slow updates); much larger ones put many boxes in each cell that do not
    /// cover a given point of it (longer runs to shift, and more entries a query
    /// skips). Near 1, a box overlaps about 4 cells on average. Measured on the
    /// grid alone with 100,000 desktop boxes (one run each, 2026-11-21): factors
    /// 0.6 / 1 / 2 gave a raise p50 of 2.8 / 2.6 / 2.0 µs (runs not yet in blocks)
    /// and a query p50 of 223 / 321 / 350 ns; on the dense boxes 2 had a query p99 of
    /// 4.0 µs against 1.3 at 1. 1 is the compromise kept (routing latency is the
    /// first goal); 1.5 was tried again with blocks (docs/results/update-attempts.md).
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
    /// - the mean width or height of the boxes in the cells (at least 32 of them)
    ///   is under half what it was (they shrank: the cells are now coarse for
    ///   them); each box counts at most two cells' worth, so one huge box shown or
    ///   hidden cannot do it alone;
    /// - a quarter of the boxes more than at the last layout are in the outside
    ///   run (they moved away from the region, and queries where they went read
    ///   that run);
    /// - the boxes in the cells are over twice as many as at the last layout (they
    ///   came back from the outside run: the cells were sized for fewer).
    ///
    /// The count, spread, outside and return rules each need a number of changes
    /// proportional to the boxes since the last layout. The mean rule needs at
    /// least `n / 1024` (a change moves the summed sides by at most two cells, the
    /// mean is at least 1/256 of a cell): in the worst case a layout per `n / 1024`
    /// changes, O(log n) amortized in every sequence the tests and benchmarks make.
    /// - Complexity: O(1), plus ``relayout()`` when it fires.
    mutating func relayoutIfNeeded() {
        let grew = count > 2 * layoutLeafCount + 32
        let shrank = 4 * count + 32 < layoutLeafCount
        let perLeaf = layoutLeafCount > 0 ? Double(layoutEntryCount) / Double(layoutLeafCount) : 1
        let spread = Double(cells.entryCount) > 2 * Swift.max(perLeaf, 1) * Double(count) + 64
        // Means of the leaves in the cells (of enough of them to mean something),
        // compared as cross products: sum / count against layoutSum / layoutCount.
        let sized = insideCount >= 32
        let narrower = sized && 2 * Double(fixedWidthSum) * Double(layoutInsideCount)
            < Double(layoutWidthSum) * Double(insideCount)
        let lower = sized && 2 * Double(fixedHeightSum) * Double(layoutInsideCount)
            < Double(layoutHeightSum) * Double(insideCount)
        let away = outsideCount > layoutOutsideCount + count / 4 + 16
        let back = insideCount > 2 * layoutInsideCount + 32
        if grew || shrank || spread || narrower || lower || away || back { relayout() }
    }

    /// Chooses the cell size for the boxes stored now (see ``cellSideFactor``) and
    /// refills every cell. Leaf handles stay valid. Called automatically; public
    /// for tests and for callers that just loaded many boxes.
    /// - Complexity: O(n log n + entries).
    public mutating func relayout() {
        region = coveredRegion()
        let width = region.maxX - region.minX, height = region.maxY - region.minY
        var sumWidth = 0.0, sumHeight = 0.0, inside = 0
        for l in leaves.indices where leaves[l].isLive && !isOutsideRegion(boxes[l]) {
            let b = boxes[l]
            sumWidth += clamp(b.maxX, region.minX, region.maxX) - clamp(b.minX, region.minX, region.maxX)
            sumHeight += clamp(b.maxY, region.minY, region.maxY) - clamp(b.minY, region.minY, region.maxY)
            inside += 1
        }
        var columns = Self.cellsAlong(width, meanSide: sumWidth / Double(Swift.max(inside, 1)))
        var rows = Self.cellsAlong(height, meanSide: sumHeight / Double(Swift.max(inside, 1)))
        let most = Swift.max(1, Self.maximumCellsPerLeaf * inside)
        if columns * rows > most {
            let shrink = (Double(most) / Double(columns * rows)).squareRoot()
            columns = Swift.max(1, Int(Double(columns) * shrink))
            rows = Swift.max(1, Int(Double(rows) * shrink))
        }
        xAxis = GridAxis(origin: region.minX, extent: width, cells: columns)
        yAxis = GridAxis(origin: region.minY, extent: height, cells: rows)

        refill()
        layoutLeafCount = count
        layoutEntryCount = cells.entryCount
        layoutGeneration += 1
        (layoutInsideCount, layoutWidthSum, layoutHeightSum) = (insideCount, fixedWidthSum, fixedHeightSum)
        layoutOutsideCount = outsideCount
    }

    /// Fills every cell afresh under the current layout: each leaf's fixed box and
    /// entries, each run in ascending (code, leaf) order, its blocks filled to
    /// ``CellStorage/fillCount``. Leaf handles stay valid.
    /// - Complexity: O(n log n + entries).
    mutating func refill() {
        let columns = xAxis.cells
        let live = leaves.indices.filter { leaves[$0].isLive }
        var codes = [UInt64](repeating: 0, count: leaves.count)
        for l in live { codes[l] = code(of: Int32(l)) }
        var order = live.map { Int32($0) }
        order.sort { a, b in
            let ca = codes[Int(a)], cb = codes[Int(b)]
            return ca < cb || (ca == cb && a < b)
        }
        var counts = [Int](repeating: 0, count: columns * yAxis.cells + 1)   // and the outside run
        (fixedWidthSum, fixedHeightSum) = (0, 0)
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
                    let cell = row * columns + column
                    cells.append(entry(of: l, column: column, row: row), code: codes[Int(l)], to: cell, of: counts[cell])
                }
            }
        }
    }

    /// The region the cells tile: on each axis, ``coveredInterval(_:bounds:)`` of
    /// the live boxes widened to the grid's bounds (the scene, where the queries
    /// are, so that they never need the outside run), unless the bounds are over
    /// ``boundsStretchLimit`` times longer (a huge scene with the windows in one
    /// corner: the windows' interval alone); the bounds when no box has a finite
    /// centre. Boxes wholly outside go to the outside run.
    /// - Complexity: O(n log n).
    func coveredRegion() -> IndexBox {
        func axis(_ spans: [(min: Double, max: Double)], _ low: Double, _ high: Double) -> (Double, Double) {
            guard let covered = Self.coveredInterval(spans, bounds: (low, high)) else { return (low, high) }
            if (covered.high - covered.low) * Self.boundsStretchLimit < high - low { return covered }
            return (Swift.min(covered.low, low), Swift.max(covered.high, high))
        }
        let live = leaves.indices.filter { leaves[$0].isLive }.map { boxes[$0] }
        let x = axis(live.map { ($0.minX, $0.maxX) }, bounds.minX, bounds.maxX)
        let y = axis(live.map { ($0.minY, $0.maxY) }, bounds.minY, bounds.maxY)
        return IndexBox(minX: x.0, minY: y.0, maxX: x.1, maxY: y.1)
    }

    /// See ``coveredRegion()``.
    static let boundsStretchLimit = 8.0

    /// Where the spans `(min, max)` that matter are, on one axis:
    ///
    /// 1. of the spans with a finite centre, those centred in an interval of
    ///    length at most `8 l` (`l` the length of the shortest interval holding
    ///    half of the centres, or the median span length if longer): the one
    ///    holding the most centres among those within `8 l` of `bounds` (the scene,
    ///    where the queries are), or among all if none is. So a far cluster of
    ///    windows parked or moved off the scene does not stretch the cells even
    ///    when it holds most of them, nor does a crowd at one point shrink them;
    /// 2. from the 1st percentile of their minimum edges to the 99th of their
    ///    maximum edges (so a few very long spans do not stretch it either).
    ///
    /// Nil when no span has a finite centre.
    /// - Complexity: O(n log n).
    static func coveredInterval(_ spans: [(min: Double, max: Double)],
                                bounds: (low: Double, high: Double)) -> (low: Double, high: Double)? {
        // Halves first: the centre of two finite doubles never overflows.
        let centred = spans.map { (centre: $0.min / 2 + $0.max / 2, span: $0) }.filter(\.centre.isFinite)
            .sorted { $0.centre < $1.centre }
        guard !centred.isEmpty else { return nil }
        let centres = centred.map(\.centre)
        let half = (centres.count + 1) / 2
        var densest = Double.infinity
        for i in 0 ... centres.count - half { densest = Swift.min(densest, centres[i + half - 1] - centres[i]) }
        let lengths = centred.map { $0.span.max - $0.span.min }.sorted()
        let reach = 8 * Swift.max(densest, lengths[lengths.count / 2])
        // Two pointers: for each first centre, the last one within reach of it; the
        // best interval near the bounds if any is, else the best of all.
        var best = (first: 0, last: 0, nearBounds: false), last = 0
        for first in centres.indices {
            last = Swift.max(last, first)
            while last + 1 < centres.count && centres[last + 1] - centres[first] <= reach { last += 1 }
            let near = centres[first] <= bounds.high + reach && centres[last] >= bounds.low - reach
            if (near && !best.nearBounds) || (near == best.nearBounds && last - first > best.last - best.first) {
                best = (first, last, near)
            }
        }
        let chosen = centred[best.first ... best.last].map(\.span)
        // A finite centre has finite edges, and each span has min <= max.
        let minima = chosen.map(\.min).sorted(), maxima = chosen.map(\.max).sorted()
        return (minima[(minima.count - 1) / 100], maxima[(maxima.count - 1) * 99 / 100])
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
