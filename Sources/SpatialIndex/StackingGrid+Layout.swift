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

    /// Re-chooses the layout when the grid has grown past twice or shrunk below a
    /// quarter of its size at the last layout, or its boxes now overlap more than
    /// twice as many cells each (they grew): each of these needs as many changes
    /// as the last layout cost, so layouts cost O(log n) amortized per change.
    mutating func relayoutIfNeeded() {
        let grew = count > 2 * layoutLeafCount + 32
        let shrank = 4 * count + 32 < layoutLeafCount
        let perLeaf = layoutLeafCount > 0 ? Double(layoutEntryCount) / Double(layoutLeafCount) : 1
        let spread = Double(cells.entryCount) > 2 * Swift.max(perLeaf, 1) * Double(count) + 64
        if grew || shrank || spread { relayout() }
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
        for l in order {
            setFixedBox(l)
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
    }

    /// The region the cells tile: the grid's bounds, widened to where the boxes
    /// mostly are (from the 1st percentile of their finite minimum edges to the
    /// 99th of their finite maximum edges), so windows placed beyond the scene do
    /// not all crowd the edge cells, while a few far-away or infinite boxes cannot
    /// stretch the cells.
    /// - Complexity: O(n log n).
    func coveredRegion() -> IndexBox {
        func low(_ values: [Double], _ bound: Double) -> Double {
            let finite = values.filter(\.isFinite).sorted()
            return finite.isEmpty ? bound : Swift.min(bound, finite[(finite.count - 1) / 100])
        }
        func high(_ values: [Double], _ bound: Double) -> Double {
            let finite = values.filter(\.isFinite).sorted()
            return finite.isEmpty ? bound : Swift.max(bound, finite[(finite.count - 1) * 99 / 100])
        }
        let live = leaves.indices.filter { leaves[$0].isLive }.map { boxes[$0] }
        return IndexBox(minX: low(live.map(\.minX), bounds.minX), minY: low(live.map(\.minY), bounds.minY),
                        maxX: high(live.map(\.maxX), bounds.maxX), maxY: high(live.map(\.maxY), bounds.maxY))
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
