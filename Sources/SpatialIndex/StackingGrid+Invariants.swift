// The whole-structure validation that tests run after every operation.

extension StackingGrid {
    /// Checks the whole grid and returns every broken invariant, empty when sound:
    ///
    /// - the free list holds exactly the slots that are not live, without a cycle;
    ///   `count` is the number of live slots;
    /// - each live leaf's fixed box is its box mapped under the current layout, and
    ///   each cell of its range holds exactly one entry for it, with the filter box
    ///   of ``entry(of:column:row:)``; no cell holds an entry for a leaf outside it;
    /// - each cell's run is strictly ascending by (z-key, leaf); its directory lies
    ///   inside the shared array and overlaps no other; each of its blocks holds 1
    ///   to B entries (1 to 8 or 16 for a cell's lone small block), its back code and the
    ///   span's front block are up to date, and every unit of slots is in exactly one
    ///   cell's block or free block; `entryCount` is the sum of the runs;
    /// - each entry carries its leaf's z-key's code, every live level has a code, and
    ///   the level codes count exactly the levels of the live leaves, ascending;
    /// - the outside run holds exactly the leaves wholly outside the region (their
    ///   "cell range" is that run alone);
    /// - the layout statistics (leaves in the cells, their summed capped fixed
    ///   widths and heights) match the leaves.
    ///
    /// Compiled in release builds too: a campaign checks a release engine's
    /// structure as it runs, so a corruption is caught before it gives a wrong
    /// answer. Nothing on the query or update paths calls it.
    /// - Complexity: O(n + blocks + entries), hashing each entry once.
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

