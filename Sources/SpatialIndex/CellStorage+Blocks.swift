#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A cell run's blocks and its directory: allocating, splitting, passing an entry to a
// neighbour, merging, and the directory runs that grow inside one shared array.

extension CellStorage {
    /// Moves `count` entries, with their codes, from slot `source` on to slot `target`
    /// (the ranges may overlap).
    @inline(__always)
    mutating func moveSlots(from source: Int, to target: Int, count: Int) {
        guard count > 0 else { return }
        entries.withUnsafeMutableBufferPointer { shift($0.baseAddress! + target, $0.baseAddress! + source, count) }
        codes.withUnsafeMutableBufferPointer { shift($0.baseAddress! + target, $0.baseAddress! + source, count) }
    }

    /// A free block of ``blockCapacity`` slots (its unit a multiple of 4).
    mutating func allocateBlock() -> Int32 {
        if let block = freeBlocks.popLast() { return block }
        let block = Int32(entries.count >> Self.unitShift)
        // Appended from arrays, copied whole: from `repeatElement` the append went
        // element by element (about 300 instructions a move at 100,000 windows).
        entries.append(contentsOf: Self.emptyEntries)
        codes.append(contentsOf: Self.zeroCodes)
        return block
    }

    /// A block's worth of empty entries and of codes, to append.
    static let emptyEntries = [CellEntry](repeating: .empty, count: blockCapacity)
    static let zeroCodes = [UInt64](repeating: 0, count: blockCapacity)

    /// A free block of `units` units (1, 2 or 4; aligned to its size): a free one of
    /// that size, else half of a larger one cut in two.
    mutating func allocate(units: Int) -> Int32 {
        if units == Self.unitsPerBlock { return allocateBlock() }
        if let block = freeSmallBlocks[units >> 1].popLast() { return block }
        let block = allocate(units: units * 2)
        freeBlock(block + Int32(units), units: units)
        return block
    }

    mutating func freeBlock(_ block: Int32, units: Int) {
        if units == Self.unitsPerBlock { freeBlocks.append(block) } else { freeSmallBlocks[units >> 1].append(block) }
    }

    /// Units in free blocks.
    /// - Complexity: O(1).
    @inline(__always)
    var freeUnits: Int {
        freeBlocks.count * Self.unitsPerBlock + freeSmallBlocks[0].count + freeSmallBlocks[1].count * 2
    }

    /// Moves the lone block of `cell` to a block of `units` units (its entries fit).
    /// The caller's ``finish(_:added:)`` updates the span's front block.
    mutating func resizeLoneBlock(_ cell: Int, to units: Int) {
        let d = Int(spans[cell].directoryStart), old = directory[d].block, fresh = allocate(units: units)
        moveSlots(from: Int(old) << Self.unitShift, to: Int(fresh) << Self.unitShift, count: Int(directory[d].count))
        directory[d].block = fresh
        freeBlock(old, units: Int(spans[cell].units))
        spans[cell].units = UInt8(units)
    }

    /// Moves the upper half of the full block at directory place `r` to a new block
    /// placed after it.
    mutating func split(_ cell: Int, _ r: Int) {
        let fresh = allocateBlock()
        let d = Int(spans[cell].directoryStart) + r
        let from = Int(directory[d].block) << Self.unitShift + Self.half
        let to = Int(fresh) << Self.unitShift
        let moved = Self.blockCapacity - Self.half
        moveSlots(from: from, to: to, count: moved)
        directory[d].count = Int32(Self.half)
        insertRef(BlockRef(block: fresh, count: Int32(moved), backCode: codes[to]), into: cell, at: r + 1)
    }

    /// Moves the back entry of the full block at place `r` to the end of the block
    /// before it (which has room), so the full block has room without a split (blocks
    /// stay fuller: fewer bytes an entry).
    mutating func spillBack(_ cell: Int, _ r: Int) {
        let d = Int(spans[cell].directoryStart) + r
        let base = Int(directory[d].block) << Self.unitShift
        let to = Int(directory[d - 1].block) << Self.unitShift + Int(directory[d - 1].count)
        entries[to] = entries[base]
        codes[to] = codes[base]
        directory[d - 1].count += 1
        moveSlots(from: base + 1, to: base, count: Self.blockCapacity - 1)
        directory[d].count -= 1
        directory[d].backCode = codes[base]
    }

