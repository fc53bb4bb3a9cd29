import Testing
import WindowModel
import SpatialIndex

/// Seeded random sequences of every operation, each followed by `checkInvariants()`
/// and point queries compared with a brute-force scan. Replay one seed with
/// `WINDOWLAB_SEED=<seed> swift test --filter SpatialIndexTests`.
@Suite("DynamicBoxTree random operations")
struct RandomOperationTests {
    /// Generates boxes of several kinds, so edges coincide, boxes nest, some are
    /// empty and some are astronomically large.
    struct BoxMaker {
        var rng: SeededRandom

        mutating func coordinate() -> Double {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return Double(Int.random(in: -4...4, using: &rng)) * 25   // shared edges
            case 1: return Double.random(in: -1e300...1e300, using: &rng)
            default: return Double.random(in: -100...300, using: &rng).rounded()
            }
        }

        mutating func length() -> Double {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return 0
            case 1: return Double.random(in: 0...1e300, using: &rng)
            case 2: return .infinity                 // an overflowed inflated box
            default: return Double.random(in: 0...150, using: &rng).rounded()
            }
        }

        mutating func box() -> IndexBox {
            let x = coordinate(), y = coordinate()
            let w = length(), h = length()
            // x + w may overflow to +infinity: still a valid, closed box.
            return IndexBox(minX: x, minY: y, maxX: x + w, maxY: y + h)
        }

        mutating func zKey(sequence: inout UInt64) -> ZKey {
            sequence += 1
            let levels: [Double] = [0, 0, 0, 1000, 2000, -1, 2001, -0.0]
            return ZKey(level: levels[Int.random(in: 0..<levels.count, using: &rng)], sequence: sequence)
        }

        /// A query point: often on an edge or corner of an existing box.
        mutating func point(near boxes: [IndexBox]) -> (Double, Double) {
            if let b = boxes.randomElement(using: &rng), Bool.random(using: &rng) {
                let xs = [b.minX, b.maxX, b.minX.nextUp, b.maxX.nextDown, b.maxX.nextUp, b.minX.nextDown]
                let ys = [b.minY, b.maxY, b.minY.nextUp, b.maxY.nextDown, b.maxY.nextUp, b.minY.nextDown]
                return (xs.randomElement(using: &rng)!, ys.randomElement(using: &rng)!)
            }
            return (coordinate(), coordinate())
        }
    }

    @Test("random insert / remove / move / restack sequences match brute force", arguments: SeededRandom.seeds(default: Array(1...12)))
    func randomSequences(seed: UInt64) {
        var maker = BoxMaker(rng: SeededRandom(seed: seed))
        var tree = DynamicBoxTree()
        var model = BruteForceIndex()
        var sequence: UInt64 = 0
        var payload: Int32 = 0
        for step in 0..<600 {
            let live = Array(model.leaves.keys)
            let op = Int.random(in: 0..<10, using: &maker.rng)
            if live.isEmpty || op < 4 {
                let box = maker.box(), z = maker.zKey(sequence: &sequence)
                payload += 1
                let leaf = tree.insert(box: box, zKey: z, payload: payload)
                #expect(model.leaves[leaf] == nil, "seed \(seed) step \(step): handle \(leaf) reused while live")
                model.leaves[leaf] = (box, z, payload)
            } else {
                let leaf = live.randomElement(using: &maker.rng)!
                switch op {
                case 4, 5:
                    tree.remove(leaf)
                    model.leaves[leaf] = nil
                case 6 where step % 50 == 0:
                    // A full rebuild keeps every leaf, handle and payload.
                    tree.rebuild()
                case 6, 7:
                    let box = maker.box()
                    tree.updateBox(leaf, to: box)
                    model.leaves[leaf]!.box = box
                default:
                    let z = maker.zKey(sequence: &sequence)
                    tree.updateZKey(leaf, to: z)
                    model.leaves[leaf]!.zKey = z
                }
            }
            let problems = tree.checkInvariants()
            #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems)")
            #expect(tree.count == model.leaves.count, "seed \(seed) step \(step)")
            if !problems.isEmpty { return }
            let boxes = model.leaves.values.map(\.box)
            for _ in 0..<4 {
                let (x, y) = maker.point(near: boxes)
                if let mismatch = queryMismatch(tree, model, x: x, y: y) {
                    Issue.record("seed \(seed) step \(step): \(mismatch)")
                    return
                }
            }
        }
        // Drain: removing everything leaves an empty, sound tree.
        for leaf in model.leaves.keys { tree.remove(leaf) }
        #expect(tree.isEmpty && tree.height == -1 && tree.checkInvariants().isEmpty, "seed \(seed)")
    }

    @Test("heights stay logarithmic under random insertion", arguments: SeededRandom.seeds(default: [7, 8]))
    func balancedHeight(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var tree = DynamicBoxTree()
        for i in 0..<4096 {
            let x = Double.random(in: 0...10_000, using: &rng), y = Double.random(in: 0...10_000, using: &rng)
            _ = tree.insert(box: IndexBox(minX: x, minY: y, maxX: x + 10, maxY: y + 10),
                            zKey: ZKey(level: 0, sequence: UInt64(i)), payload: Int32(i))
        }
        #expect(tree.checkInvariants().isEmpty, "seed \(seed)")
        // AVL-balanced trees have height below 1.44 log2(n + 2).
        #expect(tree.height <= 18, "seed \(seed): height \(tree.height) for 4096 leaves")
    }

    @Test("identical boxes and sorted insertions do not build a chain")
    func adversarialHeights() {
        var same = DynamicBoxTree()
        var sorted = DynamicBoxTree()
        for i in 0..<4096 {
            _ = same.insert(box: IndexBox(minX: 0, minY: 0, maxX: 1000, maxY: 1000),
                            zKey: ZKey(level: 0, sequence: UInt64(i)), payload: Int32(i))
            let x = Double(i)
            _ = sorted.insert(box: IndexBox(minX: x, minY: x, maxX: x + 1, maxY: x + 1),
                              zKey: ZKey(level: 0, sequence: UInt64(i)), payload: Int32(i))
        }
        #expect(same.checkInvariants().isEmpty && sorted.checkInvariants().isEmpty)
        // 5.5 log2(n) is the slack-16 bound; log2(4096) = 12.
        #expect(same.height <= 66, "identical boxes: height \(same.height)")
        #expect(sorted.height <= 66, "sorted boxes: height \(sorted.height)")
        #expect(same.leaves(containingX: 500, y: 500).count == 4096)
    }
}
