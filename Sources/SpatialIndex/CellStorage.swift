import CPrefetch

/// Every cell's run of entries, ascending by (z-key, leaf) (front-most last), kept in
/// blocks of at most ``blockCapacity`` entries, so an update shifts one block
/// however many boxes share the cell:
///
/// ```
///   spans[cell]      its blocks' place in the directory, its entry count, its
///                    front block and that block's count (what a query starts with),
///                    and its blocks' size in units
///   directory        [ref(back) ... ref(front)] per cell, back to back in one array;
///                    a ref = block, entries in use, code of its back entry
///   entries, codes   slots in units of U = 8; block b starts at slot b*U and owns
///                    u*U slots for its cell's size u (1, 2 or 4; b a multiple of u);
///                    it uses the first `count`; codes[s] is the z-key code
///                    (LevelCodes) of entries[s]
/// ```
///
/// A cell whose run fits in 8 or 16 entries keeps it in one small block of that size
/// (a scene of a thousand windows has most cells that short, and a block of 32 for
/// each took three times the bytes); a full one moves to the next size, and a lone
/// block down to a quarter full moves to the size below. Runs longer than one block
/// are in blocks of 32.
///
/// A full block that an insert reaches passes an entry to a neighbour with room, and
/// splits in two halves only when neither has room (an entry after all of a full
/// block's opens a new block instead); a removal that leaves a block under a quarter
/// full merges it with a neighbour when the two fit in three
/// quarters of a block; an emptied block is freed for reuse. When free blocks hold
/// more than a sixteenth of the slots in use, the update that freed the last of them
/// lays every block out again back to back (``compactSlots()``): block numbers
/// change, directory places do not. An entry is found by
/// a binary search over the cell's back codes (contiguous, a few cache lines even
/// at a million boxes), then one over the block's codes: no read through a leaf.
///
/// A cell's directory grows like a vector inside the shared array: a full one
/// moves to the end with twice the room, and the array is compacted when the
/// abandoned room is a quarter of it (O(1) amortized per block added).
@usableFromInline
struct CellStorage: Sendable {
    /// Entries a block holds at most: a shift moves at most this many entries and
    /// codes (256 bytes each); a query that runs past a block's back entry reads the
    /// next block's ref from the directory.
    @usableFromInline static let blockCapacity = 32
    /// Slots are handed out in units of 8: a block number times the unit is its
    /// first slot, and a cell's lone block may be 1, 2 or 4 units.
    @usableFromInline static let unitShift = 3
    static let unitsPerBlock = blockCapacity >> unitShift
    /// Entries per block when a layout fills the cells afresh (room to insert).
    static let fillCount = 28
    static let half = blockCapacity / 2
    /// A block below this many entries merges with a neighbour when they fit in
    /// ``mergedLimit``.
    static let mergeBelow = blockCapacity / 4
    static let mergedLimit = blockCapacity * 3 / 4

    @usableFromInline
    struct Span: Sendable {
        @usableFromInline var directoryStart: Int32 = 0
        @usableFromInline var blockCount: Int32 = 0
        var directoryCapacity: Int32 = 0
        /// The last block of the directory (-1 when the cell is empty) and its count.
        @usableFromInline var frontBlock: Int32 = -1
        @usableFromInline var frontCount: Int32 = 0
        /// Entries of the cell.
        var count: Int32 = 0
        /// The size of the cell's blocks in units: 4 (``blockCapacity``), or 1 or 2
        /// for a lone small block.
        var units: UInt8 = UInt8(CellStorage.unitsPerBlock)
    }

    @usableFromInline
    struct BlockRef: Sendable {
        /// Its first slot's unit (see ``unitShift``).
        @usableFromInline var block: Int32
        @usableFromInline var count: Int32
        /// The code of the block's first (back-most) entry.
        var backCode: UInt64
    }

    @usableFromInline var spans: [Span]
    @usableFromInline var directory: [BlockRef] = []
    @usableFromInline var entries: [CellEntry] = []
    @usableFromInline var codes: [UInt64] = []
    /// Blocks of 32 no cell uses, and small blocks of 1 and 2 units.
    var freeBlocks: [Int32] = []
    var freeSmallBlocks: [[Int32]] = [[], []]
    /// Entries in use over all cells.
    var entryCount = 0
    /// Directory room of runs that moved away.
    var abandoned = 0
    /// How many times the directory was compacted since the last fill (for tests).
    var compactions = 0
    /// How many times the slots were compacted since the last fill (for tests).
    var slotCompactions = 0

