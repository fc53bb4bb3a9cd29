import Testing
import WindowModel
@testable import SpatialIndex

/// The cells' blocks (``CellStorage``) and the z-key codes (``LevelCodes``): runs far
/// longer than a block, levels squeezed until their codes are renumbered.
@Suite("Cell blocks and level codes")
struct CellBlockTests {
    static let area = IndexBox(minX: 0, minY: 0, maxX: 100, maxY: 100)

    /// A box covering most of the area, so every cell holds most of the boxes.
    static func crowdedBox(_ rng: inout SeededRandom) -> IndexBox {
        let x = Double.random(in: -20...30, using: &rng).rounded(), y = Double.random(in: -20...30, using: &rng).rounded()
        return IndexBox(minX: x, minY: y, maxX: x + Double.random(in: 60...120, using: &rng).rounded(),
                        maxY: y + Double.random(in: 60...120, using: &rng).rounded())
    }

    @Test("runs of hundreds of entries split into blocks and merge back, answering like the brute force",
          arguments: SeededRandom.seeds(default: [1, 2, 3]))
    func crowdedCells(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var grid = StackingGrid(bounds: Self.area)
        var model = BruteForceIndex()
        var sequence: UInt64 = 0
        func key() -> ZKey {
            sequence += 1
            return ZKey(level: [0, 0, 0, 10, -5][Int.random(in: 0..<5, using: &rng)], sequence: sequence)
        }
        func check(_ step: String) -> Bool {
            let problems = grid.checkInvariants()
            #expect(problems.isEmpty, "seed \(seed) \(step): \(problems)")
            for _ in 0..<3 {
                let x = Double.random(in: -5...105, using: &rng).rounded(), y = Double.random(in: -5...105, using: &rng)
                if let mismatch = gridQueryMismatch(grid, model, x: x, y: y) {
                    Issue.record("seed \(seed) \(step): \(mismatch)")
                    return false
                }
            }
            return problems.isEmpty
        }
        for i in 0..<600 {
            let box = Self.crowdedBox(&rng), z = key()
            model.leaves[grid.insert(box: box, zKey: z, payload: Int32(i))] = (box, z, Int32(i))
        }
        guard check("after filling") else { return }
        let peakBlocks = grid.cells.spans.reduce(0) { $0 + Int($1.blockCount) }
        #expect(grid.cells.spans.contains { $0.blockCount > 10 }, "seed \(seed): no cell has more than 10 blocks")
        for step in 0..<1500 {
            let live = model.sortedLeaves
            let leaf = live[Int.random(in: 0..<live.count, using: &rng)]
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let z = key()
                grid.updateZKey(leaf, to: z)
                model.leaves[leaf]!.zKey = z
            case 1:
                let box = Self.crowdedBox(&rng)
                grid.updateBox(leaf, to: box)
                model.leaves[leaf]!.box = box
            default:
                let box = Self.crowdedBox(&rng), z = key()
                grid.remove(leaf)
                model.leaves[leaf] = nil
                model.leaves[grid.insert(box: box, zKey: z, payload: Int32(-step))] = (box, z, Int32(-step))
            }
            if step % 25 == 0, !check("step \(step)") { return }
        }
        for leaf in model.sortedLeaves.dropFirst(40) {
            grid.remove(leaf)
            model.leaves[leaf] = nil
        }
        guard check("after removing all but 40") else { return }
        let blocks = grid.cells.spans.reduce(0) { $0 + Int($1.blockCount) }
        #expect(blocks * 3 < peakBlocks, "seed \(seed): \(blocks) blocks left of \(peakBlocks)")
    }

    @Test("a cell's lone block grows from 8 to 16 to 32 entries as its run fills it, and shrinks a size when a quarter full")
    func smallBlocks() {
        var grid = StackingGrid(bounds: Self.area)
        var model = BruteForceIndex()
        var rng = SeededRandom(seed: SeededRandom.seeds(default: [11])[0])
        func check(_ step: String) {
            #expect(grid.checkInvariants().isEmpty, "\(step): \(grid.checkInvariants())")
            for span in grid.cells.spans where span.blockCount == 1 {
                let capacity = Int(span.units) << CellStorage.unitShift
                #expect(Int(span.count) > capacity / 4 || capacity == 8, "\(step): a run of \(span.count) in a block of \(capacity)")
            }
            if let mismatch = gridQueryMismatch(grid, model, x: 50.5, y: 50.5) { Issue.record("\(step): \(mismatch)") }
        }
        var sequence: UInt64 = 0
        func add(_ box: IndexBox) -> LeafID {
            sequence += 1
            let z = ZKey(level: [0, 0, 1][Int.random(in: 0..<3, using: &rng)], sequence: sequence)
            let leaf = grid.insert(box: box, zKey: z, payload: Int32(sequence))
            model.leaves[leaf] = (box, z, Int32(sequence))
            return leaf
        }
        for _ in 0..<300 {
            let x = Double.random(in: 0...97, using: &rng).rounded(), y = Double.random(in: 0...97, using: &rng).rounded()
            _ = add(IndexBox(minX: x, minY: y, maxX: x + 2, maxY: y + 2))
        }
        check("scattered")
        #expect(grid.cells.spans.contains { $0.units == 1 }, "no cell keeps a small block")
        let spot = IndexBox(minX: 50.25, minY: 50.25, maxX: 50.75, maxY: 50.75)
        var stack: [LeafID] = []
        for k in 1...40 {
            stack.append(add(spot))
            check("stacked \(k)")
        }
        #expect(grid.cells.spans.contains { $0.count >= 40 && $0.units == 4 }, "the stack's cell is not in blocks of 32")
        for (k, leaf) in stack.shuffled(using: &rng).enumerated() {
            grid.remove(leaf)
            model.leaves[leaf] = nil
            check("unstacked \(k + 1)")
        }
    }

    @Test("free blocks left behind while a scene is built, and as its windows close, are given back, the scene answering as before")
    func slotCompaction() {
        var grid = StackingGrid(bounds: Self.area)
        var model = BruteForceIndex()
        var rng = SeededRandom(seed: SeededRandom.seeds(default: [5])[0])
        var checkedAfterCompacting = false
        /// Whether the grid keeps its invariants and answers 20 random points like the model.
        func answersLikeModel(_ step: String) -> Bool {
            let problems = grid.checkInvariants()
            #expect(problems.isEmpty, "\(step): \(problems)")
            for _ in 0..<20 {
                let x = Double.random(in: 0...100, using: &rng), y = Double.random(in: 0...100, using: &rng)
                if let mismatch = gridQueryMismatch(grid, model, x: x, y: y) {
                    Issue.record("\(step): \(mismatch)")
                    return false
                }
            }
            return problems.isEmpty
        }
        for i in 0..<1500 {
            let x = Double.random(in: 0...94, using: &rng).rounded(), y = Double.random(in: 0...94, using: &rng).rounded()
            let box = IndexBox(minX: x, minY: y, maxX: x + 6, maxY: y + 6), z = ZKey(level: 0, sequence: UInt64(i))
            model.leaves[grid.insert(box: box, zKey: z, payload: Int32(i))] = (box, z, Int32(i))
            if i % 100 == 99 || (grid.cells.slotCompactions > 0 && !checkedAfterCompacting) {
                checkedAfterCompacting = grid.cells.slotCompactions > 0
                guard answersLikeModel("box \(i)") else { return }
            }
        }
        // Without compaction a sixth of the slots (206 units of 1,280) were free blocks by the end.
        // (Seed 5 is known to compact after the last relayout; a replayed seed may not.)
        #expect(grid.cells.slotCompactions >= 1, "the slots were never compacted")
        let slots = grid.cells.entries.count, free = grid.cells.freeUnits << CellStorage.unitShift
        #expect(free * 16 <= slots - free || free <= CellStorage.compactionFloor << CellStorage.unitShift,
                "\(free) of \(slots) slots free")
        // Then windows closed and restacked: compactions that end a removal, and a
        // restack's removal and insertion, checked right after each.
        let built = grid.cells.slotCompactions
        var seen = built, sequence: UInt64 = 2000
        for step in 0..<900 {
            let live = model.sortedLeaves
            let leaf = live[Int.random(in: 0..<live.count, using: &rng)]
            if step % 3 == 0 {
                sequence += 1
                let z = ZKey(level: Double(Int.random(in: 0...2, using: &rng)), sequence: sequence)
                grid.updateZKey(leaf, to: z)
                model.leaves[leaf]!.zKey = z
            } else {
                grid.remove(leaf)
                model.leaves[leaf] = nil
            }
            guard grid.cells.slotCompactions != seen else { continue }
            seen = grid.cells.slotCompactions
            guard answersLikeModel("step \(step)") else { return }
        }
        #expect(seen > built, "no compaction while windows were closed")
    }

    @Test("a pile of boxes dragged across the grid one box at a time gives back the directory room it left behind")
    func draggedPile() {
        var grid = StackingGrid(bounds: Self.area)
        var model = BruteForceIndex()
        var rng = SeededRandom(seed: SeededRandom.seeds(default: [7])[0])
        // Scattered small boxes set the cell size; then 400 of them pile up at one spot.
        for i in 0..<400 {
            let x = Double.random(in: 0...97, using: &rng).rounded(), y = Double.random(in: 0...97, using: &rng).rounded()
            let box = IndexBox(minX: x, minY: y, maxX: x + 2, maxY: y + 2), z = ZKey(level: 0, sequence: UInt64(i))
            model.leaves[grid.insert(box: box, zKey: z, payload: Int32(i))] = (box, z, Int32(i))
        }
        let pile = model.sortedLeaves.shuffled(using: &rng)
        var largest = 0, uncompacted = 0
        for step in 0..<40 {
            let x = Double(step) * 2.4, y = Double(step % 7) * 11
            for leaf in pile {
                let box = IndexBox(minX: x, minY: y, maxX: x + 2, maxY: y + 2)
                grid.updateBox(leaf, to: box)
                model.leaves[leaf]!.box = box
            }
            if grid.cells.compactions > 0 {
                largest = max(largest, grid.cells.directory.count)
            } else {
                uncompacted = max(uncompacted, grid.cells.directory.count)
            }
            let problems = grid.checkInvariants()
            #expect(problems.isEmpty, "step \(step): \(problems)")
            if let mismatch = gridQueryMismatch(grid, model, x: x + 1, y: y + 1) {
                Issue.record("step \(step): \(mismatch)")
                return
            }
        }
        // Until its first compaction the directory keeps the room of every cell the
        // scattered boxes and the pile ever used (over 2,500 places by the 19th step);
        // after it, the room of the few cells the pile is crossing.
        #expect(grid.cells.compactions >= 1, "the directory was never compacted")
        #expect(largest * 4 < uncompacted, "\(largest) directory places after compacting, \(uncompacted) before")
    }

    @Test("levels squeezed between two until their codes are renumbered keep the stacking order")
    func squeezedLevels() {
        var grid = StackingGrid(bounds: Self.area)
        var model = BruteForceIndex()
        var low = 0.0, high = 1.0
        var sequence: UInt64 = 0
        func add(_ level: Double) -> LeafID {
            sequence += 1
            let box = IndexBox(minX: 0, minY: 0, maxX: 100, maxY: 100), z = ZKey(level: level, sequence: sequence)
            let leaf = grid.insert(box: box, zKey: z, payload: Int32(sequence))
            model.leaves[leaf] = (box, z, Int32(sequence))
            return leaf
        }
        _ = add(low)
        let top = add(high)
        // Each new level halves the gap below the front one: the codes' room runs out
        // after about 22, and the grid renumbers them.
        for round in 0..<40 {
            let middle = low / 2 + high / 2
            let leaf = add(middle)
            if round % 2 == 0 { (low, high) = (middle, high) } else { (low, high) = (low, middle) }
            if round % 5 == 0 {
                let z = ZKey(level: low / 2 + high / 2, sequence: sequence + 1)
                sequence += 1
                grid.updateZKey(leaf, to: z)
                model.leaves[leaf]!.zKey = z
            }
            let problems = grid.checkInvariants()
            #expect(problems.isEmpty, "round \(round): \(problems)")
            if let mismatch = gridQueryMismatch(grid, model, x: 50, y: 50) {
                Issue.record("round \(round): \(mismatch)")
                return
            }
        }
        #expect(grid.leaves(containingX: 50, y: 50).first == top)
        #expect(grid.levelCodes.renumberings >= 1, "the squeeze never ran out of codes")
    }

    @Test("level codes order like the levels, -0.0 and 0.0 are one level, and an unused level is dropped")
    func levelCodes() {
        var codes = LevelCodes()
        var rng = SeededRandom(seed: SeededRandom.seeds(default: [5])[0])
        var levels: [Double] = [0, -0.0, 1, -1, 1e300, -1e300, 2.5]
        for _ in 0..<200 { levels.append(Double.random(in: -1000...1000, using: &rng)) }
        var stored: [(ZKey, UInt64)] = []
        for (i, level) in levels.enumerated() {
            let key = ZKey(level: level, sequence: UInt64(i * 7 % 13))
            guard let code = codes.acquire(key) else {
                codes.renumber()
                stored = stored.map { ($0.0, codes.code(of: $0.0)) }
                stored.append((key, codes.acquire(key)!))
                continue
            }
            stored.append((key, code))
        }
        #expect(codes.levels.count == levels.count - 1, "-0.0 and 0.0 share a level")
        let disordered = stored.flatMap { a in
            stored.filter { b in (a.0 < b.0) != (a.1 < b.1) || (a.0 == b.0) != (a.1 == b.1) }.map { (a, $0) }
        }
        #expect(disordered.isEmpty, "\(disordered.prefix(3))")
        codes.release(2.5)
        #expect(!codes.levels.contains(2.5))
        codes.release(0)
        #expect(codes.levels.contains(0), "0.0 was acquired twice (once as -0.0)")
    }
}