    /// Moves the front entry of the full block at place `r` to the front of the block
    /// after it (which has room), as ``spillBack(_:_:)`` does the other way.
    mutating func spillFront(_ cell: Int, _ r: Int) {
        let d = Int(spans[cell].directoryStart) + r
        let from = Int(directory[d].block) << Self.unitShift + Self.blockCapacity - 1
        let base = Int(directory[d + 1].block) << Self.unitShift, count = Int(directory[d + 1].count)
        moveSlots(from: base, to: base + 1, count: count)
        entries[base] = entries[from]
        codes[base] = codes[from]
        directory[d + 1].count += 1
        directory[d + 1].backCode = codes[base]
        directory[d].count -= 1
    }

    /// Merges the block at place `r` (just shrunk below a quarter) with a neighbour
    /// when the two fit in three quarters of a block: the later one's entries are
    /// appended to the earlier one, and the later one is freed.
    mutating func mergeIfSmall(_ cell: Int, _ r: Int) {
        let blocks = Int(spans[cell].blockCount)
        guard blocks > 1 else { return }
        let first = r + 1 < blocks ? r : r - 1
        let d = Int(spans[cell].directoryStart) + first
        let a = directory[d], b = directory[d + 1]
        guard Int(a.count + b.count) <= Self.mergedLimit else { return }
        let to = Int(a.block) << Self.unitShift + Int(a.count), from = Int(b.block) << Self.unitShift
        moveSlots(from: from, to: to, count: Int(b.count))
        directory[d].count += b.count
        freeBlock(b.block, units: Self.unitsPerBlock)
        removeRef(from: cell, at: first + 1)
    }

    mutating func insertRef(_ ref: BlockRef, into cell: Int, at r: Int) {
        if spans[cell].blockCount == spans[cell].directoryCapacity { growDirectory(cell) }
        let span = spans[cell]
        directory.withUnsafeMutableBufferPointer { directory in
            let base = directory.baseAddress! + Int(span.directoryStart)
            shift(base + r + 1, base + r, Int(span.blockCount) - r)
            base[r] = ref
        }
        spans[cell].blockCount += 1
    }

    mutating func removeRef(from cell: Int, at r: Int) {
        let span = spans[cell]
        directory.withUnsafeMutableBufferPointer { directory in
            let base = directory.baseAddress! + Int(span.directoryStart)
            shift(base + r, base + r + 1, Int(span.blockCount) - r - 1)
        }
        spans[cell].blockCount -= 1
    }

    /// Counts `added` entries and copies the front block's ref into the span.
    /// Then compacts the slots when free blocks are too many (see
    /// ``slotsWantCompacting``): here, at the end of an update, callers hold only
    /// directory places, which a compaction keeps.
    @inline(__always)
    mutating func finish(_ cell: Int, added: Int) {
        spans[cell].count += Int32(added)
        entryCount += added
        let span = spans[cell]
        if span.blockCount == 0 {
            spans[cell].frontBlock = -1
            spans[cell].frontCount = 0
        } else {
            let front = directory[Int(span.directoryStart + span.blockCount) - 1]
            spans[cell].frontBlock = front.block
            spans[cell].frontCount = front.count
        }
        if slotsWantCompacting { compactSlots() }
    }

    /// Moves a full directory run to the end of the array with twice the room
    /// (compacting the array first when a quarter of it is abandoned: each growth
    /// abandons half of what it appends, so that comes after appending about as
    /// much as was there).
    mutating func growDirectory(_ cell: Int) {
        if abandoned > directory.count / 4 { compactDirectory() }
        let old = spans[cell]
        guard old.blockCount == old.directoryCapacity else { return }   // the compaction left room
        let capacity = Swift.max(1, Int(old.directoryCapacity) * 2)
        let start = directory.count
        directory.append(contentsOf: repeatElement(BlockRef(block: -1, count: 0, backCode: 0), count: capacity))
        directory.withUnsafeMutableBufferPointer { directory in
            let base = directory.baseAddress!
            shift(base + start, base + Int(old.directoryStart), Int(old.blockCount))
        }
        spans[cell].directoryStart = Int32(start)
        spans[cell].directoryCapacity = Int32(capacity)
        abandoned += Int(old.directoryCapacity)
    }

    /// Whether free blocks hold more than a sixteenth of the slots in use (and more
    /// than ``compactionFloor`` units): then ``compactSlots()`` gives them back.
    /// Blocks freed where no block is asked for again stay free: cells that grew from 8
    /// entries to 16 while a scene was built left their blocks of 8 behind, a sixth
    /// of the slots of a thousand desktop windows.
    @inline(__always)
    var slotsWantCompacting: Bool {
        freeUnits > Self.compactionFloor && freeUnits * 16 > (entries.count >> Self.unitShift) - freeUnits
    }