    /// Empty runs for `cellCount` cells.
    init(cellCount: Int) {
        spans = Array(repeating: Span(), count: cellCount)
    }

    /// Runs with directory room for `counts[cell]` entries each, unfilled: the caller
    /// appends in ascending order with ``append(_:code:to:of:)``.
    init(counts: [Int]) {
        var start = 0
        var slots = 0
        spans = counts.map { count in
            let needed = (count + Self.fillCount - 1) / Self.fillCount
            slots += needed == 1 ? Self.loneUnits(for: count) << Self.unitShift : needed * Self.blockCapacity
            let capacity = Self.directoryCapacity(for: needed)
            defer { start += capacity }
            return Span(directoryStart: Int32(start), directoryCapacity: Int32(capacity))
        }
        directory.reserveCapacity(Self.directoryRoom(for: start))
        directory.append(contentsOf: repeatElement(BlockRef(block: -1, count: 0, backCode: 0), count: start))
        entries.reserveCapacity(slots + Self.blockCapacity)
        codes.reserveCapacity(slots + Self.blockCapacity)
    }

    /// The number of entries in `cell`.
    func count(of cell: Int) -> Int { Int(spans[cell].count) }

    /// The entries each of the cell's blocks holds at most.
    @inline(__always)
    func capacity(of cell: Int) -> Int { Int(spans[cell].units) << Self.unitShift }

    /// The units of the smallest block that holds `count` entries (4 past two units).
    static func loneUnits(for count: Int) -> Int {
        count <= 1 << unitShift ? 1 : count <= 2 << unitShift ? 2 : unitsPerBlock
    }

    // MARK: Finding an entry

