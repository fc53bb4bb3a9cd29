// Insertion, removal and rebalancing: the parts of the tree that change its shape.

extension DynamicBoxTree {
    /// Links the (already filled) leaf node `leaf` into the tree.
    ///
    /// 1. Choose a sibling by descending from the root. At node N with box B, for a
    ///    leaf box L (P(x) = half perimeter):
    ///
    ///    ```
    ///    cost of pairing L with N itself    = 2 P(B ∪ L)
    ///    inherited cost of going below N   = 2 (P(B ∪ L) - P(B))   (N's box grows)
    ///    cost of descending into child C   = inherited + P(C ∪ L)            if C is a leaf
    ///                                      = inherited + P(C ∪ L) - P(C)     otherwise
    ///    ```
    ///    Stop at N when pairing with it is cheaper than both descents; otherwise go
    ///    into the cheaper child. With infinite boxes the costs may be NaN: every
    ///    comparison is then false and the descent goes to child2; any sibling
    ///    gives a valid tree.
    ///
    /// 2. Make a new parent for the sibling S and the leaf:
    ///
    ///    ```
    ///         G                G
    ///         |                |
    ///         S      ==>       P'        P' = new node, box S ∪ L, z max(S, L)
    ///                         / \
    ///                        S   L
    ///    ```
    /// 3. Walk from P' to the root: rebalance each node (see ``balance(_:)``) and
    ///    recompute its box, height and maximum z-key.
    mutating func insertLeaf(_ leaf: Int32) {
        if root == Self.null {
            root = leaf
            nodes[Int(leaf)].parentOrNext = Self.null
            return
        }
        let sibling = findBestSibling(for: nodes[Int(leaf)].box)
        let oldParent = nodes[Int(sibling)].parentOrNext
        let newParent = allocateInternal()
        nodes[Int(newParent)].parentOrNext = oldParent
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parentOrNext = newParent
        nodes[Int(leaf)].parentOrNext = newParent
        replaceChild(of: oldParent, sibling, with: newParent)
        refresh(newParent)
        fixUpward(from: oldParent)
    }

    /// Step 1 of insertion: the sibling that minimises the total half perimeter of
    /// internal boxes (SAH), by Box2D v3's greedy descent with a lower bound.
    ///
    /// Pairing leaf L with node N costs `P(N ∪ L)` plus the growth of every ancestor
    /// of N ("inherited": `Σ P(ancestor ∪ L) - P(ancestor)`). Going below an internal
    /// child C can cost no less than `inherited + P(C ∪ L) + min(P(L) - P(C), 0)`;
    /// the descent follows the child with the smaller bound (ties: the nearer
    /// centre) and stops when neither bound can beat the best pairing found.
    /// With infinite boxes the costs may be NaN: comparisons fail, the descent
    /// stops early, and the tree stays valid, only less tight.
    func findBestSibling(for box: IndexBox) -> Int32 {
        let leafArea = box.halfPerimeter
        var areaBase = nodes[Int(root)].box.halfPerimeter
        var directCost = nodes[Int(root)].box.union(box).halfPerimeter
        var inherited = 0.0
        var best = root, bestCost = directCost
        var index = root
        while !nodes[Int(index)].isLeaf {
            let node = nodes[Int(index)]
            let cost = directCost + inherited
            // Ties prefer the deeper sibling (`<=`): a smaller box, and identical
            // boxes spread down the tree instead of piling up at the root.
            if cost <= bestCost { best = index; bestCost = cost }
            inherited += directCost - areaBase
            let a = nodes[Int(node.child1)], b = nodes[Int(node.child2)]
            let directA = a.box.union(box).halfPerimeter, directB = b.box.union(box).halfPerimeter
            var lowerA = Double.infinity, lowerB = Double.infinity
            let areaA = a.box.halfPerimeter, areaB = b.box.halfPerimeter
            if a.isLeaf {
                if directA + inherited <= bestCost { best = node.child1; bestCost = directA + inherited }
            } else {
                lowerA = inherited + directA + min(leafArea - areaA, 0)
            }
            if b.isLeaf {
                if directB + inherited <= bestCost { best = node.child2; bestCost = directB + inherited }
            } else {
                lowerB = inherited + directB + min(leafArea - areaB, 0)
            }
            if a.isLeaf && b.isLeaf { break }
            if bestCost < lowerA && bestCost < lowerB { break }
            // Descend into the internal child with the lower bound; on a tie, the
            // nearer centre; on a tie again (identical boxes), the shorter subtree,
            // which keeps such trees balanced.
            let goA: Bool
            if a.isLeaf {
                goA = false
            } else if b.isLeaf {
                goA = true
            } else if lowerA != lowerB {
                goA = lowerA < lowerB
            } else {
                let da = a.box.centreDistanceSquared(to: box), db = b.box.centreDistanceSquared(to: box)
                goA = da != db ? da < db : a.height <= b.height
            }
            if goA {
                index = node.child1; areaBase = areaA; directCost = directA
            } else {
                index = node.child2; areaBase = areaB; directCost = directB
            }
        }
        return best
    }

    /// Takes an internal slot from the free list (insertLeaf's new parent).
    private mutating func allocateInternal() -> Int32 {
        let slot = allocate()
        nodes[Int(slot)].payload = -1
        return slot
    }

