import Testing
import SpatialIndex

@Suite("DynamicBoxTree edge cases")
struct EdgeCaseTests {
    func key(_ level: Double, _ sequence: UInt64) -> ZKey { ZKey(level: level, sequence: sequence) }

    @Test("boxes are closed: every edge and corner is inside, the next double outside is not")
    func closedEdges() {
        var tree = DynamicBoxTree()
        let box = IndexBox(minX: 10, minY: 20, maxX: 30, maxY: 40)
        let leaf = tree.insert(box: box, zKey: key(0, 1), payload: 5)
        for (x, y) in [(10.0, 20.0), (30, 40), (10, 40), (30, 20), (20, 20), (30, 30)] {
            #expect(tree.leaves(containingX: x, y: y) == [leaf], "(\(x), \(y))")
        }
        for (x, y) in [(10.0.nextDown, 30.0), (30.0.nextUp, 30), (20, 20.0.nextDown), (20, 40.0.nextUp)] {
            #expect(tree.leaves(containingX: x, y: y).isEmpty, "(\(x), \(y))")
        }
    }

    @Test("a zero-size box contains exactly its own point")
    func zeroSize() {
        var tree = DynamicBoxTree()
        let point = tree.insert(box: IndexBox(minX: 5, minY: 5, maxX: 5, maxY: 5), zKey: key(0, 1), payload: 1)
        let line = tree.insert(box: IndexBox(minX: 0, minY: 5, maxX: 10, maxY: 5), zKey: key(0, 2), payload: 2)
        #expect(tree.leaves(containingX: 5, y: 5) == [line, point])
        #expect(tree.leaves(containingX: 7, y: 5) == [line])
        #expect(tree.leaves(containingX: 5, y: 5.0.nextUp).isEmpty)
        #expect(tree.checkInvariants().isEmpty)
    }

    @Test("equal levels order by sequence; equal keys are all reported")
    func equalLevels() {
        var tree = DynamicBoxTree()
        let box = IndexBox(minX: 0, minY: 0, maxX: 1, maxY: 1)
        let a = tree.insert(box: box, zKey: key(0, 1), payload: 1)
        let b = tree.insert(box: box, zKey: key(0, 3), payload: 2)
        let c = tree.insert(box: box, zKey: key(0, 2), payload: 3)
        let d = tree.insert(box: box, zKey: key(-0.0, 2), payload: 4)   // -0 == 0: a tie with c
        let order = tree.leaves(containingX: 0.5, y: 0.5)
        #expect(order.first == b && order.last == a && Set(order) == [a, b, c, d])
        tree.updateZKey(a, to: key(0, 9))
        #expect(tree.leaves(containingX: 0.5, y: 0.5).first == a)
        #expect(tree.checkInvariants().isEmpty)
    }

    @Test("a higher level beats any sequence number")
    func levelBeatsSequence() {
        var tree = DynamicBoxTree()
        let box = IndexBox(minX: 0, minY: 0, maxX: 1, maxY: 1)
        let low = tree.insert(box: box, zKey: key(0, .max), payload: 1)
        let high = tree.insert(box: box, zKey: key(0.5, 0), payload: 2)
        #expect(tree.leaves(containingX: 0, y: 0) == [high, low])
    }

    @Test("huge and infinite coordinates: ±1e300, overflowed edges, no NaN")
    func hugeCoordinates() {
        var tree = DynamicBoxTree()
        let huge = tree.insert(box: IndexBox(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300),
                               zKey: key(0, 1), payload: 1)
        let infinite = tree.insert(box: IndexBox(minX: 1e308, minY: -.infinity, maxX: .infinity, maxY: .infinity),
                                   zKey: key(0, 2), payload: 2)
        let small = tree.insert(box: IndexBox(minX: 0, minY: 0, maxX: 1, maxY: 1), zKey: key(0, 3), payload: 3)
        #expect(tree.checkInvariants().isEmpty)
        #expect(tree.leaves(containingX: 0.5, y: 0.5) == [small, huge])
        #expect(tree.leaves(containingX: 1.7e308, y: -1.7e308) == [infinite])
        #expect(tree.leaves(containingX: 1e300, y: 1e300) == [huge])
        #expect(tree.leaves(containingX: 1e300.nextUp, y: 0).isEmpty)
        tree.updateBox(small, to: IndexBox(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity))
        #expect(tree.leaves(containingX: -1.7e308, y: 1.7e308) == [small])
        #expect(tree.checkInvariants().isEmpty)
    }

    @Test("removing the last leaf empties the tree; handles are reused afterwards")
    func emptyAndReuse() {
        var tree = DynamicBoxTree()
        #expect(tree.leaves(containingX: 0, y: 0).isEmpty && tree.height == -1)
        let a = tree.insert(box: IndexBox(minX: 0, minY: 0, maxX: 1, maxY: 1), zKey: key(0, 1), payload: 1)
        #expect(tree.height == 0 && tree.count == 1)
        tree.remove(a)
        #expect(tree.isEmpty && tree.checkInvariants().isEmpty && !tree.isLiveLeaf(a))
        let b = tree.insert(box: IndexBox(minX: 0, minY: 0, maxX: 1, maxY: 1), zKey: key(0, 2), payload: 2)
        #expect(tree.payload(of: b) == 2 && tree.leaves(containingX: 0, y: 0) == [b])
        tree.removeAll()
        #expect(tree.isEmpty && tree.checkInvariants().isEmpty)
    }

    @Test("restacking changes no box; moving changes no z-key")
    func updatesAreIndependent() {
        var tree = DynamicBoxTree()
        var leaves: [LeafID] = []
        for i in 0..<50 {
            let x = Double(i % 7) * 10, y = Double(i / 7) * 10
            leaves.append(tree.insert(box: IndexBox(minX: x, minY: y, maxX: x + 25, maxY: y + 25),
                                      zKey: key(0, UInt64(i)), payload: Int32(i)))
        }
        let box = tree.box(of: leaves[3])
        tree.updateZKey(leaves[3], to: key(5, 0))
        #expect(tree.box(of: leaves[3]) == box && tree.checkInvariants().isEmpty)
        #expect(tree.leaves(containingX: box.minX, y: box.minY).first == leaves[3])
        let newBox = IndexBox(minX: 500, minY: 500, maxX: 501, maxY: 501)
        tree.updateBox(leaves[3], to: newBox)
        #expect(tree.zKey(of: leaves[3]) == key(5, 0) && tree.box(of: leaves[3]) == newBox)
        #expect(tree.leaves(containingX: 500.5, y: 500.5) == [leaves[3]])
        #expect(tree.checkInvariants().isEmpty)
    }

    @Test("the query is lazy: stopping at the first leaf tests fewer nodes than draining")
    func lazyEnumeration() {
        var tree = DynamicBoxTree()
        for i in 0..<200 {
            _ = tree.insert(box: IndexBox(minX: 0, minY: 0, maxX: 100, maxY: 100),
                            zKey: key(0, UInt64(i)), payload: Int32(i))
        }
        var cursor = PointQueryCursor()
        tree.startQuery(x: 50, y: 50, cursor: &cursor)
        let first = tree.nextLeaf(&cursor)
        #expect(first.map { tree.payload(of: $0) } == 199)
        let afterFirst = cursor.statistics
        #expect(afterFirst.leavesReported == 1)
        var reported = 1
        while tree.nextLeaf(&cursor) != nil { reported += 1 }
        #expect(reported == 200 && cursor.statistics.leavesReported == 200)
        #expect(afterFirst.nodesTested < cursor.statistics.nodesTested)
    }
}