    /// The place in the cell's directory of the block where `(code, leaf)` is or
    /// goes: the last block whose back entry is not above it, block 0 when none.
    /// - Precondition: the cell has a block.
    /// - Complexity: O(log(k / B)) for the cell's k entries.
    @inline(__always)
    func blockPlace(in cell: Int, code: UInt64, leaf: Int32) -> Int {
        let span = spans[cell]
        return directory.withUnsafeBufferPointer { directory in
            entries.withUnsafeBufferPointer { entries in
                // Blocks 1 ..< low are not above (code, leaf), high ..< blocks are.
                let refs = UnsafeBufferPointer(rebasing: directory[Int(span.directoryStart)...])
                var low = 1, high = Int(span.blockCount)
                while low < high {
                    let middle = (low + high) >> 1
                    let back = refs[middle].backCode
                    if back < code || (back == code && entries[Int(refs[middle].block) << Self.unitShift].leaf <= leaf) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                return low - 1
            }
        }
    }

    /// The position in the block at directory place `r` of the first entry not
    /// below `(code, leaf)`: where such an entry is, or goes.
    /// - Complexity: O(log B).
    @inline(__always)
    func position(in cell: Int, place r: Int, code: UInt64, leaf: Int32) -> Int {
        let ref = directory[Int(spans[cell].directoryStart) + r]
        let base = Int(ref.block) << Self.unitShift
        return entries.withUnsafeBufferPointer { entries in
            codes.withUnsafeBufferPointer { codes in
                var first = 0, last = Int(ref.count)
                while first < last {
                    let middle = (first + last) >> 1
                    let c = codes[base + middle]
                    if c < code || (c == code && entries[base + middle].leaf < leaf) {
                        first = middle + 1
                    } else {
                        last = middle
                    }
                }
                return first
            }
        }
    }

    /// The place in the cell's directory of the block that holds (or would hold)
    /// `(code, leaf)`, whose codes start loading now without waiting for them. An
    /// update that removes or replaces a window's entries asks this for every cell
    /// first and then changes them, so the cache misses of its cells' blocks overlap
    /// instead of coming one after another (at 100,000 windows the blocks are far
    /// larger than the caches, and these misses were most of an update's time).
    /// 0 for an empty cell.
    /// - Complexity: O(log(k / B)).
    @inline(__always)
    func prefetchedPlace(of leaf: Int32, code: UInt64, in cell: Int) -> Int {
        guard spans[cell].blockCount > 0 else { return 0 }
        let r = blockPlace(in: cell, code: code, leaf: leaf)
        let block = Int(directory[Int(spans[cell].directoryStart) + r].block), capacity = capacity(of: cell)
        codes.withUnsafeBufferPointer { codes in
            windowlab_prefetch(codes.baseAddress! + block << Self.unitShift,
                               UInt(capacity * MemoryLayout<UInt64>.stride))
        }
        entries.withUnsafeBufferPointer { entries in
            windowlab_prefetch(entries.baseAddress! + block << Self.unitShift,
                               UInt(capacity * MemoryLayout<CellEntry>.stride))
        }
        return r
    }

    /// The slot of the entry of `leaf` (stored with `code`) in `cell`, in the block at
    /// directory place `r` (found again when not given).
    /// - Complexity: O(log(k / B) + log B).
    func slot(of leaf: Int32, code: UInt64, in cell: Int, place r: Int? = nil) -> Int {
        precondition(spans[cell].blockCount > 0, "leaf \(leaf) missing from empty cell \(cell)")
        let r = r ?? blockPlace(in: cell, code: code, leaf: leaf)
        let i = position(in: cell, place: r, code: code, leaf: leaf)
        let ref = directory[Int(spans[cell].directoryStart) + r]
        let slot = Int(ref.block) << Self.unitShift + i
        precondition(i < Int(ref.count) && entries[slot].leaf == leaf, "leaf \(leaf) missing from cell \(cell)")
        return slot
    }

    // MARK: Updates

    /// Appends during a fresh fill, in ascending order: a run of up to 16 entries goes
    /// in the smallest block it fits; longer ones fill blocks to ``fillCount``, but for
    /// the back one, which takes the remainder, so a query starts in a full front block.
    /// - Complexity: O(1) amortized.
    /// `total` is the number of entries the cell will hold once filled.
    mutating func append(_ entry: CellEntry, code: UInt64, to cell: Int, of total: Int) {
        let span = spans[cell]
        let backFill = total % Self.fillCount == 0 ? Self.fillCount : total % Self.fillCount
        let fill = Int32(span.blockCount == 1 ? backFill : Self.fillCount)
        if span.blockCount == 0 && Self.loneUnits(for: total) < Self.unitsPerBlock {
            let units = Self.loneUnits(for: total)
            insertRef(BlockRef(block: allocate(units: units), count: 0, backCode: code), into: cell, at: 0)
            spans[cell].units = UInt8(units)
        } else if span.blockCount == 0 || span.frontCount == fill {
            insertRef(BlockRef(block: allocateBlock(), count: 0, backCode: code), into: cell, at: Int(span.blockCount))
        }
        let r = Int(spans[cell].directoryStart + spans[cell].blockCount) - 1
        let slot = Int(directory[r].block) << Self.unitShift + Int(directory[r].count)
        entries[slot] = entry
        codes[slot] = code
        directory[r].count += 1
        finish(cell, added: 1)
    }

    /// Inserts `entry` (its z-key's `code`) at its place in the cell's run; `place` is
    /// the block's, from ``prefetchedPlace(of:code:in:)`` (found again when nil).
    /// - Complexity: O(log k + B), plus O(k / B) for the directory when a block splits
    ///   (once per B/2 inserts into it at most), plus O(cells + slots) when it ends in
    ///   ``compactSlots()`` (amortized O(1) a freed unit).
    mutating func insert(_ entry: CellEntry, code: UInt64, into cell: Int, place: Int? = nil) {
        var r: Int
        if spans[cell].blockCount == 0 {
            insertRef(BlockRef(block: allocate(units: 1), count: 0, backCode: code), into: cell, at: 0)
            spans[cell].units = 1
            r = 0
        } else {
            r = place ?? blockPlace(in: cell, code: code, leaf: entry.leaf)
            let units = Int(spans[cell].units)
            if units < Self.unitsPerBlock && Int(spans[cell].count) == capacity(of: cell) {
                resizeLoneBlock(cell, to: units * 2)
            }
        }
        var i = position(in: cell, place: r, code: code, leaf: entry.leaf)
        if directory[Int(spans[cell].directoryStart) + r].count == Int32(Self.blockCapacity) {
            // A full block: an entry after all of its entries goes to the next block's
            // front when that has room; otherwise the block passes its back entry to the
            // previous block, or its front entry to the next, when they have room; it
            // splits in two only when neither has. So blocks stay full, and an append
            // at the front leaves the front block full (a query starts there).
            let d = Int(spans[cell].directoryStart) + r
            let previousHasRoom = r > 0 && directory[d - 1].count < Int32(Self.blockCapacity)
            let nextHasRoom = r + 1 < Int(spans[cell].blockCount) && directory[d + 1].count < Int32(Self.blockCapacity)
            if i == Self.blockCapacity && nextHasRoom {
                (r, i) = (r + 1, 0)
            } else if previousHasRoom && i > 0 {
                spillBack(cell, r)
                i -= 1
            } else if nextHasRoom {
                spillFront(cell, r)
            } else if i < Self.blockCapacity {
                split(cell, r)
                if i > Self.half { (r, i) = (r + 1, i - Self.half) }
            } else {
                insertRef(BlockRef(block: allocateBlock(), count: 0, backCode: code), into: cell, at: r + 1)
                (r, i) = (r + 1, 0)
            }
        }
        let d = Int(spans[cell].directoryStart) + r
        let base = Int(directory[d].block) << Self.unitShift
        let count = Int(directory[d].count)
        moveSlots(from: base + i, to: base + i + 1, count: count - i)
        entries[base + i] = entry
        codes[base + i] = code
        directory[d].backCode = codes[base]
        directory[d].count += 1
        finish(cell, added: 1)
    }

    /// Removes the entry of `leaf` (stored with `code`) from the cell's run; `place`
    /// is its block's, from ``prefetchedPlace(of:code:in:)`` (found again when nil),
    /// and `known` its slot when the caller has found it already.
    /// - Complexity: O(log k + B), plus O(k / B) for the directory when a block is
    ///   freed or merged, plus O(cells + slots) when it ends in ``compactSlots()``.
    mutating func remove(_ leaf: Int32, code: UInt64, from cell: Int, place: Int? = nil, slot known: Int? = nil) {
        let r = place ?? blockPlace(in: cell, code: code, leaf: leaf)
        let slot = known ?? slot(of: leaf, code: code, in: cell, place: r)
        let d = Int(spans[cell].directoryStart) + r
        let base = Int(directory[d].block) << Self.unitShift
        let i = slot - base, count = Int(directory[d].count)
        moveSlots(from: slot + 1, to: slot, count: count - i - 1)
        directory[d].count -= 1
        if count == 1 {
            freeBlock(directory[d].block, units: Int(spans[cell].units))
            spans[cell].units = UInt8(Self.unitsPerBlock)
            removeRef(from: cell, at: r)
        } else {
            directory[d].backCode = codes[base]
            let units = Int(spans[cell].units)
            if count - 1 < Self.mergeBelow && units == Self.unitsPerBlock { mergeIfSmall(cell, r) }
            // A lone block down to a quarter full moves to the size below.
            if spans[cell].blockCount == 1 && units > 1 && Int(spans[cell].count - 1) <= capacity(of: cell) / 4 {
                resizeLoneBlock(cell, to: units / 2)
            }
        }
        finish(cell, added: -1)
    }

    /// Moves the entry of `leaf` (its filter box unchanged) from its place for
    /// `oldCode` (its block at directory place `place`) to its place for `newCode`:
    /// one shift when both places are in the same block (a restack within a short
    /// run, or to a nearby place), a removal and an insertion otherwise.
    /// - Complexity: O(log k + B), plus what ``remove(_:code:from:place:)`` and
    ///   ``insert(_:code:into:place:)`` add when it takes both.
    mutating func move(_ leaf: Int32, from oldCode: UInt64, place: Int, to newCode: UInt64, in cell: Int) {
        let from = slot(of: leaf, code: oldCode, in: cell, place: place)
        let entry = entries[from]
        let target = blockPlace(in: cell, code: newCode, leaf: leaf)
        guard target == place else {
            // The new block's place stays valid unless the removal freed or merged a block.
            let blocks = spans[cell].blockCount
            remove(leaf, code: oldCode, from: cell, place: place, slot: from)
            insert(entry, code: newCode, into: cell, place: spans[cell].blockCount == blocks ? target : nil)
            return
        }
        let d = Int(spans[cell].directoryStart) + place
        let base = Int(directory[d].block) << Self.unitShift
        let i = from - base
        var j = position(in: cell, place: place, code: newCode, leaf: leaf)
        if j > i { j -= 1 }   // counted with the entry still at i, below its new place
        if j < i {
            moveSlots(from: base + j, to: base + j + 1, count: i - j)
        } else {
            moveSlots(from: base + i + 1, to: base + i, count: j - i)
        }
        entries[base + j] = entry
        codes[base + j] = newCode
        directory[d].backCode = codes[base]
    }

    /// Overwrites the entry of `entry.leaf` (stored with `code`) in place; `place` as
    /// for ``remove(_:code:from:place:)``.
    /// - Complexity: O(log k).
    mutating func replace(_ entry: CellEntry, code: UInt64, in cell: Int, place: Int? = nil) {
        let slot = slot(of: entry.leaf, code: code, in: cell, place: place)
        entries[slot] = entry
    }
}