    /// Unlinks leaf `leaf` (its node stays allocated) and frees its parent:
    ///
    /// ```
    ///         G                G
    ///         |                |
    ///         P       ==>      S          P is freed; S takes its place
    ///        / \
    ///       L   S
    /// ```
    /// then rebalances and refreshes from G to the root.
    mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = Self.null
            return
        }
        let parent = nodes[Int(leaf)].parentOrNext
        let grandParent = nodes[Int(parent)].parentOrNext
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        replaceChild(of: grandParent, parent, with: sibling)
        nodes[Int(sibling)].parentOrNext = grandParent
        nodes[Int(leaf)].parentOrNext = Self.null
        free(parent)
        fixUpward(from: grandParent)
    }

    /// Rebalances and refreshes every node from `start` up to the root.
    private mutating func fixUpward(from start: Int32) {
        var index = start
        while index != Self.null {
            let balanced = balance(index)
            if balanced == index { improveSurface(index) }
            index = balanced
            refresh(index)
            index = nodes[Int(index)].parentOrNext
        }
    }

    /// If the subtree at `a` leans by more than one level, rotates its taller child
    /// up and returns the subtree's new root; otherwise returns `a`.
    ///
    /// Case "right heavy" (C taller than B by 2 or more); F, G are C's children, and
    /// the taller of them stays under C while the shorter moves under A:
    ///
    /// ```
    ///         A                       C
    ///       /   \                   /   \
    ///      B     C       ==>       A     F      (when F is taller than G)
    ///           / \               / \
    ///          F   G             B   G
    /// ```
    /// (with G staying under C and F moving to A when G is the taller). The
    /// "left heavy" case is the mirror image, with B's children D, E. A is refreshed
    /// first (it is now C's child), then C; the caller refreshes C again, harmlessly.
    /// Boxes, heights and maximum z-keys are all recomputed from children, so z-key
    /// maxima stay exact through rotations.
    mutating func balance(_ a: Int32) -> Int32 {
        let nodeA = nodes[Int(a)]
        if nodeA.isLeaf || nodeA.height < 2 { return a }
        let b = nodeA.child1, c = nodeA.child2
        let lean = nodes[Int(c)].height - nodes[Int(b)].height
        if lean > Self.balanceSlack {
            rotateUp(c, over: a, aChildSlotIsSecond: true)
            return c
        }
        if lean < -Self.balanceSlack {
            rotateUp(b, over: a, aChildSlotIsSecond: false)
            return b
        }
        return a
    }

    /// Rotates child `up` of `a` into `a`'s place. `aChildSlotIsSecond` says whether
    /// `up` was `a.child2` (right heavy) or `a.child1` (left heavy).
    private mutating func rotateUp(_ up: Int32, over a: Int32, aChildSlotIsSecond: Bool) {
        let f = nodes[Int(up)].child1, g = nodes[Int(up)].child2
        let aParent = nodes[Int(a)].parentOrNext
        // `up` replaces `a` under a's parent, and adopts `a` as its first child.
        nodes[Int(up)].child1 = a
        nodes[Int(up)].parentOrNext = aParent
        nodes[Int(a)].parentOrNext = up
        replaceChild(of: aParent, a, with: up)
        // The taller grandchild stays with `up`; the shorter one fills `a`'s freed slot.
        let (keep, move) = nodes[Int(f)].height > nodes[Int(g)].height ? (f, g) : (g, f)
        nodes[Int(up)].child2 = keep
        if aChildSlotIsSecond {
            nodes[Int(a)].child2 = move
        } else {
            nodes[Int(a)].child1 = move
        }
        nodes[Int(move)].parentOrNext = a
        refresh(a)
        refresh(up)
    }

    /// Box2D v3's surface rotation at internal node `a`, tried when `a` needs no
    /// height rotation: swap one child X of `a` with a grandchild Y under the other
    /// child P, when that shrinks P's box (the only internal box that changes):
    ///
    /// ```
    ///        a                    a
    ///      /   \                /       ///     X     P      ==>     Y     P'        P' = X ∪ Z, cost change
    ///          / \                  / \        P(X ∪ Z) - P(P)
    ///         Y   Z                X   Z
    /// ```
    /// The swap is skipped when it would unbalance P' or `a` by more than one level,
    /// so heights stay logarithmic (identical boxes would otherwise build a chain).
    mutating func improveSurface(_ a: Int32) {
        let nodeA = nodes[Int(a)]
        guard !nodeA.isLeaf, nodeA.height >= 2 else { return }
        var bestDelta = 0.0
        var bestX = Self.null, bestP = Self.null, bestY = Self.null
        for (x, p) in [(nodeA.child1, nodeA.child2), (nodeA.child2, nodeA.child1)] {
            let nodeP = nodes[Int(p)]
            guard !nodeP.isLeaf else { continue }
            let hx = nodes[Int(x)].height
            for (y, z) in [(nodeP.child1, nodeP.child2), (nodeP.child2, nodeP.child1)] {
                let hy = nodes[Int(y)].height, hz = nodes[Int(z)].height
                let hp = 1 + max(hx, hz)
                guard abs(hx - hz) <= Self.balanceSlack, abs(hp - hy) <= Self.balanceSlack else { continue }
                let delta = nodes[Int(x)].box.union(nodes[Int(z)].box).halfPerimeter - nodeP.box.halfPerimeter
                if delta < bestDelta { bestDelta = delta; bestX = x; bestP = p; bestY = y }
            }
        }
        guard bestX != Self.null else { return }
        // X goes under P in Y's slot; Y comes up to `a` in X's slot.
        if nodes[Int(bestP)].child1 == bestY { nodes[Int(bestP)].child1 = bestX } else { nodes[Int(bestP)].child2 = bestX }
        if nodes[Int(a)].child1 == bestX { nodes[Int(a)].child1 = bestY } else { nodes[Int(a)].child2 = bestY }
        nodes[Int(bestX)].parentOrNext = bestP
        nodes[Int(bestY)].parentOrNext = a
        refresh(bestP)
        refresh(a)
    }
}
