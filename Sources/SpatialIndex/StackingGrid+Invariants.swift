// The whole-structure validation that tests run after every operation.

extension StackingGrid {
    /// Checks the whole grid and returns every broken invariant, empty when sound:
    ///
    /// - the free list holds exactly the slots that are not live, without a cycle;
    ///   `count` is the number of live slots;
    /// - each live leaf's fixed box is its box mapped under the current layout, and
    ///   each cell of its range holds exactly one entry for it, with the filter box
    ///   of ``entry(of:column:row:)``; no cell holds an entry for a leaf outside it;
    /// - each cell's run is strictly ascending by (z-key, leaf), lies inside the
    ///   slot array, and no two runs overlap; `entryCount` is the sum of the runs;
    /// - the outside run holds exactly the leaves wholly outside the region (their
    ///   "cell range" is that run alone);
    /// - the layout statistics (leaves in the cells, their summed capped fixed
    ///   widths and heights) match the leaves.
    ///
    /// Compiled in release builds too: a campaign checks a release engine's
    /// structure as it runs, so a corruption is caught before it gives a wrong
    /// answer. Nothing on the query or update paths calls it.
    /// - Complexity: O(n + slots + the entries of each cell times its run length).
    public func checkInvariants() -> [String] {
        invariantProblems()
    }

    private func invariantProblems() -> [String] {
        var problems: [String] = []
        func fail(_ text: String) { if problems.count < 20 { problems.append(text) } }

        var free = Set<Int32>()
        var next = freeList
        while next != Self.null {
            guard next >= 0, Int(next) < leaves.count, !leaves[Int(next)].isLive, free.insert(next).inserted else {
                fail("free list broken at \(next)")
                break
            }
            next = leaves[Int(next)].nextFree
        }
        let live = leaves.indices.filter { leaves[$0].isLive }
        if live.count != count { fail("count \(count), \(live.count) live slots") }
        if live.count + free.count != leaves.count { fail("\(leaves.count - live.count - free.count) slots lost") }

        var expected = 0
        for l in live.map({ Int32($0) }) {
            let b = boxes[Int(l)], f = leaves[Int(l)]
            if !b.isValid { fail("leaf \(l) has invalid box \(b)") }
            if (f.fixedMinX, f.fixedMinY, f.fixedMaxX, f.fixedMaxY)
                != (xAxis.fixed(b.minX), yAxis.fixed(b.minY), xAxis.fixed(b.maxX), yAxis.fixed(b.maxY)) {
                fail("leaf \(l): fixed box out of date")
            }
            let range = cellRange(of: l)
            for row in range.rows {
                for column in range.columns {
                    let cell = row * xAxis.cells + column, span = cells.spans[cell]
                    let found = checkedEntry(of: l, in: span)
                    let want = entry(of: l, column: column, row: row)
                    if found == nil || (found!.minX, found!.minY, found!.maxX, found!.maxY)
                        != (want.minX, want.minY, want.maxX, want.maxY) {
                        fail("leaf \(l): cell (\(column), \(row)) has no entry for it, or a stale filter")
                    }
                    expected += 1
                }
            }
        }

        var owner = [Int](repeating: -1, count: cells.slots.count)
        var total = 0
        if cells.spans.count != outsideRun + 1 { fail("\(cells.spans.count) runs for the layout") }
        for (cell, span) in cells.spans.enumerated() {
            total += span.count
            guard span.count >= 0, span.count <= span.capacity, span.start >= 0,
                  span.start + span.capacity <= cells.slots.count else {
                fail("cell \(cell): run \(span) out of bounds")
                continue
            }
            for i in span.start ..< span.start + span.capacity {
                if owner[i] != -1 { fail("cells \(owner[i]) and \(cell) share slot \(i)") }
                owner[i] = cell
            }
            let column = cell % xAxis.cells, row = cell / xAxis.cells
            let run = cells.slots[span.start ..< span.start + span.count]
            for entry in run {
                guard entry.leaf >= 0, Int(entry.leaf) < leaves.count, leaves[Int(entry.leaf)].isLive else {
                    fail("cell \(cell): entry for dead leaf \(entry.leaf)")
                    continue
                }
                let range = cellRange(of: entry.leaf)
                if cell == outsideRun {
                    if !isOutsideRegion(boxes[Int(entry.leaf)]) {
                        fail("outside run: leaf \(entry.leaf) is not wholly outside the region")
                    }
                } else if !range.columns.contains(column) || !range.rows.contains(row) {
                    fail("cell \(cell): entry for leaf \(entry.leaf), which does not overlap it")
                }
            }
            for (a, b) in zip(run, run.dropFirst()) where a.leaf >= 0 && b.leaf >= 0
                && Int(a.leaf) < keys.count && Int(b.leaf) < keys.count {
                let ka = keys[Int(a.leaf)], kb = keys[Int(b.leaf)]
                if !(ka < kb || (ka == kb && a.leaf < b.leaf)) {
                    fail("cell \(cell): leaf \(a.leaf) \(ka) not below leaf \(b.leaf) \(kb)")
                }
            }
        }
        var widths: Int64 = 0, heights: Int64 = 0, inside = 0
        for l in live where !isOutsideRegion(boxes[l]) {
            let f = leaves[l]
            widths += Int64(Swift.min(f.fixedMaxX - f.fixedMinX + 1, Self.accountedSideLimit))
            heights += Int64(Swift.min(f.fixedMaxY - f.fixedMinY + 1, Self.accountedSideLimit))
            inside += 1
        }
        if (inside, widths, heights) != (insideCount, fixedWidthSum, fixedHeightSum) {
            fail("layout statistics \((insideCount, fixedWidthSum, fixedHeightSum)), leaves give \((inside, widths, heights))")
        }
        if total != cells.entryCount { fail("entryCount \(cells.entryCount), runs hold \(total)") }
        if total != expected { fail("runs hold \(total) entries, leaves overlap \(expected) cells") }
        return problems
    }

    /// The entry of `leaf` in a run, found by a binary search of its own on
    /// (z-key, leaf) (independent of the update paths' searches), or nil. When the
    /// run is not sorted the search may miss; the sortedness check reports that.
    /// - Complexity: O(log k).
    private func checkedEntry(of leaf: Int32, in span: CellStorage.Span) -> CellEntry? {
        let key = keys[Int(leaf)]
        var low = span.start, high = span.start + span.count
        while low < high {
            let middle = (low + high) / 2, other = cells.slots[middle].leaf
            guard other >= 0, Int(other) < keys.count else { return nil }
            let k = keys[Int(other)]
            if k < key || (k == key && other < leaf) { low = middle + 1 } else { high = middle }
        }
        return low < span.start + span.count && cells.slots[low].leaf == leaf ? cells.slots[low] : nil
    }
}