        // Every entry by (leaf, cell), read block by block (independent of the
        // update paths' searches), checked against the leaves below.
        var found: [Int: CellEntry] = [:]
        // Sized once for the entries the grid says it holds, bounded by its slots so a
        // corrupt count cannot ask for more (a wrong one only costs a regrowth): grown by
        // doubling, the table hashed every entry again at each step.
        found.reserveCapacity(Swift.max(0, Swift.min(cells.entryCount, cells.entries.count)))
        let runs = outsideRun + 1
        var total = 0
        if cells.spans.count != runs { fail("\(cells.spans.count) runs for the layout") }
        // Each unit of slots belongs to one cell's block or to a free block.
        let units = cells.entries.count >> CellStorage.unitShift
        var unitOwner = [Int](repeating: -1, count: units)
        /// Claims the units of a block for `owner`; false when one is out of range or taken.
        func claim(_ block: Int32, units size: Int, for owner: Int) -> Bool {
            guard block >= 0, Int(block) + size <= units, Int(block) % size == 0,
                  unitOwner[Int(block) ..< Int(block) + size].allSatisfy({ $0 == -1 }) else { return false }
            for unit in Int(block) ..< Int(block) + size { unitOwner[unit] = owner }
            return true
        }
        for (list, size) in [(cells.freeBlocks, CellStorage.unitsPerBlock), (cells.freeSmallBlocks[0], 1),
                             (cells.freeSmallBlocks[1], 2)] {
            for block in list where !claim(block, units: size, for: runs) {
                fail("free block \(block) out of range, unaligned or listed twice")
            }
        }
        if cells.slotsWantCompacting { fail("\(cells.freeUnits) free units of \(units) left uncompacted") }
        var directoryOwner = [Int](repeating: -1, count: cells.directory.count)
        if cells.entries.count % CellStorage.blockCapacity != 0 {
            fail("\(cells.entries.count) slots: not a whole number of blocks of \(CellStorage.blockCapacity)")
        }
        if cells.codes.count != cells.entries.count { fail("\(cells.codes.count) codes for \(cells.entries.count) slots") }
        for (cell, span) in cells.spans.enumerated() where cell < runs {
            let start = Int(span.directoryStart), used = Int(span.blockCount)
            guard used >= 0, used <= Int(span.directoryCapacity), start >= 0,
                  start + Int(span.directoryCapacity) <= cells.directory.count else {
                fail("cell \(cell): directory \(span) out of bounds")
                continue
            }
            for i in start ..< start + Int(span.directoryCapacity) {
                if directoryOwner[i] != -1 { fail("cells \(directoryOwner[i]) and \(cell) share directory place \(i)") }
                directoryOwner[i] = cell
            }
            let refs = cells.directory[start ..< start + used]
            if refs.last.map({ ($0.block, $0.count) }) ?? (-1, 0) != (span.frontBlock, span.frontCount) {
                fail("cell \(cell): front block \(span.frontBlock) (\(span.frontCount)) is not its last block")
            }
            var run: [(entry: CellEntry, code: UInt64)] = []
            if ![1, 2, CellStorage.unitsPerBlock].contains(Int(span.units)) || (span.units < 4 && used > 1) {
                fail("cell \(cell): \(used) blocks of \(span.units) units")
            }
            for ref in refs {
                guard claim(ref.block, units: Int(span.units), for: cell) else {
                    fail("cell \(cell): block \(ref.block) out of range, unaligned, free, or another cell's")
                    continue
                }
                guard ref.count >= 1, Int(ref.count) <= cells.capacity(of: cell) else {
                    fail("cell \(cell): block \(ref.block) holds \(ref.count) entries")
                    continue
                }
                let base = Int(ref.block) << CellStorage.unitShift
                if ref.backCode != cells.codes[base] { fail("cell \(cell): block \(ref.block)'s back code is stale") }
                for slot in base ..< base + Int(ref.count) { run.append((cells.entries[slot], cells.codes[slot])) }
            }
            if run.count != Int(span.count) { fail("cell \(cell) counts \(span.count) entries, its blocks hold \(run.count)") }
            total += run.count
            let column = cell % xAxis.cells, row = cell / xAxis.cells
            for (entry, code) in run {
                guard entry.leaf >= 0, Int(entry.leaf) < leaves.count, leaves[Int(entry.leaf)].isLive else {
                    fail("cell \(cell): entry for dead leaf \(entry.leaf)")
                    continue
                }
                if levelCodes.levels.contains(keys[Int(entry.leaf)].level) && code != self.code(of: entry.leaf) { fail("cell \(cell): leaf \(entry.leaf)'s entry has a stale code") }
                if found.updateValue(entry, forKey: Int(entry.leaf) * runs + cell) != nil {
                    fail("cell \(cell): two entries for leaf \(entry.leaf)")
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
            for (a, b) in zip(run, run.dropFirst()) where a.entry.leaf >= 0 && b.entry.leaf >= 0
                && Int(a.entry.leaf) < keys.count && Int(b.entry.leaf) < keys.count {
                let ka = keys[Int(a.entry.leaf)], kb = keys[Int(b.entry.leaf)]
                if !(ka < kb || (ka == kb && a.entry.leaf < b.entry.leaf)) {
                    fail("cell \(cell): leaf \(a.entry.leaf) \(ka) not below leaf \(b.entry.leaf) \(kb)")
                }
            }
        }
        if let lost = unitOwner.firstIndex(of: -1) { fail("slot unit \(lost) is neither free nor a cell's") }

        var expected = 0
        var levelUses: [Double: Int] = [:]
        for l in live.map({ Int32($0) }) {
            let b = boxes[Int(l)], f = leaves[Int(l)], key = keys[Int(l)]
            if !b.isValid { fail("leaf \(l) has invalid box \(b)") }
            if (f.fixedMinX, f.fixedMinY, f.fixedMaxX, f.fixedMaxY)
                != (xAxis.fixed(b.minX), yAxis.fixed(b.minY), xAxis.fixed(b.maxX), yAxis.fixed(b.maxY)) {
                fail("leaf \(l): fixed box out of date")
            }
            levelUses[key.level, default: 0] += 1
            if !levelCodes.levels.contains(key.level) { fail("leaf \(l): its level \(key.level) has no code") }
            let range = cellRange(of: l)
            for row in range.rows {
                for column in range.columns {
                    let cell = row * xAxis.cells + column
                    let stored = found[Int(l) * runs + cell]
                    let want = entry(of: l, column: column, row: row)
                    if stored == nil || (stored!.minX, stored!.minY, stored!.maxX, stored!.maxY)
                        != (want.minX, want.minY, want.maxX, want.maxY) {
                        fail("leaf \(l): cell (\(column), \(row)) has no entry for it, or a stale filter")
                    }
                    expected += 1
                }
            }
        }
        let coded = Dictionary(uniqueKeysWithValues: zip(levelCodes.levels, levelCodes.uses))
        if coded != levelUses { fail("level codes count uses \(coded), the leaves \(levelUses)") }
        if levelCodes.codes != levelCodes.codes.sorted() || Set(levelCodes.codes).count != levelCodes.codes.count {
            fail("level codes \(levelCodes.codes) are not ascending")
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
}