    /// Free units below which the slots are never compacted (4 KB).
    static let compactionFloor = 32

    /// Lays every cell's blocks out again back to back, blocks of 32 first and then
    /// those of 16 and of 8 (so each stays aligned to its size), and forgets the free
    /// blocks but those that pad the slots to a whole block. Directory places stay as
    /// they were; block numbers change.
    /// - Complexity: O(cells + slots); the slots' part amortized O(1) a freed unit,
    ///   since a sixteenth of the slots in use must be freed between two compactions.
    ///   At a million windows one compaction copies about 100 MB, and holds the old
    ///   and the new arrays at once while it does.
    mutating func compactSlots() {
        let usedSlots = entries.count - (freeUnits << Self.unitShift)
        var packedEntries: [CellEntry] = [], packedCodes: [UInt64] = []
        packedEntries.reserveCapacity(usedSlots + usedSlots / 8)
        packedCodes.reserveCapacity(usedSlots + usedSlots / 8)
        for units in [Self.unitsPerBlock, 2, 1] {
            for cell in spans.indices where spans[cell].blockCount > 0 && Int(spans[cell].units) == units {
                let start = Int(spans[cell].directoryStart), slots = units << Self.unitShift
                for d in start ..< start + Int(spans[cell].blockCount) {
                    let from = Int(directory[d].block) << Self.unitShift
                    directory[d].block = Int32(packedEntries.count >> Self.unitShift)
                    packedEntries.append(contentsOf: entries[from ..< from + slots])
                    packedCodes.append(contentsOf: codes[from ..< from + slots])
                }
                spans[cell].frontBlock = directory[start + Int(spans[cell].blockCount) - 1].block
            }
        }
        entries = packedEntries
        codes = packedCodes
        freeBlocks = []
        freeSmallBlocks = [[], []]
        // Free blocks of 8 and 16 up to a whole block, so a block of 32 appended next
        // is aligned too.
        while (entries.count >> Self.unitShift) % Self.unitsPerBlock != 0 {
            let unit = entries.count >> Self.unitShift, units = unit % 2 == 1 ? 1 : 2
            entries.append(contentsOf: repeatElement(.empty, count: units << Self.unitShift))
            codes.append(contentsOf: repeatElement(0, count: units << Self.unitShift))
            freeBlock(Int32(unit), units: units)
        }
        slotCompactions += 1
    }

    /// The directory room for a run of `blocks` blocks after a layout or a compaction
    /// (one place for a lone block: most cells of a small scene have one).
    static func directoryCapacity(for blocks: Int) -> Int { blocks + blocks / 2 }

    /// The capacity to reserve for a directory of `places` places, laid out afresh:
    /// half as much again, so the runs that grow next (each moving to the end of the
    /// array) do not reallocate it. A reallocation copies the whole directory and asks
    /// the allocator for a large block, which in glibc first merges every small free
    /// chunk of the process (`malloc_consolidate`): at 100,000 windows that cost 43%
    /// of the instructions of 512 moves, in the one move that grew the array.
    static func directoryRoom(for places: Int) -> Int { places + places / 2 }

    /// Lays every directory run out again back to back, each with the room
    /// ``directoryCapacity(for:)`` gives its blocks now: the room of runs that moved
    /// away, and of runs that were long once (a pile of windows dragged across the
    /// grid), is given back.
    /// - Complexity: O(directory), amortized O(1) an appended place.
    mutating func compactDirectory() {
        var packed: [BlockRef] = []
        packed.reserveCapacity(Self.directoryRoom(for: directory.count - abandoned))
        for cell in spans.indices {
            let span = spans[cell]
            let start = Int(span.directoryStart), capacity = Self.directoryCapacity(for: Int(span.blockCount))
            spans[cell].directoryStart = Int32(packed.count)
            spans[cell].directoryCapacity = Int32(capacity)
            packed.append(contentsOf: directory[start ..< start + Int(span.blockCount)])
            packed.append(contentsOf: repeatElement(BlockRef(block: -1, count: 0, backCode: 0),
                                                    count: capacity - Int(span.blockCount)))
        }
        directory = packed
        abandoned = 0
        compactions += 1
    }
}

/// Copies `count` values from `source` to `target`; the ranges may overlap.
@inline(__always)
func shift<T>(_ target: UnsafeMutablePointer<T>, _ source: UnsafeMutablePointer<T>, _ count: Int) {
    if count > 0 { memmove(target, source, count * MemoryLayout<T>.stride) }
}
